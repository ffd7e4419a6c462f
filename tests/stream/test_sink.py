"""assemble(decode(...)) with the Assembler as the mappers' sink (no event objects): the same
Response as assembling the events ``decode`` yields, and the same failures."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc
from lmcodec import stream
from lmcodec.errors import StreamDecodeError

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))


def _gemini(text: str, finish: str | None = None) -> bytes:
    candidate: dict[str, Any] = {"content": {"parts": [{"text": text}], "role": "model"}}
    if finish:
        candidate["finishReason"] = finish
    return b"data: " + json.dumps({"candidates": [candidate]}).encode() + b"\n\n"


def _anthropic(name: str, payload: dict[str, Any]) -> bytes:
    return f"event: {name}\ndata: {json.dumps({'type': name, **payload})}\n\n".encode()


def _anthropic_body(texts: list[str], index: int = 0) -> bytes:
    start = {"message": {"id": "msg_1", "model": "claude", "content": [], "usage": {"input_tokens": 1}}}
    frames = [_anthropic("message_start", start)]
    frames.append(_anthropic("content_block_start", {"index": index, "content_block": {"type": "text"}}))
    for text in texts:
        delta = {"index": index, "delta": {"type": "text_delta", "text": text}}
        frames.append(_anthropic("content_block_delta", delta))
    frames.append(_anthropic("message_delta", {"delta": {"stop_reason": "end_turn"}, "usage": {}}))
    frames.append(_anthropic("message_stop", {}))
    return b"".join(frames)


BODIES = {
    "gemini": b"".join(_gemini(t) for t in ("a", "b", "")) + _gemini("c", "STOP"),
    "anthropic": _anthropic_body(["a", "b", "", "c"]),
    "anthropic at part 1": _anthropic_body(["a", "b"], index=1),
}


@pytest.mark.parametrize("name", list(BODIES))
@pytest.mark.parametrize("per_event", [False, True])
def test_the_response_is_the_one_of_iterating(name: str, per_event: bool) -> None:
    provider = name.split()[0]
    body = BODIES[name]
    chunks = [p + b"\n\n" for p in body.split(b"\n\n")[:-1]] if per_event else [body]
    fused = lc.assemble(stream.decode(provider, chunks, request=REQUEST), request=REQUEST)
    iterated = lc.assemble(list(stream.decode(provider, chunks, request=REQUEST)), request=REQUEST)
    assert lc.to_builtins(fused, include_provider_data=True) == lc.to_builtins(
        iterated, include_provider_data=True
    )


@pytest.mark.parametrize("provider", ["gemini", "anthropic"])
def test_a_decode_error_mid_stream_loses_nothing(provider: str) -> None:
    """A non-JSON frame after the texts (a proxy's ``data: keep-alive``): iterating yields every
    event before it; assembling raises with the response so far as ``partial``."""
    body = BODIES[provider]
    at = body.rindex(b"data: ") if provider == "gemini" else body.index(b"event: message_delta")
    body = body[:at] + b"data: keep-alive\n\n" + body[at:]  # after the texts
    with pytest.raises(StreamDecodeError) as fused:
        lc.assemble(stream.decode(provider, [body], request=REQUEST), request=REQUEST)
    seen: list[Any] = []
    with pytest.raises(StreamDecodeError) as iterated:
        for event in stream.decode(provider, [body], request=REQUEST):
            seen.append(event)
    assert str(fused.value) == str(iterated.value)
    texts = [e.delta.text for e in seen if isinstance(e, lc.StreamDeltaEvent)]
    assert "".join(texts) == ("ab" if provider == "gemini" else "abc")
    partial = fused.value.partial
    assert isinstance(partial, lc.Response) and partial.text == "".join(texts)


def test_a_decode_error_before_any_content_has_no_partial() -> None:
    with pytest.raises(StreamDecodeError) as info:
        lc.assemble(stream.decode("openai_chat", [b"data: {oops\n\n"]))
    assert info.value.partial is None


def test_a_str_is_no_event_for_the_public_assembler() -> None:
    assembler = lc.Assembler(request=REQUEST)
    with pytest.raises(lc.ValidationError, match="expects a StreamEvent, got str"):
        assembler.extend(["text"])  # type: ignore[list-item]
    with pytest.raises(lc.ValidationError, match="expects a StreamEvent, got str"):
        assembler.push("text")  # type: ignore[arg-type]


@pytest.mark.parametrize("fail", [False, True])
def test_a_decoding_iterated_then_assembled_closes_its_source(fail: bool) -> None:
    """assemble() of a decode() whose iteration began pushes the rest of its events (the source of
    chunks read to its end), or stops at a frame lm15 crashes on with the partial response; either
    way the Decoding is then used up."""
    closed: list[bool] = []

    def source() -> Any:
        try:
            yield b'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n'
            yield b"data: {oops}\n\n" if fail else b'data: {"choices":[{"finish_reason":"stop"}]}\n\n'
            yield b'data: {"choices":[{"delta":{"content":"!"}}]}\n\n'
        finally:
            closed.append(True)

    events = stream.decode("openai_chat", source(), request=REQUEST)
    assert type(next(events)) is lc.StreamStartEvent
    if fail:
        with pytest.raises(StreamDecodeError) as caught:
            lc.assemble(events, request=REQUEST)
        assert caught.value.partial is not None and caught.value.partial.text == "Hi"
        assert closed == []  # (the caller's source: not read past the failure)
    else:
        assert lc.assemble(events, request=REQUEST).text == "Hi!"
        assert closed == [True]
    assert list(events) == []
