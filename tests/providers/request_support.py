"""Differential harness for provider requests: lmcodec's build_request next to lm15 1.5.0's adapter.

``lm15_build`` runs lm15's adapter (``lm15.vet.adapter_for_provider(p, api_key="test-key")``)
inside its adaptation scope, as ``BaseProviderLM._build`` does; ``lc_build`` runs lmcodec. Both
give an :class:`Outcome`: the path (relative to the host), the non-secret headers, the body as a
key-ordered JSON tree and the adaptations, or the refusal (lm15's error code, message and
feature). Hypothesis strategies of canonical Requests with several models per provider reuse the
argument trees of ``tests/wire`` and add the continuation states the builders read.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import lm15.errors as le
import lm15.vet
from hypothesis import assume
from hypothesis import strategies as st
from lm15.adaptation import adaptation_to_dict

import lmcodec as lc
from lmcodec.lm15 import to_lm15

from ..wire.lm15_call_strategies import requests as request_trees
from ..wire.lm15_trees import build

SECRET_HEADERS = frozenset({"x-api-key", "x-goog-api-key", "authorization"})

MODELS = {
    "anthropic": (
        "claude-sonnet-4-5",
        "claude-opus-4-6",
        "claude-sonnet-5",
        "claude-haiku-4-5-20251001",
        "claude-3-5-haiku-latest",
        "claude-3-haiku-20240307",
        "anthropic:claude-opus-4-1",
        "deepseek-chat",
    ),
    "gemini": (
        "gemini-2.5-flash",
        "gemini-2.5-pro",
        "gemini-3-pro-preview",
        "models/gemini-3-flash",
        "gemini:gemini-2.0-flash",
        "tunedModels/my model+1",
    ),
}


def ordered(value: Any) -> Any:
    """A JSON tree in which objects are lists of (key, value) pairs: equality checks key order."""
    if isinstance(value, dict):
        return [(k, ordered(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [ordered(v) for v in value]
    return value


def ordered_json(body: bytes) -> Any:
    return json.loads(body, object_pairs_hook=lambda pairs: [(k, v) for k, v in pairs])


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one builder made of one request: the wire request, or its refusal."""

    path: str | None = None
    headers: dict[str, str] | None = None
    body: Any = None
    adaptations: list[Any] | None = None
    error: tuple[Any, ...] | None = None
    body_value: Any = dataclasses.field(default=None, compare=False)


@cache
def adapter(provider: str) -> Any:
    return lm15.vet.adapter_for_provider(provider, api_key="test-key")


