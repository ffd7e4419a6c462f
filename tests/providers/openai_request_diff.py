"""lm15 1.5.0's request builders as the reference for ``lc.build_request`` on the two OpenAI wires.

``lm15_build`` runs the adapter ``lm15.vet.adapter_for_provider`` gives for the
provider (default endpoint, key ``sk-test``) through ``_build`` (build_request
inside an adaptation scope) and returns what ``check_build`` compares: the path
relative to the base URL, the headers without credentials, the body and the
adaptation records, or the refusal. Refusals map as the builders document:
lm15's ``UnsupportedFeatureError`` -> ``lc.ProviderError`` with the same code,
provider, feature and message; lm15's ``ValueError`` -> ``lc.ValidationError``;
its ``OSError`` (reading a media path) -> the same ``OSError``.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.control import currently_in_test_context

import lmcodec as lc
from lmcodec.lm15 import to_lm15

from ..budget import examples
from ..corpus import strict_equal
from ..wire.lm15_call_strategies import requests
from ..wire.lm15_trees import Obj, build

lm15 = pytest.importorskip("lm15", reason="lm15 1.5.0 is the reference implementation")
from lm15 import errors as lm_errors  # noqa: E402
from lm15 import vet  # noqa: E402
from lm15.adaptation import adaptation_to_dict  # noqa: E402

LM15_NAMES = {"openai": "openai", "openai_chat": "openai-chat"}
MODELS = ("gpt-4.1-mini", "gpt-5", "o3", "o4-mini", "gpt-4o", "gpt-5.6", "openai:gpt-5.6-mini", "gpt-5.7-pro")
SECRET_HEADERS = frozenset({"authorization", "api-key", "x-api-key"})

REQUEST_SETTINGS = settings(
    max_examples=examples(200),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


@cache
def adapter(provider: str) -> Any:
    return vet.adapter_for_provider(LM15_NAMES[provider], api_key="sk-test")


def lm15_build(provider: str, request: Any, *, stream: bool) -> dict[str, Any]:
    """lm15's request for ``request``: path, headers, body value, adaptations; or its refusal."""
    lm = adapter(provider)
    try:
        built, records = lm._build(request, stream=stream)
    except lm_errors.LM15Error as exc:
        return {
            "error": "provider",
            "code": exc.code,
            "message": exc.message,
            "feature": getattr(exc, "feature", None),
        }
    except ValueError as exc:
        return {"error": "validation", "message": str(exc)}
    except OSError as exc:
        return {"error": type(exc).__name__, "message": str(exc)}
    base = lm.base_url.rstrip("/")
    assert built.url.startswith(base)
    return {
        "method": built.method,
        "path": built.url[len(base) :],
        "headers": {k: v for k, v in built.headers if k.lower() not in SECRET_HEADERS},
        "body": json.loads(built.body),
        "adaptations": [adaptation_to_dict(a) for a in records],
    }


def lc_build(provider: str, request: lc.Request, *, stream: bool) -> dict[str, Any]:
    try:
        built = lc.build_request(provider, request, stream=stream)
    except lc.ProviderError as exc:
        return {"error": "provider", "code": exc.code, "message": exc.message, "feature": exc.feature}
    except lc.ValidationError as exc:
        return {"error": "validation", "message": str(exc)}
    except OSError as exc:
        return {"error": type(exc).__name__, "message": str(exc)}
    return {
        "method": built.method,
        "path": built.path,
        "headers": dict(built.headers),
        "body": json.loads(built.body),
        "adaptations": [lc.to_builtins(a) for a in built.adaptations],
    }


def check_build(provider: str, request: lc.Request, *, stream: bool) -> dict[str, Any]:
    """Assert lmcodec builds what lm15 builds (or refuses as it does); return lm15's outcome."""
    expected = lm15_build(provider, to_lm15(request), stream=stream)
    got = lc_build(provider, request, stream=stream)
    if currently_in_test_context():
        event(
            f"lm15: {expected.get('error', 'built')}" + (f" {expected['code']}" if "code" in expected else "")
        )
    if expected.get("error") == "validation":
        assert got.get("error") == "validation", f"lm15 raised ValueError {expected}, lmcodec gave {got}"
        return expected
    strict_equal(got, expected)
    return expected


@st.composite
def canonical_requests(draw: st.DrawFn) -> lc.Request:
    """A valid canonical Request (hypothesis-generated through the shared strategies) for an OpenAI model."""
    node = draw(requests(err=0))
    node = Obj(node.name, {**node.kwargs, "model": draw(st.sampled_from(MODELS))}, node.npos)
    try:
        request = build(node, "lc")
    except (TypeError, ValueError):
        request = None
    if request is None:
        from hypothesis import reject

        reject()
    assert isinstance(request, lc.Request)
    return request


def same_json(got: Any, expected: Any, path: str = "$") -> None:
    """Equal JSON values with the same key order; numbers compare by value (1 == 1.0), never bool."""
    if isinstance(expected, bool) or isinstance(got, bool):
        assert got is expected, f"{path}: {got!r} != {expected!r}"
    elif isinstance(expected, (int, float)) and isinstance(got, (int, float)):
        assert got == expected, f"{path}: {got!r} != {expected!r}"
    elif isinstance(expected, dict):
        assert isinstance(got, dict), f"{path}: {got!r} is not an object"
        assert list(got) == list(expected), f"{path}: keys {list(got)} != {list(expected)}"
        for key in expected:
            same_json(got[key], expected[key], f"{path}.{key}")
    elif isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), f"{path}: {got!r} != {expected!r}"
        for i, (a, b) in enumerate(zip(got, expected, strict=True)):
            same_json(a, b, f"{path}[{i}]")
    else:
        assert type(got) is type(expected) and got == expected, f"{path}: {got!r} != {expected!r}"


def lm15_body(provider: str, request: lc.Request, *, stream: bool) -> dict[str, Any] | None:
    """lm15's body for ``request``, or None when lm15 refuses it."""
    out = lm15_build(provider, to_lm15(request), stream=stream)
    return None if "error" in out else out["body"]
