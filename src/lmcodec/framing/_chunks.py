"""The type errors of a stream's input: chunks must be bytes-like, and a whole body is one chunk.

The checks run at the call (the iterable) or only once a ``TypeError`` (or, for a released
memoryview, a ``ValueError``) has already been raised (each chunk), so a well-typed stream pays
nothing for them."""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from lmcodec.codecs._hooks import released_view

Chunk: TypeAlias = bytes | bytearray | memoryview
"""A stream chunk as the stream functions take it (a memoryview C-contiguous)."""
BYTES_LIKE: Final = (bytes, bytearray, memoryview)
_NOT_AN_ITERABLE_OF_CHUNKS: Final = (*BYTES_LIKE, str)


def check_chunks(chunks: Any, func: str) -> None:
    """Refuse a bytes or str object passed where an iterable of chunks is expected: iterating it
    would yield ints or characters, not chunks."""
    if isinstance(chunks, _NOT_AN_ITERABLE_OF_CHUNKS):
        kind = type(chunks).__name__
        raise TypeError(
            f"{func} takes an iterable of byte chunks, not a {kind} object: pass a whole body as [body]"
        )


def not_a_chunk(chunk: Any) -> TypeError | None:
    """The error for a chunk that is not bytes-like, or a released memoryview (``None`` when
    ``chunk`` can be read)."""
    if isinstance(chunk, BYTES_LIKE):
        return released_view(chunk)
    hint = " (encode text first: chunk.encode())" if isinstance(chunk, str) else ""
    kind = type(chunk).__name__
    return TypeError(f"a stream chunk must be bytes, bytearray or memoryview, not {kind}{hint}")


def chunk_bytes(chunk: Any) -> bytes:
    """A chunk that is not ``bytes`` as bytes (a copy); one that cannot be read (not bytes-like,
    a released memoryview) is a TypeError naming it (``bytes(7)`` would be seven zero bytes)."""
    wrong = not_a_chunk(chunk)
    if wrong is not None:
        raise wrong
    return bytes(chunk)


def joined(chunks: list[Any]) -> bytes:
    """The chunks as one body (a chunk that is not bytes-like is named)."""
    try:
        return b"".join(chunks)
    except (TypeError, ValueError):  # (ValueError: a released memoryview)
        wrong = next(filter(None, map(not_a_chunk, chunks)), None)
        if wrong is not None:
            raise wrong from None
        raise
