"""A Chat Completions backend's streamed refusal through ``stream.translate`` (red team 5, F14).

OpenAI streams a refusal (its safety refusal, a structured-outputs refusal) as ``delta.refusal``
fragments, not ``content``. lm15's Chat stream adapter does not read the field, so lmcodec's
decode and assemble give an empty answer, as lm15 does; but the translated stream gave every client
that empty ``stop`` answer (an Anthropic client ``content: []``, whose next turn is refused). The
same refusal non-streamed (``message.refusal``) is read as a RefusalPart and written. Translate now
writes it as each dialect writes that RefusalPart: Chat ``refusal``, Responses a ``refusal``
content part, Anthropic text with ``stop_reason: "refusal"``, Gemini text. Read by each SDK."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import openai
from openai.lib.streaming.responses import ResponseStreamState

import lmcodec as lc

from ..providers.sdk_readers import _transport, sdk_anthropic, sdk_gemini
from .write_support import REQUEST, _client, chat_completion

REFUSAL = "I can't help with that."
_BASE = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o"}


def _chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    frame = dict(_BASE, choices=[{"index": 0, "delta": delta, "finish_reason": finish}])
    return b"data: " + json.dumps(frame).encode() + b"\n\n"


STREAM = (
    _chunk({"role": "assistant", "content": None, "refusal": ""})
    + _chunk({"refusal": "I can't "})
    + _chunk({"refusal": "help with that."})
    + _chunk({}, "stop")
    + b"data: [DONE]\n\n"
)
BODY = json.dumps(
    {
        "id": "c",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4o",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": None, "refusal": REFUSAL},
                "finish_reason": "stop",
            }
        ],
    }
).encode()


def _translated(dst: str, body: bytes = STREAM) -> bytes:
    return b"".join(lc.stream.translate("openai_chat", dst, [body], request=REQUEST))


def _chat_message(body: bytes) -> Any:
    return chat_completion(body).choices[0]


def _responses_output(body: bytes) -> list[Any]:
    state: Any = ResponseStreamState(input_tools=openai.omit, text_format=openai.omit)
    with _client(body).responses.create(model="m-1", input="hi", stream=True) as stream:
        for event in stream:
            state.handle_event(event)
    final = state._completed_response
    assert final is not None
    return [c.model_dump() for item in final.output if item.type == "message" for c in item.content]


def test_decode_and_assemble_keep_lm15s_reading() -> None:
    """lm15's Chat stream adapter reads no ``refusal``: decode and assemble give no text."""
    response = lc.assemble(lc.stream.decode("openai_chat", [STREAM], request=REQUEST))
    assert not any(isinstance(p, lc.RefusalPart) for p in response.message.parts)
    assert "".join(p.text for p in response.message.parts if isinstance(p, lc.TextPart)) == ""


def test_chat_client_reads_the_refusal() -> None:
    choice = _chat_message(_translated("openai_chat"))
    assert choice.message.refusal == REFUSAL
    assert not choice.message.content
    assert choice.finish_reason == "stop"
    body_choice = json.loads(lc.encode_response("openai_chat", lc.decode_response("openai_chat", BODY)))
    assert body_choice["choices"][0]["message"]["refusal"] == choice.message.refusal


def test_responses_client_reads_a_refusal_part() -> None:
    content = _responses_output(_translated("openai"))
    assert content == [{"type": "refusal", "refusal": REFUSAL}]
    whole = json.loads(lc.encode_response("openai", lc.decode_response("openai_chat", BODY)))
    assert [c for item in whole["output"] for c in item["content"]] == content


def test_anthropic_client_reads_text_and_refusal_stop() -> None:
    view = sdk_anthropic(_translated("anthropic"))
    assert view["text"] == REFUSAL
    assert view["finish_reason"] == "content_filter"  # the SDK's stop_reason "refusal"
    body = json.loads(lc.encode_response("anthropic", lc.decode_response("openai_chat", BODY)))
    assert body["stop_reason"] == "refusal" and body["content"] == [{"type": "text", "text": REFUSAL}]


def test_gemini_client_reads_the_refusal_as_text() -> None:
    view = sdk_gemini(_translated("gemini"))
    assert view["text"] == REFUSAL
    assert view["finish_reason"] == "stop"


def test_anthropic_clients_next_turn_goes_through() -> None:
    """The assistant message the anthropic SDK returned, replayed on the next turn, is read
    (``content: []`` was refused: "a message needs at least one content block")."""
    client = anthropic.Anthropic(
        api_key="sk-test",
        http_client=_transport(_translated("anthropic"), "text/event-stream"),
        max_retries=0,
    )
    with client.messages.stream(
        model="m-1", max_tokens=16, messages=[{"role": "user", "content": "hi"}]
    ) as s:
        message = s.get_final_message()
    assert message.stop_reason == "refusal"
    body = {
        "model": "claude-x",
        "max_tokens": 16,
        "messages": [
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in message.content]},
            {"role": "user", "content": "why?"},
        ],
    }
    built = lc.translate_request("anthropic", "openai_chat", json.dumps(body).encode())
    assert json.loads(built.body)["messages"][1] == {"role": "assistant", "content": REFUSAL}


def test_responses_clients_next_turn_goes_through() -> None:
    """The refusal item the openai SDK returned, replayed as input, is read as the refusal."""
    content = _responses_output(_translated("openai"))
    body = {
        "model": "m-1",
        "input": [
            {"role": "user", "content": "hi"},
            {"type": "message", "role": "assistant", "content": content},
            {"role": "user", "content": "why?"},
        ],
    }
    request = lc.decode_request("openai", json.dumps(body).encode())
    assert request.messages[1].parts == (lc.RefusalPart(text=REFUSAL),)
