"""Shared by the llm <-> canonical conversion tests: the two identities, default objects,
and loading a sibling test module for its strategies."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import lmcodec as lc
import lmcodec.llm as L
from lmcodec.llm._channel import strict_equal

HERE = Path(__file__).resolve().parent
DEFAULT_REQUEST = lc.Request(model="m", messages=[lc.Message.user("hi")])
DEFAULT_RESPONSE = lc.Response(
    id=None, model="m", message=lc.Message.assistant("ok"), finish_reason="stop", usage=lc.Usage()
)


def load_sibling(name: str) -> Any:
    """A sibling test module (for its strategies and helpers), imported as part of this package."""
    return importlib.import_module(f"{__package__}.{name}")


def record_identity(record: L.Response) -> lc.Turn:
    """Identity 1 for one decoded record; returns the Turn."""
    turn = L.to_turn(record)
    back = L.from_turn(turn)
    assert L.encode(back) == L.encode(record), (L.to_builtins(record), L.to_builtins(back))
    # the Turn is a fixed point the other way too, also through llm JSON and canonical JSON
    assert strict_equal(L.to_turn(L.decode(L.encode(back))), turn)
    blob = lc.encode(turn)
    try:
        again = lc.decode(blob, lc.Turn)
    except lc.DecodeError:  # a lone surrogate, written as its \udXXXX escape: lenient=True reads it
        assert b"\\ud" in blob
        again = lc.decode(blob, lc.Turn, lenient=True)
    assert lc.encode(again) == blob
    assert L.encode(L.from_turn(again)) == L.encode(record)
    return turn


def turn_identity(turn: lc.Turn) -> L.Response:
    """Identity 2 for one Turn; returns the llm record."""
    record = L.from_turn(turn)
    text = L.encode(record)
    assert strict_equal(L.to_turn(record), turn)
    reread = L.decode(text)
    assert L.encode(reread) == text  # what from_turn writes survives llm's reading
    got = L.to_turn(reread)
    assert strict_equal(got, turn), (lc.to_builtins(turn), lc.to_builtins(got), json.loads(text))
    assert lc.encode(got) == lc.encode(turn)
    assert L.encode(L.from_turn(got)) == text
    return record
