"""Where the Gemini stream writer puts a part: a canonical slot keeps one position across chunks,
empty text or thought parts fill the positions before it, a part that cannot reach its position
again streams at 0, and a call never lands on a position that holds another call.

Mixed into :class:`lmcodec.providers.gemini.write.StreamWriter` over the held calls
(:class:`._write_calls.CallHolding`, whose placement stubs these methods are).
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.providers.gemini import _frames as f
from lmcodec.providers.gemini._write_calls import MAX_FILLERS, CallHolding, Slot

__all__ = ["PartPlacing"]

_FILLABLE: Final = frozenset({"text", "thinking"})


class PartPlacing(CallHolding):
    """The part placement of :class:`lmcodec.providers.gemini.write.StreamWriter` (mixed into it:
    the pending chunk and the positions are the writer's)."""

    __slots__ = ("_prefix",)

    _prefix: int

    def _put(self, key: tuple[int, str], part: f.Part, event: Any, args: list[str] | None = None) -> bytes:
        """Add ``part`` for canonical ``key`` at its position, writing the pending chunk first
        when the position is not the next one in it."""
        pending = self._pending
        position = self._positions.get(key)
        if position == 0:  # most deltas: a slot seen before at position 0 opens the next chunk
            out = b""
            if pending:  # (a call at its end may be held: _write_for_part)
                out = self._write_pending() if pending[-1].args is None else self._write_for_part()
            self._append(Slot(key, part, args), event)
            return out
        out = b""
        in_pending = key in self._by_key  # a slot appears once per chunk
        if position is None:
            if key[0] == len(pending) and not (key[1] == "tool" and self._holds_call(key[0])):
                position = key[0]
            elif key[1] == "tool" and self._ends_with_call() and not self._holds_call(len(pending)):
                # A call after another across a gap in the canonical indices (a Chat source's
                # 0 then 2) joins the pending chunk at its next position: a part index is a
                # position in one chunk, so in a chunk of its own it would merge with that call.
                position = len(pending)
            else:
                out = self._write_for_part()
                position = self._position_in_new_chunk(key)
                if position < 0:  # a call no reachable position can carry: a late one
                    assert args is not None
                    self._hold_late(key, part, event, args)
                    return out
            self._positions[key] = position
        elif in_pending and key[1] in _FILLABLE and self._holds_pending_call():
            # A later delta of a text or thought part in a chunk that holds a call joins that
            # part: written now, the calls after it could only stream at a position that holds
            # a call already, and merge with it.
            self._join(self._by_key[key], part, event)
            return b""
        elif position != len(pending) or in_pending:
            out = self._write_for_part()
            if not self._fillable(position):
                position = 0  # the position cannot be reached again: the part streams at 0
        if not self._pending:
            self._fill(position)
        while len(self._kinds) <= position:
            self._kinds.append(set())
        self._kinds[position].add(key[1])
        self._append(Slot(key, part, args), event)
        return out

    def _holds_pending_call(self) -> bool:
        return any(slot.args is not None for slot in self._pending)

    def _join(self, slot: Slot, part: f.Part, event: Any) -> None:
        texts = slot.texts
        if texts is None:
            texts = slot.texts = [slot.part.text if isinstance(slot.part.text, str) else ""]
        texts.append(part.text if isinstance(part.text, str) else "")
        if part.thoughtSignature is not f.UNSET and slot.part.thoughtSignature is f.UNSET:
            slot.part.thoughtSignature = part.thoughtSignature
        self._fed.append(event)

    def _append(self, slot: Slot, event: Any) -> None:
        self._pending.append(slot)
        self._fed.append(event)
        if slot.key is not None:
            self._by_key[slot.key] = slot
            self._by_index[slot.key[0]] = slot

    def _position_in_new_chunk(self, key: tuple[int, str]) -> int:
        """Where a slot first seen at the start of a chunk goes: its own index when the positions
        before it can be filled, and never onto a position that holds another call, nor a call
        onto a thought's (the readers by position read it before the text after that thought,
        and sign it with the thought's signature: red team 53 F02)."""
        if self._fillable(key[0]) and not (key[1] == "tool" and self._holds_call(key[0])):
            return key[0]
        for position in range(min(len(self._kinds), MAX_FILLERS) + 1):
            if not self._fillable(position):
                break
            if key[1] != "tool" or not (self._holds_call(position) or self._holds_thought(position)):
                return position
        return 0 if key[1] != "tool" else self._past_the_calls(len(self._kinds))

    def _ends_with_call(self) -> bool:
        pending = self._pending
        return bool(pending) and pending[-1].args is not None

    def _holds_call(self, position: int) -> bool:
        return position < len(self._kinds) and "tool" in self._kinds[position]

    def _holds_thought(self, position: int) -> bool:
        return position < len(self._kinds) and "thinking" in self._kinds[position]

    def _fillable(self, position: int) -> bool:
        """Whether every position before ``position`` holds text or thought (an empty part there
        adds nothing), and ``position`` is within :data:`MAX_FILLERS`."""
        if position > MAX_FILLERS:
            return False
        kinds = self._kinds
        prefix = self._prefix  # kinds only grow: the fillable prefix only lengthens
        while prefix < len(kinds) and kinds[prefix] & _FILLABLE:
            prefix += 1
        self._prefix = prefix
        return position <= prefix

    def _fill(self, position: int) -> None:
        for i in range(position):
            thought = "thinking" in self._kinds[i]
            self._pending.append(Slot(None, f.Part(text="", thought=True if thought else f.UNSET), None))
