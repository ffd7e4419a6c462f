"""The writers' event-free faces (``write_text``, ``write_thinking``, ``write_tool_input``, what
:func:`lmcodec.stream.translate` calls) against ``feed`` of the same events: byte for byte, after
every call, for every writer and for hypothesis-generated call sequences."""

from __future__ import annotations

import time
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import WRITERS
from lmcodec.providers.anthropic import _frames as anthropic_frames
from lmcodec.providers.openai import write as responses_write
from lmcodec.providers.openai_chat import write as chat_write

from ..budget import examples

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")


@pytest.fixture(autouse=True)
def fixed_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fresh ids and timestamps held still, so two writers of one stream are byte-equal."""
    monkeypatch.setattr(time, "time", lambda: 1_700_000_000.0)
    monkeypatch.setattr(responses_write, "new_id", lambda prefix: prefix + "fixed")
    monkeypatch.setattr(chat_write, "new_id", lambda prefix: prefix + "fixed")
    monkeypatch.setattr(anthropic_frames, "message_id", lambda: "msg_fixed")


def _event(op: tuple[Any, ...]) -> Any:
    kind = op[0]
    if kind == "text":
        return lc.StreamDeltaEvent(delta=lc.TextDelta(text=op[2], part_index=op[1]))
    if kind == "logprobs":  # (no event-free face: fed as an event by every path)
        logprob = lc.TokenLogprob(token=op[2], logprob=-0.5)
        return lc.StreamDeltaEvent(delta=lc.TextDelta(text=op[2], part_index=op[1], logprobs=(logprob,)))
    if kind == "thinking":
        return lc.StreamDeltaEvent(delta=lc.ThinkingDelta(text=op[2], part_index=op[1]))
    if kind == "tool":
        return lc.StreamDeltaEvent(
            delta=lc.ToolCallDelta(input=op[2], part_index=op[1], id=op[3], name=op[4])
        )
    if kind == "signature":
        state = lc.ContinuationDelta(
            provider="gemini", kind="thought_signature", data={"value": op[2]}, part_index=op[1]
        )
        return lc.StreamDeltaEvent(delta=state)
    if kind == "cite":  # (fed as an event by translate's sink: the Gemini writer holds it beside held text)
        return lc.StreamDeltaEvent(delta=lc.CitationDelta(part_index=op[1], url=op[2], title="t", text=op[3]))
    raise AssertionError(kind)


def _call(writer: Any, op: tuple[Any, ...]) -> Any:
    """What translate's sink calls: the event-free face where the writer has it, else feed."""
    kind = op[0]
    if kind == "text" and hasattr(writer, "write_text"):
        return writer.write_text(op[1], op[2])
    if kind == "thinking" and hasattr(writer, "write_thinking"):
        return writer.write_thinking(op[1], op[2])
    if kind == "tool" and hasattr(writer, "write_tool_input"):
        return writer.write_tool_input(op[1], op[2], op[3], op[4])
    if kind == "flush":
        return writer.flush()
    return writer.feed(_event(op))


def _fed(writer: Any, op: tuple[Any, ...]) -> Any:
    """What ``feed`` of the op's event writes (a writer's own fast path may take it)."""
    return writer.flush() if op[0] == "flush" else writer.feed(_event(op))


def _reference(writer: Any, op: tuple[Any, ...]) -> Any:
    """What the general path writes: ``feed_event`` where a writer's ``feed`` has a fast path of its own."""
    general = getattr(writer, "feed_event", writer.feed)
    return writer.flush() if op[0] == "flush" else general(_event(op))


def _outcome(step: Any, *args: Any) -> Any:
    try:
        return step(*args)
    except lc.LmcodecError as exc:
        return type(exc)


def _run(dialect: str, ops: list[tuple[Any, ...]], end: Any) -> None:
    fast, fed, slow = WRITERS[dialect](), WRITERS[dialect](), WRITERS[dialect]()
    start = lc.StreamStartEvent(id="resp_1", model="m-1")
    assert fast.feed(start) == fed.feed(start) == slow.feed(start)
    for i, op in enumerate(ops):
        expected = _outcome(_reference, slow, op)
        assert _outcome(_call, fast, op) == expected, (dialect, i, op)
        assert _outcome(_fed, fed, op) == expected, (dialect, i, op, "feed")
    if end is not None:  # (None: the stream cut, close() without an end event)
        assert _outcome(fast.feed, end) == _outcome(fed.feed, end) == _outcome(slow.feed, end)
        late = ("text", 0, "late")  # after the end (the event-free calls are for a stream that is on)
        expected = _outcome(_reference, slow, late)
        assert _outcome(_reference, fast, late) == _outcome(_reference, fed, late) == expected
    assert fast.close() == fed.close() == slow.close()


