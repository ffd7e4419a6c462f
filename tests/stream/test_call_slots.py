"""stream/_call_slots: each of the source's calls gets a destination slot no other call or fresh
text slot holds, as a scan of the slots taken places it (the counter is that scan, kept)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.stream._call_slots import CallSlots, moved_signature
from lmcodec.wire import ContinuationDelta, StreamDeltaEvent, TextDelta

from ..budget import examples

# ("call", part_index, id) or ("fresh", lowest): a call fragment that opens a call, a fresh text slot
_STEPS = st.lists(
    st.tuples(st.just("call"), st.integers(0, 6), st.sampled_from([None, "a", "b"]))
    | st.tuples(st.just("fresh"), st.integers(0, 9), st.none()),
    max_size=30,
)


@settings(max_examples=examples(200), deadline=None)
@given(st.booleans(), _STEPS)
def test_slots_are_those_a_scan_of_the_taken_slots_gives(whole_calls: bool, steps: list[Any]) -> None:
    """A new call lands at its source index while no call or text took it, else past every slot
    taken; a call whose id comes after its first fragment stays where it is (not for whole calls);
    a fresh slot is past every slot taken and at least its floor."""
    slots = CallSlots(whole_calls)
    taken: set[int] = set()
    held_slots: dict[int, list[Any]] = {}  # source index -> [slot, id], the model's
    for step in steps:
        past = max(taken) + 1 if taken else 0
        if step[0] == "fresh":
            want = max(step[1], past)
            assert slots.take_fresh(step[1]) == want
            taken.add(want)
            continue
        _, part_index, id = step
        held = slots.calls.get(part_index)
        model = held_slots.get(part_index)
        assert (held is None) == (model is None) and (held is None or held == model)
        if model is not None and not whole_calls and model[1] is None:
            want_call = [model[0], id]
        elif model is None and part_index not in taken:
            want_call = [part_index, id]
        else:
            want_call = [past, id]
        call = slots.open(part_index, id, held)
        assert call == want_call
        if model is not None and call[0] == model[0]:
            assert call is held  # the same call, its id filled in
        else:
            assert call[0] not in taken  # no other call's slot, nor a text's
        taken.add(call[0])
        held_slots[part_index] = list(call)


def test_a_signature_follows_its_call_to_the_slot_it_was_written_at() -> None:
    """The continuation state of the call part just moved goes with it; any other event is left."""
    state = ContinuationDelta(part_index=0, provider="gemini", kind="thought_signature", data={"s": "x"})
    moved = moved_signature(StreamDeltaEvent(delta=state), 0, 3)
    assert moved == StreamDeltaEvent(
        delta=ContinuationDelta(part_index=3, provider="gemini", kind="thought_signature", data={"s": "x"})
    )
    other = StreamDeltaEvent(delta=state)
    assert moved_signature(other, 1, 3) is other  # another part's state
    text = StreamDeltaEvent(delta=TextDelta(text="t", part_index=0))
    assert moved_signature(text, 0, 3) is text
