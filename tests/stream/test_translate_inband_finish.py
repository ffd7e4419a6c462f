"""Gemini's in-band finishes through ``stream.translate`` (red team 4, F02).

Gemini ends an answer it stops for safety, recitation, a malformed function call, ... with a 200
chunk whose ``finishReason`` says so, and a prompt it blocks with ``promptFeedback.blockReason``.
lm15 decodes both as a stream error (``provider_code`` ``inband_finish_reason``), and so do
lmcodec's decode and assemble; but translate wrote that error to every client as a request error
(Gemini: ``400 INVALID_ARGUMENT``, Anthropic ``invalid_request_error``, Chat ``invalid_prompt``),
with no finish and no usage. Each client now reads its own dialect's finish for it, with the text
streamed before it and the usage: Gemini the chunk as Google sent it, Chat ``content_filter``,
Anthropic ``refusal``, Responses ``incomplete`` / ``content_filter``; a finish of a call Gemini could
not produce (MALFORMED_FUNCTION_CALL, ...) is lm15's error for them (red team 14 F08). Read by each
SDK."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import openai
import pytest

import lmcodec as lc

from ..providers.sdk_readers import gemini_chunks, sdk_anthropic
from .test_translate_finish import _stream_finish
from .write_support import REQUEST, _client, sdk_chat

USAGE = {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}
FILTERS = ["SAFETY", "RECITATION", "PROHIBITED_CONTENT"]
TOOL_FINISHES = [
    "MALFORMED_FUNCTION_CALL",
    "UNEXPECTED_TOOL_CALL",
    "TOO_MANY_TOOL_CALLS",
    "MISSING_THOUGHT_SIGNATURE",
]
REASONS = [*FILTERS, *TOOL_FINISHES]


def _sse(chunk: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(chunk).encode() + b"\r\n\r\n"


def _chunk(parts: list[dict[str, Any]], finish: str | None = None, **extra: Any) -> bytes:
    candidate: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
    if finish:
        candidate["finishReason"] = finish
    return _sse({"candidates": [candidate], "modelVersion": "gemini-2.5-flash", "responseId": "r1", **extra})


def _finished(reason: str) -> bytes:
    return _chunk([{"text": "Partial answer"}]) + _chunk([], reason, usageMetadata=USAGE)


_BLOCKED = _sse(
    {
        "promptFeedback": {"blockReason": "SAFETY"},
        "usageMetadata": {"promptTokenCount": 8, "totalTokenCount": 8},
        "modelVersion": "gemini-2.5-flash",
    }
)


def _translated(dst: str, body: bytes) -> bytes:
    return b"".join(lc.stream.translate("gemini", dst, [body], request=REQUEST))


def test_decode_keeps_lm15s_in_band_error() -> None:
    """The reading is lm15's (a stream error): only translate writes the finish."""
    for body in (_finished("SAFETY"), _BLOCKED):
        errors = [
            e
            for e in lc.stream.decode("gemini", [body], request=REQUEST)
            if isinstance(e, lc.StreamErrorEvent)
        ]
        assert [e.error.provider_code for e in errors] == ["inband_finish_reason"]


@pytest.mark.parametrize("reason", REASONS)
def test_gemini_to_gemini_writes_the_finish_chunk_as_google_sent_it(reason: str) -> None:
    body = _finished(reason)
    written = _translated("gemini", body)
    chunks = gemini_chunks(written)  # google-genai raised ClientError 400 here
    direct = gemini_chunks(body)
    assert "".join(p.text for c in chunks for p in c.candidates[0].content.parts or []) == "Partial answer"
    assert chunks[-1].candidates[0].finish_reason == direct[-1].candidates[0].finish_reason
    assert chunks[-1].candidates[0].finish_reason.value == reason
    assert chunks[-1].usage_metadata == direct[-1].usage_metadata
    assert b'"error"' not in written


def test_gemini_to_gemini_writes_a_prompt_block_as_google_sent_it() -> None:
    chunks = gemini_chunks(_translated("gemini", _BLOCKED))
    assert chunks[-1].prompt_feedback.block_reason.value == "SAFETY"
    assert chunks[-1].usage_metadata.prompt_token_count == 8


_AS_SENT = [
    (reason, served, asked)
    for reason in FILTERS
    for served, asked in ((True, REQUEST), (True, None), (False, REQUEST))  # (no model: lm15 refuses)
]


