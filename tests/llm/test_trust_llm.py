"""llm records with what llm's json.dumps writes and lmcodec's canonical JSON cannot spell (issue 14)."""

from __future__ import annotations

import pytest

import lmcodec as lc

TURN = lc.decode(
    b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]},'
    b'"response":{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"yo"}]},'
    b'"finish_reason":"stop"}}',
    lc.Turn,
)


@pytest.mark.parametrize(
    "extensions",
    [
        {"x": "\ud800"},
        {"\udc00": 1},
        {"llm": {"options": {"x": "\ud800"}}},
        {"llm": {"options": {"\ud800": 1}}},
    ],
    ids=["value", "key", "llm-option-value", "llm-option-key"],
)
def test_from_turn_carries_lone_surrogates_in_options(extensions: dict[str, object]) -> None:
    turn = lc.replace(TURN, request=lc.replace(TURN.request, config=lc.Config(extensions=extensions)))
    record = lc.llm.from_turn(turn)  # raised UnicodeEncodeError
    assert lc.llm.to_turn(record) == turn
    line = lc.llm.encode(record)  # llm's format spells them as \ud800 escapes, as json.dumps does
    assert lc.llm.to_turn(lc.llm.decode(line, lc.llm.Response)) == turn
