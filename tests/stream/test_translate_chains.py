"""Translate chains: a stream written in one dialect, translated into a second and on into a third,
as gateways in front of gateways do. Each hop must be what decoding its source and writing the
destination gives (translate s->d == Encoder(d) of decode(s); but from Gemini to Responses and
Anthropic where a part index comes back, see :func:`_slot_revisited`), read alike by lm15 and lmcodec, and
end as the source ended (no error event where the source had none).

Found by it: a Chat stream lmcodec wrote, holding a call with no arguments and then text, ended in
a 500 error event once translated on to Gemini. The Chat writer writes such a call's ``"{}"`` at
the end (OpenAI sends ``"{}"``; interleaved calls may get fragments until then), so the decoded
stream gives the call a late fragment; the Gemini writer had already written the call whole when
the text began, and refused any later fragment of it as a nameless call (MAP-9), even one that
leaves the arguments as written."""

from __future__ import annotations

import itertools
import json
import time
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers.anthropic import _frames as anthropic_frames
from lmcodec.providers.openai import write as responses_write
from lmcodec.providers.openai_chat import write as chat_write

from ..budget import examples
from ..providers.provider_support import assert_same_outcome, lc_stream, lm15_stream, requests_for
from .write_support import DIALECTS, REQUEST


def _d(delta: Any) -> lc.StreamDeltaEvent:
    return lc.StreamDeltaEvent(delta=delta)


def _pieces(draw: Any, text: str) -> list[str]:
    cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=3)))
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in itertools.pairwise(bounds) if b > a] or [text]


_VALUES = st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=6)


@st.composite
def _streams(draw: st.DrawFn) -> list[Any]:
    """Thinking, text, calls (some without arguments, as Anthropic streams a call of a tool without
    parameters), text after the calls, each in its own slot, as lm15 reads an Anthropic stream."""
    events: list[Any] = [lc.StreamStartEvent(id="msg_chain1", model="m-chain")]
    slot = 0
    thinking = draw(st.text(max_size=12))
    if thinking:
        events += [_d(lc.ThinkingDelta(text=p, part_index=slot)) for p in _pieces(draw, thinking)]
        slot += 1
    text = draw(st.text(max_size=16))
    if text:
        events += [_d(lc.TextDelta(text=p, part_index=slot)) for p in _pieces(draw, text)]
        slot += 1
    for k in range(draw(st.integers(0, 3))):
        events.append(_d(lc.ToolCallDelta(input="", part_index=slot, id=f"toolu_c{k}", name=f"fn{k}")))
        if draw(st.booleans()):  # else: a call without arguments (no fragment at all)
            args = json.dumps(draw(st.dictionaries(st.text(max_size=4), _VALUES, max_size=3)))
            events += [_d(lc.ToolCallDelta(input=p, part_index=slot)) for p in _pieces(draw, args)]
        slot += 1
    after = draw(st.text(max_size=10))
    if after:
        events += [_d(lc.TextDelta(text=p, part_index=slot)) for p in _pieces(draw, after)]
    calls = any(isinstance(e, lc.StreamDeltaEvent) and isinstance(e.delta, lc.ToolCallDelta) for e in events)
    usage = lc.Usage(input_tokens=draw(st.integers(0, 99)), output_tokens=draw(st.integers(0, 99)))
    events.append(lc.StreamEndEvent(finish_reason="tool_call" if calls else "stop", usage=usage))
    return events


def _said(dialect: str, body: bytes) -> Any:
    """What a stream says, less what a writer names afresh per stream (ids of the response and of
    calls without one, its end object): its deltas in order, the last error, finish and usage."""
    events = list(lc.stream.decode(dialect, [body], request=REQUEST))
    out: list[Any] = []
    for event in events:
        if isinstance(event, lc.StreamStartEvent):
            continue
        if isinstance(event, lc.StreamEndEvent):
            event = msgspec.structs.replace(event, provider_data=None)
        out.append(lc.to_builtins(event))
    return out


def _slot_revisited(events: list[Any]) -> bool:
    """Whether a delta goes back to a part index the stream had moved past: a Gemini chunk numbers
    its parts from 0, and lm15's reading (decode's) files a later chunk's text by that index (a Chat
    source's text after a call, at its first slot, likewise), where translate to Responses and
    Anthropic clients appends it to the open block of its kind, or gives it a block of its own (red
    team 30 F01, rtleft21, red team 32 F01: tests/stream/test_parts_in_order.py and
    test_parts_in_order_chat.py hold that against the SDKs' readers); not decode then encode there."""
    seen: set[tuple[type, int]] = set()
    last: tuple[type, int] | None = None
    for event in events:
        if isinstance(event, lc.StreamDeltaEvent):
            slot = (type(event.delta), event.delta.part_index)  # (Chat numbers text and calls apart)
            if slot != last and slot in seen:
                return True
            seen.add(slot)
            last = slot
    return False


