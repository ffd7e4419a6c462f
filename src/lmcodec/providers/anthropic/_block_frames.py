"""The Anthropic stream writer's content-block events as SSE bytes, and the templates of its hot path.

:class:`~lmcodec.providers.anthropic.write.StreamWriter` writes a block's events with
:func:`sse` and :func:`block_delta` (a ``content_block_delta`` event, its frame copied once). The
open text or tool block's own deltas, most of a stream, are written from a template instead: the
block's ``text_delta`` / ``input_json_delta`` event up to its string (:func:`delta_head`), the
string, then :data:`TAIL`. The block kinds (:data:`TEXT`, :data:`THINKING`, :data:`TOOL`) key the
writer's blocks by slot and kind.
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.providers.anthropic import _frames as f

__all__ = ["TAIL", "TEXT", "THINKING", "TOOL", "block_delta", "delta_head", "sse"]

TEXT: Final = 0
THINKING: Final = 1
TOOL: Final = 2

_encode = f.ENCODER.encode


def sse(name: bytes, frame: Any) -> bytes:
    return b"event: " + name + b"\ndata: " + _encode(frame) + b"\n\n"


def block_delta(index: int, delta: Any, head: bytes = b"") -> bytes:
    """``head``, then the ``content_block_delta`` event: one copy of the encoded frame (a text of a
    megabyte is copied once, not once per ``+``: red team 39 F06)."""
    frame = _encode(f.BlockDelta(index=index, delta=delta))
    return b"".join((head, b"event: content_block_delta\ndata: ", frame, b"\n\n"))


TAIL: Final = b"}}\n\n"


def delta_head(index: int, kind: int) -> bytes:
    """The text_delta / input_json_delta frame of block ``index`` up to its string: that frame
    encoded with an empty string, cut before ``""}}``; empty for a thinking block."""
    if kind == THINKING:
        return b""
    frame = block_delta(index, f.TextDelta(text="") if kind == TEXT else f.InputJsonDelta(partial_json=""))
    assert frame.endswith(b'""' + TAIL)
    return frame[: -len(TAIL) - 2]
