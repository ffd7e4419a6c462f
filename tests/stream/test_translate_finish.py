"""The finish a client reads from a translated stream is the one it reads from the same answer whole.

Red-team gateway F02: the stream writers copied a ``stop`` end beside the tool calls they had just
written (Gemini closes a call with an empty STOP chunk; Chat servers send ``stop`` beside
``tool_calls``), so a Chat client read ``finish_reason: "stop"`` and an Anthropic client
``stop_reason: "end_turn"``, and agent loops keyed on ``tool_calls`` / ``tool_use`` stopped after the
first call; lm15's materialize (``finish == "stop" and has_tool_calls`` -> ``tool_call``),
``lc.assemble`` and ``lc.encode_response`` say ``tool_call``. Each finish here is the raw value the
destination's own SDK reads (its stream accumulator, and its non-streamed client for the body
``encode_response(dst, assemble(...))`` writes), compared without a mapping that could hide it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from ..providers.gateway_support import genai_http_options
from ..providers.sdk_readers import _transport, anthropic, genai
from .write_support import DIALECTS, REQUEST, _client, corpus_id, corpus_streams


def _stream_finish(dst: str, body: bytes) -> Any:
    """The finish the ``dst`` SDK's stream reader holds at the end of ``body``."""
    if dst == "openai_chat":  # (raw chunks: the SDK's stream helper raises on a length finish)
        with _client(body).chat.completions.create(
            model="m-1", messages=[{"role": "user", "content": "hi"}], stream=True
        ) as chunks:
            reasons = [c.finish_reason for chunk in chunks for c in chunk.choices if c.finish_reason]
        return reasons[-1] if reasons else None
    if dst == "openai":  # (the last lifecycle event: the SDK's get_final_response wants a completed one)
        with _client(body).responses.create(model="m-1", input="hi", stream=True) as s:
            ends = [e.response for e in s if e.type in ("response.completed", "response.incomplete")]
        return ends[-1].status, ends[-1].incomplete_details and ends[-1].incomplete_details.reason
    if dst == "anthropic":
        client = anthropic.Anthropic(
            api_key="k", http_client=_transport(body, "text/event-stream"), max_retries=0
        )
        with client.messages.stream(
            model="m-1", max_tokens=16, messages=[{"role": "user", "content": "hi"}]
        ) as s:
            return s.get_final_message().stop_reason
    options = genai_http_options(_transport(body, "text/event-stream"))
    chunks = genai.Client(api_key="k", http_options=options).models.generate_content_stream(
        model="m-1", contents="hi"
    )
    reasons = [c.finish_reason for chunk in chunks for c in chunk.candidates or [] if c.finish_reason]
    return reasons[-1] if reasons else None


def _body_finish(dst: str, body: bytes) -> Any:
    """The finish the ``dst`` SDK's non-streamed client reads from ``body``."""
    if dst == "openai_chat":
        client = _client(body, "application/json")
        return (
            client.chat.completions.create(model="m-1", messages=[{"role": "user", "content": "hi"}])
            .choices[0]
            .finish_reason
        )
    if dst == "openai":
        final = _client(body, "application/json").responses.create(model="m-1", input="hi")
        return final.status, final.incomplete_details and final.incomplete_details.reason
    if dst == "anthropic":
        client = anthropic.Anthropic(
            api_key="k", http_client=_transport(body, "application/json"), max_retries=0
        )
        return client.messages.create(
            model="m-1", max_tokens=16, messages=[{"role": "user", "content": "hi"}]
        ).stop_reason
    options = genai_http_options(_transport(body, "application/json"))
    answer = genai.Client(api_key="k", http_options=options).models.generate_content(
        model="m-1", contents="hi"
    )
    return answer.candidates[0].finish_reason if answer.candidates else None


def _gemini(parts: list[dict[str, Any]], finish: str | None = None) -> bytes:
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": "gemini-2.5-flash"}
    if finish is not None:
        candidate["finishReason"] = finish
        chunk["usageMetadata"] = {"promptTokenCount": 5, "candidatesTokenCount": 5, "totalTokenCount": 10}
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


def _chat(delta: dict[str, Any], finish: str | None = None) -> bytes:
    chunk = {
        "id": "c",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


_CALL = {
    "index": 0,
    "id": "call_1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": "{}"},
}
_CALL_PART = {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}, "thoughtSignature": "c2ln"}

