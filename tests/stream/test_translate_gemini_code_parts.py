"""Gemini code-execution parts through ``stream.translate`` and ``encode_response("gemini")``.

Red team 14 F12: lm15 1.5.0's Gemini adapter reads an ``executableCode`` / ``codeExecutionResult``
part (the code Gemini's code-execution tool ran, and its output) as nothing, so ``translate("gemini",
"gemini")`` wrote neither, and a Gemini client (google-genai's ``part.executable_code`` /
``part.code_execution_result``) saw the answer's text only. A Gemini client now gets each such part
as the backend sent it, in stream order; another dialect leaves them out (server-run output, as a
Responses ``web_search_call``); ``encode_response("gemini")`` of a body rebuilt under another model
keeps them where they were. lm15's reading (decode, assemble, decode_response) is unchanged.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from ..providers.provider_support import lm15_stream, requests_for
from ..providers.sdk_readers import gemini_chunks, sdk_anthropic
from .write_support import REQUEST, sdk_chat, sdk_responses

_CODE = {"executableCode": {"language": "PYTHON", "code": "print(sum(range(10)))"}}
_RESULT = {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "45\n"}}
_USAGE = {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}


def _chunk(parts: list[dict[str, Any]], finish: str | None = None) -> dict[str, Any]:
    candidate: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "index": 0}
    chunk: dict[str, Any] = {"candidates": [candidate], "modelVersion": "gemini-2.5-pro", "responseId": "r-1"}
    if finish is not None:
        candidate["finishReason"] = finish
        chunk["usageMetadata"] = _USAGE
    return chunk


def _sse(chunks: list[dict[str, Any]]) -> bytes:
    return b"".join(b"data: " + json.dumps(chunk).encode() + b"\r\n\r\n" for chunk in chunks)


# Each code part in a chunk of its own (as Gemini streams them), and a chunk mixing them with text.
APART = _sse(
    [
        _chunk([{"text": "Let me compute it."}]),
        _chunk([_CODE]),
        _chunk([_RESULT]),
        _chunk([{"text": "The sum is 45."}], "STOP"),
    ]
)
MIXED = _sse(
    [_chunk([{"text": "Computing. "}, _CODE, _RESULT, {"text": "The sum is 45."}]), _chunk([], "STOP")]
)


def _genai_parts(body: bytes) -> list[tuple[str, Any]]:
    """google-genai's parts of a stream, in order: ("text", ...), ("code", ...), ("result", ...)."""
    seen: list[tuple[str, Any]] = []
    for chunk in gemini_chunks(body):
        for candidate in chunk.candidates or []:
            for part in (candidate.content.parts if candidate.content else None) or []:
                if part.executable_code is not None:
                    seen.append(("code", part.executable_code.code))
                elif part.code_execution_result is not None:
                    seen.append(("result", part.code_execution_result.output))
                elif part.text:
                    seen.append(("text", part.text))
    return seen


def _per_event(src_body: bytes) -> bytes:
    events = [piece + b"\r\n\r\n" for piece in src_body.split(b"\r\n\r\n") if piece]
    return b"".join(lc.stream.translate("gemini", "gemini", events, request=REQUEST))


@pytest.mark.parametrize("body", [APART, MIXED], ids=["apart", "mixed"])
def test_a_gemini_client_gets_the_code_and_its_result_in_stream_order(body: bytes) -> None:
    expected = _genai_parts(body)
    assert [kind for kind, _ in expected].count("code") == 1
    whole = b"".join(lc.stream.translate("gemini", "gemini", [body], request=REQUEST))
    assert _genai_parts(whole) == expected
    assert _genai_parts(_per_event(body)) == expected


def test_the_written_stream_reads_as_the_source_reads() -> None:
    """lm15's and lmcodec's readings of the translated stream are those of the source (lm15's
    event for event: the code parts' chunks map to nothing). (MIXED's second text slot, at
    position 3, streams at position 0 and joins the first: the writer's documented order limit,
    as before.)"""
    body = APART
    written = b"".join(lc.stream.translate("gemini", "gemini", [body], request=REQUEST))
    source = lc.assemble(lc.stream.decode("gemini", [body], request=REQUEST))
    again = lc.assemble(lc.stream.decode("gemini", [written], request=REQUEST))
    assert again.message == source.message
    assert again.finish_reason == source.finish_reason

    req15, _ = requests_for(REQUEST.model)
    assert lm15_stream("gemini", written, req15) == lm15_stream("gemini", body, req15)


def test_another_dialect_leaves_the_code_out_and_keeps_the_answer() -> None:
    for dst in ("openai_chat", "openai"):
        written = b"".join(lc.stream.translate("gemini", dst, [APART], request=REQUEST))
        summary = sdk_chat(written) if dst == "openai_chat" else sdk_responses(written)
        assert summary["text"] == "Let me compute it.The sum is 45.", dst
    anthropic = sdk_anthropic(b"".join(lc.stream.translate("gemini", "anthropic", [APART], request=REQUEST)))
    assert anthropic["text"] == "Let me compute it.The sum is 45."


def test_decoding_keeps_lm15_s_reading_of_the_code_parts() -> None:
    events = list(lc.stream.decode("gemini", [APART], request=REQUEST))
    assert not any(isinstance(event, lc.UnknownEvent) for event in events)
    assert lc.assemble(events).message.parts == (lc.TextPart(text="Let me compute it.The sum is 45."),)


_BODY = {
    "candidates": [
        {
            "content": {
                "role": "model",
                "parts": [{"text": "Computing."}, _CODE, _RESULT, {"text": "It is 45."}],
            },
            "finishReason": "STOP",
            "index": 0,
        }
    ],
    "usageMetadata": _USAGE,
    "modelVersion": "gemini-2.5-pro",
    "responseId": "r-1",
}


def test_a_body_rebuilt_under_another_model_keeps_the_code_parts_where_they_were() -> None:
    response = lc.decode_response("gemini", json.dumps(_BODY).encode())
    written = json.loads(lc.encode_response("gemini", lc.replace(response, model="my-alias")))
    parts = written["candidates"][0]["content"]["parts"]
    assert parts == [{"text": "Computing."}, _CODE, _RESULT, {"text": "It is 45."}]
    assert written["modelVersion"] == "my-alias"
    assert lc.decode_response("gemini", json.dumps(written).encode()).message == response.message
    for dst in ("openai", "openai_chat", "anthropic"):  # server-run output: left out elsewhere
        assert b"executableCode" not in lc.encode_response(dst, response)
