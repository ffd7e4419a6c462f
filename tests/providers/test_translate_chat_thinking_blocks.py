"""Signed thinking read back from a Chat backend's ``thinking_blocks`` by ``stream.translate``
(red team 5, F01).

lmcodec's Chat writer puts Anthropic's signed thinking on the Chat wire as ``delta.thinking_blocks``
(LiteLLM's field), but translate from ``openai_chat`` dropped the field: a Chat backend fronting
Claude (a LiteLLM proxy, another lmcodec gateway: A -> openai_chat -> anthropic) lost every
signature, and Claude refuses the next turn (its tool turn without its thinking blocks). Each
client now gets the blocks as signed thinking and gives them back: the Anthropic SDK's final
message, the Responses client's reasoning items (the carriage) and the Chat client's
``thinking_blocks``, replayed to Anthropic as the blocks Claude issued. ``decode`` / ``assemble`` /
``decode_response`` keep lm15's reading (no state)."""

from __future__ import annotations

import json
from typing import Any

import anthropic
import pytest

import lmcodec as lc

from .gateway_support import anthropic_accepts, chat_body, notes, responses_accepts
from .sdk_readers import _transport
from .test_translate_thinking_carriage import (
    CASES,
    SIGNATURE,
    Block,
    _assistant,
    _calls,
    _client,
    anthropic_stream,
    client_output_from_stream,
    to_anthropic,
    turn_2,
)


def _chat_stream(blocks: list[Block]) -> bytes:
    """What a Chat backend fronting Claude streams (lmcodec's own gateway: anthropic -> openai_chat)."""
    return b"".join(lc.stream.translate("anthropic", "openai_chat", [anthropic_stream(blocks)]))


def _anthropic_content(sse: bytes) -> list[Block]:
    client = anthropic.Anthropic(api_key="x", http_client=_transport(sse, "text/event-stream"), max_retries=0)
    with client.messages.stream(model="m", max_tokens=16, messages=[{"role": "user", "content": "hi"}]) as s:
        message = s.get_final_message()
    return [b.model_dump(exclude_none=True) for b in message.content]


def _without_citations(blocks: list[Block]) -> list[Block]:
    return [{k: v for k, v in b.items() if not (k == "citations" and v is None)} for b in blocks]


@pytest.mark.parametrize("name", list(CASES))
def test_an_anthropic_client_gets_the_blocks_claude_signed(name: str) -> None:
    blocks = CASES[name]
    written = b"".join(lc.stream.translate("openai_chat", "anthropic", [_chat_stream(blocks)]))
    content = _anthropic_content(written)
    assert [b for b in content if b["type"] != "text" or b["text"]] == blocks
    body = json.dumps(
        {
            "model": "claude-sonnet-4-5",
            "max_tokens": 2048,
            "thinking": {"type": "enabled", "budget_tokens": 1024},
            "messages": [
                {"role": "user", "content": "Weather in Paris?"},
                {"role": "assistant", "content": content},
                *[
                    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": cid, "content": out}]}
                    for cid, out in _calls(blocks).items()
                ][:1],
            ],
        }
    ).encode()
    built = lc.translate_request("anthropic", "anthropic", body)
    anthropic_accepts(built.body)
    assert [b for b in _assistant(json.loads(built.body)) if b["type"] != "text" or b["text"]] == blocks


@pytest.mark.parametrize("name", list(CASES))
def test_a_responses_client_gives_the_blocks_back_to_claude(name: str) -> None:
    blocks = CASES[name]
    written = b"".join(lc.stream.translate("openai_chat", "openai", [_chat_stream(blocks)]))
    body = turn_2(client_output_from_stream(written), _calls(blocks))
    responses_accepts(body)
    sent, built = to_anthropic(body)
    assert _assistant(sent) == blocks
    assert notes(built, "messages") == []


@pytest.mark.parametrize("name", list(CASES))
def test_a_chat_client_gives_the_blocks_back_to_claude(name: str) -> None:
    from openai.lib.streaming.chat import ChatCompletionStreamState

    blocks = CASES[name]
    written = b"".join(lc.stream.translate("openai_chat", "openai_chat", [_chat_stream(blocks)]))
    state = ChatCompletionStreamState()
    asked: dict[str, Any] = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
    for chunk in _client(written, "text/event-stream").chat.completions.create(**asked, stream=True):
        state.handle_chunk(chunk)
    message = state.get_final_completion().choices[0].message.model_dump(exclude_none=True)
    message.pop("parsed", None)
    results = [{"role": "tool", "tool_call_id": cid, "content": out} for cid, out in _calls(blocks).items()]
    history = [{"role": "user", "content": "Weather in Paris?"}, message, *results]
    built = lc.translate_request(
        "openai_chat",
        "anthropic",
        chat_body(model="claude-sonnet-4-5", reasoning_effort="medium", messages=history),
    )
    anthropic_accepts(built.body)
    assert _assistant(json.loads(built.body)) == blocks


def test_decode_and_assemble_keep_lm15s_reading() -> None:
    """lm15's Chat adapter reads ``reasoning_content`` only: thinking without state."""
    stream = _chat_stream(CASES["signed"])
    response = lc.assemble(lc.stream.decode("openai_chat", [stream]))
    thinking = [p for p in response.message.parts if isinstance(p, lc.ThinkingPart)]
    assert [(p.text, p.continuation) for p in thinking] == [("Need the weather tool.", ())]
    assert SIGNATURE.encode() in stream
