"""One dialect's SSE bytes in, another's out, incrementally.

Each input chunk goes through the source dialect's :class:`~lmcodec.stream.Decoder`
and every event it completes straight into the destination's
:class:`~lmcodec.stream.Encoder`; the bytes written for a chunk are yielded
before the next chunk is read. Nothing is kept but the two codecs' state (the
open frame, the per-item text a Responses stream repeats in its ``.done``
events), so memory does not grow with the number of events.

The canonical events decide what crosses: what the source's lm15 adapter reads
and the destination wire can carry (see each provider's ``write`` module for
its limits). A source error event becomes the destination's error event; so
does input the source decoder refuses (:class:`lmcodec.StreamDecodeError`): the
events decoded before it are written, then an error event with code
``provider`` and the decoder's message, and the translation ends there.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator

from lmcodec.errors import StreamDecodeError
from lmcodec.stream.decoder import Decoder
from lmcodec.stream.encoder import Encoder
from lmcodec.wire import ErrorDetail, Request, StreamErrorEvent, StreamEvent

__all__ = ["atranslate", "translate"]


class _Translator:
    """A Decoder of ``src`` feeding an Encoder of ``dst``."""

    __slots__ = ("_decoder", "_encoder", "failed")

    def __init__(self, src: str, dst: str, request: Request | None) -> None:
        self._decoder = Decoder(src, request=request)
        self._encoder = Encoder(dst)
        self.failed = False  # the source was refused: the stream has ended with an error event

    def _write(self, events: list[StreamEvent]) -> bytes:
        feed = self._encoder.feed
        if len(events) == 1:
            return feed(events[0])
        return b"".join([feed(event) for event in events])

    def feed(self, chunk: bytes) -> bytes:
        """The destination bytes for one source chunk (a decode failure becomes an error event)."""
        try:
            events = self._decoder.feed(chunk)
        except StreamDecodeError as exc:
            return self._failed(exc)
        return self._write(events) if events else b""

    def close(self) -> bytes:
        try:
            events = self._decoder.close()
        except StreamDecodeError as exc:
            return self._failed(exc)
        return self._write(events) + self._encoder.close()

    def _failed(self, exc: StreamDecodeError) -> bytes:
        self.failed = True
        before = self._write(list(exc.events)) if exc.events else b""
        error = StreamErrorEvent(error=ErrorDetail(code="provider", message=str(exc)))
        return before + self._encoder.feed(error)


def translate(
    src: str, dst: str, chunks: Iterable[bytes], *, request: Request | None = None
) -> Iterator[bytes]:
    """``src``'s SSE stream as ``dst``'s, each output event written as soon as its input arrives.

    Yields one bytes object per input chunk that wrote anything (and one for
    the end of input). ``request`` is the request the stream answers: its model
    names a stream whose wire names none (Chat Completions, Gemini)."""
    translator = _Translator(src, dst, request)
    for chunk in chunks:
        out = translator.feed(chunk)
        if out:
            yield out
        if translator.failed:
            return
    tail = translator.close()
    if tail:
        yield tail


async def atranslate(
    src: str, dst: str, chunks: AsyncIterable[bytes], *, request: Request | None = None
) -> AsyncIterator[bytes]:
    """The async twin of :func:`translate`."""
    translator = _Translator(src, dst, request)
    async for chunk in chunks:
        out = translator.feed(chunk)
        if out:
            yield out
        if translator.failed:
            return
    tail = translator.close()
    if tail:
        yield tail
