"""codecs/jsonl.py: a line longer than ``max_line_bytes`` is one bad line, skipped in bounded
memory, and the records after it are read (red team 12 F05: one 300 MB run of NULs, a crashed
writer's preallocated file or /dev/zero given as the log, was held whole before it was found bad;
the command died with MemoryError and no record after it was reached). A line that starts like a
record ("{" first) is bounded too (red team 23 F03: it was read whole, however long, so a .gz bomb
of one record line took 642 MiB); max_line_bytes=None reads a longer record back."""

from __future__ import annotations

import gzip
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.codecs import files
from lmcodec.codecs.jsonl import DEFAULT_MAX_LINE_BYTES

from ..turns import numbered_turns

TURNS = numbered_turns(3)
LINES = [lc.encode(t) + b"\n" for t in TURNS]


def _log(long_line: bytes) -> bytes:
    return LINES[0] + long_line + LINES[1] + LINES[2]


def test_the_default_bound_is_the_sse_framers() -> None:
    assert DEFAULT_MAX_LINE_BYTES == 64 << 20


@pytest.mark.parametrize("head", [b"", b'{"request": "', b' \t{"request": "'])
@pytest.mark.parametrize("size", [2_000, 1 << 20])
def test_a_line_over_the_bound_is_one_bad_line_and_the_records_after_it_are_read(
    size: int, head: bytes
) -> None:
    """A line that starts like a record ("{" first) is bounded too: it was read whole, however long
    (red team 23 F03)."""
    long_line = head + b"a" * size + b"\n" if head else b"\0" * size + b"\n"
    reader = lc.jsonl.read(_log(long_line), lc.Turn, on_error="collect", max_line_bytes=1000)
    assert list(reader) == TURNS
    assert (reader.good, reader.bad) == (3, 1)
    [bad] = reader.errors
    assert (bad.line, bad.offset, bad.raw) == (2, len(LINES[0]), b"")
    assert bad.message == (
        f"the line is longer than max_line_bytes (1000): {len(long_line)} bytes, skipped unread "
        "(a longer record is read with max_line_bytes=None)"
    )


def test_under_raise_the_long_line_is_a_record_error_after_the_records_before_it() -> None:
    got: list[Any] = []
    with pytest.raises(
        lc.RecordError, match=r"line 2 \(byte \d+\): the line is longer than max_line_bytes"
    ) as raised:
        for record in lc.jsonl.read(_log(b"x" * 5000 + b"\n"), lc.Turn, max_line_bytes=1000):
            got.append(record)
    assert got == TURNS[:1]
    assert (raised.value.line, raised.value.offset) == (2, len(LINES[0]))


def test_the_bound_counts_the_line_without_its_newline() -> None:
    line = LINES[0]
    exact = len(line) - 1
    assert list(lc.jsonl.read(line * 3, lc.Turn, max_line_bytes=exact)) == [TURNS[0]] * 3
    assert list(lc.jsonl.read(line[:-1], lc.Turn, max_line_bytes=exact)) == [
        TURNS[0]
    ]  # no newline at the end
    reader = lc.jsonl.read(line * 2, lc.Turn, on_error="skip", max_line_bytes=exact - 1)
    assert (list(reader), reader.bad) == ([], 2)  # a record past it: skipped unread too
    nul = b"\0" * exact
    reader = lc.jsonl.read(nul + b"\n" + line, lc.Turn, on_error="collect", max_line_bytes=exact)
    assert (list(reader), reader.errors[0].raw) == ([TURNS[0]], nul)  # at the bound: read, bad
    reader = lc.jsonl.read(nul + b"\0\n" + line, lc.Turn, on_error="collect", max_line_bytes=exact)
    assert (list(reader), reader.errors[0].raw) == ([TURNS[0]], b"")  # past it: skipped unread
    last = lc.jsonl.read(LINES[1] + b"x" * 5000, lc.Turn, on_error="collect", max_line_bytes=1000)
    assert list(last) == [TURNS[1]] and [e.line for e in last.errors] == [2]  # the last line, unended


def test_none_lifts_the_bound() -> None:
    big = lc.Turn(request=lc.Request("m", [lc.Message.user("x" * 5000)]), response=TURNS[0].response)
    data = LINES[0] + lc.encode(big) + b"\n"
    assert list(lc.jsonl.read(data, lc.Turn, max_line_bytes=None)) == [TURNS[0], big]
    reader = lc.jsonl.read(
        data + b"\0" * 5000 + b"\n" + LINES[1], lc.Turn, on_error="collect", max_line_bytes=None
    )
    assert list(reader) == [TURNS[0], big, TURNS[1]] and reader.errors[0].raw == b"\0" * 5000


