"""One dialect's SSE bytes in, another's out, incrementally.

Each input chunk goes through the source dialect's :class:`~lmcodec.stream.Decoder`
and every event it completes straight into the destination's
:class:`~lmcodec.stream.Encoder`; the bytes written for a chunk are yielded
before the next chunk is read. Nothing is kept but the two codecs' state (the
open frame, the per-item text a Responses stream repeats in its ``.done``
events), so memory does not grow with the number of events.

Chat Completions and Gemini streams have no start frame: lm15's synthesized
start names the request's model and no id. The translator reads both from the
stream's first ``data`` line instead (Chat's ``id`` and ``model``, Gemini's
``responseId`` and ``modelVersion``), so the client sees the id and the served
model the backend sent, not the alias it asked for; the events decoding the
translated stream gives are otherwise lm15's.

The canonical events decide what crosses: what the source's lm15 adapter reads
and the destination wire can carry (see each provider's ``write`` module for
its limits). A source error event becomes the destination's error event; so
does input the source decoder refuses (:class:`lmcodec.StreamDecodeError`): the
events decoded before it are written, then an error event with code
``provider`` and the decoder's message, and the translation ends there.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Final

import msgspec

from lmcodec.errors import StreamDecodeError
from lmcodec.stream.decoder import Decoder
from lmcodec.stream.encoder import Encoder
from lmcodec.wire import ErrorDetail, Request, StreamErrorEvent, StreamEvent, StreamStartEvent

__all__ = ["atranslate", "translate"]

_HEADLESS: Final = frozenset({"openai_chat", "gemini"})  # wires without a start frame
_PEEK_LIMIT: Final = 1 << 20  # give up looking for the first data line after this many bytes


class _Head(msgspec.Struct):
    """What a start-less stream's first frame says about the response (everything else skipped)."""

    id: str | None = None
    model: str | None = None
    responseId: str | None = None
    modelVersion: str | None = None


_head_decoder: Final = msgspec.json.Decoder(_Head)


class _HeadPeek:
    """Reads the id and model of a start-less stream from its first ``data`` line."""

    __slots__ = ("done", "id", "model", "seen")

    def __init__(self) -> None:
        self.seen = bytearray()
        self.done = False
        self.id: str | None = None
        self.model: str | None = None

    def feed(self, chunk: bytes) -> None:
        seen = self.seen
        seen += chunk
        at = seen.find(b"data:")
        end = seen.find(b"\n", at) if at >= 0 else -1
        if end < 0:
            if len(seen) > _PEEK_LIMIT:
                self._stop()
            return
        try:
            head = _head_decoder.decode(bytes(seen[at + 5 : end]).strip())
        except (msgspec.DecodeError, msgspec.ValidationError):
            head = _Head()
        self.id = head.id or head.responseId
        self.model = head.model or head.modelVersion
        self._stop()

    def _stop(self) -> None:
        self.done = True
        self.seen = bytearray()

    def start(self, event: StreamStartEvent) -> StreamStartEvent:
        """The synthesized start with the stream's own id and model, where it named them."""
        if event.id is not None or (self.id is None and self.model is None):
            return event
        result: StreamStartEvent = msgspec.structs.replace(
            event, id=self.id or None, model=self.model or event.model
        )
        return result


class _Translator:
    """A Decoder of ``src`` feeding an Encoder of ``dst``."""

    __slots__ = ("_decoder", "_encoder", "_head", "failed")

    def __init__(self, src: str, dst: str, request: Request | None) -> None:
        self._decoder = Decoder(src, request=request)
        self._encoder = Encoder(dst)
        self._head: _HeadPeek | None = _HeadPeek() if src in _HEADLESS else None
        self.failed = False  # the source was refused: the stream has ended with an error event

    def _write(self, events: list[StreamEvent]) -> bytes:
        feed = self._encoder.feed
        head = self._head
        if head is not None and events and type(events[0]) is StreamStartEvent:
            self._head = None
            events = [head.start(events[0]), *events[1:]]
        if len(events) == 1:
            return feed(events[0])
        return b"".join([feed(event) for event in events])

    def feed(self, chunk: bytes) -> bytes:
        """The destination bytes for one source chunk (a decode failure becomes an error event)."""
        head = self._head
        if head is not None and not head.done:
            head.feed(chunk)
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
