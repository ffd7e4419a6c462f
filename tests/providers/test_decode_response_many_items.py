"""decode_response of bodies with many items (red team 6 F02): lm15's Response, built without a
checked constructor call per item and without walking the body again as provider_data.

The readers build the parts, continuation states and logprobs they make of ``str(...)`` and
``float(...)`` values themselves with msgspec's own construction, and the checked constructor
where a value is one it would coerce or refuse (a non-finite logprob, a float or bool token id);
a body msgspec read is strict JSON, so the Response takes it as provider_data unwalked; a body
only ``json.loads`` reads (NaN, Infinity) is checked as before.
"""

from __future__ import annotations

import json
import sys
from types import FrameType
from typing import Any

import pytest

import lmcodec as lc
import lmcodec.providers as lcp
import lmcodec.wire._checks as checks
from lmcodec.wire._struct import WireMeta

from .provider_support import check_body_value

USAGE = lc.Usage(input_tokens=10, output_tokens=20)


def _logprobs_response(n: int) -> lc.Response:
    lps = tuple(
        lc.TokenLogprob(
            token=f"t{i}",
            logprob=-0.5,
            bytes=(116,),
            top=tuple(lc.TopLogprob(token=f"a{j}", logprob=-1.0 - j, bytes=(97,)) for j in range(3)),
        )
        for i in range(n)
    )
    return lc.Response("r1", "m", lc.Message.assistant("x" * n), "stop", USAGE, logprobs=lps)


def _shapes(n: int) -> list[tuple[str, lc.Response]]:
    thinking = [lc.thinking(f"step {i}") for i in range(n)] + [lc.text("done")]
    texts = [lc.text(f"para {i}. ") for i in range(n)]
    calls = [lc.tool_call(f"c{i}", "f", {"i": i}) for i in range(n)]
    return [
        ("openai", lc.Response("r1", "m", lc.Message.assistant(thinking), "stop", USAGE)),
        ("openai", _logprobs_response(n)),
        ("openai_chat", _logprobs_response(n)),
        ("gemini", _logprobs_response(n)),
        ("anthropic", lc.Response("r1", "m", lc.Message.assistant(thinking), "stop", USAGE)),
        ("anthropic", lc.Response("r1", "m", lc.Message.assistant(texts), "stop", USAGE)),
        ("gemini", lc.Response("r1", "m", lc.Message.assistant(texts), "stop", USAGE)),
        ("anthropic", lc.Response("r1", "m", lc.Message.assistant(calls), "tool_call", USAGE)),
        ("openai_chat", lc.Response("r1", "m", lc.Message.assistant(calls), "tool_call", USAGE)),
        ("gemini", lc.Response("r1", "m", lc.Message.assistant(calls), "tool_call", USAGE)),
    ]


SHAPES = _shapes(12)


@pytest.mark.parametrize(
    ("provider", "response"), SHAPES, ids=[f"{p}-{i}" for i, (p, _) in enumerate(SHAPES)]
)
def test_many_items_read_as_lm15_reads_them(provider: str, response: lc.Response) -> None:
    body = json.loads(lc.encode_response(provider, response))
    check_body_value(provider, body)


def _odd_logprobs(provider: str) -> list[Any]:
    """Bodies whose logprob values the checked constructor coerces or refuses."""
    bodies: list[Any] = []
    base = json.loads(lc.encode_response(provider, _logprobs_response(3)))
    if provider == "gemini":
        result = base["candidates"][0]["logprobsResult"]
        for token_id in (5.0, True, "7", 2**70, None):
            result["chosenCandidates"][1]["tokenId"] = token_id
            result["topCandidates"][0]["candidates"][1]["tokenId"] = token_id
            bodies.append(json.loads(json.dumps(base)))
        return bodies
    entries = (
        base["output"][0]["content"][0]["logprobs"]
        if provider == "openai"
        else base["choices"][0]["logprobs"]["content"]
    )
    for logprob in (-3, "-1.5", True, 2**70):
        entries[1]["logprob"] = logprob
        entries[0]["top_logprobs"][2]["logprob"] = logprob
        bodies.append(json.loads(json.dumps(base)))
    entries[1]["bytes"] = [1, True]
    bodies.append(json.loads(json.dumps(base)))
    return bodies


