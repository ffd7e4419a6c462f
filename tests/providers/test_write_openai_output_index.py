"""The Responses stream writer numbers its items 0, 1, 2, ...: an item's ``output_index`` is its
position in ``response.completed``'s ``output`` (the API reference), whatever slots the source
left unread (red team 31 F02).

lm15's stream reading drops a Gemini chunk's ``executableCode`` / ``codeExecutionResult`` parts and
an Anthropic stream's ``server_tool_use`` / ``web_search_tool_result`` blocks, keeping the part
indexes after them; the writer kept those as gaps, so the first item came at ``output_index`` 2
while the final response held it at 0. A client that indexes ``response.output`` by
``output_index`` (an array, as JS and Rust clients do) found nothing there.
"""

from __future__ import annotations

import json
from typing import Any

import lmcodec as lc

from ..stream.test_parts_in_order import responses_protocol_breaks, sse_events
from ..stream.write_support import sdk_responses

GEMINI_REQUEST = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("what is 1?"),))
ANTHROPIC_REQUEST = lc.Request(model="claude-sonnet-4-5", messages=(lc.Message.user("search x"),))


def added_and_positions(body: bytes) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """Each ``output_item.added``'s (output_index, item type), and each item of the final response
    as (its position, its type)."""
    events = sse_events(body)
    added = [
        (data["output_index"], data["item"]["type"])
        for name, data in events
        if name == "response.output_item.added"
    ]
    final = next(data["response"] for name, data in events if name == "response.completed")
    return added, [(position, item["type"]) for position, item in enumerate(final["output"])]


def gemini_code_execution_then_text() -> list[bytes]:
    parts = [
        {"executableCode": {"language": "PYTHON", "code": "print(1)"}},
        {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1\n"}},
        {"text": "The answer is 1."},
        {"functionCall": {"name": "note", "args": {"n": 1}}},
    ]
    payload = {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}],
        "modelVersion": "gemini-2.5-flash",
        "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 6, "totalTokenCount": 11},
    }
    return [b"data: " + json.dumps(payload).encode() + b"\r\n\r\n"]


def _anthropic_event(data: dict[str, Any]) -> bytes:
    return b"event: " + data["type"].encode() + b"\ndata: " + json.dumps(data).encode() + b"\n\n"


def anthropic_web_search_then_text() -> list[bytes]:
    message = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 5, "output_tokens": 1},
    }
    search = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}
    result = {
        "type": "web_search_tool_result",
        "tool_use_id": "srvtoolu_1",
        "content": [
            {"type": "web_search_result", "url": "https://x.example", "title": "X", "encrypted_content": "e"}
        ],
    }
    events: list[dict[str, Any]] = [
        {"type": "message_start", "message": message},
        {"type": "content_block_start", "index": 0, "content_block": search},
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "input_json_delta", "partial_json": '{"query":"x"}'},
        },
        {"type": "content_block_stop", "index": 0},
        {"type": "content_block_start", "index": 1, "content_block": result},
        {"type": "content_block_stop", "index": 1},
        {"type": "content_block_start", "index": 2, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "X says so."}},
        {"type": "content_block_stop", "index": 2},
        {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 9}},
        {"type": "message_stop"},
    ]
    return [_anthropic_event(event) for event in events]


def test_gemini_code_execution_parts_leave_no_gap() -> None:
    body = b"".join(
        lc.stream.translate("gemini", "openai", gemini_code_execution_then_text(), request=GEMINI_REQUEST)
    )
    added, final = added_and_positions(body)
    assert added == final == [(0, "message"), (1, "function_call")]
    assert responses_protocol_breaks(body) == []
    view = sdk_responses(body)
    assert (view["text"], [name for _, name, _ in view["tool_calls"]]) == ("The answer is 1.", ["note"])


def test_anthropic_web_search_blocks_leave_no_gap() -> None:
    body = b"".join(
        lc.stream.translate(
            "anthropic", "openai", anthropic_web_search_then_text(), request=ANTHROPIC_REQUEST
        )
    )
    added, final = added_and_positions(body)
    assert added == final == [(0, "message")]
    assert responses_protocol_breaks(body) == []
    assert sdk_responses(body)["text"] == "X says so."


def test_canonical_events_at_sparse_slots_are_numbered_in_order() -> None:
    """``lc.stream.encode`` of events whose slots skip (0, 3 and 7 empty): every event of an item,
    its media delta events too, at the item's position in the final response."""
    events = [
        lc.StreamStartEvent(id="resp_1", model="m-1"),
        lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text="hm", part_index=1)),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="a", part_index=2)),
        lc.StreamDeltaEvent(delta=lc.ImageDelta(data="iVBO", part_index=4, media_type="image/png")),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input='{"n":1}', part_index=5, id="call_1", name="f")),
        lc.StreamDeltaEvent(delta=lc.TextDelta(text="b", part_index=8)),
        lc.StreamEndEvent(finish_reason="tool_call"),
    ]
    body = b"".join(lc.stream.encode("openai", events))
    added, final = added_and_positions(body)
    assert [index for index, _ in added] == [index for index, _ in final] == [0, 1, 2, 3, 4]
    assert [kind for _, kind in final] == ["reasoning", "message", "message", "function_call", "message"]
    indexes = {data["output_index"] for _, data in sse_events(body) if "output_index" in data}
    assert indexes == {0, 1, 2, 3, 4}
    assert responses_protocol_breaks(body) == []
