"""The Gemini stream writer's calls whose arguments are still arriving (red team 4 F01): held out of
the pending chunk while other parts are written, and written when their arguments are complete.

A ``functionCall`` is written whole (``args`` is one object), and a call's chunk is written when
the next part comes. A source may send another part between a call's header and its arguments
(a Chat source's ``"\\n"`` content or ``reasoning_content`` there, a Responses source's text resuming
after a function_call item opened): written then, the call carried no arguments, and the ones that
followed were refused (``translate`` to Gemini ended in an error event). So a call at the end of the
pending chunk whose fragments so far are not a complete JSON value (:class:`ArgumentsScan`) is
held when another part needs the chunk written: the chunk is written without it, and the call
comes back to the pending chunk, at its position, when its arguments are complete; the end, an
error or close bring back every held call as it stands (a call still incomplete at the end is
written as a truncated call is, lm15's ``{"partial_json": ...}`` marker). Held calls come back in
the order they were held. A call whose arguments are complete when the next part comes is written
as before, where and as it was.

A call no position within :data:`MAX_FILLERS` empty parts can carry (every reachable one holds
another call: parallel calls with text between them, each in a chunk of its own) is a late call: it
waits for the end, an error or close, and is written then with every other late call in one chunk,
at the positions after all the others, behind one run of empty parts (linear in the calls, where
one run per call was quadratic and was refused past 16).
"""

from __future__ import annotations

import re
from typing import Any, Final

from lmcodec.providers._errors import unwritable_unnamed_call
from lmcodec.providers.gemini import _frames as f
from lmcodec.providers.gemini._call_args import later_fragment
from lmcodec.wire import StreamDeltaEvent, ToolCallDelta

__all__ = ["MAX_FILLERS", "ArgumentsScan", "CallHolding", "HeldCall", "Slot"]

MAX_FILLERS: Final = 16
"""How many empty parts may precede a part to keep it at its position (bounds what one delta writes;
a call that needs more waits for the late chunk written at the end, see above)."""

_SPACE: Final = " \t\n\r"
_STRUCTURE: Final = re.compile(r'["\\\[\]{}]')
_LITERALS: Final = ("true", "false", "null")

# Where the scan is: before the value, inside an object, array or string, in a number or literal.
_START: Final = 0
_NESTED: Final = 1
_NUMBER: Final = 2
_LITERAL: Final = 3
_DONE: Final = 4
_NEVER: Final = 5

# A JSON number, one character at a time: state -> {character class: next state}; the states
# that end a number are _NUMBER_ENDS (a number followed by white space is one still).
_DIGITS: Final = "0123456789"
_NUMBER_STEPS: Final[dict[int, dict[str, int]]] = {
    0: {"-": 1, "0": 2, "d": 3},
    1: {"0": 2, "d": 3},
    2: {".": 4, "e": 6, " ": 9},
    3: {"0": 3, "d": 3, ".": 4, "e": 6, " ": 9},
    4: {"0": 5, "d": 5},
    5: {"0": 5, "d": 5, "e": 6, " ": 9},
    6: {"+": 7, "-": 7, "0": 8, "d": 8},
    7: {"0": 8, "d": 8},
    8: {"0": 8, "d": 8, " ": 9},
    9: {" ": 9},
}
_NUMBER_ENDS: Final = frozenset({2, 3, 5, 8, 9})


def _number_class(char: str) -> str:
    if char == "0":
        return "0"
    if char in _DIGITS:
        return "d"
    if char in "eE":
        return "e"
    return " " if char in _SPACE else char