@pytest.mark.parametrize(("reason", "served", "asked"), _AS_SENT)
def test_a_filtered_chunk_reaches_a_gemini_client_as_it_came(
    reason: str, served: bool, asked: lc.Request | None
) -> None:
    """Red team 37 F04: one chunk of text and a filter finish went to a Gemini client as two chunks
    of lmcodec's (the parts, then the finish), named with the request's model where Google named
    none, while ``lc.translate_response`` keeps the body as sent and a STOP chunk goes as it came."""
    candidate = {"content": {"role": "model", "parts": [{"text": "Hello wor"}]}, "finishReason": reason}
    chunk: dict[str, Any] = {"candidates": [{**candidate, "index": 0}], "usageMetadata": USAGE}
    if served:
        chunk["modelVersion"] = "gemini-2.5-flash-001"
    written = b"".join(lc.stream.translate("gemini", "gemini", [_sse(chunk)], request=asked))
    assert [json.loads(line[6:]) for line in written.splitlines() if line.startswith(b"data: ")] == [chunk]
    body = lc.translate_response("gemini", "gemini", json.dumps(chunk).encode(), request=asked)
    assert json.loads(body) == chunk
    read, direct = gemini_chunks(written), gemini_chunks(_sse(chunk))
    assert [c.text for c in read] == [c.text for c in direct] == ["Hello wor"]
    assert read[-1].candidates[0].finish_reason == direct[-1].candidates[0].finish_reason
    assert read[-1].candidates[0].finish_reason.value == reason


def test_a_renamed_stream_names_its_filtered_chunk_as_the_start_did() -> None:
    """A gateway's alias: the finish chunk's own ``modelVersion`` goes as the earlier chunks name
    it (none is added where Google named none: the test above)."""
    first = _chunk([{"text": "Hello"}])
    last = _chunk([{"text": " wor"}], "SAFETY", usageMetadata=USAGE)
    renamed = first.replace(b'"gemini-2.5-flash"', b'"my-alias"')
    chunks = gemini_chunks(_translated("gemini", renamed + last))
    assert [c.model_version for c in chunks] == ["my-alias", "my-alias"]
    assert "".join(c.text or "" for c in chunks) == "Hello wor"


@pytest.mark.parametrize("reason", FILTERS)
def test_other_dialects_read_their_content_filter_finish_with_the_usage(reason: str) -> None:
    body = _finished(reason)
    chat = _translated("openai_chat", body)
    assert _stream_finish("openai_chat", chat) == "content_filter"
    assert sdk_chat(chat)["text"] == "Partial answer"
    assert sdk_chat(chat)["usage"] == (10, 5, 15)
    anthropic = _translated("anthropic", body)
    assert _stream_finish("anthropic", anthropic) == "refusal"
    view = sdk_anthropic(anthropic)
    assert (view["text"], view["usage"][:2]) == ("Partial answer", (10, 5))
    assert _stream_finish("openai", _translated("openai", body)) == ("incomplete", "content_filter")


@pytest.mark.parametrize("dst", ["openai_chat", "anthropic", "openai"])
def test_a_prompt_block_is_a_content_filter_finish_elsewhere(dst: str) -> None:
    want = {
        "openai_chat": "content_filter",
        "anthropic": "refusal",
        "openai": ("incomplete", "content_filter"),
    }
    assert _stream_finish(dst, _translated(dst, _BLOCKED)) == want[dst]


@pytest.mark.parametrize("reason", [{}, [1], {"a": "MALFORMED_FUNCTION_CALL"}])
@pytest.mark.parametrize("dst", ["openai_chat", "anthropic", "openai"])
def test_a_prompt_block_whose_finish_is_no_string_is_a_content_filter_finish(dst: str, reason: Any) -> None:
    """Red team 37 F01: a finishReason that is an object or a list (a hostile backend) raised a bare
    TypeError from :func:`tool_finish_error`; it names no tool finish, so the end is the
    content-filter one, as the body's (``lc.translate_response``)."""
    chunk = {"promptFeedback": {"blockReason": "SAFETY"}, "candidates": [{"finishReason": reason}]}
    want = {
        "openai_chat": "content_filter",
        "anthropic": "refusal",
        "openai": ("incomplete", "content_filter"),
    }
    assert _stream_finish(dst, _translated(dst, _sse(chunk))) == want[dst]


@pytest.mark.parametrize("dst", ["gemini", "openai_chat", "anthropic", "openai"])
def test_byte_by_byte_the_client_reads_the_same_finish(dst: str) -> None:
    body = _finished("RECITATION")
    pieces = [body[i : i + 1] for i in range(len(body))]
    written = b"".join(lc.stream.translate("gemini", dst, pieces, request=REQUEST))
    assert _stream_finish(dst, written) == _stream_finish(dst, _translated(dst, body))


def _parts(chunks: list[Any]) -> list[Any]:
    """The parts of the chunks google-genai read (a finish chunk may hold no content)."""
    return [p for c in chunks if c.candidates[0].content for p in c.candidates[0].content.parts or []]


def _responses_text(body: bytes) -> str:
    """The output text of the last lifecycle event the openai SDK reads (response.incomplete)."""
    with _client(body).responses.create(model="m-1", input="hi", stream=True) as events:
        ends = [e.response for e in events if e.type in ("response.completed", "response.incomplete")]
    return str(ends[-1].output_text)


