"""A bad JSONL line that hides a record (red team 56 F05, F01, F03).

A crashed writer's run of NULs with the restarted writer's record glued after it (no newline
between), or after a record cut by the crash, lost that record: the line was one bad line. A raw
NUL byte is never part of JSON, so a bad line is cut at its NUL runs and each piece read: it reads
as the same bytes with a newline after each run do (the differential test below). A UTF-8 byte
order mark that starts a later line (logs that each began with one, joined by ``cat``) is skipped
as on line 1. A log whose lines end in CR alone is told so, not "truncated last line?".
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
import lmcodec.llm as llm
from lmcodec.cli._llm_records import read_llm_record

from ..budget import examples
from ..cli.test_bad_records import TURN

REC = TURN.rstrip(b"\n")
BOM = b"\xef\xbb\xbf"
TURNS = [lc.decode(REC, lc.Turn)] * 3


def _read(data: bytes, **options: Any) -> tuple[list[Any], list[lc.BadRecord]]:
    reader = lc.jsonl.read(data, lc.Turn, on_error="collect", **options)
    return list(reader), reader.errors


def test_a_record_glued_after_a_run_of_nuls_is_read() -> None:
    records, errors = _read(REC + b"\n" + b"\0" * 4096 + REC + b"\n" + REC + b"\n")
    assert records == TURNS
    [bad] = errors
    start = len(REC) + 1
    assert (bad.line, bad.offset, bad.raw) == (2, start, b"\0" * 4096)
    assert (
        bad.message == f"4096 NUL bytes (a crashed writer's preallocated tail?), bytes {start}-{start + 4095}"
    )


def test_a_record_before_a_run_of_nuls_on_its_line_is_read() -> None:
    records, errors = _read(REC + b"\n" + REC + b"\0" * 100 + b"\n" + REC + b"\n")
    assert records == TURNS
    [bad] = errors
    assert (bad.line, bad.offset, bad.raw) == (2, 2 * len(REC) + 1, b"\0" * 100)


def test_a_cut_record_and_its_nuls_are_one_region_the_record_after_them_read() -> None:
    """The crash cut a record (the NULs fill the rest of its block): one bad region, then the record."""
    records, errors = _read(REC + b"\n" + REC[:50] + b"\0" * 300 + REC + b"\n")
    assert records == TURNS[:2]
    [bad] = errors
    assert (bad.line, bad.offset, bad.raw) == (2, len(REC) + 1, REC[:50] + b"\0" * 300)
    assert bad.message.endswith("(the region holds 300 NUL bytes (a crashed writer's preallocated tail?))")


def test_a_line_of_nuls_or_garbage_and_nuls_is_one_bad_line_as_before() -> None:
    for line in (b"\0" * 10, b"xx\0\0yy", b"\0{\0"):
        records, errors = _read(REC + b"\n" + line + b"\n" + REC + b"\n")
        assert records == TURNS[:2]
        assert [(bad.line, bad.raw) for bad in errors] == [(2, line)]


def test_under_raise_the_run_of_nuls_before_a_record_raises_at_the_run() -> None:
    data = REC + b"\n" + b"\0" * 8 + REC + b"\n"
    reader = lc.jsonl.read(data, lc.Turn)
    it = iter(reader)
    assert next(it) == TURNS[0]
    with pytest.raises(lc.RecordError, match=r"line 2 \(byte \d+\): 8 NUL bytes"):
        next(it)


def test_in_llms_format_too() -> None:
    line = llm.encode(llm.from_turn(TURNS[0]))
    data = line + b"\n" + b"\0" * 64 + line + b"\n"
    reader = lc.jsonl.read(data, llm.Response, on_error="skip", decode=read_llm_record)
    assert len(list(reader)) == 2 and reader.bad == 1


_NUL_RUN = re.compile(rb"\x00+")


@settings(max_examples=examples(100), deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from([REC, REC[:40], b"", b"  ", b"[1]"]),
            st.integers(0, 9),
            st.sampled_from([b"", b"\n", b"\r\n"]),
        ),
        max_size=8,
    )
)
def test_a_run_of_nuls_reads_as_if_a_newline_followed_it(pieces: list[tuple[bytes, int, bytes]]) -> None:
    """The differential test: every record of ``piece, NULs, [line end]...`` equals those of the
    same bytes with a newline after each NUL run (where no record was lost before)."""
    data = b"".join(piece + b"\0" * nuls + end for piece, nuls, end in pieces)
    split = _NUL_RUN.sub(lambda run: run.group() + b"\n", data)
    assert _read(data)[0] == _read(split)[0]


def test_joined_logs_that_each_start_with_a_bom_read_as_the_pieces_alone() -> None:
    a = BOM + REC + b"\n" + REC + b"\n"
    b = BOM + REC + b"\n"
    records, errors = _read(a + b + b)
    assert records == [TURNS[0]] * 4 and not errors


def test_a_bad_line_after_a_bom_names_the_mark() -> None:
    _, [bad] = _read(REC + b"\n" + BOM + b"{}\n")
    assert bad.line == 2 and bad.message.endswith(
        "(the line starts with a UTF-8 byte order mark: files joined with cat?)"
    )


def test_cr_line_ends_are_named_not_blamed_on_a_truncated_last_line() -> None:
    _, [bad] = _read(REC + b"\r" + REC + b"\r" + REC + b"\r")
    assert "truncated last line?" not in bad.message
    assert bad.message.endswith(
        "(the log's lines end in CR alone, not LF: convert them first, tr '\\r' '\\n' < LOG > FIXED)"
    )
    _, [cut] = _read(REC + b"\n" + REC[:40])
    assert cut.message.endswith("(truncated last line?)")
