"""Provider SSE streams -> canonical StreamEvents, as lm15 1.5.0 produces them.

``decode`` / ``adecode`` / :class:`Decoder` run the bytes through the SSE
framer (:mod:`lmcodec.stream.sse`), the provider's frame mapper
(:mod:`lmcodec.providers`) and lm15's coalescing (``coalesce_stream`` in
lm15/result.py, MAP-3/MAP-4), so the emitted sequence is the one the lm15
contract harness produces for the same body (``vet._parse_stream_body``):

- exactly one start first: a provider start passes through, later starts are
  dropped; wires without a start frame (Chat Completions, Gemini) get
  ``StreamStartEvent(model=request.model)`` (no id) before the first delta or
  before the end; an error event never forces a start;
- delta and error events pass through in place;
- every adapter end is absorbed (a later non-null ``finish_reason``/``usage``
  replaces the held one; an empty ``Usage()`` is a value and replaces too) and
  one merged end is emitted when the input is exhausted (:meth:`Decoder.close`),
  its ``provider_data`` chosen by the D9 rank rule (usage frame > finish frame >
  other; a later frame of the same or higher rank wins);
- no end seen, no end emitted: a stream cut short yields its events and no
  end, and assembling it raises ``StreamAssemblyError`` with the partial
  response, as in lm15. No error event is fabricated (an error event would
  make assembly raise the typed provider error instead).

Where lm15 crashes on a frame (non-JSON data, ``[DONE]`` on the Anthropic
and Gemini wires, a JSON non-object where lm15 calls ``.get``, a value a
canonical constructor refuses), :class:`StreamDecodeError` (an
:class:`lmcodec.DecodeError`) is raised instead, after the events decoded
before that frame (``decode`` yields them first; ``Decoder.feed`` attaches
them to the error as ``.events``). The one exception is the last,
unterminated SSE event flushed at end of input: if its data is a truncated
JSON text (or a prefix of ``[DONE]``) it is dropped and counted in
``stats.truncated`` — the stream was cut mid-frame, which assembly then
reports as a missing end — where lm15 raises ``JSONDecodeError``.

The synthesized start carries ``request.model`` as given (the contract
harness path); ``"<provider>:"`` prefixes are stripped only where the adapter
itself reads the model (``response.created``/``message_start`` fallbacks).
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator
from functools import partial
from typing import Any, Final, Literal

import msgspec

from lmcodec.errors import DecodeError
from lmcodec.providers import MAPPERS, decode_response
from lmcodec.providers._base import EVENT, TEXT, EndFrame, StreamDecodeError, load_frame, new, wire_model
from lmcodec.providers._unknown import mapper_class
from lmcodec.providers.gemini.stream import ArrayFramer
from lmcodec.stream.assembler import Assembler
from lmcodec.stream.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES, SSEDecoder
from lmcodec.stream.stats import DecodeStats
from lmcodec.wire import Request, StreamDeltaEvent, StreamEndEvent, StreamEvent, StreamStartEvent, Usage

__all__ = ["DecodeStats", "Decoder", "StreamDecodeError", "adecode", "decode", "decode_response"]

_FRAME_ERRORS: Final = (ValueError, TypeError, AttributeError, KeyError, IndexError, RecursionError)
OnUnknown = Literal["skip", "keep"]


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


class Decoder:
    """Incremental decoder of one provider's SSE stream into canonical events.

    >>> d = Decoder("openai_chat", request=req)            # doctest: +SKIP
    >>> d.feed(b'data: {"choices":[{"delta":{"content":"Hi"}}]}\\n\\n')  # doctest: +SKIP
    [StreamStartEvent(model='m'), StreamDeltaEvent(delta=TextDelta(...))]
    >>> d.close()                                           # doctest: +SKIP
    []

    ``provider`` is ``"openai"`` (Responses API), ``"openai_chat"`` (Chat
    Completions, vLLM, SGLang, ...), ``"anthropic"`` or ``"gemini"``
    (``streamGenerateContent?alt=sse``). After :meth:`close` the decoder is
    reset and can decode a new stream; after a :class:`StreamDecodeError` it
    is unusable. Provider frames of an event type the adapter does not know
    are skipped and counted (``stats.unknown``); ``unknown="keep"`` yields
    each as an :class:`lmcodec.UnknownEvent` holding the frame's JSON, in place.
    """

    __slots__ = (
        "_base",
        "_end_data",
        "_end_rank",
        "_failed",
        "_feed_data",
        "_finish",
        "_mapper",
        "_model",
        "_provider",
        "_saw_end",
        "_sniff",
        "_sse",
        "_sse_limits",
        "_started",
        "_stats",
        "_usage",
    )

    def __init__(
        self,
        provider: str,
        *,
        request: Request | None = None,
        max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
        max_event_bytes: int | None = DEFAULT_MAX_EVENT_BYTES,
        unknown: OnUnknown = "skip",
    ) -> None:
        mapper_cls = MAPPERS.get(provider) if isinstance(provider, str) else None
        if mapper_cls is None:
            raise ValueError(f"unknown provider {provider!r}; expected one of {sorted(MAPPERS)}")
        if unknown not in ("skip", "keep"):
            raise ValueError(f"unknown must be 'skip' or 'keep', not {unknown!r}")
        mapper_cls = mapper_class(mapper_cls, unknown == "keep")
        self._provider = provider
        self._mapper = mapper_cls(wire_model(request, mapper_cls.provider))
        self._model = request.model if request is not None else None
        self._sse_limits = (max_line_bytes, max_event_bytes)
        self._sse: Any = SSEDecoder(max_line_bytes=max_line_bytes, max_event_bytes=max_event_bytes)
        # Gemini's streamGenerateContent without alt=sse answers one JSON array:
        # the first non-blank byte of the body decides the framing.
        self._sniff: bytes | None = b"" if provider == "gemini" else None
        self._feed_data = self._sse.feed_data
        self._stats = DecodeStats()
        self._failed = False
        self._base = 0  # stats.frames when the current stream began
        self._reset()

    def _reset(self) -> None:
        self._started = False
        self._saw_end = False
        self._finish: str | None = None
        self._usage: Usage | None = None
        self._end_data: Any = None
        self._end_rank = -1

    @property
    def provider(self) -> str:
        return self._provider

    @property
    def stats(self) -> DecodeStats:
        """The counters so far (a live object)."""
        stats = self._stats
        stats.generic = self._mapper.generic
        stats.unknown = self._mapper.unknown
        return stats

    def feed(self, data: bytes | bytearray | memoryview) -> list[StreamEvent]:
        """Take the next chunk of the body; return the canonical events it completed."""
        frames = self._frame(data)
        return self._map(frames) if frames else []

    def decode_into(self, chunks: Iterable[bytes], sink: Callable[[list[StreamEvent]], Any]) -> None:
        """Feed every chunk, then :meth:`close`, handing the events to ``sink`` in order, a list at a time.

        What :func:`lmcodec.stream.assembler` runs for :func:`decode`. Consecutive chunks
        are joined, up to 64 KiB and below the SSE framer's smallest limit, and
        framed and mapped together, so one event per chunk costs little more
        than a whole body. That changes nothing else: a line or an event over a
        limit must have begun before such a batch, so its error comes before any
        event of the batch, as it would chunk by chunk; the chunks read before a
        failure of the source are decoded before it propagates. Until the framing
        is known (Gemini sniffs it) and for a JSON-array body, chunks go one by
        one. A ``StreamDecodeError``'s ``events`` hold those of its batch."""
        batch: list[Any] = []  # chunks read, not yet framed
        size = 0
        cap = self._batch_bytes()
        try:
            for chunk in chunks:
                n = len(chunk)
                if size + n > cap:
                    if batch:
                        full, batch, size = batch, [], 0
                        self._decode_batch(full, sink)
                    if n > cap:
                        self._decode_batch([chunk], sink)
                        cap = self._batch_bytes()
                        continue
                batch.append(chunk)
                size += n
        except Exception:
            if batch:  # what came before the failure, as if each chunk had been fed on its own
                self._decode_batch(batch, sink)
            raise
        if batch:
            self._decode_batch(batch, sink)
        _hand_over(self.close, sink)

    def _batch_bytes(self) -> int:
        """How many bytes of chunks :meth:`decode_into` may join: 0 while the framing is unknown
        or failed and for a JSON-array body, else 64 KiB or the SSE framer's smallest limit."""
        sse = self._sse
        if self._failed or self._sniff is not None or type(sse) is not SSEDecoder:
            return 0
        limit: int = sse.smallest_limit
        return min(limit, 1 << 16)

    def _decode_batch(self, batch: list[Any], sink: Callable[[list[StreamEvent]], Any]) -> None:
        """Frame and map some chunks as one, handing their events to ``sink``."""
        frames = self._frame(batch[0] if len(batch) == 1 else b"".join(batch))
        if frames:
            _hand_over(partial(self._map, frames), sink)

    def _frame(self, data: bytes | bytearray | memoryview) -> list[bytes]:
        """The SSE events' data (JSON-array elements) a chunk completes; a framing error fails the decoder."""
        if self._failed or self._sniff is not None:
            if self._failed:
                raise StreamDecodeError("stream decoder used after a decode error")
            data = self._sniff_framing(data)
            if not data:
                return []
        try:
            frames: list[bytes] = self._feed_data(data)
        except DecodeError:
            self._failed = True
            raise
        return frames

    def _map(self, frames: list[bytes]) -> list[StreamEvent]:
        """The coalesced canonical events of some frames (not empty)."""
        out: list[Any] = []
        mapper = self._mapper
        try:
            # One frame (a transport handing over one event at a time) is mapped directly.
            skipped = mapper.map(frames[0], out) if len(frames) == 1 else mapper.frames(frames, out)
        except _FRAME_ERRORS as exc:
            if len(frames) == 1:
                mapper.failed = frames[0]
                mapper.skipped = 0
            raise self._failure(exc, frames, out) from exc
        stats = self._stats
        stats.frames += len(frames)
        if skipped:
            stats.skipped += skipped
        if mapper.special or not self._started:
            out[:] = self._coalesce(out)
        stats.events += len(out)
        return out

    def _sniff_framing(self, data: bytes | bytearray | memoryview) -> bytes:
        """Gemini: pick SSE or JSON-array framing from the first non-blank byte of the body."""
        data = self._sniff + bytes(data) if self._sniff else bytes(data)
        head = data.lstrip(b" \t\r\n")
        if not head:
            self._sniff = data
            return b""
        self._sniff = None
        if head[0] == 0x5B:  # "["
            self._sse = ArrayFramer()
            self._feed_data = self._sse.feed_data
        return data

    def close(self) -> list[StreamEvent]:
        """End of input: flush the last frame and emit the merged end event (if an end was seen)."""
        if self._failed:
            raise StreamDecodeError("stream decoder used after a decode error")
        out: list[Any] = []
        try:
            if self._sniff:
                self._sse.feed_data(self._sniff)  # blank lines only
            frames = self._sse.close_data()
        except DecodeError:
            self._failed = True
            raise
        if frames:
            self._run_final(frames, out)
        if self._saw_end:
            n = len(out)
            if not self._started:
                out.append(new(StreamStartEvent, id=None, model=self._model))
            data = self._end_data
            if type(data) is bytes:
                data = load_frame(data)
            out.append(new(StreamEndEvent, finish_reason=self._finish, usage=self._usage, provider_data=data))
            self._stats.events += len(out) - n
        self._reset()
        self._base = self._stats.frames
        if self._provider == "gemini":
            self._sniff = b""
            if type(self._sse) is ArrayFramer:
                max_line, max_event = self._sse_limits
                self._sse = SSEDecoder(max_line_bytes=max_line, max_event_bytes=max_event)
                self._feed_data = self._sse.feed_data
        return out

    # -- internals ---------------------------------------------------------

    def _run_final(self, frames: list[bytes], out: list[Any]) -> None:
        """Map the frames flushed at end of input; the last one may be cut short."""
        mapper = self._mapper
        skipped = 0
        stats = self._stats
        for data in frames:
            n = len(out)
            try:
                mapper.frame(data, out)
            except _FRAME_ERRORS as exc:
                if not _is_truncated(data):
                    mapper.failed = data
                    mapper.skipped = skipped
                    raise self._failure(exc, frames, out) from exc
                stats.truncated += 1
                del out[n:]
                continue
            skipped += len(out) == n
        stats.frames += len(frames)
        stats.skipped += skipped
        if mapper.special or not self._started:
            out[:] = self._coalesce(out)
        stats.events += len(out)

    def _failure(self, exc: Exception, frames: list[bytes], out: list[Any]) -> StreamDecodeError:
        """The error for a frame lm15 would crash on; the decoder is then unusable."""
        self._failed = True
        mapper = self._mapper
        failed = mapper.failed
        at = next((i for i, data in enumerate(frames) if data is failed), 0)
        stats = self._stats
        index = stats.frames + at
        stats.frames += at + 1
        stats.skipped += mapper.skipped
        events: list[Any] = self._coalesce(out)
        if mapper.bare:  # the error goes out to the caller: bare texts as the events they stand for
            events = [_text_event(ev) if type(ev) is str else ev for ev in events]
        stats.events += len(events)
        return StreamDecodeError(
            f"{self._provider} stream, SSE event #{index - self._base}: {type(exc).__name__}: {exc}",
            frame=index - self._base,
            events=events,
        )

    def _coalesce(self, raw: list[Any]) -> list[StreamEvent]:
        """lm15 ``_coalesce_stream`` over one batch of adapter events.

        Only batches holding a start or an end, or arriving before the
        stream started, are walked; in steady state the mapper's output
        (deltas and errors) is already the coalesced sequence."""
        self._mapper.special = False
        out: list[StreamEvent] = []
        started = self._started
        for ev in raw:
            cls = type(ev)
            if cls is StreamDeltaEvent or cls is str:  # str: a bare TextDelta (MapperBase.bare)
                if not started:
                    started = True
                    out.append(new(StreamStartEvent, id=None, model=self._model))
                out.append(ev)
            elif cls is EndFrame:
                self._saw_end = True
                if ev.finish_reason is not None:
                    self._finish = ev.finish_reason
                if ev.usage is not None:
                    self._usage = ev.usage
                if ev.provider_data is not None:
                    rank = 2 if ev.usage is not None else 1 if ev.finish_reason is not None else 0
                    if rank >= self._end_rank:
                        self._end_data = ev.provider_data
                        self._end_rank = rank
            elif cls is StreamStartEvent:
                if not started:
                    started = True
                    out.append(ev)
            else:  # StreamErrorEvent: in place, never forces a start
                out.append(ev)
        self._started = started
        return out


