"""The decimal text of the small ints a stream writer's frames repeat (``sequence_number``,
``output_index``, a block's ``index``), made once.

``str(n).encode()`` costs ~1.1k instructions a call; ``DECIMALS[n]`` ~0.2k, paid by every delta
frame of the Responses writer and by each block of the Anthropic one. The tuple is built at import
in C (the repr of a list of the ints, split), ~150 KB.
"""

from __future__ import annotations

from typing import Final

__all__ = ["DECIMALS", "DECIMAL_COUNT"]

DECIMAL_COUNT: Final = 4096
DECIMALS: Final = tuple(str(list(range(DECIMAL_COUNT)))[1:-1].encode().split(b", "))
"""``str(n).encode()`` of each n below :data:`DECIMAL_COUNT`; a writer spells
``DECIMALS[n] if n < DECIMAL_COUNT else str(n).encode()`` inline (a function call would cost what
the table saves)."""