@pytest.mark.parametrize("provider", ["openai", "openai_chat", "gemini"])
def test_logprobs_the_checked_constructor_coerces_or_refuses(provider: str) -> None:
    for body in _odd_logprobs(provider):
        check_body_value(provider, body)


@pytest.mark.parametrize("provider", ["openai", "openai_chat", "gemini"])
def test_a_non_finite_value_is_read_as_lm15_reads_it(provider: str) -> None:
    """``NaN`` / ``-Infinity`` (which only ``json.loads`` reads): a logprob, and a value elsewhere in
    the body, which the checked constructor refuses as provider_data (lm15 too)."""
    body = lc.encode_response(provider, _logprobs_response(3))
    for old, new in ((b'"logprob":-0.5', b'"logprob":-Infinity'), (b'"logprob":-0.5', b'"logprob":NaN')):
        if old in body:
            check_body_value(provider, body.replace(old, new, 1))
    if provider == "gemini":
        check_body_value(provider, body.replace(b'"logProbability":-0.5', b'"logProbability":NaN', 1))
    check_body_value(provider, body[:-1] + b',"extra":NaN}')


def _constructor_calls(read: Any) -> int:
    """How many times the checked constructor (``WireMeta.__call__``) runs during ``read()``."""
    code = WireMeta.__call__.__code__
    calls = 0

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call" and frame.f_code is code:
            calls += 1

    sys.setprofile(profile)
    try:
        read()
    finally:
        sys.setprofile(None)
    return calls


@pytest.mark.parametrize("index", range(len(SHAPES)), ids=[p for p, _ in SHAPES])
def test_checked_constructor_calls_do_not_grow_with_the_items(index: int) -> None:
    """Text, thinking, continuation states and logprobs are not built by a checked constructor
    call each (before: 4 to 6 calls an item), nor Anthropic's tool calls (their input is part of
    the body msgspec read), nor Chat's where msgspec reads their arguments text (red team 13 F01:
    before, one checked call each), nor Gemini's (red team 25 F07: before, one checked call and one
    walk of the args each)."""
    small, big = _shapes(4)[index], _shapes(16)[index]
    provider = small[0]
    bodies = [lc.encode_response(provider, shape[1]) for shape in (small, big)]
    counts = [_constructor_calls(lambda b=b: lcp.decode_response(provider, b)) for b in bodies]
    assert counts[1] - counts[0] == 0, counts


def test_a_strict_body_is_not_walked_again_as_provider_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """``is_json_value`` (the checked constructor's walk of a JSON object) never sees the body:
    msgspec read it, so it is strict JSON already (before: once for every decode_response)."""
    walked: list[Any] = []
    real = checks.is_json_value

    def counting(value: Any) -> bool:
        walked.append(value)
        return real(value)

    monkeypatch.setattr(checks, "is_json_value", counting)
    for provider, response in SHAPES:
        decoded = lcp.decode_response(provider, lc.encode_response(provider, response))
        assert decoded.provider_data is not None
        assert not any(type(value) is dict and value == decoded.provider_data for value in walked), provider


def test_a_non_finite_tool_input_is_refused_as_lm15_refuses_it() -> None:
    """An Anthropic tool call whose input holds NaN (only ``json.loads`` reads the body): the
    checked constructor refuses it, as lm15's (a DecodeError here)."""
    calls = [lc.tool_call(f"c{i}", "f", {"i": i}) for i in range(3)]
    body = lc.encode_response(
        "anthropic", lc.Response("r1", "m", lc.Message.assistant(calls), "tool_call", USAGE)
    )
    assert b'{"i":1}' in body
    got = check_body_value("anthropic", body.replace(b'{"i":1}', b'{"i":NaN}'))
    assert isinstance(getattr(got, "exc", None), lc.DecodeError)