def _text_event(text: str) -> Any:
    """The event a bare text stands for (see ``MapperBase.bare``)."""
    return msgspec.structs.replace(EVENT, delta=msgspec.structs.replace(TEXT, text=text))


def _hand_over(events: Callable[[], list[StreamEvent]], sink: Callable[[list[StreamEvent]], Any]) -> None:
    """``sink(events())``; a StreamDecodeError's events are handed over before it propagates."""
    try:
        batch = events()
    except StreamDecodeError as exc:
        sink(exc.events)
        raise
    sink(batch)


class _Decoding:
    """What :func:`decode` returns: an iterator of the events, decoded lazily as they are pulled
    (iterating it iterates a generator over :meth:`Decoder.feed`); :func:`lmcodec.stream.assembler`
    calls :meth:`push_events` instead, which decodes straight into the assembler."""

    __slots__ = ("_args", "_events")

    def __init__(self, provider: str, chunks: Iterable[bytes], request: Request | None, unknown: OnUnknown):
        self._args = (provider, chunks, request, unknown)
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

    def push_events(self, sink: Callable[[Iterable[StreamEvent]], Any]) -> None:
        """Hand every event to ``sink`` (``Assembler.extend``), a list at a time (see ``decode_into``)."""
        if self._events is not None:  # iteration began (or closed): go on from there
            sink(self._events)
            return
        self._events = iter(())
        provider, chunks, request, unknown = self._args
        decoder = Decoder(provider, request=request, unknown=unknown)
        assembler = getattr(sink, "__self__", None)
        if type(assembler) is Assembler and getattr(sink, "__func__", None) is Assembler.extend:
            # No event leaves the assembler: the mapper may hand texts over bare.
            decoder._mapper.bare = True
            sink = assembler.extend_bare
        decoder.decode_into(chunks, sink)


def decode(
    provider: str, chunks: Iterable[bytes], *, request: Request | None = None, unknown: OnUnknown = "skip"
) -> Iterator[StreamEvent]:
    """Decode a provider's SSE body, given as chunks of bytes, into canonical stream events.

    ``unknown="keep"`` yields frames of unknown event types as UnknownEvents (see :class:`Decoder`).
    The events are decoded as they are pulled; :func:`lmcodec.stream.assembler` has them decoded straight
    into its assembler.
    """
    return _Decoding(provider, chunks, request, unknown)


def _events(
    provider: str, chunks: Iterable[bytes], request: Request | None, unknown: OnUnknown
) -> Iterator[StreamEvent]:
    """The generator behind :func:`decode`."""
    decoder = Decoder(provider, request=request, unknown=unknown)
    try:
        for chunk in chunks:
            yield from decoder.feed(chunk)
        yield from decoder.close()
    except StreamDecodeError as exc:
        yield from exc.events
        raise


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
