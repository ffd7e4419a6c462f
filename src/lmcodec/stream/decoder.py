"""Provider SSE streams -> canonical StreamEvents, as lm15 1.5.0 produces them.

The path of a stream byte: the provider's framer (named by the provider
registry, :data:`lmcodec.providers.FRAMERS`: the SSE framer of
:mod:`lmcodec.stream.sse`, or Gemini's, which also reads a JSON-array body)
cuts frames; the provider's mapper (:data:`lmcodec.providers.MAPPERS`) maps
each frame onto a :class:`~lmcodec.stream.sink.Sink`. ``decode`` / ``adecode``
/ :class:`Decoder` use the event-building sink
(:class:`~lmcodec.stream.events.EventSink`), which does lm15's coalescing
(``coalesce_stream``, MAP-3/MAP-4), so the emitted sequence is the one the lm15
contract harness produces for the same body (``vet._parse_stream_body``):

- exactly one start first: a provider start passes through, later starts are
  dropped; wires without a start frame (Chat Completions, Gemini) get
  ``StreamStartEvent(model=...)`` (no id) before the first delta or before
  the end, with the request's model — or, with no request, the model the
  stream names (Chat ``model``, Gemini ``modelVersion`` of its first frame);
  an error event never forces a start;
- delta and error events pass through in place;
- every adapter end is absorbed and one merged end is emitted when the input
  is exhausted (:meth:`Decoder.close`; rule: :class:`~lmcodec.stream.coalesce.EndMerge`);
- no end seen, no end emitted: a stream cut short yields its events and no
  end, and assembling it raises ``StreamAssemblyError`` with the partial
  response, as in lm15. No error event is fabricated.

``lc.assemble(lc.stream.decode(...))`` hands the :class:`lmcodec.Assembler`
itself to the mapper as the sink: no event object is built.

Where lm15 crashes on a frame (non-JSON data, ``[DONE]`` on the Anthropic
and Gemini wires, a JSON non-object where lm15 calls ``.get``, a value a
canonical constructor refuses), and where the framer refuses one (a line, an
event or a Gemini array element over ``max_line_bytes`` / ``max_event_bytes``,
a malformed array: the events of every frame that ended before it are
decoded first, whatever the chunking), :class:`StreamDecodeError` (an
:class:`lmcodec.DecodeError`) is raised instead, after everything decoded
before that frame: ``decode`` and ``adecode`` yield those events first;
``Decoder.feed`` attaches the events of that call to the error as ``.events``
(the earlier calls returned theirs); ``lc.assemble`` attaches the response
assembled so far as ``.partial`` (``None`` when nothing was). The decoder is
then unusable. The one exception is the last, unterminated SSE event flushed
at end of input: if its data is a truncated JSON text (or a prefix of
``[DONE]``) it is dropped and counted in ``stats.truncated`` — the stream was
cut mid-frame, which assembly then reports as a missing end — where lm15
raises ``JSONDecodeError``. If the end had already come (a Chat stream cut
inside the usage chunk after its finish chunk), :meth:`Decoder.close` emits
the merged end and then raises :class:`StreamDecodeError` (its ``.events``
hold that end; ``lc.assemble`` raises it with the complete ``.partial``): the
cut frame's content is lost, and silence would pass ``usage=None`` off as the
answer.

One Decoder decodes one stream at a time and is not thread-safe: share codecs
freely, but give each stream (each thread) its own Decoder. Feeding one
Decoder from two threads at once is detected (cheaply, not always) and raises
:class:`lmcodec.DecodeError`.
"""

from __future__ import annotations

import copy
from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, Final

from lmcodec.errors import StreamDecodeError, ValidationError
from lmcodec.framing._chunks import Chunk, check_chunks, not_a_chunk
from lmcodec.framing.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
from lmcodec.providers import MAPPERS, decode_response
from lmcodec.stream._lone import lone_frames, lone_response
from lmcodec.stream._whole import BLOCK_BYTES, event_slices, whole_frames
from lmcodec.stream.engine import Engine, OnUnknown, checked_arguments, decode_into, map_whole
from lmcodec.stream.engine import sink_stream as sink_stream  # (where stream.translate imports it)
from lmcodec.stream.events import EventSink
from lmcodec.stream.stats import DecodeStats
from lmcodec.wire import Request, Response, StreamEvent
from lmcodec.wire.dialects import Provider

__all__ = ["DecodeStats", "Decoder", "StreamDecodeError", "adecode", "decode", "decode_response"]

_AFTER_CLOSE = "lc.stream.Decoder fed after close(): one Decoder decodes one stream"
_ASK: Final = -1
"""Decoder._cap after a chunk was framed: the framer is to say how many bytes may be held."""
_FRAMING: Final = -2
"""Decoder._cap while a chunk is framed, after a failure and after close: nothing is held (a feed
from a second thread meanwhile reaches the engine, which refuses it)."""


