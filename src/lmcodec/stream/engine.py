"""The stream engine: a provider's framer and mapper feeding a sink, with the counters.

:class:`Engine` is what :class:`lmcodec.stream.decoder.Decoder` (an event-building sink),
``decode``, ``assemble(decode())`` (the Assembler as the sink) and ``stream.translate`` (a
writer-sink, through :func:`sink_stream`) run: it frames chunks (short chunks joined, a long one cut:
64 KiB of whole events at a time), maps the frames onto the sink, places a frame lm15 would crash on in the
stream, and applies the truncated-last-frame rule at the end of input. A body held whole in memory
that is cut without a framer (:mod:`lmcodec.stream._whole`) needs none of that state: its frames are
mapped and the sink closed by one call, :func:`map_whole`; :func:`decode_into` takes whichever path
a body's chunks allow. See :mod:`lmcodec.stream.decoder` for what the decoders promise.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final, Literal

import msgspec

from lmcodec.errors import DecodeError, StreamDecodeError
from lmcodec.framing._chunks import Chunk, chunk_bytes, joined, not_a_chunk
from lmcodec.framing.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
from lmcodec.providers import FRAMERS, MAPPERS
from lmcodec.providers._errors import unknown_provider
from lmcodec.providers._mapper import wire_model
from lmcodec.stream._whole import BLOCK_BYTES, event_slices, whole_frames
from lmcodec.stream.sink import Sink
from lmcodec.wire import Request
from lmcodec.wire._checks import require_instance
from lmcodec.wire._float_literals import decode_any
from lmcodec.wire.dialects import Provider

__all__ = ["NOT_READ", "Engine", "OnUnknown", "checked_arguments", "decode_into", "map_whole", "sink_stream"]

OnUnknown = Literal["skip", "keep"]
NOT_READ: Final[Any] = object()
"""``map_whole``'s ``read`` when no caller read the last frame (the mapper's ``read_last`` may read
it as ``None``)."""
_CONCURRENT: Final = (
    "a Decoder was fed from two threads at once; a Decoder decodes one stream: give each its own"
)


def checked_arguments(provider: str, request: Request | None, unknown: OnUnknown) -> Any:
    """The mapper class of ``provider``, once the arguments of a stream decode are checked."""
    mapper_cls = MAPPERS.get(provider) if isinstance(provider, str) else None
    if mapper_cls is None:
        raise unknown_provider(provider, MAPPERS)
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
        decode_any(data)
    except msgspec.DecodeError as exc:
        text = str(exc)  # a number cut after "-", "." or "e" is "invalid" at the very end
        return "truncated" in text or text.endswith(f"(byte {len(data)})")
    except RecursionError:
        return False
    return False


class Engine:
    """One provider's framer and mapper feeding a sink, with the counters: the engine
    behind :class:`Decoder` (an :class:`EventSink`) and ``assemble(decode(...))`` (the Assembler)."""

    __slots__ = (
        "_base",
        "_begun",
        "_busy",
        "_failed",
        "_framer_cls",
        "_limits",
        "_read_head",
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
        provider: Provider,
        mapper_cls: Any,
        sink: Sink,
        request: Request | None,
        max_line_bytes: int | None,
        max_event_bytes: int | None,
        keep_unknown: bool,
        *,
        framed: bool = True,
        framer_cls: Any = None,
        read_head: Callable[[list[bytes]], bool] | None = None,
    ) -> None:
        """``mapper_cls``: ``provider``'s mapper, as :func:`checked_arguments` returns it once the
        arguments are checked (the framer checks the limits). ``framed=False``: no framer is made
        now, the body is to come cut (:meth:`feed_frames`; :meth:`make_framer` if it cannot be).
        ``framer_cls``: what frames the chunks, called with the limits (``provider``'s framer by
        default; stream.translate's counts the keep-alives too). ``read_head``: handed the frames
        cut, before they are mapped, until it returns True (stream.translate reads a stream's
        head from its first frame, :mod:`lmcodec.stream._head`)."""
        self.provider: Provider = provider  # (annotated: an inferred attribute type drops the Literal)
        self.sink = sink
        # (Any: a Request changed past its checks by msgspec.structs.replace holds any model; a
        # model without a colon is its own wire model; wire_model refuses one that is no str: one
        # class test a stream)
        model: Any = request.model if request is not None else None
        self.model = model
        if request is not None and (model.__class__ is not str or ":" in model):
            model = wire_model(request, mapper_cls.provider)
        self.mapper = mapper_cls(model, sink, keep_unknown)
        self._limits = (max_line_bytes, max_event_bytes)
        self._framer_cls = framer_cls = FRAMERS[provider] if framer_cls is None else framer_cls
        self.framer: Any = (  # (make_framer's body: a call less a stream)
            framer_cls(max_line_bytes=max_line_bytes, max_event_bytes=max_event_bytes) if framed else None
        )
        self.frames = 0  # the counters of DecodeStats (a Decoder's stats read them)
        self.skipped = 0
        self.truncated = 0
        self._failed = False
        self._busy = False
        self._begun = False
        self._base = 0  # frames when the current stream began
        self._read_head = read_head

    def make_framer(self) -> Any:
        line, event = self._limits
        self.framer = framer = self._framer_cls(max_line_bytes=line, max_event_bytes=event)
        return framer

    def feed(self, data: bytes | bytearray | memoryview) -> None:
        """Frame a chunk and map the frames it completes onto the sink."""
        if self._busy:
            raise DecodeError(_CONCURRENT)
        if self._failed:
            raise StreamDecodeError("stream decoder used after a decode error")
        self._busy = True
        try:
            if len(data) <= BLOCK_BYTES:
                frames = self.framer.feed_data(data)
                if frames and self._begun and self._read_head is None:
                    # (the common chunk, _map inline: its call cost a one-event chunk ~0.7k instructions)
                    try:
                        skipped = self.mapper.map_frames(frames)
                    except StreamDecodeError as exc:
                        raise self._failure(exc) from exc.__cause__
                    self.frames += len(frames)
                    self.skipped += skipped
                elif frames:
                    self._map(frames)
            elif type(data) is bytes or type(data) is bytearray:
                # A longer chunk: framed and mapped a block of whole events at a time (in the cache,
                # bounded memory), an event longer than a block framed whole, in bulk.
                for part in event_slices(data, self.framer.smallest_limit):
                    frames = self.framer.feed_data(part)
                    if frames:
                        self._map(frames)
            else:  # a memoryview: framed and mapped 64 KiB at a time
                view = memoryview(data)
                for at in range(0, len(view), BLOCK_BYTES):
                    frames = self.framer.feed_data(view[at : at + BLOCK_BYTES])
                    if frames:
                        self._map(frames)
        except TypeError:
            wrong = not_a_chunk(data)
            if wrong is not None:
                raise wrong from None
            raise
        except StreamDecodeError:  # a frame's (already placed): unusable now
            self._failed = True
            raise
        except DecodeError as exc:  # the framer's (a limit, a malformed array): unusable now
            raise self._refusal(exc) from exc
        except ValueError:  # after DecodeError (a ValidationError is a ValueError too)
            wrong = not_a_chunk(data)  # a released memoryview
            if wrong is not None:
                raise wrong from None
            raise
        finally:
            self._busy = False

    def feed_frames(self, frames: list[bytes]) -> None:
        """Map the frames of a body held whole that :func:`~lmcodec.stream._whole.whole_frames`
        cut without a framer, as :meth:`feed` maps those a framer cuts from it (every event of
        such a body is whole and within the limits: nothing is pending, nothing refused)."""
        if self._failed:
            raise StreamDecodeError("stream decoder used after a decode error")
        self._map(frames, whole=True)

    def feed_read(self, frames: list[bytes], read: Any) -> None:
        """:meth:`feed_frames` of a body's one frame the mapper has read already (``read``, its
        ``read_last`` of it, not None), mapped by its ``map_read_body``; the caller read the
        head from that reading (stream.translate: a Gemini body of one chunk, whose value the
        mapper decodes anyway), so ``read_head`` is not handed them, and the model a stream
        without a request names is the mapper's ``named_model_read`` of it."""
        if self._failed:
            raise StreamDecodeError("stream decoder used after a decode error")
        self._read_head = None
        self._map(frames, whole=True, read=read)

    def feed_all(self, chunks: Iterable[Chunk]) -> None:
        """Feed every chunk, then close. Consecutive chunks are joined, up to 64 KiB and below
        the framer's smallest limit, and framed and mapped together, so one event per chunk
        costs little more than a whole body (a chunk that is not bytes copied as it is read: the
        source may reuse its buffer). That changes nothing else: a line or an event over
        a limit must have begun before such a batch, so its error comes before any event of the
        batch, as it would chunk by chunk; the chunks read before a failure of the source are
        decoded before it propagates."""
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
                batch.append(chunk if type(chunk) is bytes else chunk_bytes(chunk))  # (a copy: a
                size += n  # source may overwrite the buffer a view it handed over shows)
        except (TypeError, ValueError):  # (ValueError: a released memoryview)
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
        limit: int = self.framer.smallest_limit
        return min(limit, BLOCK_BYTES)

    def _begin(self, first: bytes | None) -> None:
        """A new stream: tell the sink the model a synthesized start names."""
        self._begun = True
        model = self.model
        if model is None and first is not None:
            model = self.mapper.named_model(first)
        self.sink.begin(model)

    def _map(self, frames: list[bytes], *, whole: bool = False, read: Any = None) -> None:
        """Map frames onto the sink; no frames (a body of comments and fields only) is nothing to map.
        ``whole``: they are all the frames of a body held whole (``MapperBase.map_body``; given
        ``read``, the mapper's reading of them, ``map_read_body``)."""
        if not frames:
            return
        if self._read_head is not None and self._read_head(frames):
            self._read_head = None
        mapper = self.mapper
        if not self._begun:  # a new stream: the sink told the model a synthesized start names
            self._begun = True
            model = self.model
            if model is None:  # (given read, frames is a body's one frame: feed_read)
                first = frames[0]
                model = mapper.named_model(first) if read is None else mapper.named_model_read(first, read)
            self.sink.begin(model)
        try:
            if not whole:
                skipped = mapper.map_frames(frames)
            else:
                skipped = mapper.map_body(frames) if read is None else mapper.map_read_body(frames, read)
        except StreamDecodeError as exc:
            raise self._failure(exc) from exc.__cause__
        self.frames += len(frames)
        self.skipped += skipped

    def close(self) -> None:
        """End of input: map the last, unterminated frame (it may be cut short) and close the sink."""
        if self._failed:
            raise StreamDecodeError("stream decoder used after a decode error")
        try:  # (no framer: the body came cut, nothing is pending)
            frames = self.framer.close_data() if self.framer is not None else []
        except DecodeError as exc:
            raise self._refusal(exc) from exc
        if frames and self._read_head is not None and self._read_head(frames):
            self._read_head = None
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

    def _refusal(self, exc: DecodeError) -> StreamDecodeError:
        """The framer's refusal (a line, an event or an array element over a limit, a malformed
        array) as the error of the stream at the refused frame, once the good frames the framer
        had cut before it in the same call are mapped: no good record is lost, whatever the
        chunking (a frame lm15 would crash on among them is raised first, as it comes first).
        The decoder is then unusable."""
        self._failed = True
        self._map(self.framer.frames_before_error())
        return StreamDecodeError(str(exc), frame=self.frames - self._base)

    def _failure(self, exc: StreamDecodeError) -> StreamDecodeError:
        """The error for a frame lm15 would crash on, placed in the stream; the decoder is then unusable."""
        self._failed = True
        at = self.frames + (exc.frame or 0) - self._base
        self.frames += (exc.frame or 0) + 1
        return _placed(self.provider, exc, at)


