"""The output items of a Responses stream that the canonical events have no slot for, for translate.

lm15 1.5.0's Responses stream adapter reads three kinds of output item: ``message`` (text,
refusals, citations), ``reasoning`` and ``function_call``. Every other item's events map to
nothing, and lmcodec's decoder keeps that reading. Two families of them matter to a gateway:

- items the *client* runs itself: ``custom_tool_call`` (Codex's freeform ``apply_patch``),
  ``apply_patch_call``, ``shell_call``, ``local_shell_call``, ``computer_call`` and
  ``mcp_approval_request`` (answered with an ``mcp_approval_response``). ``translate_request``
  carries their tools to a Responses backend as sent, so the answer's call is the client's to run;
  dropped, a client that takes items from ``output_item.done`` (Codex) saw a turn with no output;
- items of the provider's own tools (``web_search_call``, ``code_interpreter_call``,
  ``image_generation_call``, ``file_search_call``, ``mcp_call``, ...), which the server ran.

:class:`ForeignItems`, the Responses mapper ``translate`` runs, hands every event of such an item
(its ``output_item.added``, the events naming its ``output_index``, its ``output_item.done``) to
the sink's ``foreign_item`` as the frame came, in stream order, instead of mapping it (lm15 maps
it to nothing). The sink gives it to a Responses writer, which renumbers it into the stream it
writes; another dialect has no form for it: an item the client runs ends that stream with an error
event naming it, a server-run item is left out, as an Anthropic server tool's blocks are
(docs/writers.md, "Output items lm15 does not read").

A ``message`` or ``function_call`` item that comes only whole (its ``output_item.done`` with no
``output_item.added`` before it; or only in ``response.completed``, under an identity the stream
did not add, as the openai SDK matches them: a call's ``call_id``, a message's ``id``) is read as
nothing by lm15,
and so by ``decode``; the mapper hands it to the sink as its streamed fragments would come
(:mod:`lmcodec.stream._whole_items`, red team 44 F01).

lm15 keeps no id of the items it reads (a message's, a call's item ``id``). The ``output_item.added``
of such an item names one: the mapper hands it to the sink's ``source_item`` before the frame is
mapped, so a Responses writer names its item there as the source does (red team 32 F02).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol, cast

import msgspec

from lmcodec.errors import StreamDecodeError
from lmcodec.providers._mapper import REFUSED
from lmcodec.providers.openai.stream import _HANDLERS
from lmcodec.providers.openai.views import (
    ItemDoneFrame,
    ReasoningTextFrame,
    RefusalFrame,
    TextFrame,
    ThinkingFrame,
    frame_decoder,
)
from lmcodec.stream._incomplete import IncompleteWatch
from lmcodec.stream._whole_items import (
    WHOLE,
    completed_only,
    hand_on_reasoning,
    hand_on_whole,
    identity,
    raw_value,
)
from lmcodec.stream.sink import Sink
from lmcodec.wire._float_literals import float_literal

__all__ = ["ForeignItemSink", "ForeignItems", "mapped_at"]

_READ: Final = frozenset({"message", "reasoning", "function_call"})  # the items lm15 reads
_ADDED: Final = b'"response.output_item.added"'
_DONE: Final = "response.output_item.done"


class ForeignItemSink(Sink, Protocol):
    """A sink that also takes the frames :class:`ForeignItems` hands on (the translator's)."""

    def foreign_item(self, item_type: str, frame: bytes) -> None:
        """One event (``frame``, the source's JSON) of an output item of type ``item_type``."""

    def refusal(self, part_index: int, text: str) -> None:
        """A refusal fragment of slot ``part_index`` (a ``response.refusal.delta``)."""

    def source_item(self, output_index: int, item_type: str, item_id: str) -> None:
        """The id the source gives the item of a type lm15 reads (``item_type``) that it adds at
        ``output_index``, before that ``output_item.added`` is mapped."""


class _Item(msgspec.Struct, frozen=True, gc=False):
    type: str | None = None
    id: Any = None  # (a backend's value: used only when a string)
    call_id: Any = None  # (a call's identity for the openai SDK: _whole_items.identity)


class _Head(msgspec.Struct, frozen=True, gc=False):
    type: str | None = None
    output_index: int | None = None
    item: _Item | None = None


_head: Final = msgspec.json.Decoder(_Head, float_hook=float_literal)


class ForeignItems(IncompleteWatch):
    """The Responses mapper (with :class:`IncompleteWatch`'s end), handing the events of output
    items lm15 does not read to the sink's ``foreign_item``. A batch with no such item open and no
    ``output_item.added`` frame goes to lm15's mapping whole (one substring search per frame)."""

    __slots__ = (
        "_added",
        "_completed",
        "_empty",
        "_identities",
        "_named",
        "_open",
        "_reasoned",
        "_thought",
        "_unindexed",
        "_whole",
    )

    def __init__(self, model: str | None, sink: Sink, keep_unknown: bool = False) -> None:
        super().__init__(model, sink, keep_unknown)
        self._open: dict[int, str] = {}  # output_index -> type of a foreign item not done yet
        # output indexes of the items that were added (or came whole, read here), of every type
        self._added: set[int] = set()
        # ... and the identity of the item added at each (_whole_items.identity; red team 49 F01)
        self._identities: dict[int, tuple[str, str] | None] = {}
        self._named: set[tuple[str, str]] = set()  # every identity added, at any index (red team 52 F08)
        self._empty: set[int] = set()  # output indexes of an output_item.added without an item
        self._whole: set[int] = set()  # output indexes of the done items handed on whole
        self._reasoned: set[int] = set()  # output indexes of the reasoning items done
        self._thought: set[int] = set()  # output indexes thinking deltas came at
        self._completed: Any = None  # the last response.completed's JSON value (take)
        self._unindexed: set[tuple[str, str]] = set()  # identities of items added at no index

    def frames(self, datas: list[bytes]) -> int:
        if self._whole:
            return self._item_by_item(datas, 0)
        return self._batch(datas)

    def _batch(self, datas: list[bytes]) -> int:
        if not self._open and (
            datas[0].find(_ADDED) < 0 if len(datas) == 1 else not any(d.find(_ADDED) >= 0 for d in datas)
        ):
            skipped, whole_at = self._mapped(datas, 0)
            if whole_at < 0:
                return skipped
            return skipped + self._item_by_item(datas[whole_at + 1 :], whole_at + 1)
        skipped, start = 0, 0
        sink = cast(ForeignItemSink, self.sink)
        for i, data in enumerate(datas):
            head = self._candidate(data)
            if head is None:
                continue
            if i > start:  # the frames before it first: a done item among them (red team 52 F01)
                mapped, whole_at = self._mapped(datas[start:i], start)
                skipped += mapped
                if whole_at >= 0:
                    return skipped + self._item_by_item(datas[whole_at + 1 :], whole_at + 1)
                start = i
            found = self._foreign(head)
            if found is None:
                continue
            item_type, index, item_id = found
            if item_id is not None:  # an item lm15 reads: named, then its frame mapped as lm15 maps it
                sink.source_item(index, item_type, item_id)
                continue
            start = i + 1
            sink.foreign_item(item_type, data)
        mapped, whole_at = self._mapped(datas[start:], start)
        if whole_at >= 0:
            mapped += self._item_by_item(datas[whole_at + 1 :], whole_at + 1)
        return skipped + mapped

    def _mapped(self, datas: list[bytes], offset: int) -> tuple[int, int]:
        """lm15's mapping of the frames ``datas`` (the first at position ``offset`` of the batch:
        a failing frame is named by its position there), :meth:`StreamMapper.frames`' loop, up to
        a done message or call handed on whole (:meth:`_whole_item`): how many mapped to nothing,
        and that frame's position in the batch (-1: none came), after which the batch's frames go
        one at a time (:meth:`_item_by_item`), so that those of its item are dropped."""
        skipped = 0
        decode = frame_decoder.decode
        text = self.sink.text
        thought = self._thought
        n = 0
        try:
            for n, data in enumerate(datas):  # (n: the failing frame's position)
                try:
                    f = decode(data)
                except REFUSED:
                    skipped += self.refused(data)
                    continue
                kind = type(f)
                if kind is TextFrame and not f.logprobs:
                    text(f.output_index, f.delta or "")
                    continue
                if kind is ItemDoneFrame:
                    whole = self._whole_item(f, data)
                    if whole is not None:
                        if not whole:
                            return skipped, offset + n
                        skipped += whole
                        continue
                elif kind is ThinkingFrame or kind is ReasoningTextFrame:
                    if f.output_index in self._reasoned:  # (after its item's done: red team 52 F02)
                        skipped += 1
                        continue
                    if f.output_index not in thought:
                        if f.output_index not in self._added:
                            self._name_unadded(f.output_index, data)
                        thought.add(f.output_index)
                skipped += _HANDLERS[kind](self, f)
        except StreamDecodeError as exc:
            exc.frame = offset + n
            raise
        return skipped, -1

    def _item_by_item(self, datas: list[bytes], offset: int) -> int:
        """The frames of a stream in which an item came whole before its other events (red team 50
        F05), one at a time (``offset``: the first's position in the batch): a frame naming the
        ``output_index`` of an item handed on whole is that item's again (its deltas, a second
        ``output_item.added`` or ``done``) and is dropped, as ``decode`` reads the deltas and not
        the done item (the done item's text stood for them)."""
        skipped = 0
        whole = self._whole
        for i, data in enumerate(datas):
            if _index_of(data) in whole:
                skipped += 1
                continue
            try:
                skipped += self._batch([data])
            except StreamDecodeError as exc:
                exc.frame = offset + i
                raise
        return skipped

    def _refusal(self, f: RefusalFrame) -> int:
        """A ``response.refusal.delta`` (red team 20 F04), handed on as a refusal, which each
        client's writer writes as its body writes a RefusalPart (Chat ``refusal``, Anthropic
        ``stop_reason: "refusal"``, a Responses ``refusal`` part), where lm15 reads text."""
        cast(ForeignItemSink, self.sink).refusal(f.output_index, f.delta or "")
        return 0

    def _whole_item(self, f: ItemDoneFrame, data: bytes) -> int | None:
        """A done item (the frame ``data``): a message or call never added comes only whole and is
        handed on (:mod:`lmcodec.stream._whole_items`): 0, its later frames to be dropped (its
        index is among the whole ones now), or 1 when it held nothing to hand on; a reasoning
        item's, :meth:`_reasoning_done`; ``None`` for any other, which lm15's mapping reads."""
        done = f.item
        index = f.output_index
        if done is None:
            return None
        if done.type == "reasoning":
            return self._reasoning_done(f, data)
        if done.type not in WHOLE or index in self._added:
            return None
        self._added.add(index)
        named = identity(done.type, done.id, raw_value(done.call_id))
        self._identify(index, named)
        if named is not None and named in self._unindexed:  # added, at no index: streamed
            return None
        if hand_on_whole(
            cast(ForeignItemSink, self.sink),
            index,
            done.type,
            done.id,
            done.content,
            raw_value(done.call_id),
            raw_value(done.name),
            raw_value(done.arguments),
        ):
            return 1
        self._whole.add(index)
        return 0

    def _reasoning_done(self, f: ItemDoneFrame, data: bytes) -> int | None:
        """A reasoning item's done: the first at its index goes to lm15's mapping (its id and
        ``encrypted_content``, the item's state), a later one is dropped (1): mapped again, a
        Responses client got the item twice under one id, which the openai SDK refuses (red team
        52 F02). One whose ``output_item.added`` never came is handed on whole, as a message is:
        its summary as the item's thinking (:func:`hand_on_reasoning`), then lm15's mapping, and
        its index's later frames dropped (0): its summary deltas after it made a second item
        (red team 52 F03)."""
        index = f.output_index
        if index in self._reasoned:
            return 1
        self._reasoned.add(index)
        if index in self._added:
            if index not in self._thought:  # (its summary came only there)
                hand_on_reasoning(cast(ForeignItemSink, self.sink), index, None, data)
            return None
        done = cast(Any, f.item)
        self._added.add(index)
        self._identify(index, identity("reasoning", done.id, None))
        if index not in self._thought:  # (deltas of an item never added stood for its summary)
            hand_on_reasoning(cast(ForeignItemSink, self.sink), index, done.id, data)
        self._item_done(f)
        self._whole.add(index)
        return 0

    def _name_unadded(self, index: int, data: bytes) -> None:
        """The first summary (or reasoning text) delta at ``index`` of a reasoning item never added:
        its ``item_id`` is the item's id (the one its done will carry), handed to the sink's
        ``source_item`` before the delta is mapped, so a Responses client's item is named as the
        source names it, where the writer's own id stood (the thinking opens the item before its
        done names it, and the openai SDK refuses an id changed between added and done)."""
        try:
            item_id = _item_id.decode(data).item_id
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            return
        if isinstance(item_id, str) and item_id:
            cast(ForeignItemSink, self.sink).source_item(index, "reasoning", item_id)

    def _identify(self, index: int, named: tuple[str, str] | None) -> None:
        """Record the identity of the item added (or come whole) at ``index``; a reused index keeps
        the earlier ones among the identities the stream streamed (red team 52 F08)."""
        self._identities[index] = named
        if named is not None:
            self._named.add(named)

    def _added_unindexed(self, item: _Item) -> None:
        """An ``output_item.added`` with no ``output_index`` (absent or null: a compatible server
        that leaves it out; red team 53 F03): lm15 maps it as any (a call's at index 0), and the
        item's deltas and done name their index. Its identity is kept, so that its done (and its
        entry in ``response.completed``) is known as the item streamed, not one that came only
        whole, handed on a second time after its deltas."""
        named = identity(item.type, item.id, item.call_id) if item.type in WHOLE else None
        if named is not None:
            self._unindexed.add(named)
            self._named.add(named)

    def final_items(self) -> None:
        """At the end of input (the writer's close, before it writes the end): the message and call
        items of a ``response.completed`` that is the stream's last event (at most a ``[DONE]``
        after it) that the stream did not add, matched by identity as the openai SDK matches them
        (they came only there, red team 44 F01 / 45 F01; rtleft25), are handed on
        (:func:`completed_only`). Read at the end, not where it came: a ``response.completed``
        that other events follow (events out of order, streams spliced) is not the final response,
        and its items are not replayed (red team 50 F05; ``decode`` reads none of them)."""
        completed, self._completed = self._completed, None
        frames = [*self._before[-2:], *self._last[-2:]][-2:]
        if frames and frames[-1].strip() == b"[DONE]":
            frames.pop()
        if completed is not None and frames and frames[-1].find(_COMPLETED) >= 0:
            completed_only(
                cast(ForeignItemSink, self.sink),
                completed,
                self._added,
                self._identities,
                self._empty,
                self._named,
            )

    def port_frame(self, payload: Any, out: list[Any]) -> None:
        """lm15's reading of a frame the typed views refuse (its JSON value ``payload``), keeping
        the last ``response.completed`` for :meth:`final_items`."""
        if type(payload) is dict and payload.get("type") == "response.completed":
            self._completed = payload
        super().port_frame(payload, out)

    def _candidate(self, data: bytes) -> _Head | None:
        """The head of a frame :meth:`_foreign` reads (an ``output_item.added``, or an event of a
        foreign item open), ``None`` for any other. Read before the frames ahead of it are mapped,
        recorded (:meth:`_foreign`) after them: a done item among them is mapped before an added
        of its index is known (red team 52 F01), as it is when the two come in two chunks."""
        if not self._open and data.find(_ADDED) < 0:
            return None
        try:
            head = _head.decode(data)
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            return None  # (lm15's mapping reads it, or refuses it)
        index = head.output_index
        if index is None and head.type == "response.output_item.added" and head.item is not None:
            return head  # (recorded by _foreign, after the frames ahead: red team 55 F06)
        if index is None or head.type is None:
            return None
        if head.type == "response.output_item.added" or index in self._open:
            return head
        return None

    def _foreign(self, head: _Head) -> tuple[str, int, str | None] | None:
        """For an event of a foreign item (``head``, :meth:`_candidate`'s), its type and
        ``output_index`` (and ``None``); for the ``output_item.added`` of an item lm15 reads that
        names its ``id``, its type, index and id (red team 32 F02: a Responses client's events
        name the item as the source's final response does); ``None`` for any other frame (an
        ``output_item.added`` of no index recorded as such)."""
        if head.output_index is None:
            self._added_unindexed(cast(_Item, head.item))
            return None
        index = head.output_index
        if head.type == "response.output_item.added":
            item = head.item
            if item is None:  # (null or absent: a gap the openai SDK skips; completed_only)
                self._empty.add(index)
                return None
            if item.type is None:
                return None
            self._added.add(index)
            self._identify(index, identity(item.type, item.id, item.call_id))
            if item.type in _READ:
                named = item.id if isinstance(item.id, str) and item.id else None
                return None if named is None else (item.type, index, named)
            self._open[index] = item.type
            return item.type, index, None
        item_type = self._open.get(index)
        if item_type is None:
            return None
        if head.type == _DONE:
            del self._open[index]
        return item_type, index, None


_COMPLETED: Final = b'"response.completed"'


class _Index(msgspec.Struct, frozen=True, gc=False):
    output_index: int | None = None


_index: Final = msgspec.json.Decoder(_Index, float_hook=float_literal)


class _ItemId(msgspec.Struct, frozen=True, gc=False):
    item_id: Any = None  # (a backend's value: used only when a string)


_item_id: Final = msgspec.json.Decoder(_ItemId, float_hook=float_literal)


def _index_of(data: bytes) -> int | None:
    """A frame's ``output_index`` (``None`` for none, one not an integer, or a frame that cannot
    be read: mapped as it comes)."""
    try:
        return _index.decode(data).output_index
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return None


def mapped_at(frames: Callable[[Any, list[bytes]], int], mapper: Any, datas: list[bytes], offset: int) -> int:
    """lm15's mapping of the frames ``datas`` by ``frames(mapper, datas)``, a batch's frames from
    ``offset`` on (the frames between two foreign ones): a failing frame is named by its index in
    the batch."""
    if not datas:
        return 0
    try:
        return frames(mapper, datas)
    except StreamDecodeError as exc:
        exc.frame = (exc.frame or 0) + offset
        raise
