"""A payload nested as deep as lc.decode reads (a tool-call input ~990 levels on 3.11) through
the llm conversion: to_turn gives the Turn back, and the command converts the log (red team F07:
the channel check compared recursively, two Python frames a level, and raised a bare
RecursionError from ~400 levels; ``convert --from llm`` died with a traceback)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec import cli


def _turn_line(depth: int) -> bytes:
    nested = '{"a":' * depth + "1" + "}" * depth
    return (
        '{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"x"}]}]},'
        '"response":{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"tool_call",'
        f'"id":"c","name":"f","input":{nested}}}]}},"finish_reason":"tool_call","usage":{{}}}}}}'
    ).encode()


def _deepest_decoded() -> int:
    """The deepest tool-call input lc.decode reads here (it depends on the Python stack)."""
    for depth in range(sys.getrecursionlimit() + 100, 0, -10):
        try:
            lc.decode(_turn_line(depth), lc.Turn)
        except lc.LmcodecError:
            continue
        return depth
    raise AssertionError("no depth decoded")


DEEPEST = _deepest_decoded()


@pytest.mark.parametrize("depth", [400, 600, DEEPEST])
def test_to_turn_of_a_deep_payload(depth: int) -> None:
    turn = lc.decode(_turn_line(depth), lc.Turn)
    record = lc.llm.decode(lc.llm.encode(lc.llm.from_turn(turn)), lc.llm.Response)
    assert lc.llm.to_turn(record) == turn  # bare RecursionError before


def test_the_comparison_is_not_bounded_by_the_stack() -> None:
    """The JSON comparison under strict_equal walks values 20,000 levels deep (a stack of pairs)
    and still tells 1 from 1.0 and True, key order, lengths."""
    from lmcodec.llm._channel import _same

    def nest(leaf: object, depth: int = 20_000) -> object:
        value = leaf
        for _ in range(depth):
            value = [{"a": value}]
        return value

    assert _same(nest({"a": [1, 2.5, None]}), nest({"a": (1, 2.5, None)}))
    assert _same(nest(float("nan")), nest(float("nan")))
    assert not _same(nest(1), nest(1.0))
    assert not _same(nest(True), nest(1))
    assert not _same(nest({"a": 1, "b": 2}), nest({"b": 2, "a": 1}))
    assert not _same(nest([1, 2]), nest([1]))
    assert not _same(nest(float("nan")), nest(0.0))


def test_to_turn_of_a_record_deeper_than_the_stack() -> None:
    """An llm record built in Python, nested past what any decoder reads: a ValidationError for
    that record, not a bare RecursionError."""
    value: dict[str, object] = {}
    for _ in range(100_000):
        value = {"a": value}
    turn = lc.decode(_turn_line(1), lc.Turn)
    record = lc.llm.from_turn(turn)
    deep = lc.replace(record, prompt=lc.replace(record.prompt, options={"x": value}))
    with pytest.raises(lc.ValidationError, match="nested"):
        lc.llm.to_turn(deep)


def test_convert_from_llm_writes_the_good_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """800 levels: what the command's reader reads (its stack is deeper than a test's)."""
    good = lc.decode(_turn_line(1), lc.Turn)
    deep = lc.decode(_turn_line(800), lc.Turn)
    src, llm_log, out = tmp_path / "log.jsonl", tmp_path / "log.llm.jsonl", tmp_path / "back.jsonl"
    lc.jsonl.write(src, [good, deep, good])
    assert cli.main(["convert", str(src), str(llm_log), "--to", "llm"]) == 0
    assert cli.main(["convert", str(llm_log), str(out), "--from", "llm"]) == 0  # a traceback before
    assert list(lc.jsonl.read(out, lc.Turn)) == [good, deep, good]
    assert "3 records converted, 0 bad" in capsys.readouterr().err
