"""``lc.translate_response``: a backend's body as the client's body (red team 34 F08).

It is ``encode_response(dst, decode_response(src, body), usage_from=src, adaptations=...)``, but a
Gemini body Google filtered (``promptFeedback.blockReason``, ``finishReason`` SAFETY, RECITATION,
...), which ``decode_response`` refuses with lm15's error, reads as the content-filter end the
streamed chunk reads as in ``lc.stream.translate``: each client its own finish, read here by its
SDK's types, and the same answer as the streamed path gives."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples

openai = pytest.importorskip("openai")
anthropic = pytest.importorskip("anthropic")
httpx = pytest.importorskip("httpx", reason="the openai SDK's transport")
httpx2 = pytest.importorskip("httpx2", reason="the anthropic SDK's transport")

REQUEST = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user(""),))
USAGE = {"promptTokenCount": 8, "candidatesTokenCount": 3, "totalTokenCount": 11}
FILTERS = ["SAFETY", "RECITATION", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "LANGUAGE", "IMAGE_SAFETY"]
TOOL_FINISHES = [
    "MALFORMED_FUNCTION_CALL",
    "UNEXPECTED_TOOL_CALL",
    "TOO_MANY_TOOL_CALLS",
    "MISSING_THOUGHT_SIGNATURE",
]
CLIENTS = ("openai", "openai_chat", "anthropic")


def _finished(reason: str, text: str | None = "Once upon a") -> dict[str, Any]:
    parts = [] if text is None else [{"text": text}]
    candidate = {"content": {"role": "model", "parts": parts}, "finishReason": reason, "index": 0}
    return {"candidates": [candidate], "usageMetadata": USAGE, "modelVersion": "gemini-2.5-flash"}


BLOCKED = {
    "promptFeedback": {"blockReason": "SAFETY"},
    "usageMetadata": USAGE,
    "modelVersion": "gemini-2.5-flash",
}
FILTERED = {"prompt blocked": BLOCKED, **{reason: _finished(reason) for reason in FILTERS}}


def _text_of(dst: str, body: bytes) -> tuple[str | None, str]:
    """The finish and the answer's text, as the client's SDK reads ``body`` (its client, answered
    with it: the parse a caller gets)."""
    if dst == "anthropic":
        messages = anthropic.Anthropic(
            api_key="k", http_client=_transport(httpx2, body), max_retries=0
        ).messages
        message = messages.create(model="m", max_tokens=8, messages=[{"role": "user", "content": "hi"}])
        return message.stop_reason, "".join(block.text for block in message.content if block.type == "text")
    client = openai.OpenAI(api_key="k", base_url="http://sdk.test/v1", http_client=_transport(httpx, body))
    if dst == "openai_chat":
        chat = client.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}])
        return chat.choices[0].finish_reason, chat.choices[0].message.content or ""
    response = client.responses.create(model="m", input="hi")
    reason = response.incomplete_details.reason if response.incomplete_details else None
    return f"{response.status}/{reason}", response.output_text


def _transport(http: Any, body: bytes) -> Any:
    def answer(request: Any) -> Any:
        return http.Response(200, headers={"content-type": "application/json"}, content=body)

    return http.Client(transport=http.MockTransport(answer))


_FINISH = {"openai_chat": "content_filter", "anthropic": "refusal", "openai": "incomplete/content_filter"}


@pytest.mark.parametrize("dst", CLIENTS)
@pytest.mark.parametrize("case", FILTERED)
def test_a_filtered_gemini_body_is_the_clients_content_filter_finish(case: str, dst: str) -> None:
    body = json.dumps(FILTERED[case]).encode()
    with pytest.raises(lc.ProviderError):  # lm15's reading, kept
        lc.decode_response("gemini", body, request=REQUEST)
    out = lc.translate_response("gemini", dst, body, request=REQUEST)
    finish, text = _text_of(dst, out)
    assert finish == _FINISH[dst]
    assert text == ("" if case == "prompt blocked" else "Once upon a")
    usage = lc.decode_response(dst, out).usage
    assert (usage.input_tokens, usage.output_tokens) == (8, 3)


@pytest.mark.parametrize("case", FILTERED)
def test_a_gemini_client_gets_the_filtered_body_as_google_sent_it(case: str) -> None:
    body = json.dumps(FILTERED[case]).encode()
    assert lc.translate_response("gemini", "gemini", body, request=REQUEST) == body


@pytest.mark.parametrize("reason", TOOL_FINISHES)
def test_a_call_gemini_could_not_produce_keeps_lm15s_error(reason: str) -> None:
    body = json.dumps(
        _finished(reason, None)
        | {"candidates": [{**_finished(reason, None)["candidates"][0], "finishMessage": "Malformed: x"}]}
    ).encode()
    with pytest.raises(lc.ProviderError) as decoded:
        lc.decode_response("gemini", body, request=REQUEST)
    for dst in CLIENTS:
        with pytest.raises(lc.ProviderError) as translated:
            lc.translate_response("gemini", dst, body, request=REQUEST)
        assert str(translated.value) == str(decoded.value)
    assert lc.translate_response("gemini", "gemini", body, request=REQUEST) == body


@pytest.mark.parametrize("reason", [{}, [1], {"a": "MALFORMED_FUNCTION_CALL"}])
@pytest.mark.parametrize("dst", CLIENTS)
def test_a_blocked_body_whose_finish_is_no_string_is_the_content_filter_finish(dst: str, reason: Any) -> None:
    """Red team 37 F01: a finishReason that is an object or a list (a hostile backend) raised a bare
    TypeError from the tool-finish test. It names no finish (lm15 reads its ``str()``), so the
    blocked prompt is the content-filter end, as a string finishReason's is."""
    body = json.dumps({**BLOCKED, "candidates": [{"finishReason": reason}]}).encode()
    with pytest.raises(lc.ProviderError):  # lm15's reading: the prompt block
        lc.decode_response("gemini", body, request=REQUEST)
    finish, text = _text_of(dst, lc.translate_response("gemini", dst, body, request=REQUEST))
    assert (finish, text) == (_FINISH[dst], "")


