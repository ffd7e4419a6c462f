"""The Responses stream writer's output items: opened at a slot's first fragment, added
(``output_item.added``, its content part, the item's delta head), completed (``output_item.done``)
and kept for the final response; and the framing of their events (``sequence_number`` last).

Mixed into :class:`lmcodec.providers.openai.write.StreamWriter` (the stream's state is the writer's).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._compact_json import surrogate_free_json
from lmcodec.providers._decimals import DECIMAL_COUNT, DECIMALS
from lmcodec.providers._errors import unwritable_held_value, unwritable_unnamed_call
from lmcodec.providers._escapes import watch
from lmcodec.providers._tool_arguments import is_blank
from lmcodec.providers.openai._output_item import Body, OutputItem
from lmcodec.providers.openai._sse_write import CALL as _CALL
from lmcodec.providers.openai._sse_write import ENC
from lmcodec.providers.openai._sse_write import IMAGE as _IMAGE
from lmcodec.providers.openai._sse_write import MESSAGE as _MESSAGE
from lmcodec.providers.openai._sse_write import REASONING as _REASONING
from lmcodec.providers.openai._whole_call import WholeCall
from lmcodec.wire import ContinuationState, ToolCallDelta
from lmcodec.wire._float_literals import float_literal

__all__ = ["NO_LOGPROBS", "ItemWriting", "event_head"]

NO_LOGPROBS: Final = b',"logprobs":[],"sequence_number":'
# the item type each kind of item the writer writes is (a refusal, an image or audio: a message)
_ITEM_TYPES: Final = ("message", "reasoning", "function_call", "message", "message", "message")
_decode: Final = msgspec.json.Decoder(dict[str, Any], float_hook=float_literal).decode
_HEADS: dict[str, bytes] = {}  # event type -> `event: <type>\ndata: {"type":"<type>",` (a few dozen types)
_SEQUENCE: Final = b',"sequence_number":'


def event_head(kind: str) -> bytes:
    """``event: <kind>\ndata: {"type":"<kind>",``, built once per event type."""
    head = _HEADS.get(kind)
    if head is None:
        name = kind.encode()
        head = _HEADS[kind] = b"".join((b"event: ", name, b'\ndata: {"type":"', name, b'",'))
    return head


_ADDED: Final = event_head("response.output_item.added")


class ItemWriting:
    """The output items of :class:`lmcodec.providers.openai.write.StreamWriter` (mixed into it: the
    writer's ``__init__`` sets these slots)."""

    __slots__ = (
        "_call_ids",
        "_carried",
        "_foreign_at",
        "_name_json",
        "_names",
        "_next_index",
        "_open",
        "_out",
        "_output",
        "_pending",
        "_relayed",
        "_seq",
        "_slots",
        "_token",
        "_whole",
    )

    _started: bool
    _ended: bool
    _seq: int
    _out: list[bytes]
    _token: str
    _next_index: int
    _slots: dict[tuple[int, int], OutputItem]
    _open: dict[int, OutputItem | WholeCall]
    _whole: dict[int, WholeCall] | None  # (made at the first whole call: most streams have none)
    _name_json: dict[str, bytes] | None
    _pending: OutputItem | None
    _carried: dict[int, list[ContinuationState]]
    _output: dict[int, dict[str, Any] | msgspec.Raw]  # (a whole call's: the JSON its done event holds)
    _relayed: dict[int, int]
    _names: dict[int, tuple[str, str]]
    _call_ids: set[str]
    _foreign_at: set[int]

    def name_item(self, slot: int, item_type: str, item_id: str) -> None:
        """The id a Responses source gave the item of type ``item_type`` it adds at ``slot`` (its
        ``output_index``: ``stream/_foreign_items.py``), for the item this writer opens there, so
        the events name the item as the source's final response does (red team 32 F02). Taken by
        the first item of that type opened at the slot; an item never opened leaves it unused."""
        if item_id:
            self._names[slot] = (item_type, item_id)

    def _opens_whole_call(self, part_index: int) -> bool:
        """Whether a named call that came whole can be written as a new item in one pass: its slot
        holds no call yet, the stream has begun and not ended, no reasoning item is pending and no
        source's item id waits for a slot (else the per-fragment path decides)."""
        return bool(
            (part_index, _CALL) not in self._slots
            and (self._whole is None or part_index not in self._whole)
            and self._started
            and not self._ended
            and self._pending is None
            and not self._names
        )

    def write_tool_call(self, part_index: int, args: Any, id: str | None, name: str) -> bytes | None:
        """What ``write_tool_input(part_index, compact_json(args), id, name)`` writes for a call that
        came whole (a Gemini ``functionCall``, ``args`` its decoded value: ``stream/_writer_sink``)
        as a new item, where msgspec can write ``args``: then its text spells no surrogate
        (``_compact_json``) and is not blank, and the look for a lone one's escape
        (``_escapes.watch``: a Python step per surrogate pair) is left out. Else ``None``: the
        caller writes that text (:meth:`write_whole_call`)."""
        if not name or not self._opens_whole_call(part_index):
            return None
        text = surrogate_free_json(args)
        return None if text is None else self._whole_call_item(part_index, text, id, name, "")

    def write_whole_call(self, part_index: int, fragment: str, id: str | None, name: str | None) -> bytes:
        """What ``write_tool_input`` writes for a call that comes whole, in one fragment (a Gemini
        ``functionCall``: ``stream/_writer_sink.py`` hands each such call here): its item added
        and its one delta, framed in one pass; the item stays open, done at the end with the
        others. A fragment that is not a new item's first, or whose writing may differ there (the
        stream not begun or ended, a reasoning item pending, a source's id for the slot's item, no
        name, blank arguments), goes to ``write_tool_input``."""
        if not name or not self._opens_whole_call(part_index) or is_blank(fragment):
            return self.write_tool_input(part_index, fragment, id, name)  # type: ignore[attr-defined,no-any-return]
        held = watch("", fragment, "openai") if "\\" in fragment else ""  # (a lone surrogate: refused)
        return self._whole_call_item(part_index, fragment, id, name, held)

    def _whole_call_item(self, part_index: int, fragment: str, id: str | None, name: str, held: str) -> bytes:
        """A new call item of one fragment (its arguments' text, checked): added, its delta written;
        a lean item (``_whole_call``), done at the end with the others."""
        index = self._next_index
        self._next_index = index + 1
        call_id = id or f"tool_call_{part_index}"
        if call_id in self._call_ids:  # a second call of one id: its own, as ``_item`` gives it
            call_id = _unused(call_id, part_index, self._call_ids)
        self._call_ids.add(call_id)
        whole, names = self._whole, self._name_json
        if whole is None or names is None:
            whole = self._whole = {}
            names = self._name_json = {}
        name_json = names.get(name)
        if name_json is None:  # (a turn's calls mostly share a few names: each encoded once)
            name_json = names[name] = ENC.encode(name)
        call = WholeCall(index, (part_index, _CALL), call_id, name, name_json, fragment, held)
        whole[part_index] = call
        self._open[index] = call
        seq = self._seq
        self._seq = seq + 2
        return call.added(seq)

    def _call_at(self, slot: int) -> OutputItem | None:
        """The open call item at ``slot``: a whole call there made the OutputItem it would be."""
        item = self._slots.get((slot, _CALL))
        if item is None and self._whole is not None:
            call = self._whole.pop(slot, None)
            if call is not None:
                item = self._slots[call.key] = self._open[call.index] = call.item()
        return item

    def write_foreign(self, frame: bytes) -> bytes:
        """One event of an output item of a Responses source that the canonical events have no slot
        for (a ``custom_tool_call``, a ``web_search_call``, ...: ``stream/_foreign_items.py``), as
        the source sent it, numbered into this stream: its ``output_index`` the next free one (as
        an item of the writer's own takes it), its ``sequence_number`` the stream's next; its done
        item kept for the final response. Its ``output_item.added`` completes the items open before
        it (the source completed them before adding it: their ``.done`` events come first, as there).
        An event of an item never added is dropped."""
        event = _decode(frame)
        kind = event.pop("type")
        event.pop("sequence_number", None)
        source_index: int = event["output_index"]
        if kind == "response.output_item.added":
            self._complete_open(cut=False)  # a Responses source adds an item once those before it are done
            index = self._relayed[source_index] = self._next_index
            self._next_index = index + 1
        else:
            found = self._relayed.get(source_index)
            if found is None:
                return b""
            index = found
        event["output_index"] = index
        if kind == "response.output_item.done":
            del self._relayed[source_index]
            item = event.get("item")
            if isinstance(item, dict):
                self._output[index] = item
                self._foreign_at.add(index)
        self._emit(kind, event)
        out = b"".join(self._out)
        self._out.clear()
        return out

    def _emit(self, kind: str, body: dict[str, Any]) -> None:
        """Queue one event: ``body`` gets its ``type`` first and ``sequence_number`` last."""
        body["sequence_number"] = self._seq
        self._seq += 1
        self._out.append(event_head(kind) + ENC.encode(body)[1:] + b"\n\n")

    def _emit_bodies(self, events: list[Body]) -> None:
        """Queue events given as their bodies' JSON (``_output_item``): each framed with its
        ``type`` first and ``sequence_number`` last, as :meth:`_emit` frames a dict."""
        seq = self._seq
        out = self._out
        heads = _HEADS
        for kind, body in events:
            head = heads.get(kind) or event_head(kind)
            number = DECIMALS[seq] if seq < DECIMAL_COUNT else str(seq).encode()
            out.append(b"".join((head, body, _SEQUENCE, number, b"}\n\n")))
            seq += 1
        self._seq = seq

    def _frame_delta(self, item: OutputItem, text: str) -> bytes:
        seq = self._seq
        self._seq = seq + 1
        number = DECIMALS[seq] if seq < DECIMAL_COUNT else str(seq).encode()
        if item.kind == _MESSAGE:
            return b"".join((item.head, ENC.encode(text), NO_LOGPROBS, number, b"}\n\n"))
        return b"".join((item.head, ENC.encode(text), _SEQUENCE, number, b"}\n\n"))

    def _item(self, slot: int, kind: int, call: ToolCallDelta | None = None) -> OutputItem:
        """The open item of ``(slot, kind)``, opened if there is none."""
        item = self._slots.get((slot, kind))
        if item is None and kind == _CALL and self._whole:
            item = self._call_at(slot)
        if item is not None:
            if kind == _CALL and call is not None and call.name is not None and not item.name:
                item.name = call.name
            return item
        if kind == _CALL and (call is None or not call.name):
            raise unwritable_unnamed_call("Responses", slot)
        if self._pending is not None:
            self._add(self._pending)
        index = self._next_index  # its position in the response's output (red team 31 F02)
        self._next_index = index + 1
        named = self._names.pop(slot, None) if self._names else None
        if named is not None and named[0] != _ITEM_TYPES[kind]:  # another item's: not this one's
            self._names[slot] = named
            named = None
        prefix = ("msg_", "rs_", "fc_", "msg_", "msg_", "msg_")[kind]
        item_id = named[1] if named is not None else f"{prefix}{self._token}{index:04d}"
        item = OutputItem(kind, index, item_id, (slot, kind))
        self._slots[(slot, kind)] = item
        if kind == _CALL:
            call_id = (call.id if call is not None else None) or f"tool_call_{slot}"
            if call_id in self._call_ids:  # a second call of one id: the openai SDK's stream reader
                call_id = _unused(call_id, slot, self._call_ids)  # names a call by it (red team 44 F03)
            self._call_ids.add(call_id)
            item.call_id = call_id
            item.name = (call.name if call is not None else None) or ""
            if named is None:  # no item id of its own: the call's id names it in its events
                item.id = item.call_id
        if kind == _REASONING:
            item.carried = self._carried.setdefault(slot, [])  # the slot's states, as assembled
            self._pending = item
        else:
            self._add(item)
        return item

    def _add(self, item: OutputItem) -> None:
        """Write an item's ``output_item.added`` (and its content part); its delta head is fixed."""
        if item is self._pending:
            self._pending = None
        self._open[item.index] = item
        self._emit_bodies(item.added())

    def _complete_open(self, cut: bool) -> None:
        """Complete the open items; when the response is ``cut`` (it ends incomplete), the item
        written last, if open, is the one the stop cut."""
        if self._pending is not None:
            self._add(self._pending)
        last = self._next_index - 1
        for item in list(self._open.values()):
            if isinstance(item, WholeCall):
                self._done_whole(item)
            else:
                self._done(item, cut and item.index == last)

    def _done_whole(self, call: WholeCall) -> None:
        """Write the events that complete a whole call and keep it for the final response."""
        index = call.index
        del self._open[index]
        if self._whole is not None:
            del self._whole[call.key[0]]
        seq = self._seq
        self._seq = seq + 2
        frames, self._output[index] = call.completion(seq)
        self._out.append(frames)

    def _output_items(self) -> dict[int, dict[str, Any]]:
        """The completed items as dicts (a whole call's JSON read back), for a backend's final
        response to be compared with."""
        return {
            index: _decode(item) if type(item) is msgspec.Raw else item
            for index, item in self._output.items()
        }

    def _done(self, item: OutputItem, cut: bool = False) -> None:
        """Write the events that complete ``item`` (``cut`` by the end of the response: see
        :meth:`OutputItem.completion`) and keep it for the final response."""
        index = item.index
        self._open.pop(index, None)
        if self._slots.get(item.key) is item:  # an item is open under its one key (constant time)
            del self._slots[item.key]
        if item.kind >= _IMAGE:
            events, done = item.media_completion(cut)
            self._emit_bodies(events)
            self._output[index] = done
            return
        try:
            text = "".join(item.texts)
        except TypeError:  # a fragment changed past its checks, met here where it is written
            field = "input" if item.kind == _CALL else "text"
            kind = "tool call" if item.kind == _CALL else "thinking" if item.kind == _REASONING else "text"
            raise unwritable_held_value("openai", kind, field, item.texts) from None
        if item.kind == _CALL and not text:  # a call of a tool without parameters (Anthropic
            text = "{}"  # streams no fragment): OpenAI sends "{}", and the SDK's clients json.loads it
            self._out.append(self._frame_delta(item, text))
        events, done = item.call_completion(text) if item.kind == _CALL else item.completion(text, cut)
        self._emit_bodies(events)
        self._output[index] = done


def _unused(call_id: str, slot: int, used: set[str]) -> str:
    """A call id for the call at ``slot`` whose id ``call_id`` an earlier call of the stream has:
    ``<call_id>_<slot>`` (deterministic), lengthened by ``_`` while another call has it."""
    fresh = f"{call_id}_{slot}"
    while fresh in used:
        fresh += "_"
    return fresh