def _placed(provider: str, exc: StreamDecodeError, at: int) -> StreamDecodeError:
    """The error for a frame lm15 would crash on, at SSE event ``at`` of the stream."""
    return StreamDecodeError(f"{provider} stream, SSE event #{at}: {exc}", frame=at)


def map_whole(
    provider: str,
    mapper_cls: Any,
    sink: Sink,
    request: Request | None,
    frames: list[bytes],
    keep_unknown: bool,
    read: Any = NOT_READ,
) -> None:
    """The engine over a body held whole and cut into ``frames`` without a framer (see
    :func:`lmcodec.stream._whole.whole_frames`): the sink begun, the frames mapped in one call, the
    sink closed, as an :class:`Engine` feeds and closes that body, without the state it keeps
    between chunks (a framer, the counters, the truncated last frame: every event is complete).
    ``read``: the last frame as the mapper's ``read_last`` read it, if a caller did (a body of one
    frame decoded without a request is read so here: the model it names is the mapper's
    ``named_model_read`` of that reading, not a second decode of the frame)."""
    model: Any = request.model if request is not None else None  # (any value, as Engine takes it)
    wire = model  # (as Engine takes it: wire_model strips a prefix, or refuses a model that is no str)
    if request is not None and (model.__class__ is not str or ":" in model):
        wire = wire_model(request, mapper_cls.provider)
    mapper = mapper_cls(wire, sink, keep_unknown)
    if model is None and frames:  # (a body of keep-alive comments has no frame to name it)
        first = frames[0]
        if len(frames) == 1:  # its one frame read once (as map_body reads it), the model from that
            if read is NOT_READ:
                read = mapper.read_last(first)
            model = mapper.named_model(first) if read is None else mapper.named_model_read(first, read)
        else:
            model = mapper.named_model(first)
    sink.begin(model)
    try:
        if read is NOT_READ:
            mapper.map_body(frames)
        else:
            mapper.map_read_body(frames, read)
    except StreamDecodeError as exc:
        raise _placed(provider, exc, exc.frame or 0) from exc.__cause__
    sink.close()


