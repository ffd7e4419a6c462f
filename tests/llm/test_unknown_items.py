"""lc.llm.from_turn and to_turn of Turns holding Unknown* items (what ``lc.decode(...,
unknown="keep")`` returns): llm has no slot for an item of a tag lmcodec does not know, so it
rides in the lm15 channel as its JSON value, and to_turn gives it back (red-team F05: from_turn
raised a bare AttributeError for an UnknownPart; with an UnknownTool it wrote a record that
to_turn refused as "not what lc.llm.from_turn writes")."""

from __future__ import annotations

import json

import msgspec
import pytest

import lmcodec as lc
import lmcodec.llm as L
from lmcodec.llm._channel import strict_equal

from .convert_support import turn_identity
from .llm_support import llm, needs_llm, same_json

_USER = b'{"role":"user","parts":[{"type":"text","text":"x"}]}'
_HOLOGRAM = b'{"type":"hologram","x":[1,{"y":null}]}'
_ANSWER = (
    b'{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"ok"}]},'
    b'"finish_reason":"stop"}'
)


def _turn(messages: bytes = _USER, extra: bytes = b"", answer: bytes = _ANSWER) -> lc.Turn:
    request = b'{"model":"m","messages":[' + messages + b"]" + extra + b"}"
    return lc.decode(b'{"request":' + request + b',"response":' + answer + b"}", lc.Turn, unknown="keep")


TURNS: dict[str, lc.Turn] = {
    "an UnknownPart in a user message": _turn(b'{"role":"user","parts":[' + _HOLOGRAM + b"]}"),
    "an UnknownPart between known parts": _turn(
        b'{"role":"user","parts":[{"type":"text","text":"a"},' + _HOLOGRAM + b',{"type":"text","text":"b"}]}'
    ),
    "an UnknownPart in the response": _turn(
        answer=_ANSWER.replace(b'{"type":"text","text":"ok"}', _HOLOGRAM)
    ),
    "an UnknownPart in the system parts": _turn(
        extra=b',"system":[{"type":"text","text":"s"},' + _HOLOGRAM + b"]"
    ),
    "an UnknownPart in a tool result": _turn(
        _USER + b',{"role":"assistant","parts":[{"type":"tool_call","id":"c","name":"f","input":{}}]},'
        b'{"role":"tool","parts":[{"type":"tool_result","id":"c","content":[{"type":"text","text":"r"},'
        + _HOLOGRAM
        + b"]}]}"
    ),
    "an UnknownTool": _turn(
        extra=b',"tools":[{"type":"function","name":"f","parameters":{"type":"object"}},{"type":"mcp","name":"s","server":{"url":"u"}}]'
    ),
}


def test_an_unknown_tool_beside_a_lone_surrogate_comes_back_through_llm_json() -> None:
    """Canonical JSON cannot spell the surrogate, so the channel is built by msgspec.to_builtins,
    which keeps tuples: the record read back (lists) was "not what from_turn writes"."""
    turn = TURNS["an UnknownTool"]
    turn = lc.replace(turn, request=lc.replace(turn.request, config=lc.Config(extensions={"x": "\ud800"})))
    record = L.from_turn(turn)
    assert L.to_turn(record) == turn
    assert L.to_turn(L.decode(L.encode(record), L.Response)) == turn


def test_the_turns_hold_the_unknown_items() -> None:
    for name, turn in TURNS.items():
        assert "Unknown" in repr(turn), name


@pytest.mark.parametrize("case", sorted(TURNS))
def test_from_turn_carries_unknown_items_and_to_turn_gives_them_back(case: str) -> None:
    turn = TURNS[case]
    record = turn_identity(turn)  # to_turn(from_turn(t)) is t, through llm's JSON too, byte for byte
    assert lc.encode(L.to_turn(L.decode(L.encode(record)))) == lc.encode(turn)


@needs_llm
@pytest.mark.parametrize("case", sorted(TURNS))
def test_llm_keeps_the_unknown_items_from_turn_writes(case: str) -> None:
    """llm's own from_dict/to_dict keeps the channel: to_turn of what llm writes back is the Turn
    (once the model name, which from_dict(model=...) replaces, is put back)."""
    from .llm_support import MOCK

    turn = TURNS[case]
    record = L.from_turn(turn)
    theirs = llm.Response.from_dict(json.loads(L.encode(record)), model=MOCK).to_dict()
    theirs.pop("id")
    assert same_json(L.encode(L.reloaded(L.apply_model(record, model=MOCK))), theirs)
    again = msgspec.structs.replace(L.from_builtins(theirs), model=record.model, datetime_utc=None)
    assert strict_equal(L.to_turn(again), turn)
