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
canonical constructor refuses), :class:`StreamDecodeError` (an
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

from collections.abc import AsyncIterable, AsyncIterator, Iterable, Iterator
from typing import Any, Final, Literal

import msgspec

from lmcodec.errors import DecodeError, StreamDecodeError, ValidationError
from lmcodec.providers import FRAMERS, MAPPERS, decode_response
from lmcodec.providers._mapper import wire_model
from lmcodec.stream._chunks import check_chunks, joined, not_a_chunk
from lmcodec.stream._whole import SLICE_BYTES, whole_frames
from lmcodec.stream.events import EventSink
from lmcodec.stream.sink import Sink
from lmcodec.stream.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
from lmcodec.stream.stats import DecodeStats
from lmcodec.wire import Request, StreamEvent
from lmcodec.wire._checks import require_instance

__all__ = ["DecodeStats", "Decoder", "StreamDecodeError", "adecode", "decode", "decode_response"]

OnUnknown = Literal["skip", "keep"]
_BATCH_BYTES: Final = 1 << 16
_CONCURRENT: Final = (
    "a Decoder was fed from two threads at once; a Decoder decodes one stream: give each its own"
)


def _checked_arguments(provider: str, request: Request | None, unknown: OnUnknown) -> Any:
    """The mapper class of ``provider``, once the arguments of a stream decode are checked."""
    mapper_cls = MAPPERS.get(provider) if isinstance(provider, str) else None
    if mapper_cls is None:
        raise ValidationError(f"unknown provider {provider!r}; expected one of {sorted(MAPPERS)}")
    if unknown not in ("skip", "keep"):
        raise ValueError(f"unknown must be 'skip' or 'keep', not {unknown!r}")
    if request is not None and not isinstance(request, Request):  # (the common case costs no call)
        require_instance(request, Request, "request", optional=True)
    return mapper_cls


def _is_truncated(data: bytes) -> bool:
    """True when ``data`` is a JSON text cut short (or a strict prefix of ``[DONE]``)."""
    if len(data) < 6 and b"[DONE]".startswith(data):
        return True
    try:
        msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        text = str(exc)  # a number cut after "-", "." or "e" is "invalid" at the very end
        return "truncated" in text or text.endswith(f"(byte {len(data)})")
    except RecursionError:
        return False
    return False


class _Stream:
    """One provider's framer and mapper feeding a sink, with the counters: the engine
    behind :class:`Decoder` (an :class:`EventSink`) and ``assemble(decode(...))`` (the Assembler)."""

    __slots__ = (
        "_base",
        "_begun",
        "_busy",
        "_failed",
        "_limits",
        "framer",
        "frames",
        "mapper",
        "model",
        "provider",
        "sink",
        "skipped",
        "truncated",
    )

    def __init__(
        self,
        provider: str,
        mapper_cls: Any,
        sink: Sink,
        request: Request | None,
        max_line_bytes: int | None,
        max_event_bytes: int | None,
        keep_unknown: bool,
        lazy: bool = False,
    ) -> None:
        """``mapper_cls``: ``provider``'s mapper, as :func:`_checked_arguments` returns it once the
        arguments are checked. ``lazy``: the framer is made at the first chunk that needs one (the
        caller passes valid limits: a framer checks them when made)."""
        self.provider = provider
        self.sink = sink
        model = request.model if request is not None else None
        if model is not None and ":" in model:  # (a model without a colon is its own wire model)
            model = wire_model(request, mapper_cls.provider)
        self.mapper = mapper_cls(model, sink, keep_unknown)
        self._limits = (max_line_bytes, max_event_bytes)
        self.framer: Any = None if lazy else self._framer()
        self.model = request.model if request is not None else None
        self.frames = 0  # the counters of DecodeStats (a Decoder's stats read them)
        self.skipped = 0
        self.truncated = 0
        self._failed = False
        self._busy = False
        self._begun = False
        self._base = 0  # frames when the current stream began

    def _framer(self) -> Any:
        line, event = self._limits
        self.framer = framer = FRAMERS[self.provider](max_line_bytes=line, max_event_bytes=event)
        return framer

    def feed(self, data: bytes | bytearray | memoryview) -> None:
        """Frame a chunk and map the frames it completes onto the sink."""
        if self._busy:
            raise DecodeError(_CONCURRENT)
        if self._failed:
            raise StreamDecodeError("stream decoder used after a decode error")
        self._busy = True
        try:
            if len(data) <= SLICE_BYTES:
                frames = (self.framer or self._framer()).feed_data(data)
                if frames:
                    self._map(frames)
            else:  # a whole body in one chunk: framed and mapped a MiB at a time (bounded memory)
                view = memoryview(data)
                for at in range(0, len(view), SLICE_BYTES):
                    frames = (self.framer or self._framer()).feed_data(view[at : at + SLICE_BYTES])
                    if frames:
                        self._map(frames)
        except TypeError:
            wrong = not_a_chunk(data)
            if wrong is not None:
                raise wrong from None
            raise
        except DecodeError:  # the framer's (a limit), or a frame's (already placed): unusable now
            self._failed = True
            raise
        finally:
            self._busy = False

    def feed_all(self, chunks: Iterable[bytes]) -> None:
        """Feed every chunk, then close. Consecutive chunks are joined, up to 64 KiB and below
        the framer's smallest limit, and framed and mapped together, so one event per chunk
        costs little more than a whole body. That changes nothing else: a line or an event over
        a limit must have begun before such a batch, so its error comes before any event of the
        batch, as it would chunk by chunk; the chunks read before a failure of the source are
        decoded before it propagates."""
        if (type(chunks) is list or type(chunks) is tuple) and self.framer is None:
            # The whole body is in memory: framed at once, without a framer, when it can be.
            frames = whole_frames(chunks, *self._limits)
            if frames is not None:
                self._map(frames)
                self.close()
                return
        if (type(chunks) is list or type(chunks) is tuple) and len(chunks) == 1 and type(chunks[0]) is bytes:
            self.feed(chunks[0])  # the whole body: fed as the batching below feeds one chunk
            self.close()
            return
        batch: list[Any] = []  # chunks read, not yet framed
        size = 0
        cap = self._batch_bytes()
        chunk: Any = b""
        try:
            for chunk in chunks:
                n = len(chunk)
                if size + n > cap:
                    if batch:
                        self.feed(batch[0] if len(batch) == 1 else b"".join(batch))
                        batch, size = [], 0
                    if n > cap:
                        self.feed(chunk)
                        cap = self._batch_bytes()
                        continue
                batch.append(chunk)
                size += n
        except TypeError:
            wrong = next(filter(None, map(not_a_chunk, [*batch, chunk])), None)
            if wrong is not None:  # a programming error, not a failure of the source
                raise wrong from None
            if batch and not self._failed:
                self.feed(b"".join(batch))
            raise
        except Exception:
            if batch and not self._failed:  # what came before the failure of the source
                self.feed(b"".join(batch))
            raise
        if batch:
            self.feed(joined(batch))
        self.close()

    def _batch_bytes(self) -> int:
        limit: int = (self.framer or self._framer()).smallest_limit
        return min(limit, _BATCH_BYTES)

    def _begin(self, first: bytes | None) -> None:
        """A new stream: tell the sink the model a synthesized start names."""
        self._begun = True
        model = self.model
        if model is None and first is not None:
            model = self.mapper.named_model(first)
        self.sink.begin(model)

    def _map(self, frames: list[bytes]) -> None:
        mapper = self.mapper
        if not self._begun:  # a new stream: the sink told the model a synthesized start names
            self._begun = True
            model = self.model
            self.sink.begin(model if model is not None else mapper.named_model(frames[0]))
        try:
            skipped = mapper.map_frames(frames)
        except StreamDecodeError as exc:
            raise self._failure(exc) from exc.__cause__
        self.frames += len(frames)
        self.skipped += skipped

    def close(self) -> None:
        """End of input: map the last, unterminated frame (it may be cut short) and close the sink."""
        if self._failed:
            raise StreamDecodeError("stream decoder used after a decode error")
        framer = self.framer
        try:
            frames = framer.close_data() if framer is not None else []  # no framer: no bytes pending
        except DecodeError:
            self._failed = True
            raise
        if not self._begun:
            self._begin(frames[0] if frames else None)
        mapper = self.mapper
        cut = 0
        for data in frames:
            try:
                self.skipped += mapper.map_frames([data])
            except StreamDecodeError as exc:
                if not _is_truncated(data):
                    raise self._failure(exc) from exc.__cause__
                if not b"[DONE]".startswith(data):  # a cut [DONE] loses nothing
                    cut = len(data)
                self.truncated += 1
            self.frames += 1
        ended = self.sink.close()
        self._begun = False
        index = self.frames - 1 - self._base
        self._base = self.frames
        if cut and ended:  # the end came, but what followed it (Chat's usage chunk, ...) is lost
            raise StreamDecodeError(
                f"{self.provider} stream, SSE event #{index}: the stream was cut inside its last frame "
                f"({cut} bytes) after its end: what that frame carried (usage, ...) is lost",
                frame=index,
            )

    def _failure(self, exc: StreamDecodeError) -> StreamDecodeError:
        """The error for a frame lm15 would crash on, placed in the stream; the decoder is then unusable."""
        self._failed = True
        at = self.frames + (exc.frame or 0) - self._base
        self.frames += (exc.frame or 0) + 1
        return StreamDecodeError(f"{self.provider} stream, SSE event #{at}: {exc}", frame=at)


def sink_stream(provider: str, sink: Sink, request: Request | None = None) -> _Stream:
    """``provider``'s stream engine (framer and mapper, default limits, unknown frames skipped)
    calling ``sink``: ``feed(chunk)`` maps what a chunk completes, ``close()`` ends the input.
    The hand-off :func:`lmcodec.stream.translate` drives its writer-sink through."""
    mapper_cls = _checked_arguments(provider, request, "skip")
    return _Stream(
        provider, mapper_cls, sink, request, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_EVENT_BYTES, False
    )


class Decoder:
    """Incremental decoder of one provider's SSE stream into canonical events.

    >>> d = Decoder("openai_chat", request=req)            # doctest: +SKIP
    >>> d.feed(b'data: {"choices":[{"delta":{"content":"Hi"}}]}\\n\\n')  # doctest: +SKIP
    [StreamStartEvent(model='m'), StreamDeltaEvent(delta=TextDelta(...))]
    >>> d.close()                                           # doctest: +SKIP
    []

    ``provider`` is ``"openai"`` (Responses API), ``"openai_chat"`` (Chat
    Completions, vLLM, SGLang, ...), ``"anthropic"`` or ``"gemini"``
    (``streamGenerateContent``, with or without ``alt=sse``). After :meth:`close`
    the decoder is reset and can decode a new stream; after a
    :class:`StreamDecodeError` it is unusable. Provider frames of an event type
    the adapter does not know are skipped and counted (``stats.unknown``);
    ``unknown="keep"`` yields each as an :class:`lmcodec.UnknownEvent` holding
    the frame's JSON, in place. One Decoder per stream: it is not thread-safe.
    """

    __slots__ = ("_sink", "_stats", "_stream")

    def __init__(
        self,
        provider: str,
        *,
        request: Request | None = None,
        max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
        max_event_bytes: int | None = DEFAULT_MAX_EVENT_BYTES,
        unknown: OnUnknown = "skip",
    ) -> None:
        mapper_cls = _checked_arguments(provider, request, unknown)
        self._sink = EventSink()
        self._stats = DecodeStats()
        self._stream = _Stream(
            provider, mapper_cls, self._sink, request, max_line_bytes, max_event_bytes, unknown == "keep"
        )

    @property
    def provider(self) -> str:
        return self._stream.provider

    @property
    def stats(self) -> DecodeStats:
        """The counters so far (a live object: every feed and close updates it)."""
        stats = self._stats
        mapper = self._stream.mapper
        stats.generic = mapper.generic
        stats.unknown = mapper.unknown
        return stats

    def _count(self, events: int) -> None:
        """Bring :attr:`stats` up to date after a feed or close that emitted ``events`` events."""
        stats, stream = self._stats, self._stream
        stats.events += events
        stats.frames = stream.frames
        stats.skipped = stream.skipped
        stats.truncated = stream.truncated

    def feed(self, data: bytes | bytearray | memoryview) -> list[StreamEvent]:
        """Take the next chunk of the body; return the canonical events it completed."""
        out: list[StreamEvent] = []
        self._sink.out = out
        stream = self._stream
        try:
            stream.feed(data)
        except StreamDecodeError as exc:
            exc.events = out
            raise
        finally:  # (_count, without its call: a chunk an event is the common feeding)
            stats = self._stats
            stats.events += len(out)
            stats.frames = stream.frames
            stats.skipped = stream.skipped
            stats.truncated = stream.truncated
        return out

    def close(self) -> list[StreamEvent]:
        """End of input: flush the last frame and emit the merged end event (if an end was seen)."""
        out: list[StreamEvent] = []
        self._sink.out = out
        try:
            self._stream.close()
        except StreamDecodeError as exc:
            exc.events = out
            raise
        finally:
            self._count(len(out))
        return out


class Decoding:
    """What :func:`decode` returns: an iterator of the events, decoded lazily as they are pulled.
    :func:`lmcodec.assemble` calls :meth:`assemble_into` instead, which decodes straight into
    its assembler (the assembler is the sink: no event object is built)."""

    __slots__ = ("_args", "_events", "_mapper_cls")

    def __init__(
        self,
        provider: str,
        mapper_cls: Any,
        chunks: Iterable[bytes],
        request: Request | None,
        unknown: OnUnknown,
    ):
        self._args = (provider, chunks, request, unknown)
        self._mapper_cls = mapper_cls  # (the arguments are checked)
        self._events: Iterator[StreamEvent] | None = None  # the generator, once iteration began

    def __iter__(self) -> Iterator[StreamEvent]:
        if self._events is None:
            self._events = _events(*self._args)
        return self._events

    def __next__(self) -> StreamEvent:
        return next(iter(self))

    def close(self) -> None:
        if self._events is None:
            self._events = iter(())
        else:
            close = getattr(self._events, "close", None)
            if close is not None:
                close()

    def assemble_into(self, assembler: Any) -> None:
        """Decode every chunk onto ``assembler`` (an :class:`lmcodec.Assembler`, a Sink), or,
        if iteration already began, push the rest of the events into it."""
        if self._events is not None:
            assembler.extend(self._events)
            return
        self._events = iter(())
        provider, chunks, request, unknown = self._args
        stream = _Stream(
            provider,
            self._mapper_cls,
            assembler,
            request,
            DEFAULT_MAX_LINE_BYTES,
            DEFAULT_MAX_EVENT_BYTES,
            unknown == "keep",
            True,  # lazy: the framer made at the first chunk that needs one
        )
        stream.feed_all(chunks)


def decode(
    provider: str, chunks: Iterable[bytes], *, request: Request | None = None, unknown: OnUnknown = "skip"
) -> Iterator[StreamEvent]:
    """Decode a provider's SSE body, given as chunks of bytes, into canonical stream events.

    ``unknown="keep"`` yields frames of unknown event types as UnknownEvents (see :class:`Decoder`).
    The events are decoded as they are pulled; :func:`lmcodec.assemble` has them decoded straight
    into its assembler. The arguments are checked at the call.
    """
    mapper_cls = _checked_arguments(provider, request, unknown)
    if type(chunks) is not list:  # (a list of chunks needs no check)
        check_chunks(chunks, "lc.stream.decode")
    return Decoding(provider, mapper_cls, chunks, request, unknown)


def _events(
    provider: str, chunks: Iterable[bytes], request: Request | None, unknown: OnUnknown
) -> Iterator[StreamEvent]:
    """The generator behind :func:`decode`."""
    if (type(chunks) is list or type(chunks) is tuple) and len(chunks) == 1:
        yield from _whole_events(provider, chunks, request, unknown)
        return
    decoder = Decoder(provider, request=request, unknown=unknown)
    try:
        for chunk in chunks:
            yield from decoder.feed(chunk)
        yield from decoder.close()
    except StreamDecodeError as exc:
        yield from exc.events
        raise


def _whole_events(
    provider: str, chunks: list[bytes] | tuple[bytes, ...], request: Request | None, unknown: OnUnknown
) -> Iterator[StreamEvent]:
    """:func:`_events` of a body given as one chunk, whose one feed decodes it all: decoded at once
    by the engine of ``assemble(decode())``, which frames a body held whole without a framer."""
    sink = EventSink()
    out: list[StreamEvent] = []
    sink.out = out
    mapper_cls = MAPPERS[provider]
    keep = unknown == "keep"
    stream = _Stream(
        provider, mapper_cls, sink, request, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_EVENT_BYTES, keep, True
    )
    try:
        stream.feed_all(chunks)
    except StreamDecodeError:
        yield from out  # the events before the failure, then the failure
        raise
    yield from out


async def adecode(
    provider: str,
    chunks: AsyncIterable[bytes],
    *,
    request: Request | None = None,
    unknown: OnUnknown = "skip",
) -> AsyncIterator[StreamEvent]:
    """Async :func:`decode` over an async iterable of byte chunks."""
    decoder = Decoder(provider, request=request, unknown=unknown)
    try:
        async for chunk in chunks:
            for event in decoder.feed(chunk):
                yield event
        for event in decoder.close():
            yield event
    except StreamDecodeError as exc:
        for event in exc.events:
            yield event
        raise
