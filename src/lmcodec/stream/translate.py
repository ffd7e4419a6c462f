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
memory does not grow with the number of events. From a source with a start frame
(Responses, Anthropic), ``translate`` writes what an :class:`~lmcodec.stream.Encoder`
fed each chunk's decoded events through ``feed_all`` writes, and the same events as
``encode(dst, decode(src, chunks))`` (``tests/stream/test_translate_incremental.py``),
but where a paragraph below says otherwise.

Chat Completions and Gemini streams have no start frame: lm15's synthesized
start names the request's model and no id. The translator reads both from the
stream's first frame instead, as the source's framer cut it (:mod:`lmcodec.stream._head`: a
Gemini JSON array's first element too), before it is mapped (Chat's ``id`` and ``model``, Gemini's
``responseId`` and ``modelVersion``), so the client sees the id and the served
model the backend sent, not the alias it asked for; the events decoding the
translated stream gives are otherwise lm15's. From a Chat source it reads the
chunk's ``created``, ``service_tier`` and ``system_fingerprint`` there too, and a Chat
client gets them on every chunk, as the backend wrote them (red team 14 F05): so Chat ->
Chat the bytes are not the Encoder's, whose events hold none of the three, in those
fields alone (the Encoder given the stream's id and model in its start writes the rest
alike: ``tests/stream/test_translate_chat_service_tier.py``).

Each call the source sent is written as a call of its own, where lm15 (and
:func:`lmcodec.assemble`) join the fragments of one part index into one call: a Gemini chunk
numbers its parts from 0, so parallel calls streamed one per chunk all come at index 0, and some Chat
servers send every parallel call at index 0 with its own id. Joined, every client got one call
with the arguments of all (``{..}{..}``, which the openai SDK cannot parse) or one call's name
with another's arguments. So a Gemini call part at an index that already holds a call (each
``functionCall`` is a whole call), and a fragment that names a call with an id other than the one
its index holds (from any other source: a new id is a new call), open a new call at the next
destination slot no call takes (:mod:`lmcodec.stream._writer_sink`; a Gemini call's signature goes with
it). A Chat call whose name or id comes again with the same id (or none) continues its call, as
the openai SDK's accumulator reads it. A stream without this shape is written as before (the
bytes the Encoder writes for its events); one with it gives the client more calls than
``lc.assemble`` of the source names (``tests/stream/test_translate_parallel_calls.py``).

Texts and thoughts are read the same way from a Gemini source toward a Responses or Anthropic
client, whose SDKs accumulate each slot as a block or item of its own: a text or thought at a slot
the writer has moved past (a chunk of two text parts, then a chunk of text: slots 0, 1, 0) is
appended to the open block or item of its kind, else opens a new one, in stream order, as
google-genai reads the chunks, where lm15 joins it into the first
(:mod:`lmcodec.stream._parts_in_order`; red team 30 F01). Chat and Gemini clients are written as
before.

A call an Anthropic stream never names is left out, not refused: it is a server tool's
(``server_tool_use``), which lm15 maps to a call with no name, and the server ran it; the text
and citations around it are written (``_SERVER_CALLS``; docs/writers.md, "Server tools").

One difference is left: a call's name is written as soon as it is known (the start of its
block), so a Chat call whose name comes again, changed, with the same id (or none) in a later
delta keeps its first name on the Responses, Anthropic and Chat wires, where lm15 (and
:func:`lmcodec.assemble`) keep the last; Gemini, which writes a call whole, keeps the last. A
name streamed in pieces (``"get_"``, then ``"weather"``: some compatible servers, not OpenAI) is
the one case known: the openai SDK joins the pieces, so the client's judge says ``get_weather``,
and those three wires write ``get_`` (red team 44 F04, left: joining needs the call held until its
first argument fragment, a chunk's delay on every Chat call).

A chunk that writes nothing but holds the source's keep-alives (Anthropic's ``event: ping``, a
``:`` comment line) writes one keep-alive of the destination for each (an Anthropic ``ping``, a
``: keep-alive`` comment to the OpenAI wires, an empty line to Gemini, whose SDK reads comment
lines as JSON): these lines alone are not the Encoder's (red team 21 F04). A body given whole
writes them as the same bytes fed as one chunk do: only where it wrote nothing else. A keep-alive
is counted in the chunk where its line's mark ends (``:``, ``event: ping``), however chunks cut
it, by the source's framer (:mod:`lmcodec.framing._sse_keepalive`): a ping's words inside a data
line's text are not one.

