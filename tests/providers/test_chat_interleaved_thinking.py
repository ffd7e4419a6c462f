"""Claude's interleaved thinking through a Chat client (red team 46 F03): a turn ``thinking, text,
tool_use, thinking, tool_use`` written to a Chat client as one ``thinking_blocks`` list beside one
``tool_calls`` list came back to Anthropic as all the thinking first, where Anthropic refuses the
blocks rearranged. Each entry after some of the message's calls says how many
(``after_tool_calls``; absent before every call, so a turn that does not interleave is written as
before), and the Chat request reader puts the block back before the call after them."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.errors import ValidationError

from .gateway_support import anthropic_accepts, chat_body
from .test_translate_thinking_carriage import (
    REDACTED,
    SIGNATURE,
    SIGNATURE_2,
    Block,
    _assistant,
    _calls,
    _client,
    anthropic_message,
    anthropic_stream,
    redacted,
    thinking,
    tool_use,
)

INTERLEAVED = {
    "thinking, text, call, thinking, call": [
        thinking("Paris first.", SIGNATURE),
        {"type": "text", "text": "Looking it up."},
        tool_use("toolu_01", "Paris"),
        thinking("Now Rome.", SIGNATURE_2),
        tool_use("toolu_02", "Rome"),
    ],
    "two blocks after the first call": [
        thinking("Paris first.", SIGNATURE),
        tool_use("toolu_01", "Paris"),
        thinking("Now Rome.", SIGNATURE_2),
        redacted(REDACTED),
        tool_use("toolu_02", "Rome"),
    ],
    "blocks after the last call": [  # red team 49 F02: a place equal to the message's call count
        thinking("Paris first.", SIGNATURE),
        tool_use("toolu_01", "Paris"),
        thinking("Now Rome.", SIGNATURE_2),
        redacted(REDACTED),
    ],
}


def _chat_message(blocks: list[Block], stream: bool) -> dict[str, Any]:
    """The assistant message an openai SDK Chat client keeps for Claude's turn ``blocks`` written
    by the gateway (a stream accumulated, or a body), dumped as it appends it."""
    asked: dict[str, Any] = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
    if stream:
        from openai.lib.streaming.chat import ChatCompletionStreamState

        written = b"".join(lc.stream.translate("anthropic", "openai_chat", [anthropic_stream(blocks)]))
        state = ChatCompletionStreamState()
        for chunk in _client(written, "text/event-stream").chat.completions.create(**asked, stream=True):
            state.handle_chunk(chunk)
        message = state.get_final_completion().choices[0].message.model_dump(exclude_none=True)
        message.pop("parsed", None)
        return message
    written = lc.translate_response("anthropic", "openai_chat", anthropic_message(blocks))
    completion = _client(written, "application/json").chat.completions.create(**asked)
    return completion.choices[0].message.model_dump(exclude_none=True)


def _to_claude(message: dict[str, Any], blocks: list[Block]) -> list[Block]:
    results = [{"role": "tool", "tool_call_id": cid, "content": out} for cid, out in _calls(blocks).items()]
    history = [{"role": "user", "content": "Weather in Paris and Rome?"}, message, *results]
    built = lc.translate_request(
        "openai_chat",
        "anthropic",
        chat_body(model="claude-sonnet-4-5", reasoning_effort="medium", messages=history),
    )
    anthropic_accepts(built.body)
    return _assistant(json.loads(built.body))


@pytest.mark.parametrize("stream", [False, True], ids=["body", "stream"])
@pytest.mark.parametrize("name", list(INTERLEAVED))
def test_a_chat_client_gives_claude_its_interleaved_thinking_back_in_place(name: str, stream: bool) -> None:
    blocks = INTERLEAVED[name]
    assert _to_claude(_chat_message(blocks, stream), blocks) == blocks


@pytest.mark.parametrize("stream", [False, True], ids=["body", "stream"])
def test_entries_after_calls_say_how_many_and_the_rest_are_as_before(stream: bool) -> None:
    blocks = INTERLEAVED["two blocks after the first call"]
    entries = _chat_message(blocks, stream)["thinking_blocks"]
    assert [entry.get("after_tool_calls") for entry in entries] == [None, 1, 1]
    plain = [thinking("Both.", SIGNATURE), redacted(REDACTED), tool_use("toolu_01", "Paris")]
    assert [sorted(entry) for entry in _chat_message(plain, stream)["thinking_blocks"]] == [
        ["index", "signature", "thinking", "type"],
        ["data", "index", "type"],
    ]


def _assistant_row(entries: list[dict[str, Any]], calls: int) -> bytes:
    tool_calls = [
        {"id": f"c{k}", "type": "function", "function": {"name": "f", "arguments": "{}"}}
        for k in range(calls)
    ]
    rows = [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "x", "tool_calls": tool_calls, "thinking_blocks": entries},
        *[{"role": "tool", "tool_call_id": f"c{k}", "content": "r"} for k in range(calls)],
    ]
    return json.dumps({"model": "claude-sonnet-4-5", "messages": rows}).encode()


def test_decode_request_reads_each_block_in_its_place() -> None:
    entries = [
        {"type": "thinking", "thinking": "a", "signature": "s1"},
        {"type": "thinking", "thinking": "b", "signature": "s2", "after_tool_calls": 2},
    ]
    parts = lc.decode_request("openai_chat", _assistant_row(entries, 3)).messages[1].parts
    assert [(type(p).__name__, getattr(p, "text", getattr(p, "id", None))) for p in parts] == [
        ("ThinkingPart", "a"),
        ("TextPart", "x"),
        ("ToolCallPart", "c0"),
        ("ToolCallPart", "c1"),
        ("ThinkingPart", "b"),
        ("ToolCallPart", "c2"),
    ]


@pytest.mark.parametrize("stream", [False, True], ids=["body", "stream"])
@pytest.mark.parametrize("destination", ["anthropic", "openai", "gemini", "openai_chat"])
def test_a_block_after_the_last_call_is_read_toward_every_dialect(destination: str, stream: bool) -> None:
    blocks = INTERLEAVED["blocks after the last call"]
    message = _chat_message(blocks, stream)
    assert [entry.get("after_tool_calls") for entry in message["thinking_blocks"]] == [None, 1, 1]
    result = {"role": "tool", "tool_call_id": "toolu_01", "content": "r"}
    history = [{"role": "user", "content": "Weather?"}, message, result]
    body = chat_body(model="claude-sonnet-4-5", reasoning_effort="medium", messages=history)
    sent = lc.translate_request("openai_chat", destination, body).body
    built = json.loads(sent)
    if destination == "anthropic":  # Claude's turn as it gave it
        anthropic_accepts(sent)
        assert _assistant(built) == blocks
    elif destination == "openai_chat":  # Chat -> Chat: LiteLLM's shape, the signed state kept
        row = built["messages"][1]
        assert row["tool_calls"][0]["id"] == "toolu_01"
        assert [entry.get("signature", entry.get("data")) for entry in row["thinking_blocks"]] == [
            SIGNATURE,
            SIGNATURE_2,
            REDACTED,
        ]
    elif destination == "openai":
        calls = [item for item in built["input"] if item.get("type") == "function_call"]
        assert [call["call_id"] for call in calls] == ["toolu_01"]
    else:
        assert built["contents"][1]["parts"][-1]["functionCall"]["name"] == "get_weather"


def test_decode_request_reads_a_block_placed_after_every_call_last() -> None:
    entries = [
        {"type": "thinking", "thinking": "a", "signature": "s1"},
        {"type": "thinking", "thinking": "b", "signature": "s2", "after_tool_calls": 2},
    ]
    parts = lc.decode_request("openai_chat", _assistant_row(entries, 2)).messages[1].parts
    assert [(type(p).__name__, getattr(p, "text", getattr(p, "id", None))) for p in parts] == [
        ("ThinkingPart", "a"),
        ("TextPart", "x"),
        ("ToolCallPart", "c0"),
        ("ToolCallPart", "c1"),
        ("ThinkingPart", "b"),
    ]


@pytest.mark.parametrize("place", [3, -1, True, "1", 1.0])
def test_a_place_past_the_calls_or_not_a_count_is_refused(place: Any) -> None:
    entries = [{"type": "thinking", "thinking": "b", "signature": "s", "after_tool_calls": place}]
    with pytest.raises(ValidationError):
        lc.decode_request("openai_chat", _assistant_row(entries, 2))


def test_blocks_placed_backwards_are_refused() -> None:
    entries = [
        {"type": "thinking", "thinking": "a", "signature": "s1", "after_tool_calls": 1},
        {"type": "thinking", "thinking": "b", "signature": "s2"},
    ]
    with pytest.raises(ValidationError, match="after_tool_calls"):
        lc.decode_request("openai_chat", _assistant_row(entries, 2))


def _block_kinds(sse: bytes) -> list[str]:
    frames = [json.loads(line[6:]) for line in sse.split(b"\n") if line.startswith(b"data: ")]
    return [f["content_block"]["type"] for f in frames if f.get("type") == "content_block_start"]


@pytest.mark.parametrize("name", list(INTERLEAVED))
def test_a_chat_backend_fronting_claude_hands_the_blocks_on_in_place(name: str) -> None:
    blocks = INTERLEAVED[name]
    kinds = [block["type"] for block in blocks]
    chat_stream = b"".join(lc.stream.translate("anthropic", "openai_chat", [anthropic_stream(blocks)]))
    assert _block_kinds(b"".join(lc.stream.translate("openai_chat", "anthropic", [chat_stream]))) == kinds
    chat = lc.translate_response("anthropic", "openai_chat", anthropic_message(blocks))
    answer = lc.encode_response(
        "anthropic", lc.decode_response("openai_chat", chat), usage_from="openai_chat"
    )
    assert json.loads(answer)["content"] == blocks
