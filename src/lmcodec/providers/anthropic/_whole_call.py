"""A Gemini call that came whole, as the Anthropic stream writer's ``tool_use`` block start.

The writer's ``write_tool_input`` puts a call's first fragment in its block start's ``input`` when
the fragment is a whole object as lm15 prints one (``_call_input.start_input``: a stdlib
``json.loads`` and ``json.dumps`` of it). A call that arrives whole with its arguments as the value
msgspec decoded (``write_tool_call``, from ``stream.translate``'s Gemini source) has that object
already: its start is encoded once from it, the same bytes (red team 39 F04).
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.providers.anthropic import _frames as f

__all__ = ["block_stop", "whole_call_start"]

# The objects and arrays a block start may hold here: an upper bound of its nesting, far below the
# depth where start_input's json.loads meets Python's recursion limit (and the fragment's path
# writes an input_json_delta instead): past it the call takes that path.
SHALLOW: Final = 400
_STOP: Final = b'event: content_block_stop\ndata: {"type":"content_block_stop","index":'


def block_stop(index: int) -> bytes:
    """The ``content_block_stop`` event of block ``index``: the bytes ``sse`` writes for a
    ``BlockStop``, from a template (a struct and its encode cost twice as much: ~4k a call)."""
    return _STOP + str(index).encode() + b"}\n\n"


def whole_call_start(index: int, tool_id: str, name: str, args: dict[str, Any]) -> bytes | None:
    """The ``content_block_start`` event of tool block ``index`` with ``args`` as its input; None
    where ``args`` hold a string msgspec cannot encode (a lone surrogate, which the fragment's path
    refuses) or more than ``SHALLOW`` objects and arrays."""
    block = f.ToolUseBlock(id=tool_id, name=name, input=args)
    try:
        start = f.ENCODER.encode(f.BlockStart(index=index, content_block=block))
    except UnicodeEncodeError:
        return None
    # (each ``{`` or ``[`` is a byte of its own: a start of at most SHALLOW bytes holds no more,
    # and is not counted; counting is a pass over the bytes, ~8k instructions a call of 1 KB)
    if len(start) > SHALLOW and start.count(b"{") + start.count(b"[") > SHALLOW:
        return None
    return b"event: content_block_start\ndata: " + start + b"\n\n"
