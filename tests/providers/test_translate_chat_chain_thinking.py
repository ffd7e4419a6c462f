"""Anthropic's signed thinking through a Chat Completions hop and back to Claude (red team 5, F01).

A chain of two gateways, A (the client's dialect -> ``openai_chat``) in front of B
(``openai_chat`` -> ``anthropic``), is what a client gets behind a LiteLLM proxy, OpenRouter or a
second lmcodec gateway fronting Claude (non-streamed: ``decode_response`` then ``encode_response``
told the source, ``usage_from="openai_chat"``). Turn 1: Claude answers signed (and redacted) thinking and
a tool call, which reaches the client through both hops. Turn 2: the client sends its history
back; Claude must get each block as it issued it, before the tool call (else: 400 "Expected
`thinking` or `redacted_thinking`, but found `tool_use`"). Before, ``translate_request(src,
"openai_chat", ...)`` left the Anthropic state out for every source but Chat, and a non-streamed
Chat answer's ``thinking_blocks`` were not written on to the client: Claude got the tool turn
without its thinking."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, anthropic_body, chat_accepts, notes
from .sdk_readers import _transport
from .test_translate_thinking_carriage import (
    CASES,
    MODEL,
    Block,
    _assistant,
    _calls,
    anthropic_message,
    anthropic_stream,
    client_output_from_body,
    client_output_from_stream,
    turn_2,
)

TOOLS = [
    {
        "name": "get_weather",
        "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
    }
]


def _hop_requests(source: str, body: bytes, stream: bool) -> tuple[Any, Any, Any, Any]:
    """Gateway A's and gateway B's built requests for the client's ``body``, and the canonical
    Request each reads its backend's answer with."""
    to_chat = lc.translate_request(source, "openai_chat", body, stream=stream)
    chat_request = lc.decode_request("openai_chat", to_chat.body)
    to_claude = lc.translate_request("openai_chat", "anthropic", to_chat.body, stream=stream)
    claude_request = lc.decode_request("anthropic", to_claude.body)
    return to_chat, chat_request, to_claude, claude_request


def chain_answer(source: str, body: bytes, blocks: list[Block], stream: bool) -> bytes:
    """What the client gets for turn 1: Claude's ``blocks`` through B, then A."""
    _, chat_request, _, claude_request = _hop_requests(source, body, stream)
    if stream:
        raw = anthropic_stream(blocks)
        chat = b"".join(lc.stream.translate("anthropic", "openai_chat", [raw], request=claude_request))
        return b"".join(lc.stream.translate("openai_chat", source, [chat], request=chat_request))
    claude = lc.decode_response("anthropic", anthropic_message(blocks), request=claude_request)
    chat = lc.encode_response("openai_chat", claude, usage_from="anthropic")
    answer = lc.decode_response("openai_chat", chat, request=chat_request)
    return lc.encode_response(source, answer, usage_from="openai_chat")


def _anthropic_turn_1() -> bytes:
    return anthropic_body(
        model=MODEL,
        max_tokens=2048,
        thinking={"type": "enabled", "budget_tokens": 1024},
        tools=TOOLS,
        messages=[{"role": "user", "content": "Weather in Paris?"}],
    )


def _anthropic_client_content(answer: bytes, stream: bool) -> list[Block]:
    """The assistant content the anthropic SDK gives its caller for ``answer``."""
    kind = "text/event-stream" if stream else "application/json"
    client = anthropic.Anthropic(api_key="x", http_client=_transport(answer, kind), max_retries=0)
    asked: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": 16,
        "messages": [{"role": "user", "content": "hi"}],
    }
    if stream:
        with client.messages.stream(**asked) as s:
            message = s.get_final_message()
    else:
        message = client.messages.create(**asked)
    return [b.model_dump(exclude_none=True, exclude={"citations"}) for b in message.content]


