"""Canonical StreamEvents -> a provider's SSE bytes, event by event.

The work is done by the provider's ``StreamWriter`` (``providers/<name>/write.py``,
registered in :data:`lmcodec.providers.WRITERS`), one per stream:

- ``feed(event) -> bytes``: what the event writes, as soon as it arrives (a writer
  may hold back at most what its wire must put together: Gemini's last chunk
  carries the finish and usage, a Gemini tool call is written whole);
- ``close() -> bytes``: what ends the stream once the input is exhausted;
- optionally ``write_text(part_index, text)``, ``write_thinking(part_index, text)``
  and ``write_tool_input(part_index, fragment, id, name)``: the bytes ``feed``
  writes for that delta, without the event object, for a stream that has
  started. :func:`lmcodec.stream.translate` calls them where a writer has them.

Each writer's module says what its wire cannot carry and where the ids, model
and usage it writes come from.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any

from lmcodec.providers import WRITERS
from lmcodec.wire import StreamEvent

__all__ = ["Encoder", "aencode", "encode"]


class Encoder:
    """Writes one stream in ``provider``'s dialect: ``feed(event)`` gives SSE bytes, ``close()`` the end."""

    def __init__(self, provider: str) -> None:
        cls = WRITERS.get(provider) if isinstance(provider, str) else None
        if cls is None:
            raise ValueError(f"unknown provider {provider!r}; expected one of {sorted(WRITERS)}")
        self._provider = provider
        self._writer: Any = cls()

    @property
    def provider(self) -> str:
        return self._provider

    @property
    def writer(self) -> Any:
        """The provider's StreamWriter (what :func:`lmcodec.stream.translate` hands the mapper's calls to)."""
        return self._writer

    def feed(self, event: StreamEvent) -> bytes:
        result: bytes = self._writer.feed(event)
        return result

    def close(self) -> bytes:
        result: bytes = self._writer.close()
        return result


def encode(provider: str, events: Iterable[StreamEvent]) -> Iterator[bytes]:
    """The SSE bytes of ``events`` in ``provider``'s dialect, one chunk per event that writes any."""
    encoder = Encoder(provider)
    for event in events:
        out = encoder.feed(event)
        if out:
            yield out
    tail = encoder.close()
    if tail:
        yield tail


async def aencode(provider: str, events: AsyncIterable[StreamEvent]) -> AsyncIterator[bytes]:
    """The async twin of :func:`encode`."""
    encoder = Encoder(provider)
    async for event in events:
        out = encoder.feed(event)
        if out:
            yield out
    tail = encoder.close()
    if tail:
        yield tail
