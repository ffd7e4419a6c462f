"""from_turn / to_turn's shortcut for plain messages (red team 13 F06): a message of text parts
only, with no continuation state (canonical) or provider_metadata (llm), is copied from built
templates instead of converted part by part through the checked constructors. Each direction
against the slow path it skips, on hypothesis-generated messages that are plain or nearly so."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.llm import types as L
from lmcodec.llm._messages import message_from, message_to, plain_message_from, plain_message_to
from lmcodec.llm._parts import Seen

from ..budget import examples

_STATE = lc.ContinuationState(provider="openai", kind="reasoning_item", data={"id": "rs_1"})
_TEXTS = st.text(max_size=8)
_NONEMPTY = st.text(min_size=1, max_size=8)
_CANONICAL_PARTS = st.one_of(
    _TEXTS.map(lambda t: lc.TextPart(text=t)),
    _TEXTS.map(lambda t: lc.TextPart(text=t, continuation=(_STATE,))),
    _NONEMPTY.map(lambda t: lc.ThinkingPart(text=t)),
    _NONEMPTY.map(lambda t: lc.RefusalPart(text=t)),
    st.just(lc.DataPart(value={"k": 1})),
    st.just(lc.tool_call("c1", "f", {"a": 1})),
)


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b and msgspec.to_builtins(a) == msgspec.to_builtins(b)


@settings(max_examples=examples(200), deadline=None)
@given(
    parts=st.lists(_CANONICAL_PARTS, min_size=1, max_size=4),
    role=st.sampled_from(["user", "assistant", "developer", "tool", "system"]),
    carried=st.booleans(),
    index=st.integers(0, 3),
)
def test_a_plain_message_from_equals_message_from(
    parts: list[Any], role: Any, carried: bool, index: int
) -> None:
    try:
        m = lc.Message(role=role, parts=parts, continuation=(_STATE,) if carried else ())
    except (TypeError, ValueError):
        return  # not a message the canonical model holds
    plain = plain_message_from(m)
    if plain is None:
        assert carried or any(type(p) is not lc.TextPart or p.continuation for p in parts)
        return
    got_role, got_parts, pm = message_from(m, index)
    assert _same(plain, L.Message(role=got_role, parts=got_parts, provider_metadata=pm))


_LLM_PARTS = st.one_of(
    _TEXTS.map(lambda t: L.TextPart(text=t)),
    _TEXTS.map(lambda t: L.TextPart(text=t, provider_metadata={"openai": {"x": 1}})),
    _TEXTS.map(lambda t: L.TextPart(text=t, provider_metadata={"lm15": {"type": "refusal"}})),
    _TEXTS.map(lambda t: L.ReasoningPart(text=t)),
    st.just(L.ToolCallPart(name="f", arguments={"a": 1}, tool_call_id="c1")),
)


@settings(max_examples=examples(200), deadline=None)
@given(
    parts=st.lists(_LLM_PARTS, max_size=4),
    role=st.sampled_from(["user", "assistant", "tool", "developer", "system", "critic"]),
    pm=st.sampled_from([None, {"openai": {"x": 1}}]),
    index=st.integers(1, 3),
)
def test_a_plain_message_to_equals_message_to(parts: list[Any], role: str, pm: Any, index: int) -> None:
    m = L.Message(role=role, parts=parts, provider_metadata=pm)
    plain = plain_message_to(m)
    if plain is None:
        return
    assert role in ("user", "assistant") and pm is None and parts
    path = f"$.prompt.messages[{index}]"
    located = [(q, f"{path}.parts[{j}]") for j, q in enumerate(m.parts)]
    slow, turn = message_to(m.role, located, m.provider_metadata, index, path, Seen())
    assert turn is None
    assert _same(plain, slow)


def test_a_long_plain_conversation_round_trips_through_llm() -> None:
    messages = tuple(
        lc.Message.user(f"hi {i}") if i % 2 == 0 else lc.Message.assistant(f"a {i}") for i in range(300)
    )
    turn = lc.Turn(
        request=lc.Request(model="m", messages=messages),
        response=lc.Response(
            id="r", model="m", message=lc.Message.assistant("ok"), finish_reason="stop", usage=lc.Usage()
        ),
    )
    record = lc.llm.from_turn(turn)
    assert [m.role for m in record.prompt.messages] == [m.role for m in messages]
    assert lc.llm.to_turn(lc.llm.decode(lc.llm.encode(record))) == turn
    assert lc.llm.to_turn(record) == turn
