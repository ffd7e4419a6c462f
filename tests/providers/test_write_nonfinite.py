"""A writer never writes what is not JSON. A non-finite logprob (lmcodec's readers take them, as
lm15 does) is written as its wire spells it: OpenAI's -9999.0 for -inf (its API reference's value
for a very unlikely token) on both OpenAI wires, a protobuf-JSON string on Gemini; a NaN or +inf
logprob has no OpenAI spelling and is an EncodeError naming it. A backend's end object holding a
NaN or infinity is not copied (it would be written as null): the writer builds its own frame."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

import lmcodec as lc

OPENAI_WIRES = ("openai", "openai_chat")


def _strict(data: bytes) -> Any:
    def refuse(token: str) -> Any:
        raise AssertionError(f"not JSON: {token}")

    return json.loads(data, parse_constant=refuse)


def _response(logprob: float, top: float = -1.0) -> lc.Response:
    return lc.Response(
        id="r1",
        model="m-1",
        finish_reason="stop",
        usage=lc.Usage(
            input_tokens=1,
            output_tokens=2,
            total_tokens=3,
            cache_read_tokens=0,
            cache_write_tokens=0,
            reasoning_tokens=0,
        ),
        message=lc.Message(role="assistant", parts=(lc.TextPart(text="x"),)),
        logprobs=(
            lc.TokenLogprob(
                token="x",
                logprob=logprob,
                bytes=(120,),
                top=(lc.TopLogprob(token="y", logprob=top, bytes=(121,)),),
            ),
        ),
    )


def _events(response: lc.Response) -> list[Any]:
    return [
        lc.StreamStartEvent(id="r1", model="m-1"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="x", part_index=0, logprobs=response.logprobs)),
        lc.StreamEndEvent(finish_reason="stop", usage=response.usage),
    ]


def _sse_json(body: bytes) -> list[Any]:
    return [_strict(line[6:]) for line in body.split(b"\n") if line.startswith(b"data: {")]


@pytest.mark.parametrize("wire", OPENAI_WIRES)
def test_an_infinite_negative_logprob_is_written_as_openais_very_unlikely_value(wire: str) -> None:
    from openai.types.chat import ChatCompletion
    from openai.types.responses import Response

    response = _response(float("-inf"), top=float("-inf"))
    body = lc.encode_response(wire, response)
    (ChatCompletion if wire == "openai_chat" else Response).model_validate(_strict(body))
    (back,) = lc.decode_response(wire, body).logprobs or ()
    assert (back.logprob, back.top[0].logprob) == (-9999.0, -9999.0)
    stream = b"".join(lc.stream.encode(wire, _events(response)))
    _sse_json(stream)
    (back,) = lc.assemble(lc.stream.decode(wire, [stream])).logprobs or ()
    assert (back.logprob, back.top[0].logprob) == (-9999.0, -9999.0)


@pytest.mark.parametrize("wire", OPENAI_WIRES)
@pytest.mark.parametrize(
    ("logprob", "top", "where"),
    [
        (float("nan"), -1.0, r"logprobs\[0\]\.logprob is nan"),
        (-1.0, float("inf"), r"logprobs\[0\]\.top_logprobs\[0\]\.logprob is inf"),
    ],
)
def test_a_nan_or_positive_infinite_logprob_is_an_encode_error_naming_it(
    wire: str, logprob: float, top: float, where: str
) -> None:
    response = _response(logprob, top)
    with pytest.raises(lc.EncodeError, match=where):
        lc.encode_response(wire, response)
    with pytest.raises(lc.EncodeError, match=where):
        b"".join(lc.stream.encode(wire, _events(response)))


@pytest.mark.parametrize("value", [float("-inf"), float("nan"), float("inf")])
def test_gemini_writes_a_non_finite_logprob_as_its_protobuf_json_string(value: float) -> None:
    from google.genai import types as genai

    response = _response(value, top=value)
    body = lc.encode_response("gemini", response)
    sdk = genai.GenerateContentResponse.model_validate(_strict(body))
    chosen = sdk.candidates[0].logprobs_result.chosen_candidates[0].log_probability  # type: ignore[index,union-attr]
    (back,) = lc.decode_response("gemini", body).logprobs or ()
    stream = b"".join(lc.stream.encode("gemini", _events(response)))
    _sse_json(stream.replace(b"\r\n", b"\n"))
    request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    (streamed,) = lc.assemble(lc.stream.decode("gemini", [stream]), request=request).logprobs or ()
    for got in (chosen, back.logprob, back.top[0].logprob, streamed.logprob):
        assert got is not None
        assert math.isnan(got) if math.isnan(value) else got == value


ANTHROPIC_END_WITH_INFINITY = (
    b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_1","type":"message",'
    b'"role":"assistant","model":"claude","content":[],"stop_reason":null,'
    b'"usage":{"input_tokens":3,"output_tokens":0}}}\n\n'
    b'event: content_block_start\ndata: {"type":"content_block_start","index":0,'
    b'"content_block":{"type":"text","text":""}}\n\n'
    b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,'
    b'"delta":{"type":"text_delta","text":"hi"}}\n\n'
    b'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n'
    b'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn",'
    b'"stop_sequence":null},"usage":{"output_tokens":2},"x":-Infinity}\n\n'
    b'event: message_stop\ndata: {"type":"message_stop"}\n\n'
)


@pytest.mark.parametrize("wire", ["anthropic", "openai", "openai_chat", "gemini"])
def test_an_end_object_holding_an_infinity_is_not_copied_as_null(wire: str) -> None:
    events = list(lc.stream.decode("anthropic", [ANTHROPIC_END_WITH_INFINITY]))
    body = b"".join(lc.stream.encode(wire, events))
    frames = _sse_json(body.replace(b"\r\n", b"\n"))
    assert all("x" not in frame for frame in frames)
    back = lc.assemble(lc.stream.decode(wire, [body]))
    assert (back.text, back.usage.output_tokens) == ("hi", 2)
