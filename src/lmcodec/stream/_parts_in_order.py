"""The translate sink for a Gemini or Chat source and a client that reads each slot as a block or item.

A Gemini chunk numbers its parts from 0, so a chunk of two text parts followed by a chunk of text
hands the sink ``text(0)``, ``text(1)``, ``text(0)``. lm15 (and :func:`lmcodec.assemble`) join the
third into slot 0; google-genai appends every chunk's parts in order. The Anthropic and Responses
writers give each slot a block or item of its own, in the order first written, and their clients'
SDKs accumulate by that block or item: written at slot 0, the third text reached the client as
"The capital is Paris. of France", as an Anthropic delta to a block already stopped, or as
Responses text into an item after the next one opened (red team 30 F01).

A text or thought whose slot the writer has moved past (another slot was written since) is
appended to the block or item the writer has open when that one is of its kind, so the client reads
the answer in arrival order in as few blocks as google-genai's concatenation of the chunks: a stream
whose every chunk holds two text parts is two blocks, not two new blocks a chunk. A thought opens a
new block instead when the open thinking block's slot was already handed a signature (the
signature signs what came before; a second one, or more thinking after it, would go into the same
carriage). Anything else at a moved-past slot (a text after a thought, a thought after a text or a
call) opens a new block at a fresh slot, after every slot written. A part continuing the slot
written last stays in it; a part at an index first seen takes that slot (unless a fresh slot took
it: then it is placed as a moved-past one).

An empty thought at a slot seen before is held, not written: the filler lmcodec's Gemini writer
puts before the text of every chunk after a thought, which ``assemble`` joins into that slot's
thinking (it adds nothing); written, it opened a thinking block and a text block a chunk (red team
53 F01). Only a signature handed right after it writes it (a signed empty thought).

A thought's signature, handed right after it, goes where the thought went. A text's signature has
no place on either client (Anthropic writes no Gemini state; Responses carries one on a reasoning
item only): for a text written at another slot than its index it is not written, as the new block
rtfix33a gave such a text left it unread; written at the joined slot, it would sign the reasoning
item of that slot, a thought it does not belong to. A stream where no part comes back to a slot it
left is written as :class:`~lmcodec.stream._writer_sink.WriterSink` writes it.

A Chat Completions source is the same shape (red team 32 F01): lm15's adapter hands every
``content`` and ``reasoning_content`` fragment to slot 0, so text after a tool call, or reasoning
after text, came at a slot the writer had moved past, and the Anthropic and openai SDKs joined it
into the first block or item, before the call. Its signed thinking blocks (``thinking_blocks``)
each take the next source index (the sink's ``next_thinking`` shift, kept by :meth:`thinking`). A
refusal (``delta.refusal``) goes where a text at its slot would.

An image (an image model interleaves text and images, one part a chunk, each at index 0) is a
whole image each time: one at an index an image was written at before goes to a fresh slot, an item
of its own, where the writer would keep the slot's last image (red team 31 F01).

A Chat source's call fragments come back to their call by ``index``: a text or reasoning delta
between two fragments of one call, or two parallel calls whose fragments alternate, would be
deltas to a block already stopped (Anthropic) or to an item after a later one was added (Responses)
(red team 33 F01). So while the call written last (the open block or item) may still grow (its
arguments are not yet a whole JSON object or array: :mod:`lmcodec.stream._arguments_end`),
anything else the source says waits, in order, and a waiting call gathers its fragments: once the
open call is whole the waiting calls are written whole, each in one fragment, and the rest as it
came (a call written whole that may still grow takes the open call's place); at the stream's end
(or an error) everything waiting is written. A fragment to a call the writer has moved past (its
arguments were whole) is left out: it could only make them not JSON. OpenAI's own streams (each
call's fragments together, whole before the next call) are written as before.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any, Final

import msgspec

from lmcodec.providers._tool_arguments import is_blank
from lmcodec.stream._arguments_end import ArgumentsEnd, arguments_whole
from lmcodec.stream._writer_sink import WriterSink
from lmcodec.stream.events import scored_text_event
from lmcodec.wire import (
    ContinuationDelta,
    ImageDelta,
    StreamDeltaEvent,
    StreamErrorEvent,
    StreamEvent,
    TextDelta,
    ThinkingDelta,
    TokenLogprob,
)

__all__ = ["PartsInOrderSink"]

_replace: Final = msgspec.structs.replace
_TEXT: Final = 0
_THINKING: Final = 1
_IMAGE: Final = 2
# the deltas a port-mapped event writes at a slot of their own (a call's goes through tool_input)
_WRITES_A_SLOT: Final = frozenset({TextDelta, ThinkingDelta, ImageDelta})
_NO_FRESH: Final = 1 << 62  # no fresh slot handed out yet: every first part takes its own index
_NOT_HELD: Final = (-1, -1)


class PartsInOrderSink(WriterSink):
    """A :class:`WriterSink` that writes a Gemini or Chat source's texts and thoughts in stream order."""

    __slots__ = (
        "_end_arguments",
        "_first_fresh",
        "_held_thought",
        "_last_slot",
        "_open_args",
        "_open_call_slot",
        "_open_scan",
        "_part_slots",
        "_part_top",
        "_signed",
        "_waiting",
        "_waiting_calls",
        "_write_call",
        "_written_calls",
    )

    def __init__(self, writer: Any, *args: Any, **kwargs: Any) -> None:
        super().__init__(writer, *args, **kwargs)
        self._write_call = self._write_tool_input
        # the writer's word that a call gets no more fragments (the Anthropic writer's, which holds
        # arguments that open no object to the call's end: providers/anthropic/_call_input.py)
        self._end_arguments: Callable[[int], bytes] | None = getattr(writer, "end_arguments", None)
        if not self._whole_calls:  # (a Gemini call part is whole: nothing to hold)
            self._write_tool_input = self._placed_call
        self._reset_parts()

    def _reset_parts(self) -> None:
        self._part_slots: dict[tuple[int, int], int] = {}  # (kind, source index) -> destination slot
        # the source index of the part written last if it was a text (else -1), or a thought, and its slot
        self._last_text = -1
        self._last_thought = -1
        self._last_slot = -1
        self._part_top = 0  # one past the highest slot a text or thought was written at
        self._first_fresh = _NO_FRESH  # the lowest fresh slot handed out
        self._signed: set[int] = set()  # the slots handed a continuation state (a signature)
        # an empty thought at a slot seen before, not written: (its source index, len(out) then)
        self._held_thought = _NOT_HELD
        self._reset_calls()

    def _reset_calls(self) -> None:
        self._open_call_slot = -1  # the destination slot of the call written last, while it is the open block
        # its fragments, while whether its arguments are whole is not asked yet (None once known)
        self._open_args: list[str] | None = None
        self._open_scan: ArgumentsEnd | None = None  # its scan, while it may grow and others wait
        # what waits while the open call may grow: (the sink method, its arguments), or (None, a
        # call: [slot, fragments, id, name]), in arrival order; a waiting call by its slot
        self._waiting: deque[tuple[Callable[..., Any] | None, Any]] = deque()
        self._waiting_calls: dict[int, list[Any]] = {}
        self._written_calls: set[int] = set()  # the destination slots of calls written

    def begin(self, model: str | None) -> None:
        super().begin(model)
        self._reset_parts()

    def _slot(self, kind: int, part_index: int) -> int:
        """The destination slot of a text or thought at source ``part_index``: the slot written last
        when it continues it, its own index the first time (unless a fresh slot took it), else the
        open block's slot when that block is of its kind (a thinking block only while unsigned),
        else a fresh slot, after every slot written (and kept from calls)."""
        last = self._last_text if kind == _TEXT else self._last_thought
        if part_index == last:
            return self._last_slot
        key = (kind, part_index)
        slot = self._part_slots.get(key)
        if slot is None and part_index < self._first_fresh:
            slot = part_index
            if slot >= self._part_top:
                self._part_top = slot + 1
        elif last >= 0 and (kind == _TEXT or self._last_slot not in self._signed):
            slot = self._last_slot  # the writer moved past its slot: appended to the open block
        else:  # ... and the open block is of another kind, a call or signed: a new block or item
            slot = self._slots.take_fresh(self._part_top)
            self._first_fresh = min(self._first_fresh, slot)
            self._part_top = slot + 1
        self._part_slots[key] = slot
        self._last_text = part_index if kind == _TEXT else -1
        self._last_thought = part_index if kind == _THINKING else -1
        self._last_slot = slot
        return slot

    def text(self, part_index: int, text: str) -> None:
        if self.finished or (self._open_call_slot >= 0 and self._waits(self.text, (part_index, text))):
            return
        if part_index == self._last_text:  # (most texts: _slot's first test)
            slot = self._last_slot
        else:
            slot = self._slot(_TEXT, part_index)
        if not self._started:
            self._synthesize()
        out = self.out
        out.append(self._write_text(slot, text))
        if slot != part_index:  # its signature, handed right after it, goes with it
            self._moved = (part_index, slot, len(out))

    def thinking(self, part_index: int, text: str) -> None:
        if self.finished or (self._open_call_slot >= 0 and self._waits(self.thinking, (part_index, text))):
            return
        part_index += self._thinking_shift  # (a Chat source's next signed block: next_thinking)
        if part_index == self._last_thought:
            slot = self._last_slot
        elif not text and (_THINKING, part_index) in self._part_slots:
            self._held_thought = (part_index, len(self.out))  # a filler, unless signed: see event
            return
        else:
            slot = self._slot(_THINKING, part_index)
        if not self._started:
            self._synthesize()
        out = self.out
        out.append(self._write_thinking(slot, text))
        if slot != part_index:
            self._moved = (part_index, slot, len(out))

    def text_with_logprobs(self, part_index: int, text: str, logprobs: tuple[TokenLogprob, ...]) -> None:
        if self._open_call_slot >= 0 and self._waits(self.text_with_logprobs, (part_index, text, logprobs)):
            return
        if part_index == self._last_text:
            slot = self._last_slot
        else:
            slot = self._slot(_TEXT, part_index)
        WriterSink.event(self, scored_text_event(slot, text, logprobs))
        if slot != part_index:
            self._moved = (part_index, slot, len(self.out))

    def refusal(self, part_index: int, text: str) -> None:
        """A Chat source's refusal fragment goes where a text at its slot would (the Anthropic
        writer writes it as text)."""
        if self._open_call_slot >= 0 and self._waits(self.refusal, (part_index, text)):
            return
        if part_index != self._last_text:
            part_index = self._slot(_TEXT, part_index)
        else:
            part_index = self._last_slot
        super().refusal(part_index, text)

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
        """A later fragment of the open call, while nothing waits and its arguments are not asked
        whether whole (a Chat call's fragments, one after another: most of them), goes straight to
        the writer; any other, through :class:`WriterSink` and :meth:`_placed_call`."""
        arguments = self._open_args
        call = None if arguments is None else self._slots.calls.get(part_index)
        if (
            call is None
            or arguments is None
            or call[0] != self._open_call_slot
            or name is not None
            or (id is not None and id != call[1])
            or self.finished
        ):
            written = len(self.out)
            WriterSink.tool_input(self, part_index, fragment, id, name)
            if len(self.out) != written:  # a call written (not held for its name): the writer moved on
                self._last_text = self._last_thought = -1
            return
        slot: int = call[0]
        arguments.append(fragment)
        out = self.out
        out.append(self._write_call(slot, fragment, id, name))
        self._last_text = self._last_thought = -1
        if slot != part_index:
            self._moved = (part_index, slot, len(out))

    def event(self, event: StreamEvent) -> None:
        """A text or thought the port mapped (a chunk the typed views refused) goes to its slot as
        :meth:`text` and :meth:`thinking` place theirs; a signature is noted at the slot it goes
        to (a thinking block signed takes no more moved thoughts), and one of a text written at
        another slot is left out (the module's docstring)."""
        if self._open_call_slot >= 0 and not self.finished:
            if type(event) is StreamErrorEvent:  # the stream is over: what waits is written first
                self._write_waiting()
            elif self._open_scan is not None or (
                type(event) is StreamDeltaEvent and type(event.delta) in _WRITES_A_SLOT
            ):
                if self._waits(self.event, (event,)):
                    return
        if type(event) is StreamDeltaEvent and not self.finished:
            delta = event.delta
            if type(delta) is ImageDelta:
                super().event(self._placed_image(event, delta))
                return
            if type(delta) is TextDelta or type(delta) is ThinkingDelta:
                part_index = delta.part_index
                if type(delta) is ThinkingDelta and not delta.text and part_index != self._last_thought:
                    if (_THINKING, part_index) in self._part_slots:  # a filler, as thinking() holds it
                        self._held_thought = (part_index, len(self.out))
                        return
                slot = self._slot(_TEXT if type(delta) is TextDelta else _THINKING, part_index)
                if slot != part_index:
                    event = _replace(event, delta=_replace(delta, part_index=slot))
                super().event(event)
                if slot != part_index:
                    self._moved = (part_index, slot, len(self.out))
                return
            if type(delta) is ContinuationDelta and delta.part_index is not None:
                if self._held_thought == (delta.part_index, len(self.out)):  # the held thought's signature
                    self._write_held_thought()
                moved = self._moved
                if moved is None or moved[2] != len(self.out) or moved[0] != delta.part_index:
                    self._signed.add(delta.part_index)
                elif self._last_text >= 0:  # the state of the text just written at another slot
                    self._moved = None
                    return
                else:
                    self._signed.add(moved[1])
        super().event(event)

    def _write_held_thought(self) -> None:
        """The empty thought :meth:`thinking` held, written as any thought at a slot the writer moved
        past (a signature came right after it: it is the signed empty thought Gemini 3 sends)."""
        part_index = self._held_thought[0]
        self._held_thought = _NOT_HELD
        slot = self._slot(_THINKING, part_index)
        out = self.out
        out.append(self._write_thinking(slot, ""))
        if slot != part_index:
            self._moved = (part_index, slot, len(out))

    def next_thinking(self) -> None:
        if self._open_scan is not None:  # (the thinking it shifts waits)
            self._waiting.append((self.next_thinking, ()))
            return
        super().next_thinking()

    def close(self) -> bool:
        self._write_waiting()
        return super().close()

    def _open_call_grows(self) -> bool:
        """Whether the open call's arguments may still grow (asked of them the first time another
        slot is to be written); if not, the writer moves past the call."""
        if self._open_scan is None:
            arguments = self._open_args
            if arguments is not None:
                self._open_args = None
                _, self._open_scan = arguments_whole("".join(arguments))
            if self._open_scan is None:
                self._open_call_slot = -1
                return False
        return True

    def _waits(self, write: Callable[..., Any], args: tuple[Any, ...]) -> bool:
        """Whether ``write(*args)``, which writes another slot than the open call's, waits (while
        the open call may grow)."""
        if self._open_call_grows():
            self._waiting.append((write, args))
            return True
        return False

    def _placed_call(self, slot: int, fragment: str, id: str | None, name: str | None) -> bytes:
        """A call fragment at destination ``slot`` written (the writer's ``write_tool_input``), or
        held: the open call's goes to its block; a waiting call's waits with it; another call
        waits while the open one may grow, else it opens; one the writer moved past is left out."""
        if slot == self._open_call_slot:
            arguments = self._open_args
            if arguments is not None:
                arguments.append(fragment)
            elif self._open_scan is not None and self._open_scan.whole_after(fragment):
                self._open_scan = None
                self.out.append(self._write_call(slot, fragment, id, name))
                self._release()
                return b""
            return self._write_call(slot, fragment, id, name)
        waiting = self._waiting_calls.get(slot)
        if waiting is not None:
            waiting[1].append(fragment)
            return b""
        if slot in self._written_calls:  # its arguments were whole when the writer moved past it
            return b""
        if self._open_call_slot >= 0 and self._open_call_grows():
            call = self._waiting_calls[slot] = [slot, [fragment], id, name]
            self._waiting.append((None, call))
            return b""
        self._open_call_slot = slot
        self._open_args = [fragment]
        self._written_calls.add(slot)
        return self._write_call(slot, fragment, id, name)

    def _release(self, *, at_end: bool = False) -> None:
        """What waited, written in order now that the open call is whole (or the stream ends, or
        fails: ``at_end``), up to a waiting call that may still grow (its place as the open call)."""
        waiting = self._waiting
        while waiting and not self.finished:
            write, args = waiting.popleft()
            if write is not None:
                write(*args)
                continue
            slot, fragments, id, name = args
            del self._waiting_calls[slot]
            whole = fragments[0] if len(fragments) == 1 else "".join(fragments)
            if at_end and waiting and is_blank(whole):  # "" or whitespace before what follows it:
                whole = "{}"  # see _write_waiting
            self._last_text = self._last_thought = -1
            self._open_call_slot = slot
            self._written_calls.add(slot)
            self.out.append(self._write_call(slot, whole, id, name))
            if at_end and waiting and self._end_arguments is not None:
                self.out.append(self._end_arguments(slot))
            if not at_end:
                complete, self._open_scan = arguments_whole(whole)
                if not complete:
                    return
        waiting.clear()
        self._waiting_calls.clear()

    def _write_waiting(self) -> None:
        """The stream is over (its end or an error): nothing grows; what waits is written. An open
        call whose arguments are still ``""`` or whitespace (a parameterless call a Chat server
        streams so: the writers drop whitespace before a value, red team 36 F01) gets ``"{}"``
        first, while it is the open block or item: the Responses writer would fill it at the end,
        a delta to an item after what waited was added (red team 35 F01). The writer is told that
        an open call, and each waiting call written before something else, gets no more
        fragments (``end_arguments``), so what it holds of them is written in their block."""
        scan = self._open_scan
        self._open_args = self._open_scan = None
        if self._waiting:
            if scan is not None and scan.blank:
                self.out.append(self._write_call(self._open_call_slot, "{}", None, None))
            elif scan is not None and self._end_arguments is not None:
                self.out.append(self._end_arguments(self._open_call_slot))
            self._release(at_end=True)

    def _placed_image(self, event: StreamDeltaEvent, delta: ImageDelta) -> StreamDeltaEvent:
        """An image at its slot: its own index the first time, else (a later chunk's image at the
        index of one written before: each is a whole image, google-genai reads both) a fresh slot,
        so it is an item of its own, not the slot's last image (red team 31 F01). The writer moves
        on past any text or thought: one after the image opens a new item."""
        self._last_text = self._last_thought = -1
        slot = self._slot(_IMAGE, delta.part_index)
        if slot == delta.part_index:
            return event
        placed: StreamDeltaEvent = _replace(event, delta=_replace(delta, part_index=slot))
        return placed
