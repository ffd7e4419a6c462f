"""What a record reader does with a bad record: the ``on_error`` argument of
``lmcodec.jsonl.read`` and ``lmcodec.msgpack.read_stream``.

``"raise"`` stops at it, ``"skip"`` counts it, ``"collect"`` keeps it in the reader's
``errors`` list; a callable is handed each one as it is found (a :class:`BadRecord`,
raw bytes included) and nothing is kept, so a log with millions of bad lines is read in
the memory of one: write them to a rejects file, count them, keep the first few.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, TypeAlias

from lmcodec.errors import BadRecord

__all__ = ["OnError", "checked"]

OnError: TypeAlias = Literal["raise", "skip", "collect"] | Callable[[BadRecord], object]


def checked(on_error: OnError) -> OnError:
    """``on_error`` itself; a ValueError for anything but the three words or a callable."""
    if on_error in ("raise", "skip", "collect") or callable(on_error):
        return on_error
    raise ValueError(f"on_error must be 'raise', 'skip', 'collect' or a callable, not {on_error!r}")
