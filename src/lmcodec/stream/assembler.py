"""Stream assembly: canonical StreamEvents -> one Response, in linear time.

This reproduces lm15 1.5.0's materialization (``lm15.result.StreamAccumulator``
and ``materialize_response``) output for output:

- ``part_index`` names a slot; a slot may hold several kinds at once. Slots are
  emitted in ascending order and, within a slot, as thinking, text, image, audio,
  citations, tool call. Every part of a slot carries the slot's continuation
  states; a slot holding only continuation state becomes an empty TextPart. A
  message with no parts at all gets one empty TextPart (MAP-2).
- Text and thinking fragments are collected per slot and joined once. Logprobs of
  every TextDelta (all slots, arrival order) form ``Response.logprobs`` (``None``
  when empty); ``logprobs_complete`` is the AND of the deltas' flags.
- Tool-call ``input`` fragments are collected per slot and joined and parsed once
  at the end: empty -> ``{}``, a JSON non-object -> ``{"value": v}``, invalid JSON
  (NaN/Infinity literals included) -> ``{"partial_json": raw}``. A missing id
  becomes ``tool_call_<slot>``; a missing name raises StreamAssemblyError whose
  ``partial`` Response leaves the unnamed calls out (MAP-9).
- Audio chunks are base64-decoded one by one (padding retried) and concatenated;
  PCM (or no media type) is wrapped in a 24 kHz mono 16-bit WAV header. Images:
  the last delta per slot wins. Citations: one CitationPart per delta.
- ``finish_reason``: the end's value; ``None`` -> ``tool_call`` if a call was
  assembled else ``stop``; ``stop`` next to a call -> ``tool_call``.
- If the request's ``json_schema`` declares judgments (MAP-14), a single TextPart
  holding a JSON object becomes a DataPart.
- An error event raises :class:`~lmcodec.errors.StreamError`; a stream without an
  end event, or an event after the end, raises StreamAssemblyError with ``partial``.
  An :class:`~lmcodec.UnknownEvent` or :class:`~lmcodec.UnknownDelta` (``unknown="keep"``)
  is skipped; anything else that is not a StreamEvent raises ValidationError.
- Parts that lm15's constructors reject (an empty citation text, an image delta
  whose data is not whole base64, audio that decodes to nothing, ...) raise
  :class:`~lmcodec.errors.ValidationError` (a ValueError) with the constructor's
  message, where lm15 raises the bare ValueError/TypeError.

Cost: ``push`` appends to per-slot lists (no string concatenation, no per-event
parsing); ``result`` joins and parses each slot once. :func:`coalesce` is lm15's
``coalesce_stream`` (one start first, every adapter end merged into one last end).

Helpers live beside this module: the per-slot state and the Response built from it in
:mod:`lmcodec.stream._assembly_state` (the Assembler's base class); tool-call input parsing in
:mod:`lmcodec.stream._tool_input`; the state of the rare deltas (audio, images, citations,
continuation states) in :mod:`lmcodec.stream._other_parts`, made at the first of them (audio
decoding in :mod:`lmcodec.providers._streamed_audio`); judgments in :mod:`lmcodec.wire.judgments`;
coalescing in :mod:`lmcodec.stream.coalesce` (a single end needs no merging: its values are taken
as they are, which is what the merge of one end gives).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any, NoReturn

from lmcodec.errors import StreamAssemblyError, StreamError, ValidationError
from lmcodec.providers.gemini.views import compact_json
from lmcodec.stream._assembly_state import NO_SKIP, AssemblyState
from lmcodec.stream._other_parts import OtherParts
from lmcodec.stream._tool_input import parse_tool_input
from lmcodec.stream.coalesce import EndMerge, coalesce
from lmcodec.wire import (
    Response,
    StreamDeltaEvent,
    StreamEndEvent,
    StreamErrorEvent,
    StreamEvent,
    StreamStartEvent,
    TextDelta,
    ThinkingDelta,
    TokenLogprob,
    ToolCallDelta,
    Usage,
)
from lmcodec.wire._exact import subclassed
from lmcodec.wire.judgments import declares_judgments
from lmcodec.wire.unknown import UnknownEvent

__all__ = ["Assembler", "coalesce", "declares_judgments", "parse_tool_input"]

_AFTER_END = (
    "Stream emitted an event after its end event (MAP-3: the end event is final); "
    "the source that produced this stream is defective"
)
_NO_END = (
    "Stream ended without an end event: its finish reason and usage never arrived, "
    "so the text is not a finished turn (MAP-3)"
)
_NOT_JSON = (
    "the end event's provider_data holds a value JSON cannot carry (NaN, Infinity, a number out of "
    "range); the Response without it is in .partial"
)


class Assembler(AssemblyState):
    """Push-based stream assembly: ``push`` every event, then ``result()``.

    ``push`` raises :class:`~lmcodec.errors.StreamError` on an error event (the
    event changes nothing, so a caller may catch it and go on), and
    StreamAssemblyError on any event after the end. The end event assembles the
    Response at once (so the MAP-9 unnamed-call error surfaces from that ``push``);
    ``result()`` returns it, or raises StreamAssemblyError("Stream ended without an
    end event", ``partial=...``) when no end has arrived.

    ``copy.copy`` gives an independent Assembler, as ``copy.deepcopy`` and pickle do (a shallow
    copy shared the slots' lists, so the original took the copy's events too: red team 48 F03).
    """

    __slots__ = ()

    def __copy__(self) -> Assembler:
        return copy.deepcopy(self)

    # ─── push: the hot path ──────────────────────────────────────────────────

    def push(self, event: StreamEvent) -> None:
        """Fold one event into the state (O(1) per fragment: appends only)."""
        self.extend((event,))

    def extend(self, events: Iterable[StreamEvent]) -> None:
        """Push every event of ``events`` in order, as :meth:`push` does one by one.

        The text, thinking and tool-call deltas that make up nearly all of a
        stream are folded inline (no call per event); a failure leaves the
        events before it pushed, as a loop of :meth:`push` would."""
        text, thinking = self._text, self._thinking
        ended = self._ended
        for ev in events:
            if type(ev) is StreamDeltaEvent and not ended:
                delta: Any = ev.delta
                dkind = type(delta)
                if dkind is TextDelta:
                    idx = delta.part_index
                    if idx in text:
                        text[idx].append(delta.text)
                    else:
                        text[idx] = [delta.text]
                    if delta.logprobs:
                        self._logprobs.extend(delta.logprobs)
                    if not delta.logprobs_complete:
                        self._logprobs_complete = False
                    continue
                if dkind is ToolCallDelta:
                    self.tool_input(delta.part_index, delta.input, delta.id, delta.name)
                    continue
                if dkind is ThinkingDelta:
                    idx = delta.part_index
                    if idx in thinking:
                        thinking[idx].append(delta.text)
                    else:
                        thinking[idx] = [delta.text]
                    continue
            self._push_event(ev)
            ended = self._ended

    # ─── the Sink of assemble(decode(...)): no event objects ─────────────────
    # (see lmcodec.stream.sink; the decoder calls nothing after close())

    def begin(self, model: str | None) -> None:
        """Sink: a new stream whose synthesized start would name ``model``."""
        self._stream_model = model

    def start(self, id: str | None, model: str | None) -> None:
        """Sink: a provider start; only the first counts, and not after a delta (a start was synthesized)."""
        if self._started:
            return
        self._started = True
        if self._content or self._text or self._thinking or self._tool_raw:
            id, model = None, self._stream_model
        if self._ended:
            self._after_end()
        if id:  # as _push_event takes a StreamStartEvent(id=id, model=model), without building it
            self._id = id
        if model:
            self._model = model

    def text(self, part_index: int, text: str) -> None:
        """Sink: a text fragment (no logprobs)."""
        chunks = self._text.get(part_index)
        if chunks is None:
            self._text[part_index] = [text]
        else:
            chunks.append(text)

    def text_with_logprobs(self, part_index: int, text: str, logprobs: tuple[TokenLogprob, ...]) -> None:
        """Sink: a text fragment with its tokens' logprobs, folded as :meth:`event` folds its
        TextDelta, without the event objects (a delta after the end is refused as there)."""
        if self._ended:
            self._after_end()
        chunks = self._text.get(part_index)
        if chunks is None:
            self._text[part_index] = [text]
        else:
            chunks.append(text)
        self._logprobs.extend(logprobs)

    def thinking(self, part_index: int, text: str) -> None:
        """Sink: a thinking fragment."""
        chunks = self._thinking.get(part_index)
        if chunks is None:
            self._thinking[part_index] = [text]
        else:
            chunks.append(text)

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
        """Sink: a tool call's argument fragment (with its id and name if it carries them)."""
        chunks = self._tool_raw.get(part_index)
        if chunks is None:
            self._tool_raw[part_index] = [fragment]
        else:
            if self._tool_value and part_index in self._tool_value:  # joined as text after all
                chunks[0] = compact_json(self._tool_value.pop(part_index))
            chunks.append(fragment)
        if id is not None:
            self._tool_id[part_index] = id
        if name is not None:
            self._tool_name[part_index] = name

    def tool_call_value(self, part_index: int, args: Any, id: str | None, name: str | None) -> None:
        """Sink (optional): ``tool_input(part_index, compact_json(args), id, name)`` for a call's
        arguments msgspec decoded (Gemini's ``functionCall.args``). Kept as the value: the slot's
        input is ``args`` (``{"value": args}`` if not an object), as the text's parse gives it,
        without writing the text and parsing it again (red team 13 F05); a later fragment of the
        slot is joined to the text, as before."""
        if part_index in self._tool_raw:
            self.tool_input(part_index, compact_json(args), id, name)
            return
        self._tool_raw[part_index] = [""]
        self._tool_value[part_index] = args
        if id is not None:
            self._tool_id[part_index] = id
        if name is not None:
            self._tool_name[part_index] = name

    def event(self, event: StreamEvent) -> None:
        """Sink: any other delta (a port's TextDelta folded here directly), error or unknown event."""
        if type(event) is StreamDeltaEvent:
            self._content = True
            delta: Any = event.delta
            if type(delta) is TextDelta and not self._ended:
                self.text(delta.part_index, delta.text)
                if delta.logprobs:
                    self._logprobs.extend(delta.logprobs)
                if not delta.logprobs_complete:
                    self._logprobs_complete = False
                return
        self.extend((event,))

    def end(
        self, finish_reason: str | None, usage: Usage | None, provider_data: Any, *, strict_json: bool = False
    ) -> None:
        """Sink: one adapter end, merged at :meth:`close` (a single end is the merged end as it is;
        a bare end after another, Anthropic's ``message_stop``, changes nothing a merge keeps)."""
        ends = self._ends
        if ends is None:
            first = self._end
            if first is None:
                self._end = (finish_reason, usage, provider_data, strict_json)
                return
            if finish_reason is None and usage is None and provider_data is None:
                return
            self._ends = ends = EndMerge()
            ends.add(*first)
        ends.add(finish_reason, usage, provider_data, strict_json)

    def close(self) -> bool:
        """Sink: end of input; the merged end (if any end came) assembles the Response."""
        ends = self._ends
        if ends is not None:
            finish, usage, data, strict = ends.finish_reason, ends.usage, ends.provider_data, ends.strict_json
        elif self._end is not None:
            finish, usage, data, strict = self._end
        else:
            return False
        if self._ended:
            self._after_end()
        if not self._started:  # the synthesized start: it names the stream's model
            self._started = True
            if self._stream_model:
                self._model = self._stream_model
        self._strict_data = strict
        self._end_with(finish, usage, data)
        return True

    def _push_event(self, event: Any) -> None:
        """:meth:`push` for every event but the text, thinking and tool-call deltas before the end."""
        if self._ended:
            self._after_end()
        kind = type(event)
        if kind is StreamDeltaEvent:
            other = self._other
            if other is None:
                self._other = other = OtherParts()
            other.push(event.delta)
        elif kind is StreamStartEvent:
            if event.id:
                self._id = event.id
            if event.model:
                self._model = event.model
            if event.adaptations:
                self._adaptations = event.adaptations
        elif kind is StreamEndEvent:
            self._end_with(event.finish_reason, event.usage, event.provider_data)
        elif kind is StreamErrorEvent:
            raise StreamError(event.error)
        elif (exact := subclassed(event)) is not None:  # a user's subclass of an event: folded as it
            self.extend((exact,))
        elif kind is not UnknownEvent:  # an unknown event carries nothing assembly knows: skipped
            raise ValidationError(f"Assembler.push expects a StreamEvent, got {kind.__name__}")

    def _end_with(self, finish_reason: Any, usage: Usage | None, provider_data: Any) -> None:
        """The end: its values taken, the Response assembled."""
        self._ended = True
        if finish_reason is not None:
            self._finish = finish_reason
        if usage is not None:
            self._usage = usage
        if provider_data is not None:
            self._provider_data = provider_data
        try:
            self._response = self._complete() if self._tool_raw else self._build(NO_SKIP)
        except ValidationError as exc:
            failure = self._without_provider_data(exc)
            self._failure = failure
            if failure is exc:
                raise
            raise failure from exc
        except Exception as exc:
            self._failure = exc
            raise

    def _without_provider_data(self, exc: ValidationError) -> Exception:
        """The failure to report when building the Response failed: if it builds without the end's
        provider_data (NaN, Infinity, 1e400 in a field lm15 ignores), a StreamAssemblyError with
        that Response as its partial; else ``exc`` itself."""
        data = self._provider_data
        if data is None:
            return exc
        self._provider_data = None
        try:
            partial = self._complete()
        except StreamAssemblyError as failure:  # it fails to assemble without it too (an unnamed call)
            return failure
        except Exception:
            return exc
        finally:
            self._provider_data = data
        return StreamAssemblyError(_NOT_JSON, partial=partial)

    def _after_end(self) -> NoReturn:
        partial = self._response
        if partial is None and isinstance(self._failure, StreamAssemblyError):
            partial = self._failure.partial
        raise StreamAssemblyError(_AFTER_END, partial=partial)

    # ─── result ──────────────────────────────────────────────────────────────

    @property
    def done(self) -> bool:
        """True once the end event has been pushed."""
        return self._ended

    def result(self) -> Response:
        """The assembled Response (the end event must have been pushed)."""
        if self._response is not None:
            return self._response
        if self._failure is not None:
            raise self._failure
        raise StreamAssemblyError(_NO_END, partial=self._partial())
