"""A non-streamed Chat backend's answer through a gateway: ``decode_response("openai_chat", body)``
then ``encode_response(client, response, usage_from="openai_chat")`` (``examples/gateway.py``).

``decode_response`` keeps lm15's reading of a Chat body: ``message.thinking_blocks`` (Anthropic's
signed thinking, as LiteLLM and lmcodec's own Chat writer put it there for a backend fronting
Claude) unread. Told the source, ``encode_response`` reads the blocks from the Response's
``provider_data`` (the body lm15 keeps there), so each client gets Claude's signed blocks and gives
them back (red team 5 F01); before, every client got unsigned thinking and Claude refused the
next tool turn. ``message.refusal`` is lm15's reading already (a RefusalPart): each client's SDK
reads it as its own refusal, and a Chat client gets the backend's body as it came (the blocks
with it); those two held before and are kept here."""

from __future__ import annotations

import json
import os
from typing import Any

import anthropic
import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_body
from .sdk_readers import _transport
from .test_translate_thinking_carriage import (
    CASES,
    MODEL,
    REDACTED,
    SIGNATURE,
    Block,
    _assistant,
    _calls,
    _client,
    anthropic_message,
)


def chat_answer(blocks: list[Block]) -> bytes:
    """What a Chat backend fronting Claude answers (lmcodec's own gateway: anthropic -> openai_chat)."""
    return lc.encode_response("openai_chat", lc.decode_response("anthropic", anthropic_message(blocks)))


def through_gateway(client: str, body: bytes) -> bytes:
    """The non-streamed gateway's answer to a ``client`` for the Chat backend's ``body``."""
    return lc.encode_response(client, lc.decode_response("openai_chat", body), usage_from="openai_chat")


def _chat_message(answer: bytes) -> dict[str, Any]:
    """The assistant message as the openai SDK's ChatCompletion gives it, dumped as a client replays it."""
    asked: dict[str, Any] = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
    completion = _client(answer, "application/json").chat.completions.create(**asked)
    message: dict[str, Any] = completion.choices[0].message.model_dump(exclude_none=True)
    return message


@pytest.mark.parametrize("name", list(CASES))
def test_a_chat_client_gets_the_blocks_and_gives_them_back_to_claude(name: str) -> None:
    blocks = CASES[name]
    message = _chat_message(through_gateway("openai_chat", chat_answer(blocks)))
    thinking = [b for b in blocks if b["type"] in ("thinking", "redacted_thinking")]
    assert message["thinking_blocks"] == [{"index": i, **b} for i, b in enumerate(thinking)]
    results = [{"role": "tool", "tool_call_id": cid, "content": out} for cid, out in _calls(blocks).items()]
    history = [{"role": "user", "content": "Weather in Paris?"}, message, *results]
    built = lc.translate_request(
        "openai_chat", "anthropic", chat_body(model=MODEL, reasoning_effort="medium", messages=history)
    )
    anthropic_accepts(built.body)
    assert _assistant(json.loads(built.body)) == [b for b in blocks if b["type"] != "text" or b["text"]]


@pytest.mark.parametrize("name", list(CASES))
def test_an_anthropic_client_gets_the_blocks_claude_signed(name: str) -> None:
    blocks = CASES[name]
    answer = through_gateway("anthropic", chat_answer(blocks))
    client = anthropic.Anthropic(
        api_key="x", http_client=_transport(answer, "application/json"), max_retries=0
    )
    message = client.messages.create(model=MODEL, max_tokens=16, messages=[{"role": "user", "content": "hi"}])
    assert [b.model_dump(exclude_none=True, exclude={"citations"}) for b in message.content] == blocks


def test_a_litellm_shaped_answer_carries_its_blocks() -> None:
    """LiteLLM's message: the blocks' thinking joined as reasoning_content, the blocks again under
    provider_specific_fields, an empty content."""
    entry = {"type": "thinking", "thinking": "Need the weather tool.", "signature": SIGNATURE}
    call = {
        "id": "toolu_01",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city":"Paris"}'},
    }
    message = {
        "role": "assistant",
        "content": "",
        "reasoning_content": "Need the weather tool.",
        "thinking_blocks": [entry],
        "provider_specific_fields": {"thinking_blocks": [entry], "citations": None},
        "tool_calls": [call],
    }
    body = json.dumps(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1,
            "model": MODEL,
            "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls"}],
            "usage": {"prompt_tokens": 40, "completion_tokens": 30, "total_tokens": 70},
        }
    ).encode()
    written = json.loads(through_gateway("anthropic", body))
    assert written["content"] == [
        entry,
        {"type": "tool_use", "id": "toolu_01", "name": "get_weather", "input": {"city": "Paris"}},
    ]


def _litellm_answer(blocks: list[Block]) -> bytes:
    """The Chat body a LiteLLM proxy answers for Claude's ``blocks`` (LiteLLM's own transform of
    the Messages body, dumped as the proxy sends it)."""
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no network fetch at import
    litellm = pytest.importorskip("litellm")
    transformation = pytest.importorskip("litellm.llms.anthropic.chat.transformation")
    httpx = pytest.importorskip("httpx")
    raw = anthropic_message(blocks)
    response = transformation.AnthropicConfig().transform_parsed_response(
        json.loads(raw), httpx.Response(200, content=raw), litellm.ModelResponse()
    )
    return json.dumps(response.model_dump()).encode()