@pytest.mark.parametrize("lead", [b"", b" \t", b"\xef\xbb\xbf"])
@pytest.mark.parametrize("name", ["log.jsonl", "log.jsonl.gz", "log.jsonl.zst"])
def test_a_record_lc_jsonl_write_wrote_past_the_bound_is_read_back_with_none(
    tmp_path: Path, name: str, lead: bytes
) -> None:
    """A record longer than max_line_bytes (a big base64 video in a request log) is a bad line
    skipped unread, the records around it read (red team 23 F03: such a line was held whole,
    however long); ``max_line_bytes=None`` reads it back."""
    big = lc.Turn(request=lc.Request("m", [lc.Message.user("x" * 300_000)]), response=TURNS[0].response)
    path = tmp_path / name
    lc.jsonl.write(path, [big, TURNS[1], big])
    if lead:
        plain = lc.jsonl.read(path, lc.Turn, max_line_bytes=None)
        with files.open_write(tmp_path / ("x" + name)) as fh:
            fh.write(lead + b"".join(lc.encode(t) + b"\n" for t in plain))
        path = tmp_path / ("x" + name)
    reader = lc.jsonl.read(path, lc.Turn, on_error="collect", max_line_bytes=1000)
    assert list(reader) == [TURNS[1]] and [(e.line, e.raw) for e in reader.errors] == [(1, b""), (3, b"")]
    reader = lc.jsonl.read(path, lc.Turn, on_error="collect", max_line_bytes=None)
    assert list(reader) == [big, TURNS[1], big] and reader.errors == []
    assert reader.offset == len(lead) + len(lc.encode(big)) + 1 + len(LINES[1])


@pytest.mark.parametrize("value", [0, -1, 1.5, "64"])
def test_a_bound_that_is_no_positive_int_is_refused_at_the_call(value: Any) -> None:
    with pytest.raises((ValueError, TypeError), match="max_line_bytes"):
        lc.jsonl.read(LINES[0], lc.Turn, max_line_bytes=value)


def _peak(read: Callable[[], Any]) -> int:
    tracemalloc.start()
    try:
        read()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("name", ["log.jsonl", "log.jsonl.gz"])
def test_a_long_line_is_skipped_in_memory_bounded_by_the_bound_not_the_line(
    tmp_path: Path, name: str
) -> None:
    """96 MiB of NULs between good records, read with a 1 MiB bound: the peak stays a few MiB (the
    bound, a read buffer; from .gz, what the checked reader holds back), where the line was held
    whole, twice (192 MiB)."""
    path = tmp_path / name
    long_line = b"\0" * (96 << 20) + b"\n"
    data = _log(long_line)
    path.write_bytes(gzip.compress(data, compresslevel=1) if name.endswith(".gz") else data)
    del data, long_line

    def read() -> None:
        reader = lc.jsonl.read(path, lc.Turn, on_error="collect", max_line_bytes=1 << 20)
        assert list(reader) == TURNS and [e.line for e in reader.errors] == [2]

    held_back = 4 * files.HOLD if name.endswith(".gz") else 0  # the decompressor's bound (L4)
    assert _peak(read) < (12 << 20) + held_back


def test_a_record_line_of_a_compressed_bomb_is_skipped_in_bounded_memory(tmp_path: Path) -> None:
    """A .gz of ~0.1 MB holding one 96 MiB line ``{"request": "aaa…`` between good records, read
    with a 1 MiB bound: the peak stays a few MiB, where the line (it starts like a record) was
    held whole, about twice (red team 23 F03: 200 MiB took 642 MiB of RSS)."""
    path = tmp_path / "log.jsonl.gz"
    path.write_bytes(gzip.compress(_log(b'{"request": "' + b"a" * (96 << 20) + b'"}\n'), compresslevel=1))

    def read() -> None:
        reader = lc.jsonl.read(path, lc.Turn, on_error="collect", max_line_bytes=1 << 20)
        assert list(reader) == TURNS and [(e.line, e.raw) for e in reader.errors] == [(2, b"")]

    assert _peak(read) < (12 << 20) + 4 * files.HOLD


def test_the_default_bound_skips_a_longer_line_in_bounded_memory(tmp_path: Path) -> None:
    """A sparse file: a good record, 160 MiB of NULs, a good record, at the default bound: the
    line's first 64 MiB are read whole (twice that at the peak, as the buffered reader joins its
    pieces), the rest in pieces; the whole line was 320 MiB."""
    path = tmp_path / "log.jsonl"
    with open(path, "wb") as fh:
        fh.write(LINES[0])
        fh.seek(len(LINES[0]) + (160 << 20))
        fh.write(b"\n" + LINES[1])

    def read() -> None:
        reader = lc.jsonl.read(path, lc.Turn, on_error="skip")
        assert list(reader) == TURNS[:2] and reader.bad == 1

    assert _peak(read) < 2 * DEFAULT_MAX_LINE_BYTES + (16 << 20)
