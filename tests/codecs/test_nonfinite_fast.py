"""Non-finite logprobs read without a Python copy of the record (red team 6 F04).

A record holding one ``NaN`` / ``-Infinity`` logprob (as lm15 writes it) was read by
``json.loads``, a Python copy of the whole tree and a walk of every Struct back: slower than
lm15's own from_dict. JSON text is now read by the typed decoder with the tokens stood in for,
and only the fields that can hold a logprob are walked. The old reading stays the reference:
the same result (or the same refusal) on every record.
"""

from __future__ import annotations

import json
import math
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.codecs import _nonfinite
from lmcodec.codecs._convert import convert
from lmcodec.codecs._hooks import dec_hook
from lmcodec.wire.telemetry import TokenLogprob, TopLogprob

from ..budget import examples


def _old_restore(obj: Any) -> int:
    """The walk before F04's fix: every tuple and Struct of the result (the reference)."""
    values = {v: lc.NonFiniteFloat(k) for k, v in _nonfinite._STAND_INS.items()}
    restored = 0
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            stack.extend(item)
        elif isinstance(item, msgspec.Struct):
            if isinstance(item, (TokenLogprob, TopLogprob)) and item.logprob in values:
                msgspec.structs.force_setattr(item, "logprob", values[item.logprob])
                restored += 1
            stack.extend(getattr(item, name) for name in item.__struct_fields__)
    return restored


def _old_convert(value: Any, tp: Any) -> Any:
    """A record's builtins with non-finite logprobs converted as before F04's fix: the stand-in
    copy, ``msgspec.convert``, the full walk; None when that reading refuses it."""
    stood_in, count, _ = _nonfinite._stand_in(value)
    if not count:
        return None
    try:
        obj = msgspec.convert(stood_in, tp, dec_hook=dec_hook)
    except (msgspec.ValidationError, TypeError, ValueError, RecursionError):
        return None
    return obj if _old_restore(obj) == count else None


def _old_decode(data: bytes, tp: Any) -> Any:
    """``lc.decode(data, tp, lenient=True)`` of these records as it was: the strict decoder, else
    ``json.loads`` and :func:`_old_convert`."""
    try:
        return lc.decode(data, tp)
    except lc.LmcodecError:
        read = _old_convert(json.loads(data), tp)
        if read is None:
            raise
        return read


def _old_from_builtins(value: Any, tp: Any) -> Any:
    try:
        return convert(value, tp)
    except msgspec.ValidationError:
        read = _old_convert(value, tp)
        if read is None:
            raise lc.ValidationError("refused") from None
        return read


def _lenient_decode(data: bytes, tp: Any) -> Any:
    return lc.decode(data, tp, lenient=True)


def _outcome(read: Any, *args: Any) -> Any:
    try:
        got = read(*args)
    except lc.LmcodecError:
        return "refused"
    return None if got is None else lc.encode(got)  # NaN / Infinity written as such: byte-exact


_LOGPROBS = st.sampled_from([math.nan, math.inf, -math.inf, -0.5, -1.25, 0.0, -3e-9])
_WORDS = st.lists(
    st.sampled_from(["NaN", "Infinity", "-Infinity", '"logprob": NaN', '"logprob":-Infinity', "x", " "]),
    max_size=4,
).map("".join)
_TOPS = st.lists(st.builds(lambda t, v: lc.TopLogprob(token=t, logprob=v), _WORDS, _LOGPROBS), max_size=3)
_TOKENS = st.lists(
    st.builds(lambda t, v, top: lc.TokenLogprob(t, v, top=tuple(top)), _WORDS, _LOGPROBS, _TOPS), max_size=5
)
# A payload may hold a "logprob" key: a non-finite number there is refused, as lm15's readers would.
_PAYLOADS = st.dictionaries(st.sampled_from(["logprob", "a", 'x"logprob']), _LOGPROBS | _WORDS, max_size=3)


def _response(text: str, logprobs: list[lc.TokenLogprob] | None) -> lc.Response:
    parts: list[Any] = [lc.TextPart(text), lc.ToolCallPart("c", "f", {})]
    return lc.Response(
        "r",
        "m",
        lc.Message("assistant", parts),
        "tool_call",
        lc.Usage(),
        logprobs=None if logprobs is None else tuple(logprobs),
    )


