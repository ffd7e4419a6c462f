"""Where stream.translate's writer sink writes each of the source's calls: its destination slot.

A slot holds one call in lm15's reading, which joins every fragment sent at its index. But a
Gemini chunk numbers its parts from 0, so parallel calls streamed one per chunk all come at index
0, each a whole call; and some Chat servers send every parallel call at index 0 with its own id.
Each such call is written as a call of its own, at a destination slot no other call takes
(:meth:`CallSlots.open`); a Gemini call's signature goes with it (:func:`moved_signature`).
"""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.wire import ContinuationDelta, StreamDeltaEvent, StreamEvent

__all__ = ["CallSlots", "moved_signature"]


class CallSlots:
    """The calls of one source stream: ``calls`` maps a source slot to ``[destination slot, id]``
    of the call it holds (the writer sink reads it per fragment; a new call goes through
    :meth:`open`)."""

    __slots__ = ("_next_free", "_taken", "_whole_calls", "calls")

    def __init__(self, whole_calls: bool) -> None:
        self.calls: dict[int, list[Any]] = {}
        self._taken: set[int] = set()  # destination slots of calls
        self._next_free = 0  # the slot after the highest one taken (a new call's, kept: not a scan)
        self._whole_calls = whole_calls  # the source sends every call whole, in one part (Gemini)

    def open(self, part_index: int, id: str | None, held: list[Any] | None) -> list[Any]:
        """The call a fragment at ``part_index`` belongs to: ``held`` (the one its source slot
        holds), or a new one.

        Each call is written at a destination slot no other call takes (the one after the highest
        taken, kept as a counter: a scan of the slots per call was quadratic in the calls): joined,
        the clients got one call with the first call's name and the arguments of all (``{..}{..}``,
        not JSON). The rule: from a source that sends whole calls, every call part is a new call;
        from any other, a fragment that names a call with an id other than the slot's call's id
        (a new id is a new call; a name or id sent again with the same or no id continues the
        call: the writer sink decides, and calls this for a new call or a slot's first)."""
        if held is not None and not self._whole_calls and held[1] is None:
            held[1] = id  # the call's id, first given after its first fragment: the same call
            return held
        slot = part_index
        taken = self._taken
        if held is not None or slot in taken:
            slot = self._next_free
        taken.add(slot)
        if slot >= self._next_free:
            self._next_free = slot + 1
        call = self.calls[part_index] = [slot, id]
        return call

    def take_fresh(self, lowest: int) -> int:
        """A destination slot past every slot taken and at least ``lowest``, taken for a text or
        thought (``stream/_parts_in_order.py``: a call never takes it)."""
        slot = max(lowest, self._next_free)
        self._taken.add(slot)
        self._next_free = slot + 1
        return slot


def moved_signature(event: StreamEvent, part_index: int, slot: int) -> StreamEvent:
    """``event`` at ``slot`` if it is the continuation state (a Gemini ``thoughtSignature``) of
    the call part at ``part_index`` just written there: the mapper hands a part's signature right
    after the part."""
    if type(event) is StreamDeltaEvent:
        delta = event.delta
        if type(delta) is ContinuationDelta and delta.part_index == part_index:
            replace = msgspec.structs.replace
            moved: StreamDeltaEvent = replace(event, delta=replace(delta, part_index=slot))
            return moved
    return event
