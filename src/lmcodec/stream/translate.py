"""One dialect's SSE bytes in, another's out, incrementally."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator

from lmcodec.wire import Request

__all__ = ["atranslate", "translate"]


def translate(
    src: str, dst: str, chunks: Iterable[bytes], *, request: Request | None = None
) -> Iterator[bytes]:
    """``src``'s SSE stream as ``dst``'s, each output event written as soon as its input arrives."""
    raise NotImplementedError("translate is not implemented yet")


async def atranslate(
    src: str, dst: str, chunks: AsyncIterable[bytes], *, request: Request | None = None
) -> AsyncIterator[bytes]:
    """The async twin of :func:`translate`."""
    raise NotImplementedError("atranslate is not implemented yet")
    yield b""  # pragma: no cover
