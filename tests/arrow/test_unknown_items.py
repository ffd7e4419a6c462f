"""lc.arrow given records holding Unknown* items (what ``lc.decode(..., unknown="keep")`` returns).

An Arrow table has a column for every field of every known part and tool, and none for an item
of a tag lmcodec does not know: a record holding one is an EncodeError naming the record, or is
handed to ``on_reject`` while the others are written (red-team F05: a bare TypeError escaped,
raised through ``on_reject``). ``lc.jsonl`` and ``lc.msgpack`` keep such records byte-exact.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest

import lmcodec as lc

pa = pytest.importorskip("pyarrow", reason="lc.arrow needs the 'arrow' extra (pyarrow)")
arrow = pytest.importorskip("lmcodec.arrow")

_USER = b'{"role":"user","parts":[{"type":"text","text":"x"}]}'
_ANSWER = (
    b'{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"ok"}]},'
    b'"finish_reason":"stop"}'
)
_HOLOGRAM = b'{"type":"hologram","x":1}'


def _request(messages: bytes = _USER, extra: bytes = b"") -> bytes:
    return b'{"model":"m","messages":[' + messages + b"]" + extra + b"}"


def _keep(data: bytes, tp: Any) -> Any:
    return lc.decode(data, tp, unknown="keep")


REQUESTS: dict[str, bytes] = {
    "an UnknownPart in a message": _request(b'{"role":"user","parts":[' + _HOLOGRAM + b"]}"),
    "an UnknownPart in the system parts": _request(extra=b',"system":[' + _HOLOGRAM + b"]"),
    "an UnknownPart in a tool result": _request(
        _USER + b',{"role":"assistant","parts":[{"type":"tool_call","id":"c","name":"f","input":{}}]},'
        b'{"role":"tool","parts":[{"type":"tool_result","id":"c","content":[' + _HOLOGRAM + b"]}]}"
    ),
    "an UnknownTool": _request(extra=b',"tools":[{"type":"mcp","name":"s","server":"s"}]'),
}
GOOD_REQUEST = lc.decode(_request(), lc.Request)
GOOD_RESPONSE = lc.decode(_ANSWER, lc.Response)
RESPONSE_WITH_PART = _keep(_ANSWER.replace(b'{"type":"text","text":"ok"}', _HOLOGRAM), lc.Response)

CASES: dict[str, tuple[Any, Any, str]] = {
    # name: (the record holding an unknown item, a good record of its type, the item's class and tag)
    **{
        f"Request, {name}": (
            _keep(data, lc.Request),
            GOOD_REQUEST,
            "UnknownTool .*'mcp'" if "Tool" in name else "UnknownPart .*'hologram'",
        )
        for name, data in REQUESTS.items()
    },
    "Response, an UnknownPart in its message": (
        RESPONSE_WITH_PART,
        GOOD_RESPONSE,
        "UnknownPart .*'hologram'",
    ),
    "Message, an UnknownPart": (
        _keep(b'{"role":"user","parts":[' + _HOLOGRAM + b"]}", lc.Message),
        GOOD_REQUEST.messages[0],
        "UnknownPart .*'hologram'",
    ),
    "Turn, an UnknownPart in its response": (
        lc.Turn(request=GOOD_REQUEST, response=RESPONSE_WITH_PART),
        lc.Turn(request=GOOD_REQUEST, response=GOOD_RESPONSE),
        "UnknownPart .*'hologram'",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_record_holding_an_unknown_item_is_an_encode_error_naming_it(case: str) -> None:
    bad, good, item = CASES[case]
    records = [good, good, bad, good]
    expected = rf"record 2: .*{item}"
    out = io.BytesIO()
    writes: list[Callable[[], Any]] = [
        lambda: arrow.to_table(records),
        lambda: arrow.write_parquet(records, out),
    ]
    for write in writes:
        with pytest.raises(lc.EncodeError, match=expected):
            write()
    assert list(arrow.read_parquet(io.BytesIO(out.getvalue()))) == [good, good]  # the records before it
    assert lc.encode(lc.decode(lc.encode(bad), type(bad), unknown="keep")) == lc.encode(bad)  # JSON keeps it


@pytest.mark.parametrize("case", sorted(CASES))
def test_on_reject_takes_a_record_holding_an_unknown_item_and_the_others_are_written(case: str) -> None:
    bad, good, item = CASES[case]
    records = [good, bad, good, bad]
    rejected: list[tuple[int, Any, lc.EncodeError]] = []
    out = io.BytesIO()
    written = arrow.write_parquet(records, out, on_reject=lambda i, r, e: rejected.append((i, r, e)))
    assert written == 2
    assert [(i, r) for i, r, _ in rejected] == [(1, bad), (3, bad)]
    assert all(isinstance(e, lc.EncodeError) and e.args and item.split()[0] in str(e) for _, _, e in rejected)
    assert list(arrow.read_parquet(io.BytesIO(out.getvalue()))) == [good, good]
