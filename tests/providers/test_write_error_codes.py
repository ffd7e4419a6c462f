"""An error event written on the OpenAI wires carries a code of OpenAI's vocabulary that lm15's and
lmcodec's OpenAI readers read back as the event's canonical code, and that the openai SDK's models
accept (the ``response.failed`` error code is a closed Literal). Before, both OpenAI writers wrote
the provider code as it came, or the canonical code: a Gemini ``RESOURCE_EXHAUSTED`` or an
Anthropic ``overloaded_error`` behind an OpenAI-dialect gateway read back as ``provider``, and the
SDK's ``Response`` model refused the failed response."""

from __future__ import annotations

import json
import typing
from typing import Any

import pydantic
import pytest
from lm15.errors import canonical_error_code
from lm15.providers.anthropic import AnthropicLM
from lm15.providers.gemini import GeminiLM
from lm15.providers.openai import OpenAILM
from openai.types.responses import ResponseError, ResponseErrorEvent, ResponseFailedEvent

import lmcodec as lc
from lmcodec.providers.openai._sse_write import FAILED_CODES
from lmcodec.wire.vocabulary import ERROR_CODES

from ..stream.write_support import OPENAI_WIRES, REQUEST, sdk_chat
from .provider_support import lm15_stream, requests_for, sse_body

READ_BACK = {canonical_error_code(cls) for cls in OpenAILM._stream_error_code_map.values()} | {"provider"}
"""The canonical codes lm15's OpenAI stream readers can give (an unknown code reads as ``provider``)."""
SDK_FAILED_CODES = frozenset(typing.get_args(ResponseError.model_fields["code"].annotation))
_SDK_EVENT_MODELS: dict[str, Any] = {"error": ResponseErrorEvent, "response.failed": ResponseFailedEvent}


def _expected(code: str) -> str:
    return code if code in READ_BACK else "provider"


def _written_error(wire: str, body: bytes) -> dict[str, Any]:
    """The error object the wire carries: Responses' ``error`` event, Chat's ``{"error": ...}``."""
    for line in body.split(b"\n"):
        if line.startswith(b"data: {"):
            data = json.loads(line[6:])
            if data.get("type") == "error":
                return dict(data)
            if wire == "openai_chat" and "error" in data:
                return dict(data["error"])
    raise AssertionError("no error written")


def _check_readers(wire: str, body: bytes, want: str) -> None:
    """lmcodec's and lm15's readers give ``want``; the openai SDK takes what was written."""
    events = list(lc.stream.decode(wire, [body], request=REQUEST))
    assert isinstance(events[-1], lc.StreamErrorEvent) and events[-1].error.code == want
    req15, _ = requests_for(REQUEST.model)
    trace = lm15_stream(wire, body, req15)
    assert isinstance(trace, list), trace
    assert [e["error"]["code"] for e in trace if e.get("type") == "error"] == [want]
    if wire == "openai":
        for line in body.split(b"\n"):
            if line.startswith(b"data: {"):
                data = json.loads(line[6:])
                model = _SDK_EVENT_MODELS.get(data["type"])
                if model is not None:
                    try:
                        model.model_validate(data)
                    except pydantic.ValidationError as exc:
                        raise AssertionError(f"the openai SDK refuses {data['type']}: {exc}") from None
    else:
        import openai

        with pytest.raises(openai.APIError) as raised:
            sdk_chat(body)
        assert raised.value.code == _written_error(wire, body)["code"]


def _error_stream(error: lc.ErrorDetail) -> list[Any]:
    return [
        lc.StreamStartEvent(id="resp_e1", model="m-1"),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="partial", part_index=0)),
        lc.StreamErrorEvent(error=error),
    ]


@pytest.mark.parametrize("wire", OPENAI_WIRES)
@pytest.mark.parametrize("code", sorted(ERROR_CODES))
def test_every_canonical_code_reads_back_as_itself(wire: str, code: Any) -> None:
    """Every canonical code that an OpenAI code reads as comes back; the others (transport,
    stream_assembly, ...: lm15's OpenAI readers have no code for them) read back as ``provider``,
    as any code they do not know."""
    for provider_code in (None, code, "some_unknown_code"):
        error = lc.ErrorDetail(code=code, message="it failed", provider_code=provider_code)
        body = b"".join(lc.stream.encode(wire, _error_stream(error)))
        _check_readers(wire, body, _expected(code))


def test_the_failed_response_code_is_one_the_sdk_knows() -> None:
    assert FAILED_CODES == SDK_FAILED_CODES  # the writer's copy of the SDK's Literal
    codes: list[Any] = sorted(ERROR_CODES)
    for code in codes:
        body = b"".join(lc.stream.encode("openai", _error_stream(lc.ErrorDetail(code=code, message="x"))))
        failed = [json.loads(line[6:]) for line in body.split(b"\n") if b'"response.failed"' in line]
        assert failed[0]["response"]["error"]["code"] in SDK_FAILED_CODES, code


ANTHROPIC_TYPES = sorted(AnthropicLM._error_type_map)
GEMINI_STATUSES = sorted(GeminiLM._error_status_map)


def _anthropic_error(kind: str, message: str) -> bytes:
    start = {
        "type": "message_start",
        "message": {
            "id": "msg_e1",
            "type": "message",
            "role": "assistant",
            "model": "claude-x",
            "content": [],
            "stop_reason": None,
            "usage": {"input_tokens": 1, "output_tokens": 0},
        },
    }
    frames = [start, {"type": "error", "error": {"type": kind, "message": message}}]
    return sse_body(frames, events=["message_start", "error"])


def _gemini_error(status: str, message: str) -> bytes:
    chunk = {"candidates": [{"content": {"parts": [{"text": "par"}], "role": "model"}}], "modelVersion": "g"}
    error = {"error": {"code": 500, "message": message, "status": status}}
    return sse_body([chunk, error])


SOURCES = [
    *[("anthropic", kind, _anthropic_error) for kind in [*ANTHROPIC_TYPES, "some_unknown_type"]],
    *[("gemini", status, _gemini_error) for status in [*GEMINI_STATUSES, "ABORTED"]],
]


@pytest.mark.parametrize("wire", OPENAI_WIRES)
@pytest.mark.parametrize(("src", "code", "make"), SOURCES, ids=[f"{s}-{c}" for s, c, _ in SOURCES])
@pytest.mark.parametrize("message", ["it failed", "model: claude-nope"])
def test_another_dialects_error_crosses_to_the_same_canonical_code(
    wire: str, src: str, code: str, make: Any, message: str
) -> None:
    body = make(code, message)
    source = list(lc.stream.decode(src, [body], request=REQUEST))[-1]
    assert isinstance(source, lc.StreamErrorEvent)
    out = b"".join(lc.stream.translate(src, wire, [body], request=REQUEST))
    _check_readers(wire, out, _expected(source.error.code))
    written = _written_error(wire, out)["code"]
    if source.error.code in READ_BACK - {"provider"}:  # what OpenAI's vocabulary names: in its words
        assert written in OpenAILM._stream_error_code_map, written
