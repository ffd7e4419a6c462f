"""Non-finite logprobs in the lm15 channel of an llm record (``provider_metadata["lm15"]["turn"]``).

lm15 writes a NaN or infinite logprob as ``json.dumps`` does (``NaN``, ``-Infinity``), and so must
the channel: a plain float there was written ``null`` by ``lc.llm.encode`` (as msgspec writes
one), which ``to_turn`` then refused, so a Turn holding one did not come back through llm's
format. ``from_turn`` puts each in as a :class:`NonFiniteFloat` (spelled as ``json.dumps``
spells it); ``to_turn`` hands ``lc.from_builtins`` each one ``lc.llm.decode`` read as the plain
float it takes for one (as in lm15's own dicts).
"""

from __future__ import annotations

from typing import Any

from lmcodec.wire._types import NonFiniteFloat

__all__ = ["logprobs_as_floats", "nonfinite_spelled"]


def _entries(logprobs: list[Any]) -> list[dict[str, Any]]:
    """The TokenLogprob values of ``logprobs`` and their ``top`` entries (dicts only)."""
    found: list[dict[str, Any]] = []
    for item in logprobs:
        if type(item) is dict:
            found.append(item)
            top = item.get("top")
            if type(top) is list:
                found.extend(t for t in top if type(t) is dict)
    return found


def nonfinite_spelled(logprobs: list[dict[str, Any]]) -> None:
    """Each non-finite logprob of the channel's builtins (made for it: changed in place) as a
    NonFiniteFloat, which ``lc.llm.encode`` writes as llm's ``json.dumps`` does."""
    for entry in _entries(logprobs):
        value = entry.get("logprob")
        if type(value) is float and value - value != 0.0:
            entry["logprob"] = NonFiniteFloat(value)


def logprobs_as_floats(raw_turn: Any) -> Any:
    """The turn channel of a record with each NonFiniteFloat logprob a plain float; the record's
    own dicts are not changed (the logprobs are copied when one is met)."""
    logprobs = raw_turn.get("logprobs") if type(raw_turn) is dict else None
    if type(logprobs) is not list or not any(
        type(entry.get("logprob")) is NonFiniteFloat for entry in _entries(logprobs)
    ):
        return raw_turn
    copied: list[Any] = []
    for item in logprobs:
        if type(item) is dict:
            item = _floats(item)
            top = item.get("top")
            if type(top) is list:
                item["top"] = [_floats(t) if type(t) is dict else t for t in top]
        copied.append(item)
    return {**raw_turn, "logprobs": copied}


def _floats(entry: dict[str, Any]) -> dict[str, Any]:
    copy = dict(entry)
    value = copy.get("logprob")
    if type(value) is NonFiniteFloat:
        copy["logprob"] = float(value)
    return copy
