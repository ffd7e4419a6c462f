"""Shared by the red team 26 reproducers: lmcodec's decode_response against lm15 1.5.0's parse_response."""

from __future__ import annotations

import json
from typing import Any

import lmcodec as lc
from lm15 import serde, vet


def lm15_parse(provider: str, body: dict[str, Any]) -> Any:
    """lm15's Response as a dict, or ("raised", class name, message)."""
    adapter = vet.adapter_for_provider(provider, vet._PARSE_ONLY_KEY)
    import lm15

    req = lm15.types.Request(model="m-1", messages=(lm15.types.Message.user("hi"),))
    try:
        got = adapter.parse_response(req, vet._http_response(200, json.dumps(body).encode()))
    except Exception as exc:  # noqa: BLE001
        return ("raised", type(exc).__name__, str(exc)[:200])
    d = serde.response_to_dict(got)
    d["__provider_data"] = got.provider_data or None
    return d


def lc_parse(provider: str, body: dict[str, Any]) -> Any:
    req = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    try:
        got = lc.decode_response(provider, json.dumps(body).encode(), request=req)
    except Exception as exc:  # noqa: BLE001
        return ("raised", type(exc).__name__, str(exc)[:200])
    d = lc.to_builtins(got)
    d["__provider_data"] = got.provider_data
    return d


def diff(a: Any, b: Any, path: str = "$") -> list[str]:
    """Where two JSON-like values differ (types too: 1 != 1.0 != True)."""
    if type(a) is not type(b):
        return [f"{path}: {a!r} != {b!r}"]
    if isinstance(a, dict):
        out: list[str] = []
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b:
                out.append(f"{path}.{k}: {a.get(k, '<absent>')!r} != {b.get(k, '<absent>')!r}")
            else:
                out.extend(diff(a[k], b[k], f"{path}.{k}"))
        return out
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return [f"{path}: len {len(a)} != {len(b)}: {a!r} != {b!r}"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in diff(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]


def compare(provider: str, body: dict[str, Any]) -> list[str]:
    """Empty when both agree (or both raise); else the differences, lmcodec first."""
    got, want = lc_parse(provider, body), lm15_parse(provider, body)
    if isinstance(got, tuple) or isinstance(want, tuple):
        if isinstance(got, tuple) and isinstance(want, tuple):
            return []
        return [f"outcome: lmcodec {str(got)[:300]} | lm15 {str(want)[:300]}"]
    return diff(got, want)


# -- requests ------------------------------------------------------------------

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {"openai": "gpt-5", "openai_chat": "gpt-4o", "anthropic": "claude-sonnet-4-5", "gemini": "gemini-2.5-flash"}


def same_dialect(dialect: str, body: dict[str, Any]) -> tuple[str, Any]:
    """("refused", message) or ("built", diff list) of decode_request then build_request in one dialect."""
    model = MODELS["gemini"] if dialect == "gemini" else None
    try:
        req = lc.decode_request(dialect, json.dumps(body).encode(), model=model)
    except lc.ValidationError as exc:
        return ("refused", str(exc)[:300])
    except Exception as exc:  # noqa: BLE001
        return ("crash", f"{type(exc).__name__}: {exc}"[:300])
    try:
        built = lc.build_request(dialect, req, stream=bool(body.get("stream")))
    except Exception as exc:  # noqa: BLE001
        return ("build-raised", f"{type(exc).__name__}: {exc}"[:300])
    return ("built", diff(json.loads(built.body), body))


def leaves(value: Any, path: str = "$") -> list[tuple[str, Any]]:
    """(path, value) of every scalar under ``value``."""
    if isinstance(value, dict):
        return [x for k, v in value.items() for x in leaves(v, f"{path}.{k}")]
    if isinstance(value, list):
        return [x for i, v in enumerate(value) for x in leaves(v, f"{path}[{i}]")]
    return [(path, value)]


def translated(source: str, destination: str, body: dict[str, Any]) -> Any:
    """The destination body and its adaptations, or ("refused"/"raised", message)."""
    model = MODELS[destination] if source == "gemini" else None
    try:
        built = lc.translate_request(source, destination, json.dumps(body).encode(), model=model)
    except lc.ValidationError as exc:
        return ("refused", str(exc)[:300])
    except Exception as exc:  # noqa: BLE001
        return ("raised", f"{type(exc).__name__}: {exc}"[:300])
    return json.loads(built.body), built.adaptations


def silent_losses(source: str, destination: str, body: dict[str, Any], ignore: tuple[Any, ...] = ()) -> Any:
    """String leaves of ``body`` (over 2 characters) that appear neither in the translated body nor
    in any adaptation (its field, asked or applied): candidates for a silent drop."""
    out = translated(source, destination, body)
    if isinstance(out[0], str):
        return out
    sent, notes = out
    seen = json.dumps(sent) + json.dumps([lc.to_builtins(a) for a in notes])
    lost = [
        (p, v)
        for p, v in leaves(body)
        if isinstance(v, str) and len(v) > 2 and v not in ignore and json.dumps(v)[1:-1] not in seen
        and not p.endswith(".model")
    ]
    return lost
