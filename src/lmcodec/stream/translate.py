"""One dialect's SSE bytes in, another's out, incrementally.

Each input chunk goes through the source dialect's framer and mapper (the
stream engine behind :class:`~lmcodec.stream.Decoder`), whose calls go to a
sink that writes the destination's writer (the one :class:`~lmcodec.stream.Encoder`
holds) as they come: the same canonical event sequence, with lm15's coalescing,
but text, thinking and tool-argument fragments handed over without building an
event object for each. The bytes written for a chunk are yielded before the
next chunk is read: at the end of each chunk the writer's ``flush()`` writes
what it held (a Gemini chunk; only a Gemini call whose arguments may still grow
waits for its end, and once the source's end has been read what is held waits
for the end, which is written at the close of the input beside it). Nothing is
kept but the two sides' state (the open frame,
the per-item text a Responses stream repeats in its ``.done`` events, the
thinking text a Chat stream repeats in a block's ``thinking_blocks`` entry), so
memory does not grow with the number of events. ``translate`` writes what an
:class:`~lmcodec.stream.Encoder` fed each chunk's decoded events through
``feed_all`` writes, and the same events as ``encode(dst, decode(src, chunks))``
(tests hold the paths equal).

Chat Completions and Gemini streams have no start frame: lm15's synthesized
start names the request's model and no id. The translator reads both from the
stream's first ``data`` line instead (Chat's ``id`` and ``model``, Gemini's
``responseId`` and ``modelVersion``), so the client sees the id and the served
model the backend sent, not the alias it asked for; the events decoding the
translated stream gives are otherwise lm15's.

Each call the source sent is written as a call of its own, where lm15 (and
:func:`lmcodec.assemble`) join the fragments of one part index into one call: a Gemini chunk
numbers its parts from 0, so parallel calls streamed one per chunk all come at index 0, and some Chat
servers send every parallel call at index 0 with its own id. Joined, every client got one call
with the arguments of all (``{..}{..}``, which the openai SDK cannot parse) or one call's name
with another's arguments. So a Gemini call part at an index that already holds a call (each
``functionCall`` is a whole call), and a fragment that names a call with an id other than the one
its index holds (from any other source: a new id is a new call), open a new call at the next
destination slot no call takes (:meth:`_WriterSink._open_call`; a Gemini call's signature goes with
it). A Chat call whose name or id comes again with the same id (or none) continues its call, as
the openai SDK's accumulator reads it. A stream without this shape is written as before (the
bytes the Encoder writes for its events); one with it gives the client more calls than
``lc.assemble`` of the source names (``tests/stream/test_translate_parallel_calls.py``).

A call an Anthropic stream never names is left out, not refused: it is a server tool's
(``server_tool_use``), which lm15 maps to a call with no name, and the server ran it; the text
and citations around it are written (``_SERVER_CALLS``; docs/writers.md, "Server tools").

One difference is left: a call's name is written as soon as it is known (the start of its
block), so a Chat call whose name comes again, changed, with the same id (or none) in a later
delta keeps its first name on the Responses, Anthropic and Chat wires, where lm15 (and
:func:`lmcodec.assemble`) keep the last; Gemini, which writes a call whole, keeps the last. No
provider is known to send a name twice.

The canonical events decide what crosses: what the source's lm15 adapter reads
and the destination wire can carry (see each provider's ``write`` module for
its limits). A source error event becomes the destination's error event; so
does input the source decoder refuses (a :class:`lmcodec.DecodeError`: a frame lm15
cannot read, a framing error, a line over the framer's limit), and so does an
event the destination's writer refuses (a tool call without a name, MAP-9: the writers'
rules, :mod:`lmcodec.stream.encoder`): the events decoded before it are written, then
an error event with code ``provider`` and the message, and the translation ends there. A
string no UTF-8 JSON can carry (a lone surrogate, which lm15 reads from a frame such as
``"\\ud800"``) is not an event the writer refuses but a value it cannot spell: translation
raises :class:`lmcodec.EncodeError` there, after yielding what came before. After
an error event nothing more is read or written (an error ends the stream on
every wire). A source that stops before its end event (a connection cut short) ends with an
error event too (code ``provider``), where :func:`lmcodec.assemble` raises: a client
must not take a truncated stream for a whole one. One end frame lm15 does not read is read
here: a Responses stream's ``response.incomplete`` (an answer cut at ``max_output_tokens``, or
filtered) ends the translation as that response reads whole, ``length`` or ``content_filter``
(:mod:`lmcodec.stream._incomplete`), so each client gets its own dialect's truncation; ``decode``
and ``assemble`` of the same stream read no end, as lm15 does.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator
from typing import Any, Final

import msgspec

from lmcodec.errors import DecodeError, ValidationError
from lmcodec.providers import MAPPERS
from lmcodec.providers._json import unwritable
from lmcodec.stream._chunks import check_chunks, not_a_chunk
from lmcodec.stream._head import HeadPeek
from lmcodec.stream._incomplete import IncompleteWatch
from lmcodec.stream._stop import StopSink, client_side_stops
from lmcodec.stream.coalesce import EndMerge
from lmcodec.stream.encoder import Encoder, line_safe
from lmcodec.stream.engine import Engine, checked_arguments
from lmcodec.stream.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
from lmcodec.wire import (
    Adaptation,
    ContinuationDelta,
    ErrorDetail,
    Request,
    StreamDeltaEvent,
    StreamErrorEvent,
    StreamEvent,
    StreamStartEvent,
    TextDelta,
    ThinkingDelta,
    ToolCallDelta,
    Usage,
)

__all__ = ["atranslate", "translate"]

_new: Final[Callable[..., Any]] = msgspec.StructMeta.__call__
_replace: Final[Callable[..., Any]] = msgspec.structs.replace
_TEXT: Final = _new(TextDelta, part_index=0, text="")
_THINKING: Final = _new(ThinkingDelta, part_index=0, text="")
_TOOL_CALL: Final = _new(ToolCallDelta, part_index=0, input="")
_EVENT: Final = _new(StreamDeltaEvent, delta=_TEXT)
_UNFINISHED: Final = StreamErrorEvent(
    error=ErrorDetail(code="provider", message="the source stream ended without an end event")
)
_HEADLESS: Final = frozenset({"openai_chat", "gemini"})  # wires without a start frame
_WHOLE_CALLS: Final = frozenset({"gemini"})  # wires whose every call part is a whole call
# Wires whose every client tool call is named at its start: a call that never gets a name is a
# server tool's (an Anthropic server_tool_use block, whose argument fragments lm15 maps to a call
# with no name); it is left out of the written stream, the text and citations around it written.
_SERVER_CALLS: Final = frozenset({"anthropic"})


class _WriterSink:
    """A :class:`~lmcodec.stream.sink.Sink` that writes the destination dialect as the mapper calls it.

    It keeps the event builder's rules (:class:`lmcodec.stream.events.EventSink`: one start
    first, synthesized before the first delta or the end where the wire has none; deltas and
    errors in place; every adapter end merged into one at :meth:`close`) and hands text,
    thinking and tool-input fragments to the writer's ``write_text`` / ``write_thinking`` /
    ``write_tool_input`` where it has them (the OpenAI writers), so no event object is built
    for them; for another writer it builds the event and feeds it.

    A call whose first fragments come without a name (a Chat stream may send ``arguments``
    before the ``name`` of its index) is held until its name arrives, then written whole: every
    wire names a call when it opens it. One still nameless at the end goes to the writer as it
    came, which refuses it (MAP-9)."""

    __slots__ = (
        "_calls",
        "_ends",
        "_feed",
        "_head",
        "_model",
        "_moved",
        "_named",
        "_nameless",
        "_next_free",
        "_server_calls",
        "_started",
        "_taken",
        "_whole_calls",
        "_write_text",
        "_write_thinking",
        "_write_tool_input",
        "cut",
        "ending",
        "finished",
        "incomplete",
        "out",
    )

    def __init__(
        self, writer: Any, head: HeadPeek | None, *, whole_calls: bool = False, server_calls: bool = False
    ) -> None:
        self.out: list[bytes] = []
        self._feed: Callable[[StreamEvent], bytes] = writer.feed
        self._write_text: Callable[[int, str], bytes] = getattr(writer, "write_text", self._text_event)
        self._write_thinking: Callable[[int, str], bytes] = getattr(
            writer, "write_thinking", self._thinking_event
        )
        self._write_tool_input: Callable[[int, str, str | None, str | None], bytes] = getattr(
            writer, "write_tool_input", self._tool_input_event
        )
        self._head = head
        self._model: str | None = None
        self._whole_calls = whole_calls  # the source sends every call whole, in one part (Gemini)
        # a call the source never names is a server tool's (Anthropic): left out, not refused
        self._server_calls = server_calls
        self._calls: dict[int, list[Any]] = {}  # source slot -> [destination slot, id] of its call
        self._taken: set[int] = set()  # destination slots of calls
        self._next_free = 0  # the slot after the highest one taken (a new call's, kept: not a scan)
        self._moved: tuple[int, int, int] | None = None  # a call written at another slot: see event
        self._named: set[int] = set()  # destination slots of calls written with their name
        self._nameless: dict[int, tuple[list[str], str | None]] = {}  # held: fragments, id
        self._started = False
        self._ends = EndMerge()
        self.finished = False  # an error event was written: the destination stream is over
        self.cut = False  # ... or the end at a client-side stop sequence (end_at_cut)
        # the source's end has been read: it is written at close, beside what the writer holds
        # (a Gemini last chunk keeps its parts next to its finish)
        self.ending = False
        # the Responses mapper that keeps a response.incomplete frame (a Responses source)
        self.incomplete: IncompleteWatch | None = None

    def _text_event(self, part_index: int, text: str) -> bytes:
        return self._feed(_replace(_EVENT, delta=_replace(_TEXT, part_index=part_index, text=text)))

    def _thinking_event(self, part_index: int, text: str) -> bytes:
        return self._feed(_replace(_EVENT, delta=_replace(_THINKING, part_index=part_index, text=text)))

    def _tool_input_event(self, part_index: int, fragment: str, id: str | None, name: str | None) -> bytes:
        delta = _replace(_TOOL_CALL, part_index=part_index, input=fragment, id=id, name=name)
        return self._feed(_replace(_EVENT, delta=delta))

    def begin(self, model: str | None) -> None:
        self._model = model
        self._calls = {}
        self._taken = set()
        self._next_free = 0
        self._moved = None
        self._named = set()
        self._nameless = {}
        self._started = False
        self._ends = EndMerge()
        self.ending = False

    def _synthesize(self) -> None:
        self._started = True
        start: StreamStartEvent = _new(StreamStartEvent, id=None, model=self._model)
        head = self._head
        self.out.append(self._feed(head.start(start) if head is not None else start))

    def start(self, id: str | None, model: str | None) -> None:
        if self.finished:
            return
        if not self._started:
            self._started = True
            self.out.append(self._feed(_new(StreamStartEvent, id=id, model=model)))

    def text(self, part_index: int, text: str) -> None:
        if self.finished:
            return
        if not self._started:
            self._synthesize()
        self.out.append(self._write_text(part_index, text))

    def thinking(self, part_index: int, text: str) -> None:
        if self.finished:
            return
        if not self._started:
            self._synthesize()
        self.out.append(self._write_thinking(part_index, text))

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
        if self.finished:
            return
        call = self._calls.get(part_index)
        if call is None or self._whole_calls or (id is not None and id != call[1] and name is not None):
            call = self._open_call(part_index, id, call)
        slot: int = call[0]
        if slot not in self._named:
            held = self._nameless.get(slot)
            if name is None:
                if held is None:
                    self._nameless[slot] = ([fragment], id)
                else:
                    held[0].append(fragment)
                    if id is not None:
                        self._nameless[slot] = (held[0], id)
                return
            self._named.add(slot)
            if held is not None:
                del self._nameless[slot]
                fragment = "".join(held[0]) + fragment
                id = id if id is not None else held[1]
        if not self._started:
            self._synthesize()
        out = self.out
        out.append(self._write_tool_input(slot, fragment, id, name))
        if slot != part_index:
            self._moved = (part_index, slot, len(out))

    def _open_call(self, part_index: int, id: str | None, held: list[Any] | None) -> list[Any]:
        """The call a fragment belongs to: the one its source slot holds, or a new one.

        A slot holds one call in lm15's reading, which joins every fragment sent at its index.
        But a Gemini chunk numbers its parts from 0, so parallel calls streamed one per chunk all
        come at index 0, each a whole call; and some Chat servers send every parallel call at
        index 0 with its own id. Each such call is written as a call of its own, at a destination
        slot no other call takes (the one after the highest taken, kept as a counter: a scan of
        the slots per call was quadratic in the calls): joined, the clients got one call with the
        first call's name and the arguments of all (``{..}{..}``, not JSON). The rule: from a
        source that sends whole calls, every call part is a new call; from any other, a fragment
        that names a call with an id other than the slot's call's id (a new id is a new call;
        a name or id sent again with the same or no id continues the call)."""
        if held is not None and not self._whole_calls and held[1] is None:
            held[1] = id  # the call's id, first given after its first fragment: the same call
            return held
        slot = part_index
        taken = self._taken
        if held is not None or slot in taken:
            slot = self._next_free
        taken.add(slot)
        if slot >= self._next_free:
            self._next_free = slot + 1
        call = self._calls[part_index] = [slot, id]
        return call

    def _write_nameless(self) -> None:
        """Calls that never got a name, as they came: the writer refuses them (MAP-9)."""
        nameless = self._nameless
        self._nameless = {}
        for part_index, (fragments, id) in nameless.items():
            if not self._started:
                self._synthesize()
            self.out.append(self._write_tool_input(part_index, "".join(fragments), id, None))

    def event(self, event: StreamEvent) -> None:
        if self.finished:
            return
        moved = self._moved
        if moved is not None:
            self._moved = None
            if moved[2] == len(self.out):  # right after a call written at another slot: its signature
                event = _moved_signature(event, moved[0], moved[1])
        if type(event) is StreamDeltaEvent:
            delta = event.delta
            if type(delta) is ToolCallDelta and (delta.name is not None or delta.part_index in self._calls):
                # a call the port mapped (a frame the typed view refused): the same slots as the others
                self.tool_input(delta.part_index, delta.input, delta.id, delta.name)
                return
        if not self._started and type(event) is StreamDeltaEvent:
            self._synthesize()
        self.out.append(self._feed(event))
        if type(event) is StreamErrorEvent:
            self.finished = True

    def end(
        self, finish_reason: str | None, usage: Usage | None, provider_data: Any, *, strict_json: bool = False
    ) -> None:
        self._ends.add(finish_reason, usage, provider_data)
        self.ending = True

    def end_at_cut(self) -> None:
        """The end lm15's runtime gives a stream cut at a client-side stop sequence, written now:
        ``stop``, no usage (the final frame is never read), whatever ended before."""
        self._ends = EndMerge()
        self._ends.add("stop", None, None)
        self.close()
        self.finished = self.cut = True

    def close(self) -> bool:
        end = self._ends.merged()
        self._ends = EndMerge()
        if self.finished:
            return end is not None
        if self._nameless:
            if self._server_calls:  # the server ran it: no call of the client's (_SERVER_CALLS)
                self._nameless = {}
            else:
                self._write_nameless()
        if self.incomplete is not None:  # a Responses answer cut short: its truncation, as whole
            cut = self.incomplete.take()  # (beside a bare end: a [DONE] after it)
            if cut is not None and (end is None or (end.finish_reason is None and end.usage is None)):
                end = cut
        if end is None:  # the source stopped short of its end: the client must not take it as whole
            self.out.append(self._feed(_UNFINISHED))
            self.finished = True
            return False
        if not self._started:
            self._synthesize()
        self.out.append(self._feed(end))
        return True

    def take(self) -> bytes:
        """The bytes written since the last call."""
        self._moved = None
        out = self.out
        if not out:
            return b""
        data = out[0] if len(out) == 1 else b"".join(out)
        out.clear()
        return line_safe(data)


def _moved_signature(event: StreamEvent, part_index: int, slot: int) -> StreamEvent:
    """``event`` at ``slot`` if it is the continuation state (a Gemini ``thoughtSignature``) of
    the call part at ``part_index`` just written there: the mapper hands a part's signature right
    after the part."""
    if type(event) is StreamDeltaEvent:
        delta = event.delta
        if type(delta) is ContinuationDelta and delta.part_index == part_index:
            moved: StreamDeltaEvent = _replace(event, delta=_replace(delta, part_index=slot))
            return moved
    return event


class _Translator:
    """The source's framer and mapper (the stream engine) calling a :class:`_WriterSink`."""

    __slots__ = ("_encoder", "_flush", "_head", "_sink", "_stream", "failed")

    def __init__(
        self,
        src: str,
        dst: str,
        request: Request | None,
        adaptations: Iterable[Adaptation] = (),
        include_usage: bool = True,
    ) -> None:
        if not isinstance(src, str) or src not in MAPPERS:
            raise ValidationError(f"unknown provider {src!r}; expected one of {sorted(MAPPERS)}")
        adaptations = tuple(adaptations)
        if not all(isinstance(a, Adaptation) for a in adaptations):
            raise ValidationError("adaptations must be Adaptations (a built request's .adaptations)")
        self._encoder = Encoder(dst, include_usage=include_usage)
        self._head: HeadPeek | None = HeadPeek() if src in _HEADLESS else None
        self._sink = _WriterSink(
            self._encoder.writer,
            self._head,
            whole_calls=src in _WHOLE_CALLS,
            server_calls=src in _SERVER_CALLS,
        )
        writer = self._encoder.writer
        self._flush: Callable[[], bytes] | None = writer.flush if writer.holds else None
        mapper_cls = checked_arguments(src, request, "skip")
        if src == "openai":
            mapper_cls = IncompleteWatch
        stops = client_side_stops(adaptations)
        cutter = StopSink(self._sink, stops) if stops else None
        self._stream = Engine(
            src,
            mapper_cls,
            cutter or self._sink,
            request,
            DEFAULT_MAX_LINE_BYTES,
            DEFAULT_MAX_EVENT_BYTES,
            False,
        )
        if isinstance(self._stream.mapper, IncompleteWatch):
            self._sink.incomplete = self._stream.mapper
        # the destination stream is over: an error event (the source's, or a refusal), or a cut at
        # a client-side stop sequence (nothing more is read)
        self.failed = False

    def feed(self, chunk: bytes) -> bytes:
        """The destination bytes for one source chunk (a decode failure becomes an error event;
        a string the destination cannot carry is :class:`~lmcodec.EncodeError`)."""
        try:
            return self._feed(chunk)
        except UnicodeEncodeError as exc:
            raise unwritable(exc, self._encoder.provider) from None
        except TypeError:
            wrong = not_a_chunk(chunk)
            if wrong is not None:
                raise wrong from None
            raise

    def _feed(self, chunk: bytes) -> bytes:
        head = self._head
        if head is not None and not head.done:
            head.feed(chunk)
        try:
            self._stream.feed(chunk)
        except DecodeError as exc:
            return self._failed(exc)
        sink = self._sink
        if sink.finished:  # an error, or a cut at a stop sequence, ended it: nothing more is read
            self.failed = True
            if sink.cut:  # (lm15 closes the source at the cut)
                return sink.take() + self._encoder.close()
        elif self._flush is not None and not sink.ending:  # what the writer holds of this chunk
            held = self._flush()  # is written before the next is read
            if held:
                sink.out.append(held)
        return sink.take()

    def close(self) -> bytes:
        try:
            self._stream.close()
        except DecodeError as exc:
            return self._failed(exc)
        except UnicodeEncodeError as exc:
            raise unwritable(exc, self._encoder.provider) from None
        return self._sink.take() + self._encoder.close()

    def _failed(self, exc: DecodeError) -> bytes:
        self.failed = True
        if self._sink.finished:  # an error event is already written
            return self._sink.take()
        error = StreamErrorEvent(error=ErrorDetail(code="provider", message=str(exc)))
        return self._sink.take() + self._encoder.feed(error)


