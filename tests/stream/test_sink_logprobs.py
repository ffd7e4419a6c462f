"""Text with logprobs through ``Sink.text_with_logprobs``: the Assembler fed that call (what
``assemble(decode(...))`` runs) builds the Response the Assembler builds from ``decode``'s events,
and those events are lm15's, for generated logprob streams of the three dialects that carry
logprobs, at any chunking."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec import stream
from lmcodec.stream.engine import sink_stream

from ..budget import examples
from ..providers.provider_support import lm15_stream

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
PROVIDERS = ("gemini", "openai_chat", "openai")

_tokens = st.text(alphabet=st.characters(codec="utf-8"), max_size=4)  # (no lone surrogates)
_logprob = st.floats(min_value=-30.0, max_value=0.0, allow_nan=False)
_step = st.tuples(_tokens, _logprob, st.lists(st.tuples(_tokens, _logprob), max_size=3))
# a delta: its text, its tokens' logprobs (empty: a plain text delta), its slot
_delta = st.tuples(_tokens, st.lists(_step, max_size=3), st.integers(0, 2))


def _sse(payload: Any, crlf: bool = False) -> bytes:
    end = "\r\n" if crlf else "\n"
    return f"data: {json.dumps(payload)}{end}{end}".encode()


def _gemini(deltas: list[tuple[str, list[Any], int]]) -> bytes:
    frames = []
    for text, steps, slot in deltas:
        parts: list[dict[str, Any]] = [{"text": ""} for _ in range(slot)] + [{"text": text}]
        candidate: dict[str, Any] = {"content": {"parts": parts, "role": "model"}}
        if steps:
            candidate["logprobsResult"] = {
                "chosenCandidates": [{"token": t, "logProbability": lp, "tokenId": 7} for t, lp, _ in steps],
                "topCandidates": [
                    {"candidates": [{"token": a, "logProbability": alp} for a, alp in alts]}
                    for _, _, alts in steps
                ],
            }
        frames.append(_sse({"candidates": [candidate]}, crlf=True))
    end = {
        "candidates": [{"content": {"parts": [{"text": ""}], "role": "model"}, "finishReason": "STOP"}],
        "usageMetadata": {"promptTokenCount": 3, "candidatesTokenCount": 5, "totalTokenCount": 8},
    }
    frames.append(_sse(end, crlf=True))
    return b"".join(frames)


def _openai_entry(token: str, logprob: float, alts: list[tuple[str, float]]) -> dict[str, Any]:
    top = [{"token": a, "logprob": alp, "bytes": list(a.encode())} for a, alp in alts]
    return {"token": token, "logprob": logprob, "bytes": list(token.encode()), "top_logprobs": top}


def _chat(deltas: list[tuple[str, list[Any], int]]) -> bytes:
    head = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-x"}
    frames = []
    for text, steps, _ in deltas:
        logprobs = {"content": [_openai_entry(*s) for s in steps], "refusal": None} if steps else None
        choice = {"index": 0, "delta": {"content": text}, "logprobs": logprobs, "finish_reason": None}
        frames.append(_sse({**head, "choices": [choice]}))
    frames.append(_sse({**head, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}))
    return b"".join(frames) + b"data: [DONE]\n\n"


def _responses(deltas: list[tuple[str, list[Any], int]]) -> bytes:
    response = {"id": "resp_1", "object": "response", "model": "gpt-x", "status": "in_progress", "output": []}
    frames = [_sse({"type": "response.created", "sequence_number": 0, "response": response})]
    for n, (text, steps, slot) in enumerate(deltas, 1):
        event = {
            "type": "response.output_text.delta",
            "sequence_number": n,
            "item_id": f"msg_{slot}",
            "output_index": slot,
            "content_index": 0,
            "delta": text,
            "logprobs": [_openai_entry(*s) for s in steps],
        }
        frames.append(_sse(event))
    usage = {"input_tokens": 3, "output_tokens": 5, "total_tokens": 8}
    done = {**response, "status": "completed", "usage": usage}
    frames.append(_sse({"type": "response.completed", "sequence_number": len(deltas) + 1, "response": done}))
    return b"".join(frames)


BODIES = {"gemini": _gemini, "openai_chat": _chat, "openai": _responses}


def _cut(body: bytes, cuts: list[int]) -> list[bytes]:
    at = sorted({c % (len(body) + 1) for c in cuts})
    return [body[a:b] for a, b in zip([0, *at], [*at, len(body)], strict=True)]


def _dump(response: lc.Response | None) -> Any:
    return None if response is None else lc.to_builtins(response, include_provider_data=True)


_streams = st.lists(_delta, min_size=1, max_size=8)
_cuts = st.lists(st.integers(0, 10_000), max_size=12)


@settings(max_examples=examples(150), deadline=None)
@given(provider=st.sampled_from(PROVIDERS), deltas=_streams, cuts=_cuts)
def test_the_assembler_fed_the_calls_equals_it_fed_the_events(
    provider: str, deltas: list[Any], cuts: list[int]
) -> None:
    body = BODIES[provider](deltas)
    for chunks in ([body], _cut(body, cuts)):
        fused = lc.assemble(stream.decode(provider, chunks, request=REQUEST), request=REQUEST)
        assembler = lc.Assembler(request=REQUEST)
        assembler.extend(list(stream.decode(provider, chunks, request=REQUEST)))
        assert _dump(fused) == _dump(assembler.result())
        assert fused.logprobs == assembler.result().logprobs


@settings(max_examples=examples(100), deadline=None)
@given(provider=st.sampled_from(PROVIDERS), deltas=_streams, cuts=_cuts)
def test_the_events_are_lm15s(provider: str, deltas: list[Any], cuts: list[int]) -> None:
    body = BODIES[provider](deltas)
    events = [lc.to_builtins(e) for e in stream.decode(provider, _cut(body, cuts), request=REQUEST)]
    assert events == lm15_stream(provider, body, REQUEST)


class _Counting(lc.Assembler):
    """The Assembler, counting the calls that carry a text with logprobs."""

    scored = 0
    events = 0

    def text_with_logprobs(self, part_index: int, text: str, logprobs: tuple[lc.TokenLogprob, ...]) -> None:
        type(self).scored += 1
        super().text_with_logprobs(part_index, text, logprobs)

    def event(self, event: lc.StreamEvent) -> None:
        type(self).events += 1
        super().event(event)


def test_a_text_with_logprobs_reaches_the_assembler_as_one_call_and_no_event() -> None:
    """Every dialect's text deltas with logprobs come as ``text_with_logprobs`` calls: no event
    object is built for them (one per delta before)."""
    deltas: list[tuple[str, list[Any], int]] = [
        ("Hi", [("Hi", -0.5, [("Hi", -0.5), ("Yo", -1.5)])], 0),
        (" there", [(" there", -0.1, [])], 0),
    ]
    for provider, make in BODIES.items():
        _Counting.scored = _Counting.events = 0
        sink = _Counting(request=REQUEST)
        engine = sink_stream(provider, sink, REQUEST)
        engine.feed(make(deltas))
        engine.close()
        assert (provider, _Counting.scored, _Counting.events) == (provider, 2, 0)
        assert [t.token for t in sink.result().logprobs or ()] == ["Hi", " there"]


def test_a_text_with_logprobs_after_the_end_is_refused_as_its_event_is() -> None:
    logprobs = (lc.TokenLogprob(token="a", logprob=-1.0),)
    fed, pushed = lc.Assembler(request=REQUEST), lc.Assembler(request=REQUEST)
    for assembler in (fed, pushed):
        assembler.push(lc.StreamStartEvent(model="m"))
        assembler.push(lc.StreamEndEvent(finish_reason="stop"))
    event = lc.StreamDeltaEvent(delta=lc.TextDelta("a", 0, logprobs))
    with pytest.raises(lc.StreamAssemblyError) as pushed_error:
        pushed.event(event)
    with pytest.raises(lc.StreamAssemblyError) as fed_error:
        fed.text_with_logprobs(0, "a", logprobs)
    assert str(fed_error.value) == str(pushed_error.value)
    assert _dump(fed_error.value.partial) == _dump(pushed_error.value.partial)