def _check_hop(src: str, dst: str, body: bytes) -> bytes:
    out = b"".join(lc.stream.translate(src, dst, [body], request=REQUEST))
    events = list(lc.stream.decode(src, [body], request=REQUEST))
    start = events[0]
    if isinstance(start, lc.StreamStartEvent) and src in ("openai_chat", "gemini"):  # translate names
        # the served id and model of the first frame (a keep-alive line may come before it)
        data = next(line for line in body.splitlines() if line.startswith(b"data:"))
        first = msgspec.json.decode(data[5:])
        start = lc.StreamStartEvent(
            id=first.get("id") or first.get("responseId"),
            model=first.get("model") or first.get("modelVersion"),
        )
    reference = b"".join(lc.stream.encode(dst, [start, *events[1:]]))
    if not (src in ("gemini", "openai_chat") and dst in ("openai", "anthropic") and _slot_revisited(events)):
        assert _said(dst, out) == _said(dst, reference), f"{src}->{dst}"
    req15, reqlc = requests_for(REQUEST.model)
    assert_same_outcome(lc_stream(dst, [out], reqlc), lm15_stream(dst, out, req15), f"{src}->{dst}")
    errors = [e for e in lc.stream.decode(dst, [out], request=REQUEST) if isinstance(e, lc.StreamErrorEvent)]
    assert errors == [], f"{src}->{dst}: {errors}"
    return out


@settings(max_examples=examples(60), deadline=None)
@given(events=_streams(), route=st.tuples(*(st.sampled_from(DIALECTS) for _ in range(3))))
def test_a_chain_of_translations_is_decode_then_encode_at_every_hop(
    events: list[Any], route: tuple[str, ...]
) -> None:
    first, middle, last = route
    with pytest.MonkeyPatch.context() as patch:  # the ids a writer makes up, held still (conftest)
        patch.setattr(time, "time", lambda: 1_700_000_000.0)
        patch.setattr(responses_write, "new_id", lambda prefix: prefix + "fixed")
        patch.setattr(chat_write, "new_id", lambda prefix: prefix + "fixed")
        patch.setattr(anthropic_frames, "message_id", lambda: "msg_fixed")
        body = b"".join(lc.stream.encode(first, events))
        body = _check_hop(first, middle, body)
        _check_hop(middle, last, body)


def _call_then_text() -> list[Any]:
    return [
        lc.StreamStartEvent(id="msg_noargs", model="m-1"),
        _d(lc.ToolCallDelta(input="", part_index=0, id="toolu_now", name="now")),
        _d(lc.TextDelta(text="done", part_index=1)),
        lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=2)),
    ]


@pytest.mark.parametrize("via", ["encoder", "translate"])
def test_a_chat_call_without_arguments_then_text_crosses_on_to_gemini(via: str) -> None:
    """The red team's case: lc.stream.Encoder("openai_chat"), or translate into openai_chat, then
    translate("openai_chat", "gemini"): the call reaches google-genai with args {}, the text after it."""
    from ..providers.sdk_readers import sdk_gemini

    if via == "encoder":
        chat = b"".join(lc.stream.encode("openai_chat", _call_then_text()))
    else:
        chat = _check_hop(
            "anthropic", "openai_chat", b"".join(lc.stream.encode("anthropic", _call_then_text()))
        )
    out = _check_hop("openai_chat", "gemini", chat)
    view = sdk_gemini(out)
    assert (view["tool_calls"], view["text"]) == ([("toolu_now", "now", {})], "done")


def test_a_later_fragment_that_changes_a_written_gemini_call_is_still_refused() -> None:
    """What the Gemini wire cannot carry stays refused: a call is written whole (its args are one
    object), so a fragment after its chunk was written that changes its arguments has no place."""
    events = [
        lc.StreamStartEvent(id="r", model="m"),
        _d(lc.ToolCallDelta(input='{"a":1}', part_index=0, id="c1", name="f")),
        _d(lc.TextDelta(text="then", part_index=0)),  # at the call's position (Chat's text slot):
        _d(lc.ToolCallDelta(input=" ", part_index=0)),  # the call's chunk is written; whitespace: no change
        _d(lc.ToolCallDelta(input='{"b":2}', part_index=0)),
        lc.StreamEndEvent(finish_reason="tool_call"),
    ]
    with pytest.raises(lc.ValidationError, match="later fragment of the tool call at part 0"):
        b"".join(lc.stream.encode("gemini", events))
    written = b"".join(lc.stream.encode("gemini", [*events[:4], events[-1]]))
    back = lc.assemble(lc.stream.decode("gemini", [written], request=REQUEST), request=REQUEST)
    assert [(p.name, p.input) for p in back.message.parts if isinstance(p, lc.ToolCallPart)] == [
        ("f", {"a": 1})
    ]