def translate(
    src: str,
    dst: str,
    chunks: Iterable[bytes],
    *,
    request: Request | None = None,
    adaptations: Iterable[Adaptation] = (),
    include_usage: bool = True,
) -> Iterator[bytes]:
    """``src``'s SSE stream as ``dst``'s, each output event written as soon as its input arrives.

    Yields one bytes object per input chunk that wrote anything (and one for
    the end of input). ``request`` is the request the stream answers: its model
    names a stream whose wire names none (Chat Completions, Gemini). ``adaptations``: those of
    the built request the stream answers (``ProviderRequest.adaptations``); a ``client_side``
    ``config.stop`` there (a Responses backend has no stop field) is applied as lm15's runtime
    applies it: the text is cut before the first stop sequence and the stream ends there, finish
    ``stop``, no usage, the rest of the source unread (:mod:`lmcodec.stream._stop`).
    ``include_usage``: a Chat Completions client's ``stream_options.include_usage`` (without it no
    usage chunk is written, as OpenAI writes none: :class:`~lmcodec.stream.Encoder`). The
    arguments are checked at the call."""
    translator = _Translator(src, dst, request, adaptations, include_usage)
    check_chunks(chunks, "lc.stream.translate")
    return _translated(translator, chunks)


def _translated(translator: _Translator, chunks: Iterable[bytes]) -> Iterator[bytes]:
    for chunk in chunks:
        out = translator.feed(chunk)
        if out:
            yield out
        if translator.failed:
            return
    tail = translator.close()
    if tail:
        yield tail


def atranslate(
    src: str,
    dst: str,
    chunks: AsyncIterable[bytes],
    *,
    request: Request | None = None,
    adaptations: Iterable[Adaptation] = (),
    include_usage: bool = True,
) -> AsyncIterator[bytes]:
    """The async twin of :func:`translate` (the arguments checked at the call)."""
    return _atranslated(_Translator(src, dst, request, adaptations, include_usage), chunks)


async def _atranslated(translator: _Translator, chunks: AsyncIterable[bytes]) -> AsyncIterator[bytes]:
    async for chunk in chunks:
        out = translator.feed(chunk)
        if out:
            yield out
        if translator.failed:
            return
    tail = translator.close()
    if tail:
        yield tail
