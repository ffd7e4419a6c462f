"""An Anthropic stream in which a server tool ran (``server_tool_use``) does not assemble: lm15
reads the tool's input as a tool call with no name and no id, and blames the adapter (MAP-9; C15b,
red team 41). ``lmcodec assemble`` says so (cli/_assemble.py's hint); ``lc.assemble`` raised lm15's
message alone. The library's error now carries the same help as a PEP 678 note (the message stays
lm15's), where nothing but such a call has no name and no id (docfix24's left item)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc


def _sse(event: dict[str, Any]) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


_START = {
    "type": "message_start",
    "message": {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-x",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 3, "output_tokens": 1},
    },
}
_END = [
    {
        "type": "message_delta",
        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
        "usage": {"output_tokens": 5},
    },
    {"type": "message_stop"},
]
_SERVER_TOOL = [
    _START,
    {
        "type": "content_block_start",
        "index": 0,
        "content_block": {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}},
    },
    {
        "type": "content_block_delta",
        "index": 0,
        "delta": {"type": "input_json_delta", "partial_json": '{"query":"x"}'},
    },
    {"type": "content_block_stop", "index": 0},
    {
        "type": "content_block_start",
        "index": 1,
        "content_block": {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_1", "content": []},
    },
    {"type": "content_block_stop", "index": 1},
    {"type": "content_block_start", "index": 2, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "hi"}},
    {"type": "content_block_stop", "index": 2},
    *_END,
]
_MESSAGE = (
    "tool call at part 0 arrived without a name; the adapter that produced this stream must set "
    "ToolCallDelta.name on the call's first fragment (MAP-9: lm15 does not guess which tool the model meant)"
)


def test_the_server_tool_stream_s_error_carries_the_cli_s_help_as_a_note() -> None:
    body = b"".join(_sse(e) for e in _SERVER_TOOL)
    with pytest.raises(lc.StreamAssemblyError) as raised:
        lc.assemble(lc.stream.decode("anthropic", [body]))
    assert str(raised.value) == _MESSAGE  # lm15's, unchanged
    notes = getattr(raised.value, "__notes__", [])
    assert len(notes) == 1
    assert "server tool" in notes[0] and "server_tool_use" in notes[0] and "lmcodec assemble" in notes[0]


def test_an_unnamed_call_with_an_id_gets_no_note() -> None:
    """A call whose id came and whose name did not is an adapter's fault, as MAP-9 says."""
    events = [
        lc.StreamStartEvent(id="r1", model="m"),
        lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input="{}", id="call_1")),
        lc.StreamEndEvent(finish_reason="tool_call"),
    ]
    with pytest.raises(lc.StreamAssemblyError) as raised:
        lc.assemble(events)
    assert str(raised.value) == _MESSAGE
    assert not getattr(raised.value, "__notes__", [])