class ArgumentsScan:
    """Reads a call's argument fragments as they arrive, each character once, and says whether
    they are a complete JSON value yet: an object or array whose brackets close (outside strings),
    a string whose quote closes, a number or literal that is whole so far. Brackets that close
    around text that is not JSON count (the call is written as such a call always was, with lm15's
    ``partial_json`` marker); text that cannot start or continue a JSON value never completes."""

    __slots__ = ("_depth", "_escaped", "_in_string", "_spaced", "_state", "_sub", "_token", "read")

    def __init__(self) -> None:
        self.read = 0  # how many fragments of the call were read
        self._state = _START
        self._depth = 0
        self._in_string = False
        self._escaped = False
        self._sub = 0  # the number's state (_NUMBER_STEPS)
        self._token = ""  # the literal so far
        self._spaced = False  # white space followed the literal

    def complete(self, fragments: list[str]) -> bool:
        """Whether ``fragments`` (the call's, in order; the ones read before are not read again)
        are a complete JSON value."""
        while self.read < len(fragments) and self._state < _DONE:
            self._feed(fragments[self.read])
            self.read += 1
        if self._state == _NUMBER:
            return self._sub in _NUMBER_ENDS
        if self._state == _LITERAL:
            return self._token in _LITERALS
        return self._state == _DONE

    def _feed(self, text: str) -> None:
        if self._state == _START:
            text = text.lstrip(_SPACE)
            if not text:
                return
            first = text[0]
            if first in "{[":
                self._state, self._depth = _NESTED, 1
                text = text[1:]
            elif first == '"':
                self._state, self._in_string = _NESTED, True
                text = text[1:]
            elif first == "-" or first in _DIGITS:
                self._state = _NUMBER
            elif first in "tfn":
                self._state = _LITERAL
            else:
                self._state = _NEVER
                return
        if self._state == _NESTED:
            self._nested(text)
        elif self._state == _NUMBER:
            self._number(text)
        elif self._state == _LITERAL:
            self._literal(text)

    def _nested(self, text: str) -> None:
        """Brackets and quotes, outside and inside strings; the characters between are skipped."""
        start = 0
        if self._escaped:  # a backslash ended the last fragment: this one's first character is escaped
            self._escaped = False
            start = 1
        skip = start
        for match in _STRUCTURE.finditer(text, start):
            at = match.start()
            if at < skip:
                continue  # the character a backslash escaped
            char = text[at]
            if self._in_string:
                if char == "\\":
                    if at + 1 == len(text):
                        self._escaped = True
                    skip = at + 2
                elif char == '"':
                    self._in_string = False
                    if self._depth == 0:
                        self._state = _DONE
                        return
            elif char == '"':
                self._in_string = True
            elif char in "[{":
                self._depth += 1
            elif char in "]}":
                self._depth -= 1
                if self._depth == 0:
                    self._state = _DONE
                    return

    def _number(self, text: str) -> None:
        sub = self._sub
        for char in text:
            sub = _NUMBER_STEPS[sub].get(_number_class(char), -1)
            if sub < 0:
                self._state = _NEVER
                return
        self._sub = sub

    def _literal(self, text: str) -> None:
        """``true``, ``false`` or ``null``, then white space only (at most five letters kept)."""
        for char in text:
            if char in _SPACE:
                if self._token not in _LITERALS:
                    self._state = _NEVER
                    return
                self._spaced = True
                continue
            token = self._token + char
            if self._spaced or not any(literal.startswith(token) for literal in _LITERALS):
                self._state = _NEVER
                return
            self._token = token


class Slot:
    """A part of the pending chunk: its canonical slot (None for a filler) and, for a call,
    its argument fragments."""

    __slots__ = ("args", "key", "part", "texts")

    def __init__(self, key: tuple[int, str] | None, part: f.Part, args: list[str] | None) -> None:
        self.key = key
        self.part = part
        self.args = args
        self.texts: list[str] | None = None  # the text of later deltas joined to this part


class HeldCall:
    """A call held out of the pending chunk: its part and fragments, the scan of them, and the
    fed events it carries (the end's verbatim check reads them)."""

    __slots__ = ("events", "scan", "slot")

    def __init__(self, slot: Slot, scan: ArgumentsScan, events: list[Any]) -> None:
        self.slot = slot
        self.scan = scan
        self.events = events


def _rename(slot: Slot, delta: ToolCallDelta) -> None:
    """One slot is one call, however often its id or name is repeated (as the assembler reads it:
    the last one given names it)."""
    call = slot.part.functionCall
    if call is not f.UNSET and (delta.name or delta.id):
        if delta.name:
            call.name = delta.name
        if delta.id:
            call.id = delta.id


def _is_call_event(event: Any, index: int) -> bool:
    """Whether a fed event is a fragment of the call at part ``index`` (write_tool_input keeps a
    later one as ``(index, fragment)``)."""
    if type(event) is tuple:
        return bool(event[0] == index)
    delta = event.delta
    return isinstance(delta, ToolCallDelta) and delta.part_index == index