class Decoder:
    """Incremental decoder of one provider's SSE stream into canonical events.

    >>> d = Decoder("openai_chat", request=req)            # doctest: +SKIP
    >>> d.feed(b'data: {"choices":[{"delta":{"content":"Hi"}}]}\\n\\n')  # doctest: +SKIP
    [StreamStartEvent(model='m'), StreamDeltaEvent(delta=TextDelta(...))]
    >>> d.close()                                           # doctest: +SKIP
    []

    ``provider`` is ``"openai"`` (Responses API), ``"openai_chat"`` (Chat
    Completions, vLLM, SGLang, ...), ``"anthropic"`` or ``"gemini"``
    (``streamGenerateContent``, with or without ``alt=sse``). One Decoder decodes
    one stream: a feed after :meth:`close` is refused, as the Encoder refuses it
    (a second stream's events from one object would read as one stream's); after a
    :class:`StreamDecodeError` it is unusable. Provider frames of an event type
    the adapter does not know are skipped and counted (``stats.unknown``);
    ``unknown="keep"`` yields each as an :class:`lmcodec.UnknownEvent` holding
    the frame's JSON, in place. One Decoder per stream: it is not thread-safe.

    ``copy.copy`` gives an independent Decoder (a checkpoint of a stream half read), as
    ``copy.deepcopy`` and pickle do: the held bytes and the engine's state are copied, not shared
    (a shallow copy fed the rest of a stream took it from the original: red team 48 F03).
    """

    __slots__ = ("_cap", "_closed", "_events", "_held", "_sink", "_stats", "_stream")

    def __copy__(self) -> Decoder:
        return copy.deepcopy(self)

    def __init__(
        self,
        provider: Provider,
        *,
        request: Request | None = None,
        max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
        max_event_bytes: int | None = DEFAULT_MAX_EVENT_BYTES,
        unknown: OnUnknown = "skip",
    ) -> None:
        mapper_cls = checked_arguments(provider, request, unknown)
        self._sink = EventSink()
        self._stats: DecodeStats | None = None  # made when first read: most streams never read it
        self._events = 0  # events emitted
        self._closed = False
        self._held = bytearray()  # bytes fed without a line end, not yet framed
        self._cap = _ASK  # the most such bytes held at once; < 0: none (see feed)
        self._stream = Engine(
            provider, mapper_cls, self._sink, request, max_line_bytes, max_event_bytes, unknown == "keep"
        )

    @property
    def provider(self) -> Provider:
        """The dialect this Decoder reads (as given: one of :data:`lmcodec.Provider`)."""
        return self._stream.provider

    @property
    def stats(self) -> DecodeStats:
        """The counters so far (a live object: every feed and close updates it)."""
        stats = self._stats
        if stats is None:
            self._stats = stats = DecodeStats()
            self._count()
        mapper = self._stream.mapper
        stats.generic = mapper.generic
        stats.unknown = mapper.unknown
        return stats

    def _count(self) -> None:
        """Bring :attr:`stats`, once read, up to date after a feed or close."""
        stats, stream = self._stats, self._stream
        if stats is None:
            return
        stats.events = self._events
        stats.frames = stream.frames
        stats.skipped = stream.skipped
        stats.truncated = stream.truncated

    def feed(self, data: bytes | bytearray | memoryview) -> list[StreamEvent]:
        """Take the next chunk of the body; return the canonical events it completed.

        A chunk without a line end completes no frame: it is held (as many bytes as the framer
        would take without a refusal, :meth:`~lmcodec.stream.sse.SSEDecoder.lineless_room`) and
        framed joined to the next chunk that has one, so the small reads of a socket cost an
        append each, not a pass through the framer."""
        held = self._held
        # (the line ends looked for first: a chunk that has one, the common read, costs one memchr)
        lineless = type(data) is bytes and 10 not in data and 13 not in data
        if lineless and len(held) + len(data) <= self._cap:
            held += data
            return []
        if self._closed:
            raise ValidationError(_AFTER_CLOSE)
        cap = self._cap
        self._cap = _FRAMING
        if held:
            if type(data) is not bytes and (wrong := not_a_chunk(data)) is not None:
                self._cap = cap
                raise wrong  # (the held bytes stay held: the decoder is still usable)
            data = b"".join((held, data))
            held.clear()
        elif lineless and cap == _ASK:
            cap = self._stream.framer.lineless_room()  # the first such chunk since one was framed
            if len(data) <= cap:
                held += data
                self._cap = cap
                return []
        out: list[StreamEvent] = []
        self._sink.out = out
        stream = self._stream
        try:
            stream.feed(data)
        except StreamDecodeError as exc:
            exc.events = out
            raise
        finally:
            self._events += len(out)
            if self._stats is not None:  # (read: kept up to date)
                self._count()
        self._cap = _ASK
        return out

    def close(self) -> list[StreamEvent]:
        """End of input: flush the last frame and emit the merged end event (if an end was seen)."""
        self._closed = True
        self._cap = _FRAMING
        out: list[StreamEvent] = []
        self._sink.out = out
        held = self._held
        try:
            if held:  # (bytes without a line end: they complete no frame before the end)
                data = bytes(held)
                held.clear()
                self._stream.feed(data)
            self._stream.close()
        except StreamDecodeError as exc:
            exc.events = out
            raise
        finally:
            self._events += len(out)
            self._count()
        return out