def _path(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def lm15_adapter_url(provider: str, request: lc.Request, *, stream: bool = False) -> str:
    """The whole URL lm15's adapter (default endpoint) sends ``request`` to."""
    wire, _ = adapter(provider)._build(to_lm15(request), stream=stream)
    url: str = wire.url
    return url


def lm15_build(provider: str, request: lc.Request, *, stream: bool = False) -> Outcome:
    try:
        wire, records = adapter(provider)._build(to_lm15(request), stream=stream)
    except le.UnsupportedFeatureError as exc:
        return Outcome(
            error=("unsupported_feature", exc.message, exc.provider, getattr(exc, "feature", None))
        )
    except le.LM15Error as exc:  # pragma: no cover - a class lmcodec does not map yet shows up here
        return Outcome(error=(type(exc).__name__, exc.message))
    except ValueError:
        return Outcome(error=("ValueError",))
    except OSError as exc:
        return Outcome(error=("OSError", type(exc).__name__))
    headers = {k: v for k, v in wire.headers if k.lower() not in SECRET_HEADERS}
    return Outcome(
        path=_path(wire.url),
        headers=headers,
        body=ordered_json(wire.body),
        adaptations=[adaptation_to_dict(a) for a in records],
        body_value=json.loads(wire.body),
    )


def lc_build(provider: str, request: lc.Request, *, stream: bool = False) -> Outcome:
    try:
        wire = lc.build_request(provider, request, stream=stream)
    except lc.ProviderError as exc:
        return Outcome(error=(exc.code, exc.message, exc.provider, exc.feature))
    except lc.ValidationError:
        return Outcome(error=("ValueError",))
    except OSError as exc:
        return Outcome(error=("OSError", type(exc).__name__))
    assert wire.method == "POST"
    return Outcome(
        path=wire.path,
        headers=dict(wire.headers),
        body=ordered_json(wire.body),
        adaptations=[lc.to_builtins(a) for a in wire.adaptations],
    )


def assert_same_build(provider: str, request: lc.Request, *, stream: bool = False) -> Outcome:
    """lmcodec builds what lm15 builds (or refuses what lm15 refuses); returns lm15's outcome."""
    expected = lm15_build(provider, request, stream=stream)
    got = lc_build(provider, request, stream=stream)
    assert got == expected
    return expected


# ─── strategies ──────────────────────────────────────────────────────────────

_SIGNATURE = st.text(st.characters(codec="ascii", categories=("L", "N")), min_size=0, max_size=12)


@cache
def _states(provider: str) -> st.SearchStrategy[lc.ContinuationState]:
    """The continuation states the provider's builder reads (and near misses it must ignore)."""
    kinds = {
        "anthropic": st.one_of(
            st.builds(
                lambda s: lc.ContinuationState(
                    provider="anthropic", kind="thinking_signature", data={"signature": s}
                ),
                _SIGNATURE,
            ),
            st.builds(
                lambda s: lc.ContinuationState(
                    provider="anthropic", kind="redacted_thinking", data={"data": s}
                ),
                _SIGNATURE,
            ),
            st.just(lc.ContinuationState(provider="gemini", kind="thought_signature", data={"value": "g"})),
        ),
        "gemini": st.one_of(
            st.builds(
                lambda s: lc.ContinuationState(
                    provider="gemini", kind="thought_signature", data={"value": s}
                ),
                _SIGNATURE,
            ),
            st.just(
                lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": "a"})
            ),
        ),
    }
    return kinds[provider]


_ONE_IN_THREE = st.integers(0, 2)


def _sign(draw: st.DrawFn, provider: str, message: lc.Message) -> lc.Message:
    parts = []
    for part in message.parts:
        if hasattr(part, "continuation") and draw(_ONE_IN_THREE) == 0:
            part = lc.replace(part, continuation=(draw(_states(provider)),))
        parts.append(part)
    return lc.replace(message, parts=tuple(parts))


@st.composite
def canonical_requests(draw: st.DrawFn, provider: str) -> lc.Request:
    """Valid canonical Requests for one of the provider's models, some with signed parts."""
    tree = draw(request_trees(err=0))
    try:
        request = build(tree, "lc")
    except (TypeError, ValueError):
        assume(False)
    model = draw(st.one_of(st.sampled_from(MODELS[provider]), st.just(request.model)))
    messages = tuple(_sign(draw, provider, m) for m in request.messages)
    try:
        return lc.replace(request, model=model, messages=messages)
    except (TypeError, ValueError):
        assume(False)
        raise


_TEXT = st.text(max_size=8)
_NAME = st.sampled_from(["get_weather", "search", "lookup", "web_search", "code_execution"])
_SCHEMA = st.sampled_from(
    [
        {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
        {"type": "object", "properties": {"n": {"type": ["integer", "null"]}}, "additionalProperties": False},
        {
            "type": "object",
            "properties": {
                "verdict": {"type": "string", "anyOf": [{"const": "yes", "title": "Y"}, {"const": "no"}]},
                "score": {"anyOf": [{"const": 0, "description": "bad"}, {"const": 1}, {"const": 2}]},
                "ok": {"type": "boolean"},
                "where": {
                    "type": "object",
                    "properties": {e: {"type": "number"} for e in ("top", "bottom", "left", "right")},
                },
                "pick": {"enum": ["a", "b"], "description": "one"},
            },
        },
        {},
    ]
)


_MEDIA_KINDS = {"image": lc.ImagePart, "document": lc.DocumentPart, "audio": lc.AudioPart}


def _media(kind: str) -> st.SearchStrategy[Any]:
    cls = _MEDIA_KINDS[kind]
    return st.one_of(
        st.builds(lambda d: cls(data=d), st.sampled_from(["aGk=", "AAAA"])),
        st.builds(lambda u: cls(url=u), st.sampled_from(["https://x.test/a.png", "gs://b/c.pdf"])),
        st.builds(lambda f: cls(file_id=f), st.sampled_from(["file-1", "files/abc"])),
    )


# rich_requests' strategies, built once here rather than at every draw: hypothesis validates each
# new strategy object when it is first drawn from, which cost about two thirds of the time of a
# rich request's draw. Each is the strategy the draw built before, so the derandomized tests draw
# the same requests as before (benchmarks/NOTES.md, suite15).
_TOOL_NAMES = st.lists(_NAME, unique=True, max_size=3)
_BUILTIN_CONFIG = st.one_of(st.none(), st.just({"max_uses": 2}))
_DESCRIPTION = st.one_of(st.none(), _TEXT)
_TURNS = st.integers(1, 4)
_ONE_IN_FOUR = st.integers(0, 3)
_MEDIA = {kind: _media(kind) for kind in _MEDIA_KINDS}
_MEDIA_KIND = st.sampled_from(["image", "document", "audio"])
_USER_ROLE = st.sampled_from(["user", "user", "developer"])
_CALLS = st.integers(1, 3)
_RESULT_CONTENT = st.lists(
    st.one_of(st.builds(lambda t: lc.TextPart(text=t), _TEXT), _MEDIA["image"]), min_size=1, max_size=2
)
_MAX_TOKENS = st.one_of(st.none(), st.integers(1, 200_000))
_TEMPERATURE = st.one_of(st.none(), st.floats(0, 2), st.sampled_from([0.0, 1.0, 2.0]))
_TOP_P = st.one_of(st.none(), st.sampled_from([0.5, 1.0]))
_TOP_K = st.one_of(st.none(), st.integers(1, 50))
_STOP = st.lists(st.sampled_from(["END", "\n\n"]), unique=True)
_RESPONSE_FORMAT = st.one_of(
    st.none(),
    st.just({"type": "json_object"}),
    st.builds(lambda s: {"type": "json_schema", "schema": s, "name": "out"}, _SCHEMA),
)
_CHOICE_MODE = st.sampled_from(["auto", "required", "none"])
_PARALLEL = st.one_of(st.none(), st.booleans())
_REASONING = st.one_of(
    st.none(),
    st.builds(
        lambda effort, budget, summary: lc.Reasoning(
            effort=effort,
            thinking_budget=budget if effort != "off" else None,
            summary=summary if effort != "off" else None,
        ),
        st.sampled_from(["off", "minimal", "low", "medium", "high", "xhigh", "max"]),
        st.one_of(st.none(), st.sampled_from([1024, 5000, 64000, 200000])),
        st.one_of(st.none(), st.sampled_from(["auto", "concise", "detailed"])),
    ),
)
_CACHE = st.one_of(
    st.none(),
    st.just(lc.CacheConfig(mode="off")),
    st.builds(
        lambda retention, key, where: lc.CacheConfig(mode="auto", retention=retention, key=key, **where),
        st.one_of(st.none(), st.sampled_from(["short", "long"])),
        st.one_of(st.none(), st.just("k1")),
        st.sampled_from(
            [
                {},
                {"prefix": "stable"},
                {"prefix": "history"},
                {"prefix_until_index": 0},
                {"prefix_until_index": 9},
                {"resource": "cachedContents/c1"},
                {"resource": "c2", "prefix_until_index": 0},
            ]
        ),
    ),
)
_SEED = st.one_of(st.none(), st.integers(0, 2**40))
_FREQUENCY_PENALTY = st.one_of(st.none(), st.sampled_from([0.5, 1.0]))
_PRESENCE_PENALTY = st.one_of(st.none(), st.sampled_from([-0.5, 2.0]))
_SERVICE_TIER = st.one_of(st.none(), st.sampled_from(["auto", "flex"]))
_USER_ID = st.one_of(st.none(), st.just("user-1"))
_STORE = st.one_of(st.none(), st.booleans())
_LOGPROBS = st.one_of(st.none(), st.integers(0, 5))
_PROBABILITIES = st.one_of(st.none(), st.sampled_from(["off", "if_available", "required"]))
_EXTENSIONS = st.one_of(
    st.none(),
    st.sampled_from([{"output": "image"}, {"prompt_caching": True, "custom": 1}, {"metadata": {"a": 1}}]),
)
_SYSTEM = st.one_of(
    st.none(),
    _TEXT.filter(bool),
    st.lists(st.builds(lambda t: lc.TextPart(text=t), _TEXT), min_size=1, max_size=3).map(tuple),
)
_MODELS = {provider: st.sampled_from(models) for provider, models in MODELS.items()}


@st.composite
def rich_requests(draw: st.DrawFn, provider: str) -> lc.Request:
    """Realistic requests that exercise every rule of the builders: tool loops, signed thinking,
    media by data/url/file id, cache marks, reasoning on every model class, formats, choices."""
    names = draw(_TOOL_NAMES)
    tools = tuple(
        lc.BuiltinTool(name=n, config=draw(_BUILTIN_CONFIG))
        if n in ("web_search", "code_execution") and draw(st.booleans())
        else lc.FunctionTool(name=n, description=draw(_DESCRIPTION), parameters=draw(_SCHEMA))
        for n in names
    )
    messages: list[lc.Message] = []
    for turn in range(draw(_TURNS)):
        user_parts: list[Any] = [lc.TextPart(text=draw(_TEXT))]
        if draw(_ONE_IN_FOUR) == 0:
            user_parts.append(draw(_MEDIA[draw(_MEDIA_KIND)]))
        messages.append(lc.Message(role=draw(_USER_ROLE), parts=tuple(user_parts)))
        if draw(st.booleans()):
            calls = [
                lc.ToolCallPart(id=f"call_{turn}_{i}", name=draw(_NAME), input={"q": draw(_TEXT)})
                for i in range(draw(_CALLS))
            ]
            thinking = lc.ThinkingPart(text=draw(_TEXT))
            assistant = [thinking, *calls] if draw(st.booleans()) else calls
            messages.append(_sign(draw, provider, lc.Message(role="assistant", parts=tuple(assistant))))
            results = [
                lc.ToolResultPart(
                    id=c.id,
                    name=draw(st.one_of(st.none(), st.just(c.name))),
                    content=tuple(draw(_RESULT_CONTENT)),
                    is_error=draw(st.booleans()),
                )
                for c in calls
            ]
            messages.append(lc.Message(role="tool", parts=tuple(results)))
    if messages[-1].role == "assistant":
        messages.append(lc.Message(role="user", parts=(lc.TextPart(text="go on"),)))
    allowed = draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    config = lc.Config(
        max_tokens=draw(_MAX_TOKENS),
        temperature=draw(_TEMPERATURE),
        top_p=draw(_TOP_P),
        top_k=draw(_TOP_K),
        stop=tuple(draw(_STOP)),
        response_format=draw(_RESPONSE_FORMAT),
        tool_choice=draw(
            st.one_of(
                st.none(),
                st.builds(
                    lambda mode, parallel: lc.ToolChoice(
                        mode=mode,
                        allowed=tuple(allowed) if mode != "none" else (),
                        parallel=parallel if mode != "none" else None,
                    ),
                    _CHOICE_MODE,
                    _PARALLEL,
                ),
            )
        ),
        reasoning=draw(_REASONING),
        cache=draw(_CACHE),
        seed=draw(_SEED),
        frequency_penalty=draw(_FREQUENCY_PENALTY),
        presence_penalty=draw(_PRESENCE_PENALTY),
        service_tier=draw(_SERVICE_TIER),
        user_id=draw(_USER_ID),
        store=draw(_STORE),
        logprobs=draw(_LOGPROBS),
        probabilities=draw(_PROBABILITIES),
        extensions=draw(_EXTENSIONS),
    )
    system = draw(_SYSTEM)
    return lc.Request(
        model=draw(_MODELS[provider]),
        messages=tuple(messages),
        system=system,
        tools=tools,
        config=config,
    )