def decode_into(
    sink: Sink,
    provider: Provider,
    mapper_cls: Any,
    chunks: Iterable[Chunk],
    request: Request | None,
    max_line_bytes: int | None,
    max_event_bytes: int | None,
    keep_unknown: bool,
) -> None:
    """Decode every chunk onto ``sink``, then close it: a body held whole in a list or tuple that
    :func:`~lmcodec.stream._whole.whole_frames` cuts by :func:`map_whole`, any other through an
    :class:`Engine` (:meth:`Engine.feed_all`). ``mapper_cls`` as :func:`checked_arguments` returns
    it; the limits valid (a framer checks them when made)."""
    if type(chunks) is list or type(chunks) is tuple:
        frames = whole_frames(chunks, max_line_bytes, max_event_bytes)
        if frames is not None:
            map_whole(provider, mapper_cls, sink, request, frames, keep_unknown)
            return
    Engine(provider, mapper_cls, sink, request, max_line_bytes, max_event_bytes, keep_unknown).feed_all(
        chunks
    )


def sink_stream(provider: Provider, sink: Sink, request: Request | None = None) -> Engine:
    """``provider``'s stream engine (framer and mapper, default limits, unknown frames skipped)
    calling ``sink``: ``feed(chunk)`` maps what a chunk completes, ``close()`` ends the input.
    The hand-off :func:`lmcodec.stream.translate` drives its writer-sink through."""
    mapper_cls = checked_arguments(provider, request, "skip")
    return Engine(provider, mapper_cls, sink, request, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_EVENT_BYTES, False)