_USED_UP: Iterator[StreamEvent] = iter(())
"""The events of a Decoding used up (an exhausted iterator: nothing to close)."""


class Decoding:
    """What :func:`decode` returns: an iterator of the events, decoded lazily as they are pulled (a
    body held whole in a list or tuple: all at the first pull, see :func:`decode`).
    :func:`lmcodec.assemble` calls :meth:`assemble_into` instead, which decodes straight into
    its assembler (the assembler is the sink: no event object is built).

    ``copy.copy`` is ``copy.deepcopy``: independent before the first pull (over chunks in a list),
    refused with a TypeError once iteration began or over a generator of chunks, as a generator
    refuses it (a shallow copy shared the generator: what one pulled, the other lost)."""

    __slots__ = ("_args", "_events", "_mapper_cls", "_read", "reads_lone_answers")

    def __copy__(self) -> Decoding:
        return copy.deepcopy(self)

    # (made by decode() alone, its slots set there: a Python __init__ called from the class call
    # costs ~2.7k instructions under callgrind, 5% of a one-chunk answer assembled; the class call
    # with no __init__ of its own, ~0.3k less than object.__new__'s slot wrapper)
    _args: tuple[Provider, Iterable[Chunk], Request | None, OnUnknown]
    _mapper_cls: Any  # (the arguments are checked)
    _events: Iterator[StreamEvent] | None  # the generator, once iteration began
    _read: tuple[list[bytes], Any] | None  # a short body's frames and their reading (lone_response)
    reads_lone_answers: bool
    """The mapper's: lone_response may assemble a body of one frame (tested by lc.assemble before the
    call, which costs the other dialects' streams ~1k instructions)."""

    def __iter__(self) -> Iterator[StreamEvent]:
        if self._events is None:
            self._events = _events(*self._args)
        return self._events

    def __next__(self) -> StreamEvent:
        return next(iter(self))

    def close(self) -> None:
        if self._events is None:
            self._events = _USED_UP
        else:
            close = getattr(self._events, "close", None)
            if close is not None:
                close()

    def lone_response(self, request: Request | None) -> Response | None:
        """The Response of a short body that its mapper reads as one answer and its end
        (:mod:`lmcodec.stream._lone`), assembled without an Assembler for
        ``lc.assemble(self, request=request)``, the Decoding then used up; else None, the frames'
        reading (if any) kept for :meth:`assemble_into`."""
        mapper_cls = self._mapper_cls
        if self._events is not None or not self.reads_lone_answers:
            return None
        _, chunks, stream_request, _ = self._args
        frames = lone_frames(chunks)
        if frames is None:
            return None
        if len(frames) == 1:
            # the mapper's hook: a Response built in the pass that reads the frame, or its reading
            read = mapper_cls.lone_chunk(frames[0], stream_request, request)
            if type(read) is Response:
                self._events = _USED_UP
                return read
        else:
            read = mapper_cls.read_body(frames)
        response = lone_response(mapper_cls, frames, read, stream_request, request)
        if response is None:
            self._read = (frames, read)
        else:
            self._events = _USED_UP
        return response

    def whole_json_body(self) -> str | None:
        """The provider, when the chunks (held in a list or tuple) begin with a JSON object: a
        whole body, no SSE frame (what ``lc.assemble``'s error then names); else None."""
        provider, chunks, _, _ = self._args
        if type(chunks) not in (list, tuple) or not chunks:
            return None
        first = chunks[0]  # type: ignore[index]
        head = first.lstrip()[:1] if isinstance(first, (bytes, str)) else None
        return provider if head in (b"{", "{") else None

    def assemble_into(self, assembler: Any) -> None:
        """Decode every chunk onto ``assembler`` (an :class:`lmcodec.Assembler`, a Sink), or,
        if iteration already began, push the rest of the events into it and close the generator
        (closing it cannot fail). Either way the Decoding is used up."""
        events = self._events
        self._events = _USED_UP
        if events is not None:
            try:
                assembler.extend(events)
            finally:
                close = getattr(events, "close", None)
                if close is not None:
                    close()
            return
        provider, chunks, request, unknown = self._args
        if self._read is not None:  # the body's frames, read by lone_response
            frames, read = self._read
            map_whole(provider, self._mapper_cls, assembler, request, frames, unknown == "keep", read)
            return
        decode_into(
            assembler,
            provider,
            self._mapper_cls,
            chunks,
            request,
            DEFAULT_MAX_LINE_BYTES,
            DEFAULT_MAX_EVENT_BYTES,
            unknown == "keep",
        )