_RESPONSES = st.builds(_response, _WORDS, st.none() | _TOKENS)
_EVENTS = st.lists(
    st.builds(
        lambda text, lps: lc.StreamDeltaEvent(lc.TextDelta(part_index=0, text=text, logprobs=tuple(lps))),
        _WORDS,
        _TOKENS,
    ),
    min_size=1,
    max_size=3,
)


def _text(value: Any, indent: int | None, payload: dict[str, Any] | None = None) -> bytes:
    """What lm15 writes (json.dumps: ``NaN`` / ``Infinity`` / ``-Infinity``), with some spacing;
    ``payload`` as the input of the response's tool call (lm15 takes a NaN there, lc's constructor
    does not)."""
    value = lc.to_builtins(value)
    if payload is not None:
        response = value["response"] if "response" in value else value
        response["message"]["parts"][1]["input"] = payload
    return json.dumps(value, indent=indent).encode()


@settings(max_examples=examples(400), deadline=None)
@given(_RESPONSES, _PAYLOADS, st.sampled_from([None, 0, 2]))
def test_a_response_reads_as_before(
    response: lc.Response, payload: dict[str, Any], indent: int | None
) -> None:
    data = _text(response, indent, payload)
    turn = _text(
        lc.Turn(request=lc.Request("m", [lc.Message.user("hi")]), response=response), indent, payload
    )
    for text, tp in ((data, lc.Response), (turn, lc.Turn), (b"[" + data + b"]", tuple[lc.Response, ...])):
        assert _outcome(_lenient_decode, text, tp) == _outcome(_old_decode, text, tp)
        value = json.loads(text)
        assert _outcome(lc.from_builtins, value, tp) == _outcome(_old_from_builtins, value, tp)


@settings(max_examples=examples(200), deadline=None)
@given(_EVENTS)
def test_stream_events_read_as_before(events: list[lc.StreamDeltaEvent]) -> None:
    tp = tuple[lc.StreamEvent, ...]
    data = _text(events, None)
    assert _outcome(_lenient_decode, data, tp) == _outcome(_old_decode, data, tp)


def _big_response(n: int) -> lc.Response:
    tops = tuple(lc.TopLogprob(token=f"a{j}", logprob=-1.0 - j) for j in range(3))
    logprobs = [lc.TokenLogprob(f"t{i}", -0.25, top=tops) for i in range(n)]
    logprobs[n // 2] = lc.TokenLogprob("masked", -math.inf, top=tops)
    return lc.Response("r", "m", lc.Message.assistant("x"), "stop", lc.Usage(), logprobs=tuple(logprobs))


def test_json_text_is_not_copied_in_python(monkeypatch: pytest.MonkeyPatch) -> None:
    """The JSON text of a record is read by the typed decoder: no json.loads, no builtins copy."""
    data = _text(_big_response(50), None)

    def refuse(*args: Any) -> Any:
        raise AssertionError("the record went through json.loads and the builtins copy")

    monkeypatch.setattr(_nonfinite, "parse", refuse)
    monkeypatch.setattr(_nonfinite, "_stand_in", refuse)
    got = lc.decode(data, lc.Response, lenient=True)
    assert got.logprobs is not None
    assert got.logprobs[25].logprob == -math.inf
    assert [lp.logprob for lp in got.logprobs[:25]] == [-0.25] * 25


def test_the_walk_back_enters_only_fields_that_hold_logprobs() -> None:
    """A Turn's request (its messages, however many) is not walked for logprobs."""
    plan = _nonfinite._plan(lc.Turn)
    assert plan[lc.Turn] == ("response",)
    assert plan[lc.Response] == ("logprobs",)
    assert lc.Request not in plan
    assert lc.Message not in plan


def test_a_non_finite_logprob_in_a_payload_is_refused_by_the_count() -> None:
    """``"logprob": NaN`` inside a tool call's input is a stand-in the walk does not put back."""
    response = _response("x", [lc.TokenLogprob("t", math.nan)])
    with pytest.raises(lc.DecodeError):
        lc.decode(_text(response, None, {"logprob": math.nan}), lc.Response, lenient=True)
    assert lc.decode(_text(response, None, {"logprob": "NaN"}), lc.Response, lenient=True).logprobs
