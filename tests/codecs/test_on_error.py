"""``on_error`` as a callable, in both record readers: each bad record handed over as it is
found, the same BadRecord ``"collect"`` keeps, nothing kept by the reader."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts
from lmcodec.codecs import jsonl

TURNS = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(4)]


def _jsonl() -> bytes:
    good = [lc.encode(t) + b"\n" for t in TURNS]
    return good[0] + b'{"request": {}}\r\n' + good[1] + b"not json\n" + good[2] + good[3][:50]


def _msgpack() -> bytes:
    out = io.BytesIO()
    lc.msgpack.write_stream(out, [TURNS[0], TURNS[0].request, TURNS[1], TURNS[1].request, TURNS[2]])
    return out.getvalue()


Read = Callable[..., Any]
READERS: list[tuple[str, Read, Callable[[], bytes]]] = [
    ("jsonl", jsonl.read, _jsonl),
    ("msgpack", lc.msgpack.read_stream, _msgpack),
]


@pytest.mark.parametrize(("read", "data"), [(r, d) for _, r, d in READERS], ids=[n for n, _, _ in READERS])
def test_a_callable_gets_what_collect_keeps_as_each_is_found(read: Read, data: Callable[[], bytes]) -> None:
    collecting = read(data(), lc.Turn, on_error="collect")
    expected_records = list(collecting)
    assert collecting.errors, "the input has bad records"
    seen: list[Any] = []
    handed: list[lc.BadRecord] = []
    handing = read(data(), lc.Turn, on_error=handed.append)
    for record in handing:
        seen.append((record, len(handed)))
    assert [record for record, _ in seen] == expected_records
    assert handed == collecting.errors
    assert handing.errors == []
    assert (handing.good, handing.bad) == (collecting.good, collecting.bad)
    # good, bad, good, bad, good (then a cut last line): each bad record is handed over
    # before the good record after it is yielded
    assert [count for _, count in seen] == [0, 1, 2]


@pytest.mark.parametrize(("read", "data"), [(r, d) for _, r, d in READERS], ids=[n for n, _, _ in READERS])
def test_an_error_raised_by_the_callable_stops_the_read(read: Read, data: Callable[[], bytes]) -> None:
    class Enough(Exception):
        pass

    def stop(bad: lc.BadRecord) -> None:
        raise Enough(bad.line)

    reader = read(data(), lc.Turn, on_error=stop)
    got: list[Any] = []
    with pytest.raises(Enough):
        for record in reader:
            got.append(record)
    assert got == TURNS[:1]


@pytest.mark.parametrize("read", [r for _, r, _ in READERS], ids=[n for n, _, _ in READERS])
@pytest.mark.parametrize("value", ["ignore", None, 3, b"collect"])
def test_anything_else_is_a_value_error(read: Read, value: object) -> None:
    with pytest.raises(ValueError, match="'raise', 'skip', 'collect' or a callable"):
        read(b"", lc.Turn, on_error=value)
