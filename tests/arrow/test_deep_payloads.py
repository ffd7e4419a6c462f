"""A JSON column holding a payload nested deeper than the encoder can follow from where the
columns are built (red team F06: lc.decode reads a tool-call input ~990 levels deep, and
to_table / write_parquet raised a bare RecursionError past ``on_reject``, the records after it
not written): the record is an EncodeError naming it, or handed to ``on_reject``."""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest

import lmcodec as lc

pytest.importorskip("pyarrow", reason="lc.arrow needs the 'arrow' extra (pyarrow)")
arrow = pytest.importorskip("lmcodec.arrow")


def _turn(input_json: str) -> lc.Turn:
    return lc.decode(
        (
            '{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"x"}]}]},'
            '"response":{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"tool_call",'
            f'"id":"c","name":"f","input":{input_json}}}]}},"finish_reason":"tool_call","usage":{{}}}}}}'
        ).encode(),
        lc.Turn,
    )


def _python_deep(depth: int = 100_000) -> dict[str, Any]:
    value: dict[str, Any] = {}
    for _ in range(depth):
        value = {"a": value}
    return value


GOOD = _turn('{"q":1}')
# Built in Python: deeper than any stack (what lc.decode reads at its deepest fails the same way
# from the columns' deeper stack; how deep that is depends on the interpreter).
DEEP = lc.replace(
    GOOD,
    response=lc.replace(
        GOOD.response, message=lc.Message("assistant", [lc.ToolCallPart("c", "f", _python_deep())])
    ),
)


def _deepest_decoded() -> lc.Turn:
    for depth in range(sys.getrecursionlimit() + 100, 0, -5):
        try:
            return _turn('{"a":' * depth + "1" + "}" * depth)
        except lc.LmcodecError:
            continue
    raise AssertionError("no depth decoded")


def test_to_table_names_the_record() -> None:
    with pytest.raises(lc.EncodeError, match=r"record 1: .*nested too deeply"):
        arrow.to_table([GOOD, DEEP, GOOD])


def test_write_parquet_hands_it_to_on_reject_and_writes_the_others() -> None:
    rejected: list[tuple[int, Any, lc.EncodeError]] = []
    out = io.BytesIO()
    written = arrow.write_parquet(
        [GOOD, DEEP, GOOD], out, on_reject=lambda i, r, e: rejected.append((i, r, e))
    )
    assert written == 2
    assert [(i, r is DEEP) for i, r, _ in rejected] == [(1, True)]
    assert "nested too deeply" in str(rejected[0][2])
    out.seek(0)
    assert list(arrow.read_parquet(out)) == [GOOD, GOOD]


def test_write_parquet_without_on_reject_raises_after_the_records_before() -> None:
    out = io.BytesIO()
    with pytest.raises(lc.EncodeError, match=r"record 1: "):
        arrow.write_parquet([GOOD, DEEP, GOOD], out)


def test_the_deepest_payload_lc_decode_reads_is_written_or_rejected() -> None:
    """Never a bare RecursionError, whichever way the stack falls."""
    deep = _deepest_decoded()
    rejected: list[int] = []
    out = io.BytesIO()
    written = arrow.write_parquet([GOOD, deep, GOOD], out, on_reject=lambda i, r, e: rejected.append(i))
    assert (written, rejected) in ((3, []), (2, [1]))
    out.seek(0)
    assert list(arrow.read_parquet(out)) == ([GOOD, deep, GOOD] if written == 3 else [GOOD, GOOD])