@pytest.mark.parametrize("reason", ["SAFETY", "RECITATION"])
def test_the_finish_chunks_own_text_reaches_every_client(reason: str) -> None:
    """Red team 11 F02: the finish chunk's own parts were dropped for Chat, Anthropic and Responses
    clients (the Gemini client read them, in the chunk written as it came)."""
    second = _chunk([{"text": " the second half"}], reason, usageMetadata=USAGE)
    body = _chunk([{"text": "The first half,"}]) + second
    whole = "The first half, the second half"
    chunks = gemini_chunks(_translated("gemini", body))
    assert "".join(p.text for p in _parts(chunks)) == whole
    assert chunks[-1].candidates[0].finish_reason.value == reason
    assert chunks[-1].usage_metadata == gemini_chunks(body)[-1].usage_metadata
    chat = _translated("openai_chat", body)
    assert (sdk_chat(chat)["text"], _stream_finish("openai_chat", chat)) == (whole, "content_filter")
    anthropic = _translated("anthropic", body)
    assert (sdk_anthropic(anthropic)["text"], _stream_finish("anthropic", anthropic)) == (whole, "refusal")
    responses = _translated("openai", body)
    assert _responses_text(responses) == whole
    assert _stream_finish("openai", responses) == ("incomplete", "content_filter")


def test_a_finish_chunk_of_a_call_and_a_part_lm15_does_not_read_keeps_both_for_gemini() -> None:
    """The call reaches the Chat client; the Gemini client gets the part lm15 does not read (code
    the model ran) in the finish chunk, as Google sent it, and the call once."""
    call = {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}
    code = {"executableCode": {"language": "PYTHON", "code": "print(1)"}}
    finish = _chunk([call, code], "MALFORMED_FUNCTION_CALL", usageMetadata=USAGE)
    body = _chunk([{"text": "Checking."}]) + finish
    parts = _parts(gemini_chunks(_translated("gemini", body)))
    assert [p.function_call.name for p in parts if p.function_call] == ["get_weather"]
    assert [p.executable_code.code for p in parts if p.executable_code] == ["print(1)"]
    assert [p.text for p in parts if p.text] == ["Checking."]
    chat = _translated("openai_chat", body)
    assert b"get_weather" in chat and b'"error"' in chat  # the call, then lm15's error (F08)


_FINISH_MESSAGE = "Malformed function call: print(default_api.get_weather(city=Paris)"


def _tool_finished(reason: str) -> bytes:
    last = {
        "finishReason": reason,
        "finishMessage": _FINISH_MESSAGE,
        "index": 0,
        "content": {"role": "model"},
    }
    chunk = {
        "candidates": [last],
        "usageMetadata": USAGE,
        "modelVersion": "gemini-2.5-flash",
        "responseId": "r1",
    }
    return _chunk([{"text": "Partial answer"}]) + _sse(chunk)


@pytest.mark.parametrize("reason", TOOL_FINISHES)
def test_a_call_gemini_could_not_produce_is_lm15_s_error_elsewhere_not_a_refusal(reason: str) -> None:
    """Red team 14 F08: these finishes were written as the content-filter end (Anthropic
    ``refusal``; Chat ``content_filter``, which the openai SDK raises as
    ContentFilterFinishReasonError), their ``finishMessage`` lost. lm15 reads them as an error: each
    client now gets that error, Gemini's message in it; the Gemini client the chunk as it came."""
    body = _tool_finished(reason)
    lm15_error = [
        e for e in lc.stream.decode("gemini", [body], request=REQUEST) if isinstance(e, lc.StreamErrorEvent)
    ]
    assert [e.error.code for e in lm15_error] == ["invalid_request"]
    with pytest.raises(openai.APIError) as chat:
        sdk_chat(_translated("openai_chat", body))
    assert not isinstance(chat.value, openai.ContentFilterFinishReasonError)
    assert _FINISH_MESSAGE in chat.value.message
    with pytest.raises(anthropic.APIStatusError) as messages:
        sdk_anthropic(_translated("anthropic", body))
    assert _FINISH_MESSAGE in str(messages.value)
    with _client(_translated("openai", body)).responses.create(
        model="m-1", input="hi", stream=True
    ) as events:
        seen = list(events)
    assert seen[-1].type == "response.failed"
    assert [e.message for e in seen if e.type == "error"] == [lm15_error[0].error.message]
    gemini = _translated("gemini", body)
    chunks = gemini_chunks(gemini)
    assert chunks[-1].candidates[0].finish_reason.value == reason
    assert chunks[-1].candidates[0] == gemini_chunks(body)[-1].candidates[0]
    assert json.dumps(_FINISH_MESSAGE).encode() in gemini
