"""The sink stream.translate hands the source's mapper: the destination's writer, fed as it calls.

``stream/translate.py``'s module docstring says what crosses; this module is how the mapper's
calls become the destination's bytes.

Each call the source sent is written as a call of its own (see ``translate``'s docstring): a
Gemini call part at an index that already holds a call, and a fragment that names a call with an
id other than the one its index holds, open a new call at the next destination slot no call
takes (``stream/_call_slots.py``; a Gemini call's signature goes with it). A call the source
never names where every client call is named at its start (an Anthropic ``server_tool_use``) is
left out, the text around it written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import msgspec

from lmcodec.providers._client_run_items import CLIENT_RUN
from lmcodec.providers.gemini.views import compact_json
from lmcodec.stream._call_slots import CallSlots, moved_signature
from lmcodec.stream._head import StreamHead
from lmcodec.stream._inband import tool_finish_error
from lmcodec.stream._incomplete import IncompleteWatch
from lmcodec.stream.coalesce import EndMerge
from lmcodec.stream.encoder import line_safe, restated_end
from lmcodec.stream.events import scored_text_event
from lmcodec.wire import (
    ErrorDetail,
    StreamDeltaEvent,
    StreamErrorEvent,
    StreamEvent,
    StreamStartEvent,
    TextDelta,
    ThinkingDelta,
    TokenLogprob,
    ToolCallDelta,
    Usage,
)

__all__ = ["WriterSink"]

_new: Final[Callable[..., Any]] = msgspec.StructMeta.__call__
_replace: Final[Callable[..., Any]] = msgspec.structs.replace
_TEXT: Final = _new(TextDelta, part_index=0, text="")
_THINKING: Final = _new(ThinkingDelta, part_index=0, text="")
_TOOL_CALL: Final = _new(ToolCallDelta, part_index=0, input="")
# the source slot of a Chat legacy function_call: a tool_calls entry's index is never negative
LEGACY_CALL_SOURCE_SLOT: Final = -1
_EVENT: Final = _new(StreamDeltaEvent, delta=_TEXT)
_UNFINISHED: Final = StreamErrorEvent(
    error=ErrorDetail(code="provider", message="the source stream ended without an end event")
)


class WriterSink:
    """A :class:`~lmcodec.stream.sink.Sink` that writes the destination dialect as the mapper calls it.

    It keeps the event builder's rules (:class:`lmcodec.stream.events.EventSink`: one start
    first, synthesized before the first delta or the end where the wire has none; deltas and
    errors in place; every adapter end merged into one at :meth:`close`) and hands text,
    thinking and tool-input fragments to the writer's ``write_text`` / ``write_thinking`` /
    ``write_tool_input`` where it has them (the four writers have all three; the Gemini writer's
    ``write_thinking`` since red team 14 F09), so no event object is built for them; for another
    writer it builds the event and feeds it.

    A call whose first fragments come without a name (a Chat stream may send ``arguments``
    before the ``name`` of its index) is held until its name arrives, then written whole: every
    wire names a call when it opens it. One still nameless at the end goes to the writer as it
    came, which refuses it (MAP-9)."""

    __slots__ = (
        "_ends",
        "_feed",
        "_follow_chunks",
        "_head",
        "_last_text",
        "_last_thought",
        "_model",
        "_moved",
        "_name_item",
        "_named",
        "_nameless",
        "_restate",
        "_same_dialect",
        "_server_calls",
        "_slots",
        "_started",
        "_stopped_at",
        "_thinking_shift",
        "_whole_calls",
        "_write_chat_annotations",
        "_write_chat_audio",
        "_write_chat_function_call",
        "_write_foreign",
        "_write_refusal",
        "_write_text",
        "_write_thinking",
        "_write_tool_call",
        "_write_tool_input",
        "cut",
        "ending",
        "finished",
        "incomplete",
        "out",
        "tool_call_value",
    )

    def __init__(
        self,
        writer: Any,
        head: StreamHead | None,
        *,
        whole_calls: bool = False,
        server_calls: bool = False,
        restate: Callable[[Usage], Usage] | None = None,
        names: dict[str, str] | None = None,
        same_dialect: bool = False,
    ) -> None:
        self.out: list[bytes] = []
        self._feed: Callable[[StreamEvent], bytes] = writer.feed
        self._write_text: Callable[[int, str], bytes] = getattr(writer, "write_text", self._text_event)
        self._write_thinking: Callable[[int, str], bytes] = getattr(
            writer, "write_thinking", self._thinking_event
        )
        # from a source that sends every call whole (Gemini), each call's one fragment by the
        # writer's write_whole_call where it has one (Responses: the item and its delta at once)
        write_tool_input = getattr(writer, "write_tool_input", self._tool_input_event)
        self._write_tool_input: Callable[[int, str, str | None, str | None], bytes] = (
            getattr(writer, "write_whole_call", write_tool_input) if whole_calls else write_tool_input
        )
        # a call that came whole, from its decoded arguments (_whole_call), by a writer that can
        self._write_tool_call: Callable[[int, Any, str | None, str], bytes | None] | None = (
            None if names or not whole_calls else getattr(writer, "write_tool_call", None)
        )
        # the Sink's optional hand-off of such a call: None (the mapper hands its JSON text to
        # tool_input) where the writer has no use for the value
        self.tool_call_value: Callable[[int, Any, str | None, str | None], None] | None = (
            None if self._write_tool_call is None else self._whole_call
        )
        if names:  # each call written under the client's name for the one its request sent
            self._write_tool_input = _named_back(self._write_tool_input, names)
        # a refusal (a Chat source's delta.refusal, stream/_chat_extras.py): as the destination
        # writes a RefusalPart, its text where it has no refusal of its own (Gemini)
        self._write_refusal: Callable[[int, str], bytes] = getattr(writer, "write_refusal", self._write_text)
        # a source frame lm15 reads as nothing (a Responses output item, stream/_foreign_items.py;
        # a Gemini code-execution part, stream/_foreign_parts.py): a writer of the source's own
        # dialect places it in its stream; another dialect has no form for it
        self._write_foreign: Callable[[bytes], bytes] | None = (
            getattr(writer, "write_foreign", None) if same_dialect else None
        )
        # the id a Responses source gives an item lm15 reads (stream/_foreign_items.py): a Responses
        # writer names the item it writes there by it
        self._name_item: Callable[[int, str, str], None] | None = (
            getattr(writer, "name_item", None) if same_dialect else None
        )
        # a Chat source's delta.audio (stream/_chat_extras.py): a Chat writer writes it as it came
        self._write_chat_audio: Callable[[dict[str, Any]], bytes] | None = getattr(
            writer, "write_chat_audio", None
        )
        # ... and its legacy delta.function_call: a Chat writer writes it as it came, another as a call
        self._write_chat_function_call: Callable[[dict[str, str]], bytes] | None = getattr(
            writer, "write_chat_function_call", None
        )
        # ... and its delta.annotations (url_citation): a Chat writer writes them, another leaves them out
        self._write_chat_annotations: Callable[[list[dict[str, Any]]], bytes] | None = getattr(
            writer, "write_chat_annotations", None
        )
        self._stopped_at: Callable[[str], None] | None = getattr(writer, "stopped_at", None)
        # what a Chat source's first chunk names about the response (created, service_tier,
        # system_fingerprint: stream/_head.py), named by a Chat writer on every chunk
        self._follow_chunks: Callable[[int | None, str | None, str | None], None] | None = getattr(
            writer, "follow_chunks", None
        )
        self._head = head
        self._same_dialect = same_dialect  # the source's frames are the writer's own dialect
        self._model: str | None = None
        self._whole_calls = whole_calls  # the source sends every call whole, in one part (Gemini)
        # a call the source never names is a server tool's (Anthropic): left out, not refused
        self._server_calls = server_calls
        # the end's usage in the destination's meaning (translate: the source's dialect is known)
        self._restate = restate
        self._slots = CallSlots(whole_calls)  # source slot -> destination slot of its call
        self._moved: tuple[int, int, int] | None = None  # a call written at another slot: see event
        self._named: set[int] = set()  # destination slots of calls written with their name
        self._nameless: dict[int, tuple[list[str], str | None]] = {}  # held: fragments, id
        self._started = False
        self._thinking_shift = 0  # added to a thinking fragment's slot (next_thinking)
        # the source index of the text, or of the thought, written last (-1: something else was),
        # kept by the in-order sink (stream/_parts_in_order.py); a call written moves past both
        # (here for a whole call: _whole_call is the in-order sink's too, one frame less a call)
        self._last_text = self._last_thought = -1
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
        self._slots = CallSlots(self._whole_calls)
        self._moved = None
        self._named = set()
        self._nameless = {}
        self._started = False
        self._thinking_shift = 0
        self._ends = EndMerge()
        self.ending = False

    def _synthesize(self) -> None:
        self._started = True
        start: StreamStartEvent = _new(StreamStartEvent, id=None, model=self._model)
        head = self._head
        if head is not None and self._follow_chunks is not None:
            self._follow_chunks(head.created, head.service_tier, head.system_fingerprint)
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

    def text_with_logprobs(self, part_index: int, text: str, logprobs: tuple[TokenLogprob, ...]) -> None:
        """A text with logprobs: written as its event is (the writers that carry logprobs read them there)."""
        self.event(scored_text_event(part_index, text, logprobs))

    def thinking(self, part_index: int, text: str) -> None:
        if self.finished:
            return
        if not self._started:
            self._synthesize()
        self.out.append(self._write_thinking(part_index + self._thinking_shift, text))

    def next_thinking(self) -> None:
        """The thinking that follows goes to the next slot: a Chat source's signed Anthropic block
        ended (``stream/_chat_extras.py``), and the next is a block of its own."""
        self._thinking_shift += 1

    def refusal(self, part_index: int, text: str) -> None:
        """A refusal fragment (``stream/_chat_extras.py``), written as the destination writes a refusal."""
        if self.finished:
            return
        if not self._started:
            self._synthesize()
        self.out.append(self._write_refusal(part_index, text))

    def foreign_item(self, item_type: str, frame: bytes) -> None:
        """A source frame lm15 reads as nothing: an event of a Responses output item
        (``stream/_foreign_items.py``) or a Gemini code-execution part (``stream/_foreign_parts.py``).
        Written into the stream of a client of the source's dialect; for another client, an item
        the client runs itself ends the stream with an error naming it, and a server-run item or
        part is left out."""
        if self.finished:
            return
        if self._write_foreign is not None:
            self._as_it_came(self._write_foreign, frame)
        elif item_type in CLIENT_RUN:
            self._cannot_express(f"holds a Responses {item_type!r} item (a call the client runs itself)")

    def source_item(self, output_index: int, item_type: str, item_id: str) -> None:
        """The id a Responses source gives the item it adds at ``output_index`` (one of the types
        lm15 reads: ``stream/_foreign_items.py``): a Responses client's writer names its item there
        by it, so the events and the source's final response name the same item (red team 32 F02);
        another client's ids are its own."""
        if self._name_item is not None and not self.finished:
            self._name_item(output_index, item_type, item_id)

    def chat_audio(self, audio: dict[str, Any]) -> None:
        """A Chat source's ``delta.audio`` fragment (``stream/_chat_extras.py``): a Chat client's
        ``delta.audio`` as it came; another client's stream ends with an error naming it (its
        wire has no form for audio of a format the stream does not name)."""
        if self.finished:
            return
        if self._write_chat_audio is None:
            self._cannot_express("is audio (Chat Completions delta.audio)")
            return
        self._as_it_came(self._write_chat_audio, audio)

    def chat_function_call(self, call: dict[str, str]) -> None:
        """A Chat source's legacy ``delta.function_call`` fragment (``stream/_chat_extras.py``): a
        Chat client's ``delta.function_call`` as it came; another client's tool call without an
        id (red team 44 F02), at a destination slot of its own that no ``tool_calls`` entry takes:
        at slot 0 the fragments joined the call that slot holds (red team 45 F02)."""
        if self.finished:
            return
        if self._write_chat_function_call is not None:
            self._as_it_came(self._write_chat_function_call, call)
            return
        calls = self._slots.calls
        if LEGACY_CALL_SOURCE_SLOT not in calls:
            calls[LEGACY_CALL_SOURCE_SLOT] = [self._slots.take_fresh(0), None]
        self.tool_input(LEGACY_CALL_SOURCE_SLOT, call.get("arguments", ""), None, call.get("name") or None)

    def chat_annotations(self, annotations: list[dict[str, Any]]) -> None:
        """A Chat source's ``delta.annotations`` (``stream/_chat_extras.py``): a Chat client's
        ``delta.annotations`` as they came; left out for another client (its citations cannot
        carry offsets into a Chat content: the Chat citation rule, docs/writers.md)."""
        if self.finished or self._write_chat_annotations is None:
            return
        self._as_it_came(self._write_chat_annotations, annotations)

    def other_choice(self, index: Any) -> None:
        """A Chat source's choice other than the first (``stream/_chat_extras.py``): the stream
        ends with an error naming it, for every client (the answer written is one choice: read as
        lm15 reads it, the second choice's text would go into the first's)."""
        if self.finished:
            return
        message = (
            f"the backend streamed more than one choice (choices[].index {index!r}: a request's n > 1); "
            "a translated stream carries one answer"
        )
        self.event(StreamErrorEvent(error=ErrorDetail(code="provider", message=message)))

    def _as_it_came(self, write: Callable[[Any], bytes], value: Any) -> None:
        """``value`` (a source's frame or field a writer passes on as it came) written after the
        stream's start."""
        if not self._started:
            self._synthesize()
        self.out.append(write(value))

    def _cannot_express(self, what: str) -> None:
        """The error event that ends the stream where the answer ``what`` has no form in the
        client's dialect."""
        message = f"the backend's answer {what}, which this client's dialect cannot express"
        self.event(StreamErrorEvent(error=ErrorDetail(code="provider", message=message)))

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
        if self.finished:
            return
        call = self._slots.calls.get(part_index)
        if call is None or self._whole_calls or (id is not None and id != call[1] and name is not None):
            call = self._slots.open(part_index, id, call)
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

    def _whole_call(self, part_index: int, args: Any, id: str | None, name: str | None) -> None:
        """A call that came whole, ``args`` the value msgspec decoded (a Gemini ``functionCall``):
        what ``tool_input(part_index, compact_json(args), id, name)`` writes, from ``args`` by the
        writer's ``write_tool_call`` (None where it cannot), so no JSON text of them is made."""
        write = self._write_tool_call
        if write is None or name is None or self.finished or self._nameless:
            self.tool_input(part_index, compact_json(args), id, name)
            return
        slots = self._slots
        slot: int = slots.open(part_index, id, slots.calls.get(part_index))[0]
        self._named.add(slot)
        if not self._started:
            self._synthesize()
        out = self.out
        written = write(slot, args, id, name)
        if written is None:
            written = self._write_tool_input(slot, compact_json(args), id, name)
        out.append(written)
        self._last_text = self._last_thought = -1
        if slot != part_index:
            self._moved = (part_index, slot, len(out))

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
                event = moved_signature(event, moved[0], moved[1])
        if type(event) is StreamDeltaEvent:
            delta = event.delta
            if type(delta) is ToolCallDelta and (
                delta.name is not None or delta.part_index in self._slots.calls
            ):
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
        self._ends.add(finish_reason, usage, provider_data, strict_json)
        self.ending = True

    def end_at_cut(self, sequence: str) -> None:
        """The end lm15's runtime gives a stream cut at a client-side stop sequence, written now:
        ``stop``, no usage (the final frame is never read), whatever ended before; a writer that
        names the matched ``sequence`` in its end (Anthropic's ``stopped_at``) is told it first."""
        if self._stopped_at is not None:
            self._stopped_at(sequence)
        self._ends = EndMerge()
        self._ends.add("stop", None, None)
        self.close()
        self.finished = self.cut = True

    def close(self) -> bool:
        end = self._ends.merged()
        self._ends = EndMerge()
        if self.finished:
            return end is not None
        if self.incomplete is not None:  # a Responses source's final response: its items not streamed
            self.incomplete.final_items()
        if self._nameless:
            if self._server_calls:  # the server ran it: no call of the client's (_SERVER_CALLS)
                self._nameless = {}
            else:
                self._write_nameless()
        if self.incomplete is not None:  # a Responses answer cut short: its truncation, as whole
            cut = self.incomplete.take()  # (beside a bare end: a [DONE] after it); or failed: its error
            if cut is not None and (end is None or (end.finish_reason is None and end.usage is None)):
                if isinstance(cut, StreamErrorEvent):
                    self.event(cut)
                    return False
                end = cut
        if end is None:  # the source stopped short of its end: the client must not take it as whole
            self.out.append(self._feed(_UNFINISHED))
            self.finished = True
            return False
        if not self._same_dialect:  # a Gemini call's in-band finish: lm15's error, not a refusal
            error = tool_finish_error(end)
            if error is not None:
                self.event(error)
                return False
        if not self._started:
            self._synthesize()
        if self._restate is not None:
            end = restated_end(end, self._restate)
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


def _named_back(
    write: Callable[[int, str, str | None, str | None], bytes], names: dict[str, str]
) -> Callable[[int, str, str | None, str | None], bytes]:
    """``write`` with a call's name in ``names`` (a name a gateway sent for the client's,
    ``providers/_tool_names.py``) written as the client's name."""

    def write_named(slot: int, fragment: str, id: str | None, name: str | None) -> bytes:
        return write(slot, fragment, id, names.get(name, name) if name is not None else None)

    return write_named
