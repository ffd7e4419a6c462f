"""Canonical StreamEvents -> Anthropic Messages SSE; a Response -> a Messages body.

The stream is what the Messages API sends: ``message_start`` (then a
``ping``), one ``content_block_start`` / ``content_block_delta`` ... /
``content_block_stop`` run per content block, ``message_delta`` with the
stop reason and usage, ``message_stop``; an error event becomes an ``error``
event and ends the stream. Block indices are assigned 0, 1, 2, ... in the order
blocks open, one block open at a time: a canonical slot (``part_index``) and
kind (text, thinking, tool call) opens a block when its first delta arrives and
the previous block is stopped then. A call's first fragment goes in its
``tool_use`` block start when it is a whole object as lm15 prints one (a block
start that came with its input), else in an ``input_json_delta``; fragments of
nothing but JSON whitespace wait while the block's deltas are nothing else, and
go with the next that is not (the anthropic SDK raises on a whitespace-only
buffer), and arguments that open no object (``42``, ``"s"``, ``[1]``) wait for
the block's stop, written then as lm15's ``{"value": X}`` (``_call_input.py``). An empty
thinking slot waits for its next event (more text: a thinking block; redacted
state: a ``redacted_thinking`` block). The open block's text and argument deltas
are written from a template of their frame (the hot path; ``write_text`` /
``write_tool_input`` take it without an event object, for the translator).

Kept from the canonical events: the message id and model of the start event,
tool call ids and names, thinking text, Anthropic thinking signatures
(``signature_delta``) and redacted thinking, citations (``citations_delta``),
the finish reason and usage (a ``tool_call`` finish is ``tool_use`` only when a
tool_use block was written, else ``end_turn``: docs/writers.md). When the end's
``provider_data`` is an Anthropic ``message_delta`` frame that says the same
finish reason and usage, says ``tool_use`` only after a tool_use block and holds no
NaN or infinity (which would be written as null), it is written as it came
(stop_sequence, container, ... kept), so a stream decoded from Anthropic and
written back decodes to the same events (the message-level frames:
``_message_end.py``).

What the Messages wire cannot carry, and what is written instead:

- **Usage in message_start.** The canonical start event has no usage (lm15
  reads usage only at the end), so ``message_start`` says ``input_tokens: 0,
  output_tokens: 0`` (``lc.stream.translate`` from an Anthropic source writes the source's
  start usage there instead: :meth:`StreamWriter.carry_start_usage`);
  ``message_delta`` carries every known count (input, cache read/write,
  output, thinking tokens), which the SDK's accumulator takes as cumulative
  totals. ``output_tokens`` is always written (0 when
  unknown), so an end without usage reads back as ``Usage(output_tokens=0)``;
  ``total_tokens`` is not on the wire (it reads back as input + output).
- **Ids.** A start without an id gets ``msg_`` + 24 random hex digits; a tool
  call without an id (Gemini) gets ``toolu_`` + a digest of the message id and
  the call's slot (deterministic, unique within the conversation; the writers'
  common rules, :mod:`lmcodec.stream.encoder`).
- **Refused** (``ValidationError``, ``_media_forms``): image and audio deltas
  holding data, a url or a file id (no media on this wire; dropped, they were
  lost silently).
- **Dropped:** logprobs, continuation state of other
  providers (a Gemini ``thoughtSignature`` or an OpenAI encrypted reasoning
  item is never smuggled into an Anthropic signature or id), message-level
  continuation state. A citation keeps its text, url and title only
  (``web_search_result_location`` with a url, else ``search_result_location``).
- **Order.** A delta for a block already stopped (a source that interleaves
  slots) is written to that block's index after its stop; the SDK and lm15
  accept it, but a client that finalizes a block at its stop does not see it (so is
  a call's value held to the end that was no JSON yet at its stop: ``_call_input.py``).
  (``lc.stream.translate`` from Gemini, whose chunks number their parts from 0,
  hands such a text or thought the open block of its kind, or a new one, instead:
  ``stream/_parts_in_order.py``.)
- **Finish.** ``error`` is written as ``end_turn`` (reads back as ``stop``); an
  error's canonical code maps to the Anthropic error type lm15 reads back as it,
  but its provider code is Anthropic's type, and another dialect's code that names
  a known failure is written as Anthropic's name for it (a Chat ``429`` as
  ``rate_limit_error``, a Gemini ``UNAVAILABLE`` as ``overloaded_error``:
  :func:`lmcodec.providers._crossing_errors.crossed_error`).
- A stream closed without an end or error event is left unterminated (no
  ``message_stop`` is fabricated), as the backend left it; nothing is written
  after an error event, an event after the end is a ValidationError and an
  UnknownEvent is dropped (the common rules, :mod:`lmcodec.stream.encoder`).
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._arguments_end import ObjectClose
from lmcodec.providers._crossing_errors import crossed_error
from lmcodec.providers._errors import unwritable_unknown_delta, unwritable_unnamed_call
from lmcodec.providers._escapes import watch
from lmcodec.providers._media_forms import unwritable_media_delta
from lmcodec.providers.anthropic import _frames as f
from lmcodec.providers.anthropic._block_frames import TAIL, TEXT, THINKING, TOOL, block_delta, delta_head, sse
from lmcodec.providers.anthropic._body_write import encode_response
from lmcodec.providers.anthropic._call_input import HeldInputs, start_input
from lmcodec.providers.anthropic._message_end import message_delta, start_usage
from lmcodec.providers.anthropic._whole_call import block_stop, made_id, whole_call_start
from lmcodec.wire import (
    AudioDelta,
    CitationDelta,
    ContinuationDelta,
    ImageDelta,
    StreamDeltaEvent,
    StreamEndEvent,
    StreamErrorEvent,
    StreamEvent,
    StreamStartEvent,
    TextDelta,
    ThinkingDelta,
    ToolCallDelta,
)
from lmcodec.wire._exact import subclassed
from lmcodec.wire.unknown import UnknownDelta, UnknownEvent

__all__ = ["StreamWriter", "encode_response"]

_encode = f.ENCODER.encode
_replace = msgspec.structs.replace
# templates of the events the write_* methods feed when they cannot take the template path
_TEXT_DELTA: Final = TextDelta(text="", part_index=0)
_THINKING_DELTA: Final = ThinkingDelta(text="", part_index=0)
_TOOL_DELTA: Final = ToolCallDelta(input="", part_index=0)
_EVENT: Final = StreamDeltaEvent(delta=_TEXT_DELTA)
_PING: Final = b'event: ping\ndata: {"type":"ping"}\n\n'
_STOP: Final = b'event: message_stop\ndata: {"type":"message_stop"}\n\n'


class StreamWriter:
    """Writes one stream, event by event, as Messages SSE (one writer per stream)."""

    holds: ClassVar[bool] = False
    """Whether :meth:`flush` can write anything (it cannot: see :meth:`flush`)."""

    __slots__ = (
        "_blocks",
        "_call_name",
        "_call_name_json",
        "_deferred",
        "_done",
        "_errored",
        "_escapes",
        "_has_tool",
        "_head",
        "_held",
        "_id",
        "_open",
        "_open_index",
        "_refused",
        "_scan",
        "_start_usage",
        "_started",
        "_stop_sequence",
        "_tool_prefix",
    )

    def __init__(self) -> None:
        self._started = False
        self._done = False
        self._errored = False
        self._id = ""
        self._blocks: dict[tuple[int, int], int] = {}  # (part_index, kind) -> block index
        self._held = HeldInputs()  # tool blocks' fragments held back (_call_input.py)
        self._open: tuple[int, int] | None = None
        self._head = b""  # the open text or tool block's delta frame up to its string (delta_head)
        self._open_index = -1
        self._scan: ObjectClose | None = None  # the open tool block's object scan (_call_input.py)
        self._deferred: int | None = None  # part index of an empty thinking slot not yet opened
        self._has_tool = False
        self._refused = False  # a refusal was written (write_refusal): the stop reason is "refusal"
        self._stop_sequence: str | None = None  # the client-side stop sequence the stream was cut at
        self._escapes: dict[int, str] = {}  # part index -> an unfinished escape of its arguments
        self._start_usage: dict[str, Any] | None = None  # an Anthropic source's message_start usage
        self._call_name = ""  # the last whole call's name (write_tool_call) and its JSON string
        self._call_name_json = b""
        self._tool_prefix = b""  # '"' and tool_id's prefix for this message, made at its first use

    def feed(self, event: StreamEvent) -> bytes:
        """The SSE bytes for one canonical event (may be empty; the rules: :mod:`lmcodec.stream.encoder`)."""
        if self._done:
            if self._errored:  # an error ends the stream: what follows is dropped
                return b""
            raise ValidationError("an event after the end of the stream")
        if type(event) is StreamDeltaEvent:
            head = b"" if self._started else self._start(None, None)
            return head + self._delta(event.delta)
        if type(event) is StreamStartEvent:
            return b"" if self._started else self._start(event.id, event.model)
        if type(event) is StreamEndEvent:
            head = b"" if self._started else self._start(None, None)
            self._done = True
            head += self._close_open(final=True) + self._late_values()
            return head + message_delta(event, self._has_tool, self._refused, self._stop_sequence) + _STOP
        if type(event) is StreamErrorEvent:
            head = b"" if self._started else self._start(None, None)
            self._done = self._errored = True
            if self._open is not None:
                head += self._held_value(final=True)
            head += self._late_values()
            error = f.ErrorFrame(
                error=f.ErrorBody(
                    type=f.error_type(crossed_error(event.error, "anthropic")), message=event.error.message
                )
            )
            return head + sse(b"error", error)
        if isinstance(event, UnknownEvent):
            return b""  # a frame the source's adapter does not know: not a canonical event to write
        exact = subclassed(event)
        if exact is not None:  # a user's subclass of an event: written as the event
            return self.feed(exact)
        raise ValidationError(
            f"the Anthropic stream writer expects a StreamEvent, got {type(event).__name__}"
        )

    def write_text(self, part_index: int, text: str) -> bytes:
        """What ``feed`` writes for a TextDelta without logprobs (the translator's event-free path)."""
        if self._head and self._open == (part_index, TEXT):
            return self._head + _encode(text) + TAIL
        return self.feed(_replace(_EVENT, delta=_replace(_TEXT_DELTA, part_index=part_index, text=text)))

    def write_refusal(self, part_index: int, text: str) -> bytes:
        """A refusal fragment (the translator's, from a Chat source's ``delta.refusal``): text, and
        the stream ends with ``stop_reason: "refusal"``, as the body writes a RefusalPart."""
        self._refused = True
        return self.write_text(part_index, text)

    def stopped_at(self, sequence: str) -> None:
        """The stream is cut at the client's stop ``sequence`` (the translator's client-side stop,
        ``stream/_stop.py``): its ``stop`` end is ``stop_reason: "stop_sequence"`` naming it, as
        Anthropic answers a matched sequence."""
        self._stop_sequence = sequence

    def write_thinking(self, part_index: int, text: str) -> bytes:
        """What ``feed`` writes for a ThinkingDelta."""
        return self.feed(_replace(_EVENT, delta=_replace(_THINKING_DELTA, part_index=part_index, text=text)))

    def write_tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> bytes:
        """What ``feed`` writes for a ToolCallDelta."""
        if self._head and id is None and name is None and self._open == (part_index, TOOL):
            if self._escapes or "\\" in fragment:
                self._watch(part_index, fragment)
            scan = self._scan
            if scan is not None:  # (ObjectClose.take inlined: most fragments only wait)
                if scan.closed or "}" in fragment or "]" in fragment:
                    cut = scan.cut(fragment)
                    if cut is None:
                        return b""
                    fragment = cut
                else:
                    scan.pending.append(fragment)
            return self._head + _encode(fragment) + TAIL
        delta = _replace(_TOOL_DELTA, part_index=part_index, input=fragment, id=id, name=name)
        return self.feed(_replace(_EVENT, delta=delta))

    def write_tool_call(self, part_index: int, args: Any, id: str | None, name: str) -> bytes | None:
        """What ``write_tool_input(part_index, compact_json(args), id, name)`` writes for a new call
        that came whole, from ``args`` (msgspec's value: ``_whole_call``); None where that path
        may write otherwise (no object or an empty one, a block at the slot, a held state)."""
        key = (part_index, TOOL)
        if (
            type(args) is not dict
            or not args
            or not name
            or not self._started
            or self._done
            or key in self._blocks
            or self._deferred is not None
            or self._escapes
        ):
            return None
        index = len(self._blocks)
        try:  # (a turn's calls mostly share a name: its JSON kept; a made-up id from the message's prefix)
            if name != self._call_name:
                self._call_name, self._call_name_json = name, _encode(name)
            tool = _encode(id) if id else made_id(self._tool_prefix or self._prefixed(), part_index)
        except UnicodeEncodeError:  # (a lone surrogate: the fragment's path refuses it)
            return None
        start = whole_call_start(index, tool, self._call_name_json, args)
        if start is None:
            return None
        if self._open is not None and not self._held.values:  # _close_open's common case inline
            head = block_stop(self._open_index)
            self._scan = None
        else:
            head = self._close_open()
        self._blocks[key] = index
        self._has_tool = True
        self._open, self._open_index, self._head = key, index, b""  # (its deltas: the slow path)
        self._held.first(index, "", True)  # its start held the whole object: nothing held
        return head + start

    def _prefixed(self) -> bytes:
        self._tool_prefix = b'"' + f.tool_id_prefix(self._id).encode()
        return self._tool_prefix

    def flush(self) -> bytes:
        """Nothing: what is held waits for its block's stop (``_call_input.py``), not for a flush."""
        return b""

    def close(self) -> bytes:
        """A stream that ended without an end or error event is left as it ended (no block stop),
        but for the open tool block's held arguments that open no object (``_call_input.py``)."""
        return (b"" if self._open is None else self._held_value(final=True)) + self._late_values()

    def end_arguments(self, part_index: int) -> bytes:
        """The call at ``part_index`` gets no more fragments (the translate sink's word, at the
        stream's end): its held arguments that open no object are written now, while its block is
        open, where text that is no JSON would wait for the end (``_call_input.py``)."""
        if self._open != (part_index, TOOL):
            return b""
        return self._held_value(final=True)

    # -- message -------------------------------------------------------------

    def carry_start_usage(self, usage: dict[str, Any]) -> None:
        """Write ``usage``, an Anthropic source's ``message_start`` usage, in the start this writer
        writes (not written yet): its input and cache counts, ``cache_creation`` and
        ``service_tier`` as the backend sent them. anthropic SDKs before 0.51 read the input counts
        there only (red team 21 F02). Only counts (an int, or an object of ints) and ASCII strings
        are kept; ignored unless it holds the two counts the wire requires."""
        kept = start_usage(usage)
        if kept is not None:
            self._start_usage = kept

    def _start(self, message_id: str | None, model: str | None) -> bytes:
        self._started = True
        self._id = message_id or f.message_id()
        message = f.StartMessage(id=self._id, model=model or "")
        if self._start_usage is not None:
            message = _replace(message, usage=self._start_usage)
        return sse(b"message_start", f.MessageStart(message=message)) + _PING

    # -- blocks --------------------------------------------------------------

    def _watch(self, part_index: int, fragment: str) -> None:
        """Refuse a call's arguments that spell a lone surrogate as an escape (``_escapes``): the
        anthropic SDK's accumulator raises ValueError on the ``input_json_delta`` that holds it."""
        held = watch(self._escapes.pop(part_index, ""), fragment, "anthropic")
        if held:
            self._escapes[part_index] = held

    def _delta(self, delta: Any) -> bytes:
        kind = type(delta)
        if kind is UnknownDelta:  # (it has no part_index for the open block's test below)
            raise unwritable_unknown_delta("Messages", delta)
        if kind is ToolCallDelta and (self._escapes or "\\" in delta.input):
            self._watch(delta.part_index, delta.input)
        if self._head:  # the open block's own deltas, most of a stream: a template and the string
            open_key = self._open
            assert open_key is not None
            if open_key[0] == delta.part_index and (
                (kind is TextDelta and open_key[1] == TEXT)
                or (kind is ToolCallDelta and open_key[1] == TOOL and delta.id is None and delta.name is None)
            ):
                if kind is TextDelta:
                    return self._head + _encode(delta.text) + TAIL
                fragment = delta.input
                scan = self._scan
                if scan is not None:  # (ObjectClose.take inlined, as in write_tool_input)
                    if scan.closed or "}" in fragment or "]" in fragment:
                        cut = scan.cut(fragment)
                        if cut is None:
                            return b""
                        fragment = cut
                    else:
                        scan.pending.append(fragment)
                return self._head + _encode(fragment) + TAIL
        if kind is TextDelta:
            head, index = self._block((delta.part_index, TEXT))
            return block_delta(index, f.TextDelta(text=delta.text), head)
        if kind is ToolCallDelta:
            key = (delta.part_index, TOOL)
            known = self._blocks.get(key)
            if known is not None:
                fragment = self._held.later(known, delta.input)
                if fragment is None:
                    return b""
                if not self._head and self._open == key:  # (its fragments were held)
                    self._head = delta_head(known, TOOL)  # its deltas take the template path again
                    self._scan = self._held.object_of(known)
                return self._reach(key, known) + block_delta(known, f.InputJsonDelta(partial_json=fragment))
            if not delta.name:
                raise unwritable_unnamed_call("Messages", delta.part_index)
            whole = start_input(delta.input)
            head, index = self._block(key, delta.id, delta.name, whole)
            first = self._held.first(index, delta.input, whole is not None)
            self._scan = self._held.object_of(index)
            if first is None:
                self._head = b""  # its deltas take the slow path while they are held
                return head
            return head + block_delta(index, f.InputJsonDelta(partial_json=first))
        if kind is ThinkingDelta:
            key = (delta.part_index, THINKING)
            if not delta.text and key not in self._blocks:
                head = self._close_open() if self._deferred != delta.part_index else b""
                self._deferred = delta.part_index
                return head
            head, index = self._block(key)
            return head + block_delta(index, f.ThinkingDelta(thinking=delta.text))
        if kind is ContinuationDelta:
            return self._continuation(delta)
        if kind is CitationDelta:
            head, index = self._block((delta.part_index, TEXT))
            return head + block_delta(index, f.CitationsDelta(citation=f.citation(delta)))
        if kind is ImageDelta or kind is AudioDelta:  # not on the Messages wire: refused if not empty
            refused = unwritable_media_delta("anthropic", delta)
            if refused is not None:
                raise refused
            return b""
        exact = subclassed(delta)
        return b"" if exact is None else self._delta(exact)  # a user's subclass: written as its kind

    def _continuation(self, delta: ContinuationDelta) -> bytes:
        if delta.provider != "anthropic" or delta.part_index is None:
            return b""
        idx = delta.part_index
        if delta.kind == "thinking_signature" and isinstance(delta.data.get("signature"), str):
            head, index = self._block((idx, THINKING))
            return head + block_delta(index, f.SignatureDelta(signature=delta.data["signature"]))
        if delta.kind == "redacted_thinking" and "data" in delta.data:
            if self._deferred == idx:
                self._deferred = None
            head = self._close_open()
            index = len(self._blocks)
            self._blocks[(idx, THINKING)] = index
            start = f.BlockStart(index=index, content_block=f.RedactedThinkingBlock(data=delta.data["data"]))
            return (
                head
                + sse(b"content_block_start", start)
                + sse(b"content_block_stop", f.BlockStop(index=index))
            )
        return b""

    def _block(
        self,
        key: tuple[int, int],
        tool_id: str | None = None,
        name: str | None = None,
        tool_input: dict[str, Any] | None = None,
    ) -> tuple[bytes, int]:
        """The bytes that make ``key``'s block the one written to (a stop, a start), and its index."""
        index = self._blocks.get(key)
        if index is not None:
            return self._reach(key, index), index
        if key[1] == THINKING and self._deferred == key[0]:
            self._deferred = None  # the empty slot gets its block now
        head = self._close_open()
        index = len(self._blocks)
        self._blocks[key] = index
        block: Any
        if key[1] == TEXT:
            block = f.TextBlock()
        elif key[1] == THINKING:
            block = f.ThinkingBlock()
        else:
            self._has_tool = True
            block = f.ToolUseBlock(
                id=tool_id or f.tool_id(self._id, key[0]), name=name or "", input=tool_input or {}
            )
        self._open = key
        self._open_index = index
        self._head = delta_head(index, key[1])
        return head + sse(b"content_block_start", f.BlockStart(index=index, content_block=block)), index

    def _reach(self, key: tuple[int, int], index: int) -> bytes:
        if self._open == key:
            return b""
        return self._close_open()  # a late delta goes to its (stopped) block's index

    def _held_value(self, *, final: bool = False) -> bytes:
        """The open tool block's held arguments that open no object, as lm15 reads them (before
        its stop, an error, or the end of a stream left without one; unless ``final``, only when
        they are JSON), else nothing."""
        value = self._held.at_stop(self._open_index, final)
        return b"" if value is None else block_delta(self._open_index, f.InputJsonDelta(partial_json=value))

    def _late_values(self) -> bytes:
        """The values held to the stream's end, each to its stopped block (``_call_input.py``)."""
        late = self._held.at_end()
        return b"".join(block_delta(i, f.InputJsonDelta(partial_json=v)) for i, v in late) if late else b""

    def _close_open(self, *, final: bool = False) -> bytes:
        out = b""
        if self._open is not None:
            out = self._held_value(final=final) if self._held.values else b""
            out += sse(b"content_block_stop", f.BlockStop(index=self._open_index))
            self._open = None
            self._head = b""
            self._scan = None
        if self._deferred is not None:
            out += self._flush_deferred()
        return out

    def _flush_deferred(self) -> bytes:
        """An empty thinking slot that never got text or state: an empty thinking block."""
        idx = self._deferred
        assert idx is not None
        self._deferred = None
        index = len(self._blocks)
        self._blocks[(idx, THINKING)] = index
        start = f.BlockStart(index=index, content_block=f.ThinkingBlock())
        return (
            sse(b"content_block_start", start)
            + block_delta(index, f.ThinkingDelta(thinking=""))
            + sse(b"content_block_stop", f.BlockStop(index=index))
        )
