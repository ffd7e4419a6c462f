"""Canonical StreamEvents -> Gemini ``streamGenerateContent?alt=sse``; a Response -> a
``generateContent`` body.

The stream is one ``GenerateContentResponse`` per SSE event, framed as Gemini
frames it (``data: {...}\\r\\n\\r\\n``): text and thought parts (``thought:
true``), ``functionCall`` parts with whole ``args``, ``inlineData`` for image
and audio, a part's ``thoughtSignature`` beside it, ``logprobsResult`` on the
candidate, and on the last chunk the ``finishReason`` and ``usageMetadata``.
``modelVersion`` and ``responseId`` are the start event's model and id, on every
chunk, when the start names them (no responseId is synthesized: a start decoded
from Gemini names none, and its last chunk, written back as it came, carries the
backend's own; google-genai does not require one). An error event becomes Google's error object
(``{"error": {"code", "message", "status"}}``; another dialect's provider code that names a
known failure as Google's status for it, e.g. a rate limit as ``429 RESOURCE_EXHAUSTED``:
:func:`lmcodec.providers._crossing_errors.crossed_error`) and ends the stream. Events after the
end, UnknownEvents and tool calls without ids follow the writers' common rules
(:mod:`lmcodec.stream.encoder`).

Chunks and part indices. A Gemini part index is a position inside one chunk, so
a chunk is written when the next event shows it is complete: a part's signature,
a call's later argument fragments and the finish reason arrive as separate
canonical events but travel in the same chunk. Each text or thinking delta is
its own part, and the chunk that holds it is written when the next delta (or
the end) arrives: one event of delay, or none where the caller says an input
chunk is complete: :meth:`StreamWriter.flush` writes the pending chunk at once,
unless it holds a call (its ``args`` are one object: the call is written whole,
when the next slot or the end shows it complete). Once a chunk holds a call, later
deltas of a text or thought part in it join that part, and later calls join the
chunk: written earlier, a later call could stream only at a position that holds a
call already, and the readers would merge the two. :func:`lmcodec.stream.translate`
and :meth:`lmcodec.stream.Encoder.feed_all` call it at the end of each input chunk.
A call at the end of the pending chunk whose fragments so far are not a complete JSON
value when another part needs the chunk written (a Chat source's ``"\\n"`` or reasoning
between a call's header and its arguments) is held out of it, and comes back at its
position when they are complete, or at the end as they stand (:mod:`._write_calls`).
A canonical slot keeps its position across chunks; where that
needs earlier positions filled, empty text or thought parts fill them (they
add nothing to the assembled response; a thought filler keeps a thinking slot
where lm15's reader puts it; :mod:`._write_positions`). An empty thinking delta that opens a slot (a
Responses reasoning item before its summary) writes nothing: Gemini sends no
thought part without text or signature. A stream decoded from Gemini and written
back has the same chunks, and when the end's ``provider_data`` is a chunk that
reads as the same last chunk (parts, finish reason, usage) and names the model and
id the start named (a gateway may rename them) it is written as it came, so it
decodes to the same events, ``provider_data`` included.

What the Gemini wire cannot carry, and what is written instead:

- **Tool-call ids.** Google's generateContent sends no ids; a canonical call id
  is written as ``functionCall.id`` (a field of the schema that google-genai
  and lm15 read), a call without one is written without one (the assembler
  names it ``tool_call_<slot>``).
- **Usage** is known only at the end (lm15 reads it there), so only the last
  chunk carries ``usageMetadata``, with the counts that are known.
- **Usage** counts not reported are left out; lm15 reads a missing prompt or
  candidates count as 0 (and a missing total as their sum).
- **Finish reasons:** a tool call finishes with ``STOP``; lm15 reads any finish of
  a chunk holding a function call as ``tool_call`` (so ``length`` next to a call
  reads back as ``tool_call``); ``content_filter`` is written as ``SAFETY``,
  which lm15's stream reader reports as an in-band error; ``error`` as ``OTHER``.
- **Citations** are the ``groundingMetadata`` of the next chunk written (as the body
  writer writes them; google-genai reads them there, lm15's stream reader does not:
  red team 9 F01, they were dropped).
- **Dropped:** token bytes of logprobs, continuation state of other providers (an Anthropic
  signature or OpenAI encrypted reasoning is never smuggled into a
  ``thoughtSignature``). Media given by url or file id is refused
  (``ValidationError``, ``_media_forms``: lm15's stream reader reads no ``fileData``).
- **Order:** a part whose position cannot be reached again (it follows a
  function call or more than 16 slots, or the source interleaves slots) streams
  at position 0: its content is kept, but in the assembled response it may join
  the text of slot 0 or move before the calls. A call never streams at a position
  that holds another (the readers would merge the two): where every reachable one
  does, it goes past them after empty parts, refused past 16. A later fragment of
  a call whose chunk was already written (its arguments were complete then, or
  another part followed it in its chunk) is nothing to write where the readers join it into the
  arguments written (whitespace, or the ``"{}"`` a Chat stream sends at its end for
  a call without arguments: lmcodec's Chat writer does); one that changes them is
  refused (ValidationError: no later chunk can change a call's ``args``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._crossing_errors import crossed_error
from lmcodec.providers._errors import unwritable_held_value
from lmcodec.providers.gemini import _frames as f
from lmcodec.providers.gemini._body_write import encode_response
from lmcodec.providers.gemini._call_args import arguments, written_state
from lmcodec.providers.gemini._write_calls import HeldCall, Slot
from lmcodec.providers.gemini._write_deltas import DeltaParts
from lmcodec.providers.gemini._write_end import inband_finish, verbatim
from lmcodec.wire import (
    CitationDelta,
    StreamDeltaEvent,
    StreamEndEvent,
    StreamErrorEvent,
    StreamEvent,
    StreamStartEvent,
    TextDelta,
    ThinkingDelta,
    TokenLogprob,
    ToolCallDelta,
)
from lmcodec.wire.unknown import UnknownEvent

__all__ = ["StreamWriter", "encode_response"]

_encode = f.ENCODER.encode
_new: Final[Callable[..., Any]] = msgspec.StructMeta.__call__


_TEXT_KEY: Final = b'{"text":'  # where _plain_template cuts the one part of its chunk
_INDEX: Final = b'"index":0'  # the candidate's last key in a one-part chunk template (see _grounded)


def _sse(frame: Any) -> bytes:
    return b"data: " + _encode(frame) + b"\r\n\r\n"


def _grounded(tail: bytes, citations: list[CitationDelta]) -> bytes:
    """A one-part chunk template's tail with ``citations`` as its candidate's ``groundingMetadata``,
    where the ``Candidate`` struct puts it (after ``index``: the template has no ``finishReason`` or
    ``logprobsResult``), so the chunk is the bytes :meth:`StreamWriter._chunk` encodes."""
    at = tail.index(_INDEX) + len(_INDEX)
    return b"".join(
        (tail[:at], b',"groundingMetadata":', _encode(f.grounding_metadata(citations)), tail[at:])
    )


class StreamWriter(DeltaParts):
    """Writes one stream, event by event, as Gemini SSE chunks (one writer per stream)."""

    holds: ClassVar[bool] = True
    """Whether :meth:`flush` can write anything (a chunk waits for what travels with it)."""

    __slots__ = (
        "_by_index",
        "_by_key",
        "_done",
        "_errored",
        "_fed",
        "_held",
        "_kinds",
        "_late",
        "_model",
        "_pending",
        "_plain",
        "_positions",
        "_response_id",
        "_text",
        "_text_index",
        "_thought",
        "_thought_index",
        "_thought_plain",
        "_written",
    )

    def __init__(self) -> None:
        self._model: str | msgspec.UnsetType = f.UNSET
        self._response_id: str | msgspec.UnsetType = f.UNSET
        self._pending: list[Slot] = []
        self._by_key: dict[tuple[int, str], Slot] = {}  # the pending chunk's latest part per slot
        self._by_index: dict[int, Slot] = {}  # ... and per canonical part index
        self._prefix = 0  # positions known to hold text or thought, from 0
        self._fed: list[Any] = []  # the canonical delta events the pending chunk holds
        self._logprobs: tuple[TokenLogprob, ...] = ()
        self._citations: list[CitationDelta] = []  # for the next chunk's groundingMetadata
        self._positions: dict[tuple[int, str], int] = {}  # canonical (slot, kind) -> part position
        self._kinds: list[set[str]] = []  # per part position: the kinds written there
        self._plain: tuple[bytes, bytes] | None = None  # see _held_template
        self._thought_plain: tuple[bytes, bytes] | None = None  # ... of a thought part
        # The pending chunk when it is one text or thought part of a slot at position 0, held as
        # its text alone by write_text / write_thinking (_pending is then empty): see _materialize.
        self._text: str | None = None
        self._thought = False  # the held text is a thought's (write_thinking's)
        self._text_index = -1  # the text slot known to stream at position 0 (write_text's fast case)
        self._thought_index = -1  # ... and the thinking slot (write_thinking's)
        self._written: dict[int, int] = {}  # part index of a written call -> what its args were (_call_args)
        self._held: dict[tuple[int, str], HeldCall] = {}  # calls held until their args complete
        self._late: dict[tuple[int, str], HeldCall] = {}  # calls written at the end (_write_late)
        self._done = False
        self._errored = False

    def feed(self, event: StreamEvent) -> bytes:
        """The SSE bytes for one canonical event (may be empty: the chunk is still pending; the
        rules: :mod:`lmcodec.stream.encoder`). A text delta without logprobs and a thought delta,
        most events of a stream, are written as :meth:`write_text` / :meth:`write_thinking`
        write them (the general way built three lists and two dicts a delta: red team 51 F01)."""
        ev: Any = event
        if type(ev) is StreamDeltaEvent:
            delta: Any = ev.delta
            dtype = type(delta)
            if dtype is TextDelta and not delta.logprobs and type(delta.text) is str:
                return self._text_delta(delta.part_index, delta.text, ev)
            if dtype is ThinkingDelta and type(delta.text) is str:
                return self._thought_delta(delta.part_index, delta.text, ev)
            if dtype is CitationDelta and self._text is not None and not self._done:
                self._citations.append(delta)  # (beside the held text, as feed_event keeps it)
                return b""
        return self.feed_event(event)

    def feed_event(self, event: StreamEvent) -> bytes:
        """What :meth:`feed` writes, the general way for every event (the reference the
        event-free faces are tested against)."""
        if self._done:
            if self._errored:  # an error ends the stream: what follows is dropped
                return b""
            raise ValidationError("an event after the end of the stream")
        if self._text is not None:
            if isinstance(event, StreamDeltaEvent) and isinstance(event.delta, CitationDelta):
                self._citations.append(event.delta)  # (the held text's chunk carries it: _held_chunk)
                return b""
            self._materialize()
        if isinstance(event, StreamDeltaEvent):
            return self._delta(event)
        if isinstance(event, StreamStartEvent):
            if event.id is not None:
                self._response_id = event.id
            if event.model is not None:
                self._model = event.model
            self._plain = self._thought_plain = None
            return b""
        if isinstance(event, StreamEndEvent):
            self._done = True
            return self._end(event)
        if isinstance(event, StreamErrorEvent):
            self._done = self._errored = True
            out = self._release_held() if self._held else b""
            out += self._write_late() if self._late else self._write_pending()
            return out + _sse(f.error_body(crossed_error(event.error, "gemini")))
        if isinstance(event, UnknownEvent):
            return b""  # a frame the source's adapter does not know: not a canonical event to write
        raise ValidationError(f"the Gemini stream writer expects a StreamEvent, got {type(event).__name__}")

    def write_text(self, part_index: int, text: str) -> bytes:
        """What :meth:`feed` writes for ``TextDelta(part_index=part_index, text=text)`` (no logprobs),
        without the event: for a slot that streams at position 0 (most deltas), the pending chunk
        is written and the text held as the next one, in a string; otherwise the event is fed."""
        if part_index != self._text_index or self._done:
            return self._text_delta(part_index, text, None)
        return self._held_next(text, False)

    def write_thinking(self, part_index: int, text: str) -> bytes:
        """What :meth:`feed` writes for ``ThinkingDelta(part_index=part_index, text=text)``, without
        the event: for a slot that streams at position 0 (most thought deltas), as write_text."""
        if part_index != self._thought_index or self._done:
            return self._thought_delta(part_index, text, None)
        return self._held_next(text, True)

    def _text_delta(self, part_index: int, text: str, event: StreamDeltaEvent | None) -> bytes:
        """A text delta (``event``, or made of its fields where the caller has none) written."""
        if part_index != self._text_index or self._done:
            if event is None:
                delta = _new(TextDelta, part_index=part_index, text=text)
                out = self.feed_event(_new(StreamDeltaEvent, delta=delta))
            else:
                out = self.feed_event(event)
            if self._positions.get((part_index, "text")) == 0:
                self._text_index = part_index
            return out
        return self._held_next(text, False)

    def _thought_delta(self, part_index: int, text: str, event: StreamDeltaEvent | None) -> bytes:
        """A thought delta written, as :meth:`_text_delta` writes a text delta."""
        if part_index != self._thought_index or self._done:
            if event is None:
                delta = _new(ThinkingDelta, part_index=part_index, text=text)
                out = self.feed_event(_new(StreamDeltaEvent, delta=delta))
            else:
                out = self.feed_event(event)
            if self._positions.get((part_index, "thinking")) == 0:
                self._thought_index = part_index
            return out
        return self._held_next(text, True)

    def _held_next(self, text: str, thought: bool) -> bytes:
        """``text`` held as the next chunk (a position-0 part of its own), the chunk before it written."""
        held = self._text
        was_thought = self._thought
        self._text = text
        self._thought = thought
        if held is not None:
            return self._held_chunk(held, was_thought)
        pending = self._pending
        if not pending:
            return b""
        return self._write_pending() if pending[-1].args is None else self._write_for_part()

    def write_tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> bytes:
        """What :meth:`feed` writes for ``ToolCallDelta(part_index, fragment, id, name)``, without
        the event where it is a later fragment of the pending call (nothing: it joins its args)."""
        if id is None and name is None:
            call = self._by_key.get((part_index, "tool"))
            if call is not None and call.args is not None and not self._done:
                call.args.append(fragment)
                self._fed.append((part_index, fragment))  # the event, built if _end needs it
                return b""
        delta = _new(ToolCallDelta, part_index=part_index, input=fragment, id=id, name=name)
        return self.feed_event(_new(StreamDeltaEvent, delta=delta))

    def write_foreign(self, part: bytes) -> bytes:
        """A part of a Gemini source's chunk that the canonical events have no slot for (an
        ``executableCode`` or ``codeExecutionResult`` part: the code Gemini ran and its output;
        ``stream/_foreign_parts.py``), as the source sent it, in a chunk of its own after the
        pending one: the readers map such a chunk to nothing, so no slot's position moves."""
        if self._text is not None:
            self._materialize()
        out = self._write_pending()
        head, tail = self._held_template(False)
        return out + head[: -len(_TEXT_KEY)] + part + tail[1:]

    def _materialize(self) -> None:
        """The text write_text or write_thinking holds, made the pending part (and fed event)
        :meth:`feed` would have made of it, before an event that may join or read the pending chunk."""
        text = self._text
        assert text is not None
        self._text = None
        if self._thought:
            index = self._thought_index
            delta: Any = _new(ThinkingDelta, part_index=index, text=text)
            slot = Slot((index, "thinking"), f.Part(text=text, thought=True), None)
        else:
            index = self._text_index
            delta = _new(TextDelta, part_index=index, text=text)
            slot = Slot((index, "text"), f.Part(text=text), None)
        self._append(slot, _new(StreamDeltaEvent, delta=delta))

    def flush(self) -> bytes:
        """The pending chunk, written now, unless it holds a call (a ``functionCall`` is written
        whole: its chunk waits for the next slot or the end). Called at the end of each input
        chunk by :func:`lmcodec.stream.translate` and :meth:`lmcodec.stream.Encoder.feed_all`."""
        if not self._pending and self._text is None:  # most calls of a long stream: nothing to write
            return b""
        for slot in self._pending:
            if slot.args is not None:
                return b""
        return self._write_pending()

    def _write_pending(self) -> bytes:
        """The pending chunk, written now (empty when nothing is pending)."""
        pending = self._pending
        if not pending:
            held = self._text
            if held is None:
                return b""
            self._text = None
            return self._held_chunk(held, self._thought)
        slot = pending[0]
        part = slot.part
        if len(pending) == 1 and part.thoughtSignature is f.UNSET and slot.texts is None:
            text = part.text
            if type(text) is str and not self._logprobs:  # most chunks: one text or thought part
                thought = part.thought
                if thought is f.UNSET or thought is True:
                    head, tail = self._held_template(thought is True)
                    citations = self._citations
                    self._clear()
                    if citations:  # those read since the last chunk (a cited answer's every block)
                        tail = _grounded(tail, citations)
                    return head + _encode(text) + tail
        written = _sse(self._chunk(f.UNSET, f.UNSET))
        self._clear()
        return written

    def _held_chunk(self, text: str, thought: bool) -> bytes:
        """The chunk of the text write_text or write_thinking held, with every citation not yet
        written, as :meth:`_write_pending` writes that text made a part (which :meth:`feed` did
        before: red team 39 F07, ~8 Python calls a citation of a cited answer, whose every citation
        delta comes between two text deltas). A citation read while the text was held goes with it;
        one read after a flush wrote the text before it goes on the next text's chunk: the next chunk
        written, fed whole or one input chunk per event (before, it waited for a chunk written from
        pending parts, the last one in a cited answer streamed per event)."""
        head, tail = self._held_template(thought)
        if self._citations:
            tail = _grounded(tail, self._citations)
            self._citations = []
        return head + _encode(text) + tail

    def _clear(self) -> None:
        """Forget the pending chunk (written)."""
        self._pending = []
        self._fed = []
        self._logprobs = ()
        self._citations = []
        self._by_key = {}
        self._by_index = {}

    def _held_template(self, thought: bool) -> tuple[bytes, bytes]:
        """The chunk of one answer-text part (a thought part if ``thought``), cut around its text."""
        if thought:
            return self._thought_plain or self._template(f.Part(text="", thought=True), b',"thought":true}')
        return self._plain or self._template(f.Part(text=""), b"}")

    def _template(self, part: f.Part, after: bytes) -> tuple[bytes, bytes]:
        """The chunk of ``part`` alone (an empty text), encoded and cut around its text: the bytes
        before the text's string and those after it (``after`` first: the rest of the part)."""
        candidate = f.Candidate(content=f.Content(parts=[part]))
        chunk = f.Chunk(candidates=[candidate], modelVersion=self._model, responseId=self._response_id)
        encoded = b'{"text":""' + after
        head, sep, tail = _sse(chunk).partition(encoded)
        assert sep and tail.find(encoded) < 0  # (find: `in` tries an int first, stream/encoder.py)
        template = (head + b'{"text":', after + tail)
        if part.thought is True:
            self._thought_plain = template
        else:
            self._plain = template
        return template

    def close(self) -> bytes:
        """A stream that ended without an end or error event: its pending chunk, no finish. A text
        write_text holds is made a part first, as :meth:`feed_event` makes it before an event
        (else, with a call pending, it never went out: red team 52 F04)."""
        if self._done:
            return b""
        if self._text is not None:
            self._materialize()
        out = self._release_held() if self._held else b""
        out += self._write_late() if self._late else self._write_pending()
        if self._citations:  # after every part had gone out: a chunk of their own
            out += _sse(self._chunk(f.UNSET, f.UNSET))
            self._clear()
        return out

    # -- chunks --------------------------------------------------------------

    def _chunk(self, finish: str | msgspec.UnsetType, usage: Any) -> f.Chunk:
        """The pending chunk with ``finish`` and ``usage`` (the pending state is kept)."""
        parts = []
        try:
            for slot in self._pending:
                if slot.args is not None:
                    raw = "".join(slot.args)
                    args = slot.part.functionCall.args = arguments(raw)  # type: ignore[union-attr]
                    if slot.key is not None:  # what a later fragment of the call may add (_call_args)
                        self._written[slot.key[0]] = written_state(raw, args)
                elif slot.texts is not None:
                    slot.part.text = "".join(slot.texts)
                parts.append(slot.part)
            logprobs = f.logprobs_result(self._logprobs) if self._logprobs else f.UNSET
        except (TypeError, AttributeError):
            odd = self._odd_held()
            if odd is None:
                raise
            raise odd from None
        grounding = f.grounding_metadata(self._citations) if self._citations else f.UNSET
        candidate = f.Candidate(
            content=f.Content(parts=parts),
            finishReason=finish,
            logprobsResult=logprobs,
            groundingMetadata=grounding,
        )
        return f.Chunk(
            candidates=[candidate],
            usageMetadata=usage,
            modelVersion=self._model,
            responseId=self._response_id,
        )

    def _odd_held(self) -> ValidationError | None:
        """The refusal of a value the pending chunk holds that is not its type's (a delta changed
        past its checks, met by :meth:`_chunk` where it is written, the event gone); None where
        every held value is its type's (the error is another's). Run on that error's path only."""
        for slot in self._pending:
            if slot.args is not None and not all(isinstance(a, str) for a in slot.args):
                return unwritable_held_value("gemini", "tool call", "input", slot.args)
            if slot.texts is not None and not all(isinstance(t, str) for t in slot.texts):
                kind = "thinking" if slot.part.thought is True else "text"
                return unwritable_held_value("gemini", kind, "text", slot.texts)
        try:
            f.logprobs_result(self._logprobs)
        except (TypeError, AttributeError):
            return unwritable_held_value("gemini", "text", "logprobs", self._logprobs, TokenLogprob)
        return None

    def _end(self, end: StreamEndEvent) -> bytes:
        """The last chunk(s). When the end's ``provider_data`` is a Gemini chunk that names the
        model and id the written chunks name, it is written as it came, either as the last chunk
        itself or after a chunk with the pending parts and the finish reason (an end lm15 merged
        from a finish chunk and a usage-only chunk), whichever lmcodec's own mapper reads as the
        same deltas and end; otherwise the last chunk is built."""
        if self._held:
            return self._release_held() + self._end(end)
        if self._late:
            return self._write_late() + self._end(end)
        inband = inband_finish(end, self._model, self._response_id)
        if inband is not None:
            return self._write_pending() + _sse(inband)
        data = end.provider_data
        if (
            data is not None
            and not self._citations
            and isinstance(data.get("candidates"), list)
            and self._names(data)
        ):
            candidates = [[_encode(data)]]
            if self._pending:
                last = _encode(self._chunk(f.finish_reason(end.finish_reason), f.UNSET))
                candidates.append([last, candidates[0][0]])
            chunks = verbatim(candidates, self._fed, end)
            if chunks is not None:
                self._clear()
                return b"".join(b"data: " + chunk + b"\r\n\r\n" for chunk in chunks)
        closing = self._chunk(f.finish_reason(end.finish_reason), f.usage_metadata(end.usage))
        parts = closing.candidates[0].content.parts
        if not parts:  # google-genai's chat session drops a turn with a part-less chunk from its history
            kinds = self._kinds[0] if self._kinds else set()
            thought = "thinking" in kinds and "text" not in kinds
            parts.append(f.Part(text="", thought=True if thought else f.UNSET))
        self._clear()
        return _sse(closing)

    def _names(self, chunk: dict[str, Any]) -> bool:
        """Whether ``chunk`` names the model and response id the written chunks name (a key it lacks,
        or one the start did not name, says nothing): a gateway that renamed the response (the alias
        its client asked for, its own id) is not contradicted by the backend's last chunk."""
        model, response_id = self._model, self._response_id
        return (model is f.UNSET or chunk.get("modelVersion", model) == model) and (
            response_id is f.UNSET or chunk.get("responseId", response_id) == response_id
        )