From an Anthropic source to an Anthropic client, the source's ``message_start`` usage is written in
the client's ``message_start`` (read from its first frame, :class:`~lmcodec.stream._head.StreamHead`;
anthropic SDKs before 0.51 read the input counts there only): only there do the bytes differ from
the Encoder's, whose start has no usage (docs/writers.md, red team 21 F02). To another client, an
end whose ``message_delta`` reports no input counts (``output_tokens`` alone: Anthropic's own
example, Bedrock, Vertex) gets them from that ``message_start``, as the anthropic SDK reads them,
where lm15 (and ``decode``) read none and the client read 0 (red team 44).

The end's token counts are written in the destination's meaning, not the source's
(:mod:`lmcodec.providers._usage_meaning`; docs/writers.md, "Usage"): Anthropic's input count
leaves out the cache reads and writes the other wires count in theirs, Gemini's output count
leaves out the thoughts the others count in theirs, so each client reads the source's whole
input, cache, output and reasoning counts. Between dialects of one meaning nothing changes.

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
and ``assemble`` of the same stream read no end, as lm15 does. And a Gemini in-band finish
(``finishReason`` SAFETY, MALFORMED_FUNCTION_CALL, ..., or ``promptFeedback.blockReason``), which
lm15 reads as a stream error, ends the translation as the ``content_filter`` end it is, with its
usage (:mod:`lmcodec.stream._inband`): the Gemini client gets the chunk as Google sent it, the
others their own content-filter finish, not a request error. A Responses ``message`` or
``function_call`` item that comes only whole (its ``output_item.done`` alone, or only in
``response.completed``, whatever other items streamed, matched to the streamed ones by identity as
the openai SDK matches them: a call's ``call_id``, a message's ``id``), which lm15 reads as nothing,
is written as if streamed (:mod:`lmcodec.stream._whole_items`); so is a Chat answer's legacy
``delta.function_call``, a Chat client's as it came, another's as a tool call of its own, beside
any ``tool_calls`` (:mod:`lmcodec.stream._chat_extras`). The events of a
Responses output item lm15 reads as nothing (a ``custom_tool_call``, a ``web_search_call``, ...) go
to a Responses client as the backend sent them; another client's stream ends with an error naming an
item the client runs itself and leaves out a server-run one (:mod:`lmcodec.stream._foreign_items`);
so do a Gemini stream's ``executableCode`` / ``codeExecutionResult`` parts, the server's own tool
output, to a Gemini client, and no other (:mod:`lmcodec.stream._foreign_parts`)."""

from __future__ import annotations

from collections.abc import AsyncIterable, AsyncIterator, Callable, Iterable, Iterator
from typing import Final

from lmcodec.errors import DecodeError, ValidationError
from lmcodec.framing._chunks import Chunk, check_chunks, not_a_chunk
from lmcodec.framing._sse_keepalive import keep_alive_marks
from lmcodec.framing.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
from lmcodec.providers import MAPPERS
from lmcodec.providers._errors import unknown_provider
from lmcodec.providers._json import unwritable
from lmcodec.providers._tool_names import names_back
from lmcodec.providers._usage_meaning import usage_restatement
from lmcodec.providers.anthropic.write import StreamWriter as AnthropicWriter
from lmcodec.stream._chat_extras import ChatExtras
from lmcodec.stream._foreign_items import ForeignItems
from lmcodec.stream._foreign_parts import ForeignParts, ForeignPartsToGemini
from lmcodec.stream._head import StreamHead
from lmcodec.stream._incomplete import IncompleteWatch
from lmcodec.stream._keepalive import KEEP_ALIVE_FRAMERS, KEEP_ALIVES
from lmcodec.stream._lone import lone_frames
from lmcodec.stream._parts_in_order import PartsInOrderSink
from lmcodec.stream._stop import StopSink, client_side_stops
from lmcodec.stream._whole import whole_frames
from lmcodec.stream._writer_sink import WriterSink
from lmcodec.stream.encoder import Encoder
from lmcodec.stream.engine import Engine, checked_arguments
from lmcodec.wire import Adaptation, ErrorDetail, Request, StreamErrorEvent
from lmcodec.wire.dialects import Provider

__all__ = ["atranslate", "translate"]

_HEADLESS: Final = frozenset({"openai_chat", "gemini"})  # wires without a start frame
_WHOLE_CALLS: Final = frozenset({"gemini"})  # wires whose every call part is a whole call
# wires whose texts and thoughts come back to a slot after another was written (Gemini numbers its
# parts from 0 in every chunk; lm15 reads every Chat content and reasoning at slot 0, a call between
# them), and the clients that read each slot as a block or item of its own, in the order first
# written: there a text or thought at a slot the writer moved past joins the open one of its kind,
# or opens a new one (stream/_parts_in_order.py)
_PARTS_PER_CHUNK: Final = frozenset({"gemini", "openai_chat"})
_SLOTS_AS_BLOCKS: Final = frozenset({"openai", "anthropic"})
# Wires whose every client tool call is named at its start: a call that never gets a name is a
# server tool's (an Anthropic server_tool_use block, whose argument fragments lm15 maps to a call
# with no name); it is left out of the written stream, the text and citations around it written.
_SERVER_CALLS: Final = frozenset({"anthropic"})
# Wires whose last event may carry a whole turn past a block (Gemini's end chunk: parallel calls, a
# long text): a body given whole is cut by stream/_lone.lone_frames there too, and that chunk read
# once by the mapper's map_body, where a framer fed it by blocks had it decoded typed twice.
_LONG_LAST_EVENT: Final = frozenset({"gemini"})


class _Translator:
    """The source's framer and mapper (the stream engine) calling a
    :class:`~lmcodec.stream._writer_sink.WriterSink`."""

    __slots__ = (
        "_count_keep_alives",
        "_encoder",
        "_flush",
        "_head",
        "_head_in_reading",
        "_keep_alive",
        "_pings",
        "_sink",
        "_start_writer",
        "_stream",
        "_unscanned",
        "failed",
        "long_last_event",
    )

    def __init__(
        self,
        src: Provider,
        dst: Provider,
        request: Request | None,
        adaptations: Iterable[Adaptation] = (),
        include_usage: bool = True,
        framed: bool = True,
    ) -> None:
        """``framed=False``: the source engine makes no framer now (a body that may come cut
        without one: see :func:`_translated`)."""
        if not isinstance(src, str) or src not in MAPPERS:
            raise unknown_provider(src, MAPPERS)
        adaptations = tuple(adaptations)
        if not all(isinstance(a, Adaptation) for a in adaptations):
            raise ValidationError("adaptations must be Adaptations (a built request's .adaptations)")
        self._encoder = Encoder(dst, include_usage=include_usage)
        self._keep_alive = KEEP_ALIVES[dst]
        self._pings = src == "anthropic"  # (the only wire that sends ping events)
        writer = self._encoder.writer
        # an Anthropic source's message_start usage, for an Anthropic client's message_start
        self._start_writer = writer if src == "anthropic" and isinstance(writer, AnthropicWriter) else None
        # what the source's first frame names (its id and model, ...; the message_start's usage)
        self._head = StreamHead() if src in _HEADLESS or src == "anthropic" else None
        restate = usage_restatement(src, dst)
        if src == "anthropic" and self._start_writer is None and self._head is not None:
            restate = self._head.with_start_counts(restate)  # (the input counts the end may not report)
        in_order = src in _PARTS_PER_CHUNK and dst in _SLOTS_AS_BLOCKS
        self._sink = (PartsInOrderSink if in_order else WriterSink)(
            self._encoder.writer,
            self._head if src in _HEADLESS else None,
            whole_calls=src in _WHOLE_CALLS,
            server_calls=src in _SERVER_CALLS,
            restate=restate,
            names=names_back(adaptations),
            same_dialect=src == dst,
        )
        writer = self._encoder.writer
        self._flush: Callable[[], bytes] | None = writer.flush if writer.holds else None
        mapper_cls = checked_arguments(src, request, "skip")
        if src == "openai":
            mapper_cls = ForeignItems
        elif src == "gemini":
            mapper_cls = ForeignPartsToGemini if dst == "gemini" else ForeignParts
        elif src == "openai_chat":
            mapper_cls = ChatExtras
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
            framed=framed,
            framer_cls=KEEP_ALIVE_FRAMERS[src],
            read_head=self._read_head if self._head is not None else None,
        )
        # the source's keep-alives, as its framer counts them (red team 21 F04): the bytes it left to
        # count (none after a chunk of one event of the common shape) and what counts them
        self._unscanned: list[bytes] = []
        self._count_keep_alives: Callable[[bool], int] | None = None
        if framed:
            self._hand_over_count()
        if isinstance(self._stream.mapper, IncompleteWatch):
            self._sink.incomplete = self._stream.mapper
        # the destination stream is over: an error event (the source's, or a refusal), or a cut at
        # a client-side stop sequence (nothing more is read)
        self.failed = False
        self.long_last_event = src in _LONG_LAST_EVENT
        # a body of one frame whose reading holds that frame's value, the head read from it
        self._head_in_reading = src in _LONG_LAST_EVENT and self._head is not None

    def feed(self, chunk: Chunk, frames: list[bytes] | None = None) -> bytes:
        """The destination bytes for one source chunk (a decode failure becomes an error event;
        a string the destination cannot carry is :class:`~lmcodec.EncodeError`); ``frames``: the
        chunk, a whole body, cut without a framer."""
        try:
            try:
                if frames is None:
                    self._stream.feed(chunk)
                elif self._head_in_reading and len(frames) == 1:
                    self._feed_lone(frames)
                else:
                    self._stream.feed_frames(frames)
            except DecodeError as exc:
                out = self._failed(exc)
            else:
                sink = self._sink
                if sink.finished:  # an error, or a cut at a stop sequence, ended it: nothing more is read
                    self.failed = True  # (at a cut lm15 closes the source: so does the writer)
                    out = sink.take() + self._encoder.close() if sink.cut else sink.take()
                else:
                    if self._flush is not None and not sink.ending:  # what the writer holds of this
                        held = self._flush()  # chunk is written before the next is read
                        if held:
                            sink.out.append(held)
                    out = sink.take()
            # the source's keep-alives, where nothing else was written for them (red team 21 F04)
            if self._unscanned:  # (a chunk of one event of the common shape leaves nothing)
                assert self._count_keep_alives is not None
                kept = self._count_keep_alives(not out and not self.failed)
                return out or self._keep_alive * kept
            if frames is not None and not out and not self.failed:  # a body given whole, cut without
                # a framer: as the same bytes fed as one chunk (translate(src, dst, [body]))
                return self._keep_alive * keep_alive_marks(b"\n" + bytes(chunk), self._pings)
            return out
        except UnicodeEncodeError as exc:
            raise unwritable(exc, self._encoder.provider) from None
        except TypeError:
            wrong = not_a_chunk(chunk)
            if wrong is not None:
                raise wrong from None
            raise

    def _feed_lone(self, frames: list[bytes]) -> None:
        """A Gemini body of one chunk (``frames``, its one frame): the mapper's ``read_last``
        decodes it untyped anyway (its end's provider_data), so the head (``responseId``,
        ``modelVersion``) is read from that value and the engine maps that reading, where the head
        once skipped through the whole chunk again (~1.6k instructions a call of a tool turn);
        a chunk that reading leaves to ``map_frames`` (None) is fed as before."""
        stream = self._stream
        read = stream.mapper.read_last(frames[0])
        head = self._head
        if read is not None and head is not None and head.read_value(read[0]):
            stream.feed_read(frames, read)
        else:
            stream.feed_frames(frames)

    def _read_head(self, frames: list[bytes]) -> bool:
        """Read the source's head from the first frames its engine cut, before they are mapped
        (the engine's ``read_head``); an Anthropic client's writer is handed the message_start's
        usage. False until a frame that is not a ping's came."""
        head = self._head
        assert head is not None
        if not head.read(frames):
            return False
        if self._start_writer is not None and head.start_usage is not None:
            self._start_writer.carry_start_usage(head.start_usage)
        return True

    def framer_deferred(self) -> bool:
        """True when the source engine was made without its framer (``framed=False``), not made since."""
        return self._stream.framer is None

    def make_framer(self) -> None:
        self._stream.make_framer()
        self._hand_over_count()

    def _hand_over_count(self) -> None:
        """Take the source framer's keep-alive count (:mod:`lmcodec.framing._sse_keepalive`)."""
        count = self._stream.framer.keep_alive_count
        self._unscanned = count.unscanned
        self._count_keep_alives = count.keep_alives

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
    src: Provider,
    dst: Provider,
    chunks: Iterable[Chunk],
    *,
    request: Request | None = None,
    adaptations: Iterable[Adaptation] = (),
    include_usage: bool = True,
) -> Iterator[bytes]:
    """``src``'s SSE stream as ``dst``'s, each output event written as soon as its input arrives.

    Yields one bytes object per input chunk that wrote anything (and one for the end of input); a
    chunk that wrote nothing but held the source's keep-alives (Anthropic's ``ping``, ``:`` comment
    lines) yields as many of the destination's, so a client is
    kept alive while the backend is. ``request`` is the request the stream answers: its model names
    a stream whose wire names none (Chat Completions, Gemini). ``adaptations``: those of the built
    request the stream answers (``ProviderRequest.adaptations``); a ``client_side`` ``config.stop``
    there (a Responses backend has no stop field) is applied as lm15's runtime applies it: the text
    is cut before the first stop sequence and the stream ends there, finish ``stop``, no usage, the
    rest of the source unread; a function name ``translate_request``
    renamed for the backend (a Gemini client's ``server.tool``) is written back as the client's
    name on every call. ``include_usage``: a Chat Completions
    client's ``stream_options.include_usage`` (without it no usage chunk is written, as OpenAI
    writes none: :class:`~lmcodec.stream.Encoder`). The arguments are checked at the call. A body
    given whole as the one chunk of a list or tuple is cut without a framer when it can be (the
    same bytes out)."""
    one_body = (type(chunks) is list or type(chunks) is tuple) and len(chunks) == 1
    translator = _Translator(src, dst, request, adaptations, include_usage, framed=not one_body)
    check_chunks(chunks, "lc.stream.translate")
    return _translated(translator, chunks)


