"""Output buffers reused across encode calls.

``Encoder.encode`` grows a fresh buffer from a few bytes on every call,
regrowing and copying it many times for a record of a few KiB. A call here
takes a buffer with ``list.pop`` and gives it back with ``append`` (both
atomic), so concurrent calls never share one; a buffer that grew past
:data:`KEEP`, or whose encode raised, is dropped rather than kept.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["KEEP", "POOL", "encode_reusing"]

POOL: list[bytearray] = []
KEEP = 1 << 20


def encode_reusing(encode_into: Callable[[Any, bytearray], None], obj: Any) -> bytes:
    """``encode_into(obj, buffer)`` into a pooled buffer; the bytes written. Errors propagate."""
    try:
        buffer = POOL.pop()
    except IndexError:  # first call, or every spare buffer is in use by another thread
        buffer = bytearray()
    encode_into(obj, buffer)
    out = bytes(buffer)
    if len(out) <= KEEP:
        POOL.append(buffer)
    return out