class CallHolding:
    """The held calls of :class:`lmcodec.providers.gemini.write.StreamWriter` (mixed into it: the
    pending chunk and the positions are the writer's)."""

    __slots__ = ()

    _pending: list[Slot]
    _by_key: dict[tuple[int, str], Slot]
    _by_index: dict[int, Slot]
    _fed: list[Any]
    _held: dict[tuple[int, str], HeldCall]
    _late: dict[tuple[int, str], HeldCall]
    _positions: dict[tuple[int, str], int]
    _kinds: list[set[str]]
    _written: dict[int, int]

    def _write_pending(self) -> bytes:
        raise NotImplementedError

    def _put(self, key: tuple[int, str], part: f.Part, event: Any, args: list[str] | None = None) -> bytes:
        raise NotImplementedError

    def _clear(self) -> None:
        raise NotImplementedError

    def _append(self, slot: Slot, event: Any) -> None:
        raise NotImplementedError

    def _fillable(self, position: int) -> bool:
        raise NotImplementedError

    def _fill(self, position: int) -> None:
        raise NotImplementedError

    def _holds_call(self, position: int) -> bool:
        raise NotImplementedError

    def _tool_call(self, delta: ToolCallDelta, event: StreamDeltaEvent) -> bytes:
        """A call's header or fragment: joined to its call in the pending chunk or held, else a new
        call; a fragment of a call already written is nothing, or refused (``_call_args``)."""
        key = (delta.part_index, "tool")
        pending_call = self._by_key.get(key)
        if pending_call is not None and pending_call.args is not None:
            pending_call.args.append(delta.input)  # a later fragment of a pending call
            _rename(pending_call, delta)
            self._fed.append(event)
            return b""
        if self._held and key in self._held:
            return self._held_fragment(self._held[key], delta, event)
        if self._late and key in self._late:
            late = self._late[key]
            assert late.slot.args is not None
            late.slot.args.append(delta.input)
            _rename(late.slot, delta)
            late.events.append(event)
            return b""
        if not delta.name:
            written_args = self._written.get(delta.part_index)
            if written_args is not None:  # its call was written: nothing, or refused (_call_args)
                self._written[delta.part_index] = later_fragment(written_args, delta.input, delta.part_index)
                return b""
            raise unwritable_unnamed_call("Gemini", delta.part_index)
        call = f.FunctionCall(name=delta.name, args=None, id=delta.id or f.UNSET)
        return self._put(key, f.Part(functionCall=call), event, [delta.input])

    def _write_for_part(self) -> bytes:
        """The pending chunk, written because another part comes; the calls at its end whose args
        are not yet complete are held out of it."""
        pending = self._pending
        calls = []
        while pending and pending[-1].args is not None:
            scan = ArgumentsScan()
            if scan.complete(pending[-1].args):
                break
            calls.append((pending.pop(), scan))
        for slot, scan in reversed(calls):  # held in the order of their positions
            self._hold(slot, scan)
        if calls and not pending:
            self._clear()
            return b""
        return self._write_pending()

    def _hold(self, slot: Slot, scan: ArgumentsScan) -> None:
        """Take ``slot`` (the pending chunk's last part, a call) out of the chunk, with its events."""
        key = slot.key
        assert key is not None
        index = key[0]
        del self._by_key[key]
        if self._by_index.get(index) is slot:
            del self._by_index[index]
        events = [event for event in self._fed if _is_call_event(event, index)]
        self._fed[:] = [event for event in self._fed if not _is_call_event(event, index)]
        self._held[key] = HeldCall(slot, scan, events)

    def _held_fragment(self, held: HeldCall, delta: ToolCallDelta, event: StreamDeltaEvent) -> bytes:
        """A later fragment of a held call; the held calls whose args are complete come back, in
        the order they were held (a call held after another waits for it)."""
        args = held.slot.args
        assert args is not None
        args.append(delta.input)
        _rename(held.slot, delta)
        held.events.append(event)
        out = b""
        for first in list(self._held.values()):
            if first.slot.args is None or not first.scan.complete(first.slot.args):
                break
            out += self._release(first, closing=False)
        return out

    def _release_held(self) -> bytes:
        """Every held call, as its args stand (the end, an error or close)."""
        out = b""
        for held in list(self._held.values()):
            out += self._release(held, closing=True)
        return out

    def _release(self, held: HeldCall, closing: bool) -> bytes:
        """The held call back in the pending chunk at its position: in this chunk when that is its
        next position, else in a new one, after empty parts (where the positions before it hold
        a call, the first position they can reach that holds none, else its own: an empty part
        beside a call is an empty part, a second call there would merge with it)."""
        slot = held.slot
        key = slot.key
        assert key is not None
        del self._held[key]
        position = self._positions[key]
        out = b""
        if position != len(self._pending):
            if self._pending:
                out = self._write_pending() if closing else self._write_for_part()
            if not self._fillable(position):
                position = self._free_position(position)
                if position < 0:
                    self._late[key] = held
                    return out
                self._positions[key] = position
                self._kinds[position].add("tool")
            self._fill(position)
        events = held.events
        self._append(slot, events[0])
        self._fed.extend(events[1:])
        return out

    def _free_position(self, own: int) -> int:
        """Where a released call whose position ``own`` cannot be filled up to goes: the first
        position that empty parts can reach and that holds no call, else ``own`` itself."""
        for position in range(min(len(self._kinds), MAX_FILLERS) + 1):
            if not self._fillable(position):
                break
            if not self._holds_call(position):
                return position
        return self._past_the_calls(own)

    def _past_the_calls(self, position: int) -> int:
        """``position`` (no call there) for a call no free position reachable with empty parts is
        left for: empty parts fill the positions before it, beside calls and media (an empty text
        part there adds an empty part), where the reachable ones hold calls the readers would
        merge it into. Past :data:`MAX_FILLERS` positions, -1: the call is a late one."""
        return -1 if position > MAX_FILLERS else position

    def _hold_late(self, key: tuple[int, str], part: f.Part, event: Any, args: list[str]) -> None:
        """A new call no reachable position can carry, kept for :meth:`_write_late`."""
        self._late[key] = HeldCall(Slot(key, part, args), ArgumentsScan(), [event])

    def _write_late(self) -> bytes:
        """The pending chunk, then the late calls in one chunk (the end, an error or close): at the
        positions after every position used, behind one empty part for each of those."""
        late = list(self._late.values())
        self._late.clear()
        out = self._write_pending()
        start = len(self._kinds)
        self._fill(start)
        for offset, held in enumerate(late):
            key = held.slot.key
            assert key is not None
            self._positions[key] = start + offset
            self._kinds.append({"tool"})
            self._append(held.slot, held.events[0])
            self._fed.extend(held.events[1:])
        return out + self._write_pending()