def _anthropic_turn_2(content: list[Block], blocks: list[Block]) -> bytes:
    results = [
        {"type": "tool_result", "tool_use_id": cid, "content": out} for cid, out in _calls(blocks).items()
    ]
    return anthropic_body(
        model=MODEL,
        max_tokens=2048,
        thinking={"type": "enabled", "budget_tokens": 1024},
        tools=TOOLS,
        messages=[
            {"role": "user", "content": "Weather in Paris?"},
            {"role": "assistant", "content": content},
            {"role": "user", "content": results},
        ],
    )


def _as_body(body: bytes) -> bytes:
    """``body`` without its stream keys, for the SDKs' non-streaming request types."""
    sent = json.loads(body)
    sent.pop("stream", None)
    sent.pop("stream_options", None)
    return json.dumps(sent).encode()


def _spoken(blocks: list[Block]) -> list[Block]:
    """``blocks`` without empty text (a streamed Chat answer's ``content: ""``, left out)."""
    return [b for b in blocks if b["type"] != "text" or b["text"]]


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
@pytest.mark.parametrize("name", list(CASES))
def test_an_anthropic_client_through_a_chat_hop_gives_claude_its_blocks_back(name: str, stream: bool) -> None:
    blocks = CASES[name]
    content = _anthropic_client_content(
        chain_answer("anthropic", _anthropic_turn_1(), blocks, stream), stream
    )
    assert _spoken(content) == blocks
    to_chat, _, to_claude, _ = _hop_requests("anthropic", _anthropic_turn_2(content, blocks), stream)
    chat_accepts(_as_body(to_chat.body))
    anthropic_accepts(_as_body(to_claude.body))
    assert _spoken(_assistant(json.loads(to_claude.body))) == blocks
    assert json.loads(to_claude.body)["thinking"]["type"] == "enabled"


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
@pytest.mark.parametrize("name", list(CASES))
def test_a_responses_client_through_a_chat_hop_gives_claude_its_blocks_back(name: str, stream: bool) -> None:
    blocks = CASES[name]
    turn_1 = turn_2([], {})
    answer = chain_answer("openai", turn_1, blocks, stream)
    output = client_output_from_stream(answer) if stream else client_output_from_body(answer)
    to_chat, _, to_claude, _ = _hop_requests("openai", turn_2(output, _calls(blocks)), stream)
    chat_accepts(_as_body(to_chat.body))
    anthropic_accepts(_as_body(to_claude.body))
    assert _spoken(_assistant(json.loads(to_claude.body))) == blocks


@pytest.mark.parametrize("stream", [True, False], ids=["stream", "body"])
@pytest.mark.parametrize("name", list(CASES))
def test_an_anthropic_clients_blocks_cross_both_hops_to_claude(name: str, stream: bool) -> None:
    blocks = CASES[name]
    to_chat, _, to_claude, _ = _hop_requests("anthropic", _anthropic_turn_2(blocks, blocks), stream)
    chat_accepts(_as_body(to_chat.body))
    anthropic_accepts(_as_body(to_claude.body))
    assert _assistant(json.loads(to_claude.body)) == blocks


def test_the_chat_hop_is_sent_the_blocks_as_thinking_blocks_with_a_note() -> None:
    """What gateway A sends the Chat backend: the blocks on the assistant row (LiteLLM's field),
    never as content, and one ``substituted`` Adaptation per block (lm15's Chat builder would not
    send them)."""
    blocks = CASES["several"]
    built = lc.translate_request("anthropic", "openai_chat", _anthropic_turn_2(blocks, blocks))
    row = next(m for m in json.loads(built.body)["messages"] if m["role"] == "assistant")
    assert row["thinking_blocks"] == [b for b in blocks if b["type"] in ("thinking", "redacted_thinking")]
    assert row["content"] == "Let me look both up."
    assert notes(built, "messages[1]") == [
        ("messages[1].parts[0]", "substituted", "thinking_signature", "thinking_blocks"),
        ("messages[1].parts[1]", "substituted", "redacted_thinking", "thinking_blocks"),
        ("messages[1].parts[2]", "substituted", "thinking_signature", "thinking_blocks"),
    ]