def decode(
    provider: Provider,
    chunks: Iterable[Chunk],
    *,
    request: Request | None = None,
    unknown: OnUnknown = "skip",
) -> Iterator[StreamEvent]:
    """Decode a provider's SSE body, given as chunks of bytes, into canonical stream events.

    ``unknown="keep"`` yields frames of unknown event types as UnknownEvents (see :class:`Decoder`).
    The events are decoded as they are pulled, chunk by chunk (a chunk over 64 KiB a block of whole
    events at a time); a body held whole in a list or tuple (of at most 64 KiB, in one chunk or
    several) is decoded at the first pull, without a framer.
    :func:`lmcodec.assemble` has them decoded straight into its assembler. The arguments are
    checked at the call.
    """
    # (the common arguments told by their types and one lookup; anything else checked in full)
    mapper_cls = MAPPERS.get(provider) if type(provider) is str else None
    if (
        mapper_cls is None
        or (unknown != "skip" and unknown != "keep")
        or (request is not None and type(request) is not Request)
    ):
        mapper_cls = checked_arguments(provider, request, unknown)
    if type(chunks) is not list:  # (a list of chunks needs no check)
        check_chunks(chunks, "lc.stream.decode")
    decoding = Decoding()
    decoding._args = (provider, chunks, request, unknown)
    decoding._mapper_cls = mapper_cls
    decoding._events = None
    decoding._read = None
    decoding.reads_lone_answers = mapper_cls.reads_lone_answers
    return decoding


def _events(
    provider: Provider, chunks: Iterable[Chunk], request: Request | None, unknown: OnUnknown
) -> Iterator[StreamEvent]:
    """The generator behind :func:`decode`."""
    if type(chunks) is list or type(chunks) is tuple:  # the whole body is in memory
        frames = whole_frames(chunks, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_EVENT_BYTES)
        if frames is not None:
            yield from _whole_events(provider, frames, request, unknown)
            return
    decoder = Decoder(provider, request=request, unknown=unknown)
    feed = decoder.feed
    try:
        for chunk in chunks:
            if (type(chunk) is bytes or type(chunk) is bytearray) and len(chunk) > BLOCK_BYTES:
                # fed in the slices the engine frames it by, each slice's events yielded before the
                # next is decoded: a long body held whole costs a block's events, not all of them
                for part in event_slices(chunk, decoder._stream.framer.smallest_limit):
                    yield from feed(part if len(part) <= BLOCK_BYTES else bytes(part))
            else:
                yield from feed(chunk)
        yield from decoder.close()
    except StreamDecodeError as exc:
        yield from exc.events
        raise


def _whole_events(
    provider: str, frames: list[bytes], request: Request | None, unknown: OnUnknown
) -> Iterator[StreamEvent]:
    """:func:`_events` of a body held whole (``frames``: cut without a framer), decoded at once by
    the engine of ``assemble(decode())`` (:func:`~lmcodec.stream.engine.map_whole`) into an event sink."""
    sink = EventSink()
    out: list[StreamEvent] = []
    sink.out = out
    try:
        map_whole(provider, MAPPERS[provider], sink, request, frames, unknown == "keep")
    except StreamDecodeError:
        yield from out  # the events before the failure, then the failure
        raise
    yield from out


async def adecode(
    provider: Provider,
    chunks: AsyncIterable[Chunk],
    *,
    request: Request | None = None,
    unknown: OnUnknown = "skip",
) -> AsyncIterator[StreamEvent]:
    """Async :func:`decode` over an async iterable of byte chunks.

    A chunk costs one step of the source; ``adecode`` itself steps only to yield an event. A chunk
    without a line end is held as :meth:`Decoder.feed` holds it (its first test, on the decoder's
    held bytes, made here without the call), so the small reads of a socket cost an append each."""
    decoder = Decoder(provider, request=request, unknown=unknown)
    feed, held = decoder.feed, decoder._held
    try:
        async for chunk in chunks:
            if (
                type(chunk) is bytes
                and len(held) + len(chunk) <= decoder._cap
                and 10 not in chunk
                and 13 not in chunk
            ):
                held += chunk
                continue
            events = feed(chunk)
            if events:
                for event in events:
                    yield event
        for event in decoder.close():
            yield event
    except StreamDecodeError as exc:
        for event in exc.events:
            yield event
        raise
