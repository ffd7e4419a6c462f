"""A Gemini call that came whole, as the Anthropic stream writer's ``tool_use`` block start.

The writer's ``write_tool_input`` puts a call's first fragment in its block start's ``input`` when
the fragment is a whole object as lm15 prints one (``_call_input.start_input``: a stdlib
``json.loads`` and ``json.dumps`` of it). A call that arrives whole with its arguments as the value
msgspec decoded (``write_tool_call``, from ``stream.translate``'s Gemini source) has that object
already: its start is encoded once from it, the same bytes (red team 39 F04).
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.providers._decimals import DECIMAL_COUNT, DECIMALS
from lmcodec.providers.anthropic import _frames as f

__all__ = ["block_stop", "made_id", "whole_call_start"]

# The objects and arrays a block start may hold here: an upper bound of its nesting, far below the
# depth where start_input's json.loads meets Python's recursion limit (and the fragment's path
# writes an input_json_delta instead): past it the call takes that path.
SHALLOW: Final = 400
_STOP: Final = b'event: content_block_stop\ndata: {"type":"content_block_stop","index":'
# the bytes ``f.ENCODER`` writes for a ``BlockStart`` of a ``ToolUseBlock`` (its fields in order),
# cut where the index, id, name and input go: a template and three encodes where the two structs
# and their encode cost ~2k instructions a call more (test_whole_call_start_is_the_structs_encode)
_START: Final = b'event: content_block_start\ndata: {"type":"content_block_start","index":'
_TOOL_USE: Final = b',"content_block":{"type":"tool_use","id":'


def block_stop(index: int) -> bytes:
    """The ``content_block_stop`` event of block ``index``: the bytes ``sse`` writes for a
    ``BlockStop``, from a template (a struct and its encode cost twice as much: ~4k a call)."""
    return b"".join((_STOP, DECIMALS[index] if index < DECIMAL_COUNT else str(index).encode(), b"}\n\n"))


def whole_call_start(index: int, tool_id: bytes, name: bytes, args: dict[str, Any]) -> bytes | None:
    """The ``content_block_start`` event of tool block ``index`` with ``args`` as its input, its
    id and name given as their JSON strings (the bytes of ``sse``'s ``BlockStart`` of a
    ``ToolUseBlock``, from a template); None where ``args`` hold a string msgspec cannot encode
    (a lone surrogate, which the fragment's path refuses) or more than ``SHALLOW`` objects and
    arrays."""
    try:
        start = b"".join(
            (
                _START,
                DECIMALS[index] if index < DECIMAL_COUNT else str(index).encode(),
                _TOOL_USE,
                tool_id,
                b',"name":',
                name,
                b',"input":',
                f.ENCODER.encode(args),
                b"}}\n\n",
            )
        )
    except UnicodeEncodeError:
        return None
    # (each ``{`` or ``[`` is a byte of its own: a start of at most SHALLOW bytes holds no more,
    # and is not counted; counting is a pass over the bytes, ~8k instructions a call of 1 KB)
    if len(start) > SHALLOW and start.count(b"{") + start.count(b"[") > SHALLOW:
        return None
    return start


def made_id(prefix: bytes, slot: int) -> bytes:
    """The JSON string of ``_frames.tool_id(message, slot)``, ``prefix`` that of its prefix
    without the closing quote (``'"' + tool_id_prefix(message)``: ASCII)."""
    return b"".join((prefix, DECIMALS[slot] if slot < DECIMAL_COUNT else str(slot).encode(), b'"'))