def test_an_error_envelope_keeps_its_error() -> None:
    body = json.dumps({"error": {"code": 400, "message": "SAFETY", "status": "SAFETY"}}).encode()
    for dst in (*CLIENTS, "gemini"):
        with pytest.raises(lc.ProviderError):
            lc.translate_response("gemini", dst, body, request=REQUEST)


def _streamed(dst: str, chunk: dict[str, Any]) -> lc.Response:
    sse = b"data: " + json.dumps(chunk).encode() + b"\r\n\r\n"
    return lc.assemble(lc.stream.decode(dst, lc.stream.translate("gemini", dst, [sse], request=REQUEST)))


_ALL_REASONS = ["STOP", "MAX_TOKENS", *FILTERS, *TOOL_FINISHES, "OTHER"]


@settings(max_examples=examples(100), deadline=None)
@given(
    reason=st.sampled_from(_ALL_REASONS),
    text=st.none() | st.text(max_size=20),
    blocked=st.booleans(),
    dst=st.sampled_from(["openai_chat", "anthropic"]),
)
def test_the_body_reads_as_the_same_answer_streamed(
    reason: str, text: str | None, blocked: bool, dst: str
) -> None:
    """Differential: the client's body and the client's stream, read back by lc, give the same
    finish, text and usage (or both refuse: a call Gemini could not produce)."""
    chunk = _finished(reason, text) | ({"promptFeedback": {"blockReason": "OTHER"}} if blocked else {})
    try:
        streamed = _streamed(dst, chunk)
    except lc.LmcodecError:  # the stream ends with the client's error event
        with pytest.raises(lc.ProviderError):
            lc.translate_response("gemini", dst, json.dumps(chunk).encode(), request=REQUEST)
        return
    body = lc.decode_response(
        dst, lc.translate_response("gemini", dst, json.dumps(chunk).encode(), request=REQUEST)
    )
    assert body.finish_reason == streamed.finish_reason
    assert body.text == streamed.text
    assert body.usage == streamed.usage


GEMINI_CALL = {
    "candidates": [
        {
            "content": {
                "role": "model",
                "parts": [{"functionCall": {"name": "_2fa_verify", "args": {"code": 1}}}],
            },
            "finishReason": "STOP",
            "index": 0,
        }
    ],
    "usageMetadata": USAGE,
    "modelVersion": "gemini-2.5-flash",
}
CHAT_ANSWER = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-4.1",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "hi"}, "finish_reason": "stop"}],
    "usage": {"prompt_tokens": 4, "completion_tokens": 1, "total_tokens": 5},
}
ANTHROPIC_ANSWER = {
    "id": "msg_1",
    "type": "message",
    "role": "assistant",
    "model": "claude-sonnet-4-5",
    "content": [{"type": "text", "text": "hi"}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 4, "output_tokens": 1, "cache_read_input_tokens": 6},
}
ANSWERS = {"gemini": GEMINI_CALL, "openai_chat": CHAT_ANSWER, "anthropic": ANTHROPIC_ANSWER}


@pytest.mark.parametrize("dst", [*CLIENTS, "gemini"])
@pytest.mark.parametrize("src", ANSWERS)
def test_any_other_body_is_encode_response_of_decode_response(src: str, dst: str) -> None:
    body = json.dumps(ANSWERS[src]).encode()
    client = {"model": "gpt-4.1", "input": "hi", "tools": [{"type": "function", "name": "2fa_verify"}]}
    adaptations = lc.translate_request("openai", "gemini", json.dumps(client)).adaptations
    expected = lc.encode_response(
        dst, lc.decode_response(src, body, request=REQUEST), usage_from=src, adaptations=adaptations
    )
    out = lc.translate_response(src, dst, body, request=REQUEST, adaptations=adaptations)
    again, wanted = lc.decode_response(dst, out), lc.decode_response(dst, expected)
    if (
        src == "gemini" and dst == "anthropic"
    ):  # id-less calls: the stream's toolu_ ids (test_gemini_call_ids)
        again, wanted = _call_ids_aside(again), _call_ids_aside(wanted)
    assert lc.replace(again, id=None, provider_data=None) == lc.replace(wanted, id=None, provider_data=None)


def _call_ids_aside(response: lc.Response) -> lc.Response:
    parts = tuple(
        lc.replace(p, id="x") if isinstance(p, lc.ToolCallPart) else p for p in response.message.parts
    )
    return lc.replace(response, message=lc.replace(response.message, parts=parts))


def test_an_unknown_client_dialect_is_refused_before_reading() -> None:
    with pytest.raises(lc.ValidationError):
        lc.translate_response("gemini", "cohere", json.dumps(BLOCKED).encode())
