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

__all__ = ["CallStarts", "block_stop"]

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


class CallStarts:
    """The tool_use block starts of one message's calls that came whole: each name encoded once
    (a turn's calls mostly share a few), a made-up id (``_frames.tool_id``) spelled from the
    message's prefix and the slot, where encoding each cost ~1k instructions a call."""

    __slots__ = ("_names", "_prefix")

    def __init__(self) -> None:
        self._names: dict[str, bytes] = {}  # a name -> its JSON string
        self._prefix = b""  # '"' and the message's tool id prefix

    def start(
        self, index: int, message: str, slot: int, id: str | None, name: str, args: dict[str, Any]
    ) -> bytes | None:
        """The ``content_block_start`` event of tool block ``index`` with ``args`` as its input,
        its id ``id`` or else ``tool_id(message, slot)`` (the bytes of ``sse``'s ``BlockStart`` of
        a ``ToolUseBlock``, from a template); None where the id, name or ``args`` hold a string
        msgspec cannot encode (a lone surrogate, which the fragment's path refuses) or ``args``
        more than ``SHALLOW`` objects and arrays."""
        encode = f.ENCODER.encode
        try:
            name_json = self._names.get(name)
            if name_json is None:
                name_json = self._names[name] = encode(name)
            if id:
                tool_id = encode(id)
            else:
                prefix = self._prefix or self._prefixed(message)
                tool_id = prefix + (DECIMALS[slot] if slot < DECIMAL_COUNT else str(slot).encode()) + b'"'
            start = b"".join(
                (
                    _START,
                    DECIMALS[index] if index < DECIMAL_COUNT else str(index).encode(),
                    _TOOL_USE,
                    tool_id,
                    b',"name":',
                    name_json,
                    b',"input":',
                    encode(args),
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

    def _prefixed(self, message: str) -> bytes:
        self._prefix = b'"' + f.tool_id_prefix(message).encode()
        return self._prefix
