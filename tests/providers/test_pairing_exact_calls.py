"""``_pairing.named_by_their_calls`` finds the calls by their exact class before ``isinstance``.

Every request a reader decodes passes through it, and its first pass tested each assistant part
with ``isinstance(part, ToolCallPart)``: a miss for every text or thinking part (~800 instructions
on a msgspec Struct class, ``providers/_part_kinds.py``). It now tests the exact class first and
``isinstance`` only for a part of no lmcodec class. A request whose parts are a user's subclasses
(which take ``isinstance``, the form replaced) names its results as the same request of exact
classes does.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._pairing import named_by_their_calls
from tests.call_counts import calls_made

from ..budget import examples


@cache
def _own(cls: type) -> type:
    return type(f"Own{cls.__name__}", (cls,), {})


def _made(part: Any, own: bool) -> Any:
    if not own:
        return part
    return _own(type(part))(**{name: getattr(part, name) for name in part.__struct_fields__})


_TURN = st.lists(
    st.tuples(
        st.sampled_from(["text", "thinking", "call"]), st.sampled_from(["c0", "c1"]), st.sampled_from("fg")
    ),
    min_size=1,
    max_size=4,
)


def _conversation(turns: list[list[tuple[str, str, str]]], own: bool) -> lc.Request:
    """Assistant turns of the parts drawn (call ids reused across names), each call answered by an
    unnamed result in the tool turn after it."""
    messages = [lc.Message.user("go")]
    for turn in turns:
        parts: list[Any] = []
        for kind, call_id, name in turn:
            if kind == "call":
                parts.append(_made(lc.ToolCallPart(call_id, name, {}), own))
            elif kind == "thinking":
                parts.append(_made(lc.ThinkingPart("hmm"), own))
            else:
                parts.append(_made(lc.TextPart("so"), own))
        messages.append(lc.Message("assistant", tuple(parts)))
        results = tuple(
            lc.ToolResultPart(p.id, (lc.TextPart("ok"),)) for p in parts if isinstance(p, lc.ToolCallPart)
        )
        if results:
            messages.append(lc.Message("tool", results))
    return lc.Request(model="m", messages=tuple(messages))


def _names(request: lc.Request) -> list[str | None]:
    return [p.name for m in request.messages for p in m.parts if isinstance(p, lc.ToolResultPart)]


@settings(max_examples=examples(100), deadline=None, database=None)
@given(st.lists(_TURN, min_size=1, max_size=4))
def test_subclassed_calls_name_their_results_as_exact_calls_do(
    turns: list[list[tuple[str, str, str]]],
) -> None:
    exact = named_by_their_calls(_conversation(turns, own=False))
    subclassed = named_by_their_calls(_conversation(turns, own=True))
    assert _names(subclassed) == _names(exact)


def test_the_pass_over_exact_parts_costs_no_isinstance() -> None:
    """As many ``isinstance`` calls for 40 assistant turns of text, thinking and a call as for 4."""
    requests = [
        _conversation([[("text", "c0", "f"), ("thinking", "c1", "g"), ("call", f"c{i}", "f")]] * n, False)
        for i, n in ((0, 4), (0, 40))
    ]
    counts = [calls_made(lambda r=r: named_by_their_calls(r))["c:isinstance"] for r in requests]
    assert counts[1] == counts[0], counts
