"""A run of NULs in a length-prefixed MessagePack log whose length is not a multiple of 4 (red
team 56 F07): read as zero-length records, 4 NULs each, the run ended inside the next record's
length prefix (whose high bytes are NULs too), the framing was read 1-3 bytes off and a
"truncated record" ended the reading: every record after the run lost. A run of 1-3 NULs glued to
a prefix framed a short bad record, then the same. The record after the run is found now (its
prefix starts at one of the 4 bytes that end the run), the records after it read as before, from
every kind of source; the run padded to a multiple of 4 (which the reader always read) is the
differential reference."""

from __future__ import annotations

import io
import struct
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.codecs.msgpack as msgpack_codec

from ..budget import examples
from .test_msgpack_zero_length_runs import _NoLookAhead, _sources

_TURNS = [
    lc.Turn(
        request=lc.Request(model="m", messages=[lc.Message.user("x" * size)]),
        response=lc.Response(
            id="r", model="m", message=lc.Message.assistant("ok"), finish_reason="stop", usage=lc.Usage()
        ),
    )
    for size in (10, 300, 70_000)  # length prefixes with 3, 2 and 1 NUL bytes
]


def _framed(turn: lc.Turn) -> bytes:
    body = lc.msgpack.encode(turn)
    return struct.pack(">I", len(body)) + body


def _read(src: Any) -> tuple[list[Any], list[lc.BadRecord]]:
    reader = lc.msgpack.read_stream(src, lc.Turn, on_error="collect")
    return list(reader), reader.errors


RUNS = [1, 2, 3, 5, 6, 7, 9, 4097, 4098, 4099, len(_framed(_TURNS[1])) - 1]


@pytest.mark.parametrize("after", [0, 1, 2])
@pytest.mark.parametrize("run", RUNS)
def test_the_records_after_a_run_of_any_length_are_read(tmp_path: Path, run: int, after: int) -> None:
    first, then = _TURNS[0], _TURNS[after]
    data = _framed(first) + b"\0" * run + _framed(then) + _framed(first)
    for name, src in _sources(data, tmp_path).items():
        records, errors = _read(src)
        assert records == [first, then, first], name
        [bad] = errors
        assert bad.offset == len(_framed(first)) and bad.raw == b"", name


def test_the_run_is_reported_where_it_starts_and_raised_under_raise() -> None:
    data = _framed(_TURNS[0]) + b"\0" * 4097 + _framed(_TURNS[1])
    _, [bad] = _read(data)
    start = len(_framed(_TURNS[0]))
    assert (
        bad.message == f"1024 zero-length records (bytes {start}-{start + 4095}, all NUL): "
        "no MessagePack value is 0 bytes long"
    )
    reader = iter(lc.msgpack.read_stream(data, lc.Turn))
    next(reader)
    with pytest.raises(lc.DecodeError, match="zero-length records"):
        next(reader)


def test_one_nul_glued_to_a_prefix_is_named() -> None:
    data = _framed(_TURNS[0]) + b"\0" + _framed(_TURNS[1])
    records, [bad] = _read(data)
    start = len(_framed(_TURNS[0]))
    assert records == _TURNS[:2]
    assert (
        bad.message == f"1 NUL byte (bytes {start}-{start}) before a record's length prefix: "
        "no MessagePack value is 0 bytes long"
    )


@settings(max_examples=examples(100), deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 2), st.integers(0, 40)), min_size=1, max_size=6),
    st.booleans(),
)
def test_a_run_reads_as_the_run_padded_to_a_multiple_of_4(
    pieces: list[tuple[int, int]], look_ahead: bool
) -> None:
    """The differential test: the records (and the number of bad ones) of a log with NUL runs of any
    length equal those of the same log with each run padded to a multiple of 4, which the reader
    framed right before (a run of zero-length records)."""
    data = b"".join(b"\0" * run + _framed(_TURNS[turn]) for turn, run in pieces)
    padded = b"".join(b"\0" * (-(-run // 4) * 4) + _framed(_TURNS[turn]) for turn, run in pieces)
    got, errors = _read(io.BytesIO(data) if look_ahead else _NoLookAhead(data))
    want, padded_errors = _read(padded)
    assert got == want == [_TURNS[turn] for turn, _ in pieces]
    assert len(errors) == len(padded_errors)


def test_realigning_after_many_bad_records_holds_bytes_linearly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each bad record whose prefix starts with a NUL is tried 1-3 bytes on, reading ahead as far
    as such a start's length says (here to the end of the input): a budget that grows with the
    bytes consumed bounds what the tries hold (without it, 4 GB copied for this 0.3 MB input)."""
    from lmcodec.codecs._msgpack_realign import realigned

    held: list[int] = []

    def counted(*args: Any) -> Any:
        found, data = realigned(*args)
        held.append(len(data))
        return found, data

    monkeypatch.setattr(msgpack_codec, "realigned", counted)
    nil = struct.pack(">I", 1) + b"\xc0"  # a record of one MessagePack nil: not a Turn
    data = nil * 20_000 + b"\x01\x00\x00\x00" * 50_000
    reader = lc.msgpack.read_stream(io.BytesIO(data), lc.Turn, on_error="skip")
    with pytest.raises(lc.DecodeError, match="truncated record"):
        list(reader)
    assert reader.bad == 20_000 and len(held) == 20_000
    assert sum(held) <= 2 * len(data) + (2 << 20)
