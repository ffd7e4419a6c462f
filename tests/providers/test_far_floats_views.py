"""Far floats (``1e300``: msgspec 0.23's slow path, ~10-100 us a number) in the typed views' logprobs
(OpenAI Responses and Chat frames, Gemini chunks): the views' logprobs are ``NearFloat``, so a
frame holding one is refused after one slow parse and the port reads it with the float hook; the
values are ``json.loads``'s, as before, and an ordinary logprob is still read by the view."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.gemini.views import chunk_decoder as gemini_chunk
from lmcodec.providers.openai.views import frame_decoder as openai_frame
from lmcodec.providers.openai_chat.views import chunk_decoder as chat_chunk
from tests.budget import examples

DIALECTS: tuple[lc.Provider, ...] = ("openai", "openai_chat", "gemini")
_LITERALS = st.one_of(
    st.builds(lambda m, e: f"{m}e{e}", st.integers(1, 10**19), st.integers(280, 330)),
    st.builds(lambda m, e: f"-{m}E+0{e}", st.integers(1, 10**17), st.integers(286, 308)),
    st.builds(lambda m, e: f"-0.{m}e-{e}", st.integers(1, 10**6), st.integers(1, 330)),
    st.sampled_from(
        [
            "1.7976931348623157e308",
            "-1e288",
            "1e288",
            "9.99e288",
            "1e289",
            "-0.5",
            "0",
            "-0.0",
            "1e309",
            "-1e400",
        ]
    ),
)


def _entry(key: str, literal: str) -> str:
    top = f'{{"token":"b","{key}":{literal},"bytes":[98]}}'
    return f'{{"token":"a","{key}":{literal},"bytes":[97],"top_logprobs":[{top},{top}]}}'


def _frames(dialect: lc.Provider, literals: list[str]) -> list[str]:
    """A stream of one text fragment whose logprobs hold ``literals`` (each token's logprob and
    its alternatives')."""
    if dialect == "openai":
        entries = ",".join(_entry("logprob", x) for x in literals)
        return [
            '{"type":"response.created","response":{"id":"r","model":"m","output":[]}}',
            '{"type":"response.output_text.delta","item_id":"m","output_index":0,"content_index":0,'
            f'"delta":"x","logprobs":[{entries}]}}',
            '{"type":"response.completed","response":{"id":"r","model":"m","status":"completed","output":[],'
            '"usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}}',
        ]
    if dialect == "openai_chat":
        entries = ",".join(_entry("logprob", x) for x in literals)
        head = '{"id":"c","object":"chat.completion.chunk","model":"m","choices":[{"index":0,'
        return [
            f'{head}"delta":{{"content":"x"}},"logprobs":{{"content":[{entries}]}},"finish_reason":null}}]}}',
            f'{head}"delta":{{}},"finish_reason":"stop"}}]}}',
        ]
    chosen = ",".join(f'{{"token":"a","logProbability":{x}}}' for x in literals)
    top = ",".join(
        f'{{"candidates":[{{"token":"b","logProbability":{x}}},{{"token":"c","logProbability":{x}}}]}}'
        for x in literals
    )
    return [
        '{"candidates":[{"content":{"parts":[{"text":"x"}],"role":"model"},"finishReason":"STOP","index":0,'
        f'"logprobsResult":{{"chosenCandidates":[{chosen}],"topCandidates":[{top}]}}}}],"modelVersion":"m"}}'
    ]


def _sse(frames: list[str]) -> bytes:
    return b"".join(b"data: " + f.encode() + b"\n\n" for f in frames)


def _read(logprobs: tuple[lc.TokenLogprob, ...]) -> list[tuple[str, float, list[tuple[str, float]]]]:
    return [(t.token, float(t.logprob), [(a.token, float(a.logprob)) for a in t.top]) for t in logprobs]


def _decoded(dialect: lc.Provider, literals: list[str]) -> list[tuple[str, float, list[tuple[str, float]]]]:
    events = list(lc.stream.decode(dialect, [_sse(_frames(dialect, literals))]))
    deltas = [e.delta for e in events if isinstance(e, lc.StreamDeltaEvent)]
    return [x for d in deltas if isinstance(d, lc.TextDelta) for x in _read(d.logprobs or ())]


def _loads(dialect: lc.Provider, literals: list[str]) -> list[tuple[str, float, list[tuple[str, float]]]]:
    """What ``json.loads`` reads for each literal, as lm15 maps it (Gemini's ``or 0.0``: -0.0 is 0.0)."""
    values = [json.loads(x) for x in literals]
    if dialect == "gemini":
        return [("a", float(v or 0.0), [("b", float(v or 0.0)), ("c", float(v or 0.0))]) for v in values]
    return [("a", float(v), [("b", float(v)), ("b", float(v))]) for v in values]


def _same(a: list[Any], b: list[Any]) -> bool:
    """Equal, floats compared by value and sign (``-0.0``) and inf alike."""
    return json.dumps(a) == json.dumps(b) and all(
        math.copysign(1, x[1]) == math.copysign(1, y[1]) for x, y in zip(a, b, strict=True)
    )


@pytest.mark.parametrize("dialect", DIALECTS)
@settings(max_examples=examples(100), deadline=None)
@given(literals=st.lists(_LITERALS, min_size=1, max_size=4))
def test_logprobs_read_as_json_loads_reads_them(dialect: lc.Provider, literals: list[str]) -> None:
    assert _same(_decoded(dialect, literals), _loads(dialect, literals))


@pytest.mark.parametrize("dialect", DIALECTS)
def test_translated_far_logprobs_keep_their_values(dialect: lc.Provider) -> None:
    literals = ["1e300", "-1.7976931348623157e308", "-0.25"]
    dst: lc.Provider = "openai_chat" if dialect == "openai" else "openai"
    written = b"".join(lc.stream.translate(dialect, dst, [_sse(_frames(dialect, literals))]))
    events = list(lc.stream.decode(dst, [written]))
    got = [
        (t.token, float(t.logprob))
        for e in events
        if isinstance(e, lc.StreamDeltaEvent) and isinstance(e.delta, lc.TextDelta)
        for t in e.delta.logprobs or ()
    ]
    assert got == [("a", 1e300), ("a", -1.7976931348623157e308), ("a", -0.25)]


_DECODERS: dict[str, Callable[[bytes], Any]] = {
    "openai": openai_frame.decode,
    "openai_chat": chat_chunk.decode,
    "gemini": gemini_chunk.decode,
}


def _text_frame(dialect: lc.Provider, literal: str) -> bytes:
    return _frames(dialect, [literal])[1 if dialect == "openai" else 0].encode()


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("literal", ["1e289", "-1e300", "1.7976931348623157e308", "100e287"])
def test_a_view_refuses_a_far_logprob_at_the_bound(dialect: lc.Provider, literal: str) -> None:
    with pytest.raises(msgspec.ValidationError, match=r"1e\+288"):
        _DECODERS[dialect](_text_frame(dialect, literal))


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("literal", ["1e288", "-1e288", "9.99e287", "0.00001e293", "-0.5", "0e400"])
def test_a_view_reads_a_logprob_below_the_bound(dialect: lc.Provider, literal: str) -> None:
    assert _DECODERS[dialect](_text_frame(dialect, literal)) is not None