_slots = st.integers(min_value=0, max_value=4)
_texts = st.text(max_size=6)
_ops = st.one_of(
    st.tuples(st.just("text"), _slots, _texts),
    st.tuples(st.just("thinking"), _slots, _texts),
    st.tuples(st.just("logprobs"), _slots, _texts),
    st.tuples(
        st.just("tool"),
        _slots,
        st.sampled_from(["", '{"a":', "1", "}", '"x\\"', "\u2028"]),
        st.none() | st.sampled_from(["call_1", "call_2"]),
        st.none() | st.sampled_from(["look", "find"]),
    ),
    st.tuples(st.just("signature"), _slots, st.sampled_from(["c2ln", "c2lnMg=="])),
    st.tuples(st.just("cite"), _slots, st.none() | st.just("https://e.x/1"), st.none() | _texts),
    st.tuples(st.just("flush")),
)
_ends = st.sampled_from(
    [
        lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=3, output_tokens=5)),
        lc.StreamEndEvent(finish_reason="tool_call"),
        lc.StreamErrorEvent(error=lc.ErrorDetail(code="server", message="boom")),
        None,  # close() without an end event
    ]
)


@pytest.mark.parametrize("dialect", DIALECTS)
@settings(max_examples=examples(150), deadline=None)
@given(ops=st.lists(_ops, max_size=30), end=_ends)
def test_the_event_free_calls_write_what_feed_writes(dialect: str, ops: list[Any], end: Any) -> None:
    _run(dialect, ops, end)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_text_held_beside_a_pending_call_is_written_at_close_without_an_end(dialect: str) -> None:
    """Red team 52 F04: a text, a call's first (empty) fragment, a text of the first slot again,
    then close() with no end event (the upstream broke): Gemini's close wrote the held text as ''."""
    _run(dialect, [("text", 0, "X"), ("tool", 1, "", "c1", "f"), ("text", 0, "a")], None)


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_long_text_then_parallel_calls(dialect: str) -> None:
    """The benchmark's shape: text deltas at slot 0, then calls whose arguments come in pieces."""
    ops: list[tuple[Any, ...]] = [("text", 0, f"w{i} ") for i in range(50)]
    for slot in (1, 2, 3):
        ops.append(("tool", slot, "", f"call_{slot}", "look"))
        ops += [("tool", slot, piece, None, None) for piece in ('{"q":', '"a\\"b', '"}')]
    ops.insert(20, ("flush",))
    _run(dialect, ops, lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=1)))


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("flushed", [False, True])
def test_a_cited_answer(dialect: str, flushed: bool) -> None:
    """Red team 39 F07's shape: a citation between each two text deltas of one block (the Gemini
    writer keeps the text it holds and the citations beside it), whole and flushed after each."""
    ops: list[tuple[Any, ...]] = [("thinking", 0, "hmm "), ("text", 1, "Intro. ")]
    for i in range(30):
        ops += [("cite", 1, f"https://e.x/{i % 3}", "c" * i), ("text", 1, f"claim {i}. ")]
    if flushed:
        ops = [step for op in ops for step in (op, ("flush",))]
    _run(dialect, ops, lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(output_tokens=9)))


@pytest.mark.parametrize("dialect", ["openai", "openai_chat", "gemini"])
def test_a_long_thought_flushed_per_delta_then_its_signature_and_text(dialect: str) -> None:
    """The long thinking shapes (red team 14 F09: a Gemini thought stream, a Responses reasoning
    summary), one input chunk per delta: write_thinking's held thought part (Gemini) against feed,
    with the signature that joins the last thought part and the answer after it."""
    assert hasattr(WRITERS[dialect], "write_thinking")  # the event-free face under test
    ops: list[tuple[Any, ...]] = []
    for i in range(40):
        ops += [("thinking", 0, f"thinking {i} "), ("flush",)]
    ops += [("thinking", 0, ""), ("signature", 0, "c2lnMg=="), ("flush",)]
    for i in range(10):
        ops += [("text", 1, f"answer {i} "), ("flush",)]
    ops += [("thinking", 0, "late thought"), ("text", 1, "more")]
    _run(dialect, ops, lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1)))


def test_gemini_end_written_verbatim_after_fragments_kept_without_events() -> None:
    """A Gemini end whose provider_data reads as the pending chunk is written as it came, also when
    the call's later fragments came through write_tool_input (kept as (slot, fragment))."""
    ops: list[tuple[Any, ...]] = [("text", 0, "hi"), ("tool", 1, "", None, "look")]
    ops += [("tool", 1, piece, None, None) for piece in ('{"q":', '"a"', "}")]
    probe = WRITERS["gemini"]()
    probe.feed(lc.StreamStartEvent(id="resp_1", model="m-1"))
    for op in ops:
        _reference(probe, op)
    plain_end = lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=2, output_tokens=4))
    last = probe.feed(plain_end).split(b"\r\n\r\n")[-2]
    data = msgspec.json.decode(last[len(b"data: ") :])
    end = msgspec.structs.replace(plain_end, provider_data=data)
    fast = WRITERS["gemini"]()
    fast.feed(lc.StreamStartEvent(id="resp_1", model="m-1"))
    for op in ops:
        _call(fast, op)
    assert fast.feed(end).endswith(b"data: " + msgspec.json.encode(data) + b"\r\n\r\n")
    _run("gemini", ops, end)