SYNTHETIC: dict[str, tuple[str, bytes]] = {
    # Gemini closes a call with an empty text part and STOP (the thinking models)
    "gemini-call-then-stop": ("gemini", _gemini([_CALL_PART]) + _gemini([{"text": ""}], "STOP")),
    "gemini-call-with-stop": ("gemini", _gemini([{"text": "Let me check."}]) + _gemini([_CALL_PART], "STOP")),
    # Chat servers (Gemini's OpenAI-compatible endpoint) send stop beside tool_calls
    "chat-calls-then-stop": (
        "openai_chat",
        _chat({"role": "assistant", "tool_calls": [_CALL]}) + _chat({}, "stop") + b"data: [DONE]\n\n",
    ),
    "chat-text-then-stop": (
        "openai_chat",
        _chat({"role": "assistant", "content": "Hi"}) + _chat({}, "stop") + b"data: [DONE]\n\n",
    ),
}


def _cases() -> list[tuple[str, str, bytes]]:
    cases = [(name, src, body) for name, (src, body) in SYNTHETIC.items()]
    for src, path in corpus_streams():
        cases.append((corpus_id((src, path)), src, Path(path).read_bytes()))
    return cases


CASES = _cases()


def _whole(src: str, dst: str, body: bytes) -> bytes | None:
    """``encode_response(dst, assemble(decode(src, body)))``, or None where a stream has no whole
    answer (it assembles to an lc error: cut short, an error event, a nameless call)."""
    try:
        return lc.encode_response(
            dst, lc.assemble(lc.stream.decode(src, [body], request=REQUEST), request=REQUEST)
        )
    except lc.LmcodecError:
        return None


def test_the_cases_hold_whole_answers_with_calls() -> None:
    """The comparison below runs over answers with tool calls (the corpus's and the synthetic ones)."""
    with_calls = [
        name
        for name, src, body in CASES
        if _whole(src, "openai_chat", body) is not None
        and lc.assemble(lc.stream.decode(src, [body], request=REQUEST), request=REQUEST).tool_calls
    ]
    synthetic = [name for name in with_calls if name in SYNTHETIC]
    assert len(synthetic) >= 3, with_calls  # the corpus adds its own where it is present (../shared)
    assert len(with_calls) >= (6 if corpus_streams() else 3), with_calls


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize(("name", "src", "body"), CASES, ids=[case[0] for case in CASES])
def test_a_client_reads_the_finish_the_whole_answer_says(name: str, src: str, body: bytes, dst: str) -> None:
    whole = _whole(src, dst, body)
    if whole is None:
        return  # no whole answer to compare with (what such streams become: test_translate.py)
    streamed = b"".join(lc.stream.translate(src, dst, [body], request=REQUEST))
    assert _stream_finish(dst, streamed) == _body_finish(dst, whole)
    encoded = b"".join(lc.stream.encode(dst, lc.stream.decode(src, [body], request=REQUEST)))
    assert _stream_finish(dst, encoded) == _body_finish(dst, whole)


@pytest.mark.parametrize("dst", ["openai_chat", "anthropic"])
@pytest.mark.parametrize("name", ["gemini-call-then-stop", "gemini-call-with-stop", "chat-calls-then-stop"])
def test_calls_ended_by_stop_reach_the_client_as_a_tool_call_finish(name: str, dst: str) -> None:
    src, body = SYNTHETIC[name]
    streamed = b"".join(lc.stream.translate(src, dst, [body], request=REQUEST))
    assert _stream_finish(dst, streamed) == {"openai_chat": "tool_calls", "anthropic": "tool_use"}[dst]


def test_an_end_without_a_finish_after_calls_is_a_tool_call_finish() -> None:
    """lm15's materialize reads a missing finish beside calls as ``tool_call`` too."""
    call = lc.ToolCallDelta(part_index=0, id="call_1", name="f", input="{}")
    events = [lc.StreamStartEvent(id="r", model="m"), lc.StreamDeltaEvent(delta=call), lc.StreamEndEvent()]
    assert lc.assemble(events).finish_reason == "tool_call"
    assert _stream_finish("openai_chat", b"".join(lc.stream.encode("openai_chat", events))) == "tool_calls"
    assert _stream_finish("anthropic", b"".join(lc.stream.encode("anthropic", events))) == "tool_use"