@pytest.mark.thorough
@pytest.mark.parametrize("name", list(CASES))
def test_a_litellm_proxys_answer_reaches_an_anthropic_client_with_its_blocks(name: str) -> None:
    blocks = CASES[name]
    written = json.loads(through_gateway("anthropic", _litellm_answer(blocks)))
    assert [b for b in written["content"] if b["type"] != "text" or b["text"]] == blocks


def test_decode_response_keeps_lm15s_reading() -> None:
    response = lc.decode_response("openai_chat", chat_answer(CASES["signed"]))
    thinking = [p for p in response.message.parts if isinstance(p, lc.ThinkingPart)]
    assert [(p.text, p.continuation) for p in thinking] == [("Need the weather tool.", ())]


def test_without_the_source_encode_response_writes_the_response_as_it_is() -> None:
    """The hand-off is explicit: a Response whose provider_data happens to hold Chat blocks is
    written as its parts say unless the caller names openai_chat as its source."""
    response = lc.decode_response("openai_chat", chat_answer(CASES["signed"]))
    assert SIGNATURE.encode() not in lc.encode_response("anthropic", response)
    assert SIGNATURE.encode() not in lc.encode_response("anthropic", response, usage_from="anthropic")
    assert SIGNATURE.encode() in lc.encode_response("anthropic", response, usage_from="openai_chat")


ODD_BLOCKS: list[Any] = [
    "not a list",
    [1, 2],
    [{"type": "thinking", "thinking": 3, "signature": "s"}],
    [{"type": "tool_use", "id": "x"}],
    [{"type": "thinking", "thinking": "Need the weather tool.", "signature": "s", "extra": 1}],
    [{"type": "thinking", "thinking": "other thinking", "signature": "s"}],  # not the reasoning_content
    [{"type": "thinking", "thinking": "Need the weather tool."}],  # unsigned
    None,
    [],
]


@pytest.mark.parametrize("blocks", ODD_BLOCKS, ids=range(len(ODD_BLOCKS)))
def test_blocks_that_cannot_be_carried_leave_lm15s_reading(blocks: Any) -> None:
    body = json.loads(chat_answer(CASES["signed"]))
    body["choices"][0]["message"]["thinking_blocks"] = blocks
    raw = json.dumps(body).encode()
    response = lc.decode_response("openai_chat", raw)
    expected = lc.encode_response("anthropic", response)
    assert lc.encode_response("anthropic", response, usage_from="openai_chat") == expected


REFUSAL = "I can't help with that."


def _refusal_body() -> bytes:
    message = {"role": "assistant", "content": None, "refusal": REFUSAL}
    return json.dumps(
        {
            "id": "chatcmpl-2",
            "object": "chat.completion",
            "created": 1,
            "model": "gpt-4o",
            "choices": [{"index": 0, "message": message, "finish_reason": "stop", "logprobs": None}],
            "usage": {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8},
        }
    ).encode()


def test_each_clients_sdk_reads_the_refusal() -> None:
    from google.genai import types

    chat = _chat_message(through_gateway("openai_chat", _refusal_body()))
    assert chat["refusal"] == REFUSAL and chat.get("content") is None
    answer = through_gateway("openai", _refusal_body())
    output = _client(answer, "application/json").responses.create(model="m", input="hi").output
    assert [c.model_dump() for c in output[0].content] == [{"type": "refusal", "refusal": REFUSAL}]
    answer = through_gateway("anthropic", _refusal_body())
    client = anthropic.Anthropic(
        api_key="x", http_client=_transport(answer, "application/json"), max_retries=0
    )
    message = client.messages.create(model=MODEL, max_tokens=16, messages=[{"role": "user", "content": "hi"}])
    assert message.stop_reason == "refusal" and message.content[0].text == REFUSAL  # type: ignore[union-attr]
    gemini = types.GenerateContentResponse.model_validate_json(through_gateway("gemini", _refusal_body()))
    assert gemini.text == REFUSAL


@pytest.mark.parametrize("client", ["anthropic", "openai", "gemini"])
@pytest.mark.parametrize("name", ["signed", "several", "redacted only"])
def test_thinking_the_gateway_removed_is_not_written_back(name: str, client: str) -> None:
    """review7 R12: the blocks stand in for lm15's own reading of the body only; a Response whose
    thinking the caller took out (a gateway that forwards no reasoning) is written as given."""
    response = lc.decode_response("openai_chat", chat_answer(CASES[name]))
    removed = [p for p in response.message.parts if not isinstance(p, lc.ThinkingPart)]
    edited = [lc.ThinkingPart(text="a summary of my own"), *removed]
    # with no reasoning_content in the body (redacted only), lm15 reads no thinking: nothing to remove
    for parts in (removed, edited) if len(removed) < len(response.message.parts) else (edited,):
        given = lc.replace(response, message=lc.replace(response.message, parts=tuple(parts)))
        written = lc.encode_response(client, given, usage_from="openai_chat")
        assert SIGNATURE.encode() not in written and REDACTED.encode() not in written
        as_given = lc.encode_response(client, given)  # a Responses answer's item ids are made up per call
        assert _read_back(client, written) == _read_back(client, as_given)


def _read_back(client: str, answer: bytes) -> list[tuple[str, Any]]:
    """Each part of the client's reading of ``answer``: its type and text (a call: its input)."""
    parts = lc.decode_response(client, answer).message.parts
    return [(type(p).__name__, getattr(p, "text", getattr(p, "input", None))) for p in parts]