def _translated(translator: _Translator, chunks: Iterable[Chunk]) -> Iterator[bytes]:
    if translator.framer_deferred():  # one chunk in a list or tuple: cut without a framer if it can be
        if isinstance(chunks, (list, tuple)) and len(chunks) == 1:
            frames = whole_frames(chunks, DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_EVENT_BYTES)
            if frames is None and translator.long_last_event:  # past a block: the end chunk cut once
                frames = lone_frames(chunks)
            if frames is not None:  # (as the loop below translates the one chunk, framed)
                out = translator.feed(chunks[0], frames)
                if out:
                    yield out
                if not translator.failed:
                    tail = translator.close()
                    if tail:
                        yield tail
                return
        translator.make_framer()
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
    src: Provider,
    dst: Provider,
    chunks: AsyncIterable[Chunk],
    *,
    request: Request | None = None,
    adaptations: Iterable[Adaptation] = (),
    include_usage: bool = True,
) -> AsyncIterator[bytes]:
    """The async twin of :func:`translate` (the arguments checked at the call)."""
    return _atranslated(_Translator(src, dst, request, adaptations, include_usage), chunks)


async def _atranslated(translator: _Translator, chunks: AsyncIterable[Chunk]) -> AsyncIterator[bytes]:
    async for chunk in chunks:
        out = translator.feed(chunk)
        if out:
            yield out
        if translator.failed:
            return
    tail = translator.close()
    if tail:
        yield tail
