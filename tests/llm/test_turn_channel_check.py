"""to_turn's proof that a record's lm15 channel is unedited, answered from the turn channel alone
when that channel is the record's only one (``llm/_turn_channel.restates_turn``, red team 47 F06),
against the whole check it stands in for (``from_turn`` of the Turn compared with the record) on
records from_turn wrote, their turn channel edited or not, and on random llm records carrying one."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.llm as L
from lmcodec.llm._channel import strict_equal
from lmcodec.llm._turn_channel import restates_turn
from lmcodec.llm.convert import converted, unedited

from ..budget import examples
from .convert_support import load_sibling

SETTINGS = settings(
    max_examples=examples(400),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
PROPERTIES = load_sibling("test_llm_convert_properties")

_TOOL = lc.FunctionTool("f", "F", {"type": "object"})
_LOGPROBS = (lc.TokenLogprob("a", -0.5), lc.TokenLogprob("b", float("-inf")))
_ADAPTATION = lc.Adaptation("temperature", "dropped", "unsupported")


@st.composite
def turns(draw: st.DrawFn) -> lc.Turn:
    """Small chat Turns whose response fields (and tools) do and do not need the turn channel."""
    answer = draw(
        st.sampled_from(
            [
                lc.Message.assistant("hi"),
                lc.Message("assistant", (lc.ToolCallPart("c1", "f", {"x": 1}),)),
                lc.Message("assistant", (lc.TextPart(""),)),
            ]
        )
    )
    request = lc.Request(
        "gpt-5",
        [lc.Message.user(draw(st.sampled_from(["hello", ""])))],
        system=draw(st.sampled_from([None, "be brief"])),
        tools=draw(st.sampled_from([(), (_TOOL,)])),
    )
    response = lc.Response(
        draw(st.sampled_from([None, "r1", ""])) or None,
        draw(st.sampled_from(["gpt-5", "gpt-5-2026"])),
        answer,
        draw(st.sampled_from(["stop", "tool_call", "length", "content_filter"])),
        draw(st.sampled_from([lc.Usage(), lc.Usage(10, 5, 15), lc.Usage(10, 5, 15, cache_read_tokens=2)])),
        logprobs=draw(st.sampled_from([None, (), _LOGPROBS])),
        provider_data=draw(st.sampled_from([None, {"k": [1, None]}])),
        adaptations=draw(st.sampled_from([(), (_ADAPTATION,)])),
        logprobs_complete=draw(st.booleans()),
    )
    return lc.Turn(request, response, id=draw(st.sampled_from([None, "t1"])))


_VALUES = st.sampled_from(
    [None, True, False, 0, 1, 1.0, -0.0, "", "r1", "gpt-5", "stop", "length", [], {}, [{}], {"k": [1, None]}]
)
_KEYS = st.sampled_from(
    [
        "response_model",
        "response_id",
        "finish_reason",
        "logprobs",
        "logprobs_complete",
        "adaptations",
        "provider_data",
        "tools",
        "usage",
        "config",
        "metadata",
        "other",
    ]
)


@st.composite
def edited(draw: st.DrawFn, channel: dict[str, Any]) -> dict[str, Any]:
    """``channel`` as from_turn wrote it, or with keys set, dropped or reordered."""
    out = dict(channel)
    for _ in range(draw(st.integers(0, 2))):
        how = draw(st.sampled_from(["set", "drop", "reverse"]))
        if how == "set":
            out[draw(_KEYS)] = draw(_VALUES)
        elif how == "drop" and out:
            out.pop(draw(st.sampled_from(sorted(out))))
        else:
            out = dict(reversed(out.items()))
    return out


def _record_of(value: Any) -> L.Response | None:
    try:
        return L.decode(json.dumps(value).encode())
    except (lc.ValidationError, ValueError):
        return None


def _answers_alike(record: L.Response) -> bool | None:
    """Whether the check agrees with the whole one; None when the record was refused before it,
    else whether the turn channel alone answered (so the draws can be seen to reach it)."""
    try:
        turn, channels = converted(record)
    except lc.ValidationError:
        return None
    assert channels
    assert unedited(record, turn, channels) is strict_equal(L.from_turn(turn), record)
    return restates_turn(record, turn, channels) is not None


@SETTINGS
@given(turns(), st.data())
def test_turn_channel_answers_as_the_whole_check(turn: lc.Turn, data: st.DataObject) -> None:
    value = json.loads(L.encode(L.from_turn(turn)))
    pm = value["messages"][0].get("provider_metadata")
    assume(pm is not None and "turn" in pm.get("lm15", {}))
    pm["lm15"]["turn"] = data.draw(edited(pm["lm15"]["turn"]))
    record = _record_of(value)
    assume(record is not None)
    assert record is not None
    _answers_alike(record)


@settings(SETTINGS, max_examples=examples(100))
@given(PROPERTIES.llm_records, turns(), st.data())
def test_random_records_with_a_turn_channel(value: Any, turn: lc.Turn, data: st.DataObject) -> None:
    """Records of llm's every quirk, given the turn channel of another Turn, edited or not."""
    pm = json.loads(L.encode(L.from_turn(turn)))["messages"][0].get("provider_metadata")
    assume(pm is not None and value["messages"])
    first = value["messages"][0]
    first["provider_metadata"] = {"lm15": {"turn": data.draw(edited(pm["lm15"]["turn"]))}}
    record = _record_of(value)
    assume(record is not None)
    assert record is not None
    _answers_alike(record)


def test_unedited_records_are_answered_by_the_turn_channel() -> None:
    """The benchmark's shape (a chat answer with its response id in the channel): the turn
    channel answers, and an edit of it is still refused."""
    request = lc.Request("gpt-5", [lc.Message.user("hello")], system="be brief")
    response = lc.Response("r1", "gpt-5", lc.Message.assistant("hi"), "stop", lc.Usage(10, 5, 15))
    line = L.encode(L.from_turn(lc.Turn(request, response, id="t1")))
    record = L.decode(line)
    turn, channels = converted(record)
    assert restates_turn(record, turn, channels) is True
    assert L.to_turn(record) == turn
    inferred = (b'"response_id":"r1","finish_reason":"stop"', b'"response_id":"r1","logprobs_complete":true')
    for edit in inferred:
        bad = L.decode(line.replace(b'"response_id":"r1"', edit))
        turn, channels = converted(bad)
        assert restates_turn(bad, turn, channels) is False
        try:
            L.to_turn(bad)
        except lc.ValidationError as exc:
            assert "side channel" in str(exc)
        else:
            raise AssertionError("an edited turn channel was accepted")
