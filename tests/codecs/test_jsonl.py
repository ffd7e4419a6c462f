"""JSON Lines logs: round trips, compression, and the defined outcome of every kind of bad line."""

from __future__ import annotations

import gzip
import io
import shutil
import struct
import subprocess
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts
from lmcodec.codecs import jsonl

TURNS = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(12)]


def _log(turns: list[lc.Turn]) -> list[bytes]:
    return [lc.encode(t) + b"\n" for t in turns]


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz", ".jsonl.zst"])
def test_round_trip_through_files(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"log{suffix}"
    assert jsonl.write(path, TURNS) == len(TURNS)
    assert list(jsonl.read(path, lc.Turn)) == TURNS
    if suffix == ".jsonl.gz":
        assert gzip.decompress(path.read_bytes()) == b"".join(_log(TURNS))


@pytest.mark.parametrize(
    ("suffix", "magic"),
    [
        (".JSONL.GZ", b"\x1f\x8b"),
        (".jsonl.Gz", b"\x1f\x8b"),
        (".jsonl.gzip", b"\x1f\x8b"),
        (".jsonl.ZST", b"\x28\xb5\x2f\xfd"),
        (".jsonl.zstd", b"\x28\xb5\x2f\xfd"),
    ],
)
def test_compression_suffixes_in_any_case(tmp_path: Path, suffix: str, magic: bytes) -> None:
    """Written compressed and read back, never taken for plain JSONL."""
    path = tmp_path / f"log{suffix}"
    assert jsonl.write(path, TURNS) == len(TURNS)
    assert path.read_bytes().startswith(magic)
    assert list(jsonl.read(path, lc.Turn)) == TURNS


@pytest.mark.parametrize("compress", ["gzip", "zstd"])
def test_compressed_content_under_a_plain_name_is_read_by_its_magic(tmp_path: Path, compress: str) -> None:
    """No JSON text starts with gzip's or zstd's magic bytes, so the content names the format."""
    packed = tmp_path / f"log.jsonl.{'gz' if compress == 'gzip' else 'zst'}"
    jsonl.write(packed, TURNS)
    plain = tmp_path / "log.jsonl"
    plain.write_bytes(packed.read_bytes())
    assert list(jsonl.read(plain, lc.Turn)) == TURNS
    assert list(jsonl.read(packed.read_bytes(), lc.Turn)) == TURNS
    with packed.open("rb") as fh:
        assert list(jsonl.read(fh, lc.Turn)) == TURNS
    assert list(jsonl.read(io.BytesIO(packed.read_bytes()), lc.Turn)) == TURNS  # a reader with no peek
    if compress == "gzip":
        with gzip.open(packed, "rb") as decompressed:  # named *.gz, its bytes already plain
            assert list(jsonl.read(decompressed, lc.Turn)) == TURNS


class _Trickle(io.RawIOBase):
    """A pipe that delivers ``step`` bytes per read (a slow network): a peek shows no more."""

    def __init__(self, data: bytes, step: int) -> None:
        super().__init__()
        self._data, self._step = data, step

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        piece, self._data = self._data[: self._step], self._data[self._step :]
        memoryview(buffer).cast("B")[: len(piece)] = piece
        return len(piece)


@pytest.mark.parametrize("step", [1, 2, 3])
@pytest.mark.parametrize("compress", ["gzip", "zstd", None])
def test_compression_is_sniffed_on_a_pipe_that_shows_a_byte_at_a_time(
    tmp_path: Path, compress: str | None, step: int
) -> None:
    """A peek at a pipe shows what arrived so far: the start of a magic is completed by reading
    (and handed back), so a trickled compressed log is read, not taken for bad JSON lines."""
    packed = tmp_path / f"log.jsonl{'' if compress is None else '.gz' if compress == 'gzip' else '.zst'}"
    jsonl.write(packed, TURNS)
    pipe = io.BufferedReader(_Trickle(packed.read_bytes(), step))
    assert list(jsonl.read(pipe, lc.Turn)) == TURNS


def test_bytes_read_to_sniff_a_pipe_are_handed_back() -> None:
    """A first line starting with a magic's first byte (not JSON) stays whole in the bad record."""
    data = b"(junk\n" + b"".join(_log(TURNS))
    reader = jsonl.read(io.BufferedReader(_Trickle(data, 1)), lc.Turn, on_error="collect")
    assert list(reader) == TURNS
    assert [bad.raw for bad in reader.errors] == [b"(junk"]


@pytest.mark.parametrize("magic", [0x184D2A50, 0x184D2A5F])
def test_a_zstd_log_that_starts_with_a_skippable_frame_is_sniffed(tmp_path: Path, magic: int) -> None:
    """pzstd writes a skippable frame (magic 0x184D2A50..5F, bytes ``5? 2a 4d 18``: no JSON text
    starts so) before each frame; it was read as plain JSONL by its content, every line bad
    (red team F01), while the .zst suffix read it."""
    zstandard = pytest.importorskip("zstandard")
    skippable = struct.pack("<II", magic, 4) + b"\0\0\0\0"
    data = skippable + zstandard.ZstdCompressor(write_checksum=True).compress(b"".join(_log(TURNS)))
    plain = tmp_path / "log"
    plain.write_bytes(data)
    assert list(jsonl.read(plain, lc.Turn)) == TURNS
    assert list(jsonl.read(data, lc.Turn)) == TURNS
    with plain.open("rb") as fh:
        assert list(jsonl.read(fh, lc.Turn)) == TURNS
    assert list(jsonl.read(io.BytesIO(data), lc.Turn)) == TURNS
    for step in (1, 2, 3):
        assert list(jsonl.read(io.BufferedReader(_Trickle(data, step)), lc.Turn)) == TURNS


@pytest.mark.skipif(shutil.which("pzstd") is None, reason="pzstd is not installed")
def test_what_pzstd_writes_is_read_under_any_name(tmp_path: Path) -> None:
    src = tmp_path / "log.jsonl"
    jsonl.write(src, TURNS)
    subprocess.run(["pzstd", "-q", "-f", str(src), "-o", str(tmp_path / "log")], check=True)
    data = (tmp_path / "log").read_bytes()
    assert data[1:4] == b"\x2a\x4d\x18"  # a skippable frame first
    assert list(jsonl.read(tmp_path / "log", lc.Turn)) == TURNS
    assert list(jsonl.read(io.BytesIO(data), lc.Turn)) == TURNS


def test_a_first_line_starting_like_a_skippable_frame_stays_a_bad_line() -> None:
    """``P*M`` is no magic: read back whole as the bad first line."""
    data = b"P*M\n" + b"".join(_log(TURNS))
    for source in (data, io.BytesIO(data), io.BufferedReader(_Trickle(data, 1))):
        reader = jsonl.read(source, lc.Turn, on_error="collect")
        assert list(reader) == TURNS
        assert [bad.raw for bad in reader.errors] == [b"P*M"]


def test_damaged_compressed_bytes_under_a_plain_name_raise(tmp_path: Path) -> None:
    data = gzip.compress(b"".join(_log(TURNS)))
    cut = tmp_path / "log.jsonl"
    cut.write_bytes(data[: len(data) // 2])
    with pytest.raises(lc.DecodeError):
        list(jsonl.read(cut, lc.Turn))


def test_write_matches_encode_line_by_line() -> None:
    out = io.BytesIO()
    jsonl.write(out, TURNS)
    assert out.getvalue() == b"".join(_log(TURNS))


def test_read_from_bytes_and_file_object() -> None:
    data = b"".join(_log(TURNS))
    assert list(jsonl.read(data, lc.Turn)) == TURNS
    assert list(jsonl.read(io.BytesIO(data), lc.Turn)) == TURNS


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
def test_a_byte_order_mark_before_the_first_record_is_ignored(tmp_path: Path, suffix: str) -> None:
    """As json.loads ignores it; at the start of a later line too (logs that each began with one,
    joined by cat: tests/codecs/test_jsonl_salvage.py)."""
    data = b"\xef\xbb\xbf" + b"".join(_log(TURNS))
    path = tmp_path / f"log{suffix}"
    path.write_bytes(gzip.compress(data) if suffix == ".jsonl.gz" else data)
    assert list(jsonl.read(path, lc.Turn)) == TURNS
    inner = b"".join(_log(TURNS[:1])) + b"\xef\xbb\xbf" + b"".join(_log(TURNS[1:2]))
    reader = jsonl.read(inner, lc.Turn, on_error="skip")
    assert list(reader) == TURNS[:2] and reader.bad == 0


def _mixed() -> tuple[bytes, list[bytes]]:
    lines = _log(TURNS[:4])
    bad = [
        b'{"request": 1}\n',  # wrong shape
        b"\xff\xfe not utf-8\n",  # invalid UTF-8
        lc.encode(TURNS[0].request) + b"\n",  # a record of the wrong type
    ]
    mixed = [lines[0], bad[0], lines[1], b"\n", b"   \n", bad[1], lines[2], bad[2], lines[3]]
    truncated = lines[0][: len(lines[0]) // 2]
    return b"".join(mixed) + truncated, [*bad, truncated]


def test_skip_keeps_every_good_record_and_counts_the_bad() -> None:
    data, bad = _mixed()
    reader = jsonl.read(data, lc.Turn, on_error="skip")
    assert list(reader) == TURNS[:4]
    assert (reader.good, reader.bad) == (4, len(bad))
    assert reader.errors == []


def test_collect_returns_bad_lines_verbatim_with_where_and_why() -> None:
    data, bad = _mixed()
    reader = jsonl.read(data, lc.Turn, on_error="collect")
    assert list(reader) == TURNS[:4]
    assert [e.raw for e in reader.errors] == [b.rstrip(b"\n") for b in bad]
    assert [e.line for e in reader.errors] == [2, 6, 8, 10]
    for error in reader.errors:
        assert data[error.offset : error.offset + len(error.raw)] == error.raw
    assert reader.errors[0].path == "$.request"
    assert "truncated" in reader.errors[-1].message


def test_raise_names_line_offset_and_path() -> None:
    data, _ = _mixed()
    reader = jsonl.read(data, lc.Turn)
    with pytest.raises(jsonl.RecordError) as info:
        list(reader)
    err = info.value
    assert (err.line, err.path) == (2, "$.request")
    assert err.offset == len(_log(TURNS[:1])[0])
    assert isinstance(err.cause, lc.ValidationError)


def test_blank_lines_are_ignored_and_last_line_needs_no_newline() -> None:
    data = b"\n" + lc.encode(TURNS[0]) + b"\n\n" + lc.encode(TURNS[1])
    assert list(jsonl.read(data, lc.Turn)) == TURNS[:2]


@pytest.mark.parametrize("head", [b"\n", b"  \r\n", b""], ids=["blank", "spaces-crlf", "bom-alone"])
def test_a_byte_order_mark_on_a_blank_first_line_is_a_blank_line(head: bytes) -> None:
    data = b"\xef\xbb\xbf" + head + (lc.encode(TURNS[0]) + b"\n" if head else b"")
    reader = jsonl.read(data, lc.Turn, on_error="collect")
    assert list(reader) == (TURNS[:1] if head else []) and reader.errors == []


def test_lenient_reads_tolerant_forms() -> None:
    data = b'{"type":"text"}\n{"type":"text","text":"a","continuation":null}\n'
    assert list(jsonl.read(data, lc.Part, lenient=True)) == [lc.TextPart(""), lc.TextPart("a")]
    with pytest.raises(jsonl.RecordError):
        list(jsonl.read(data, lc.Part))


def test_bad_on_error_value() -> None:
    with pytest.raises(ValueError, match="on_error"):
        jsonl.read(b"", lc.Turn, on_error="ignore")  # type: ignore[arg-type]


def test_memory_is_bounded_by_the_largest_record(tmp_path: Path) -> None:
    path = tmp_path / "big.jsonl"
    jsonl.write(path, TURNS * 40)
    record = max(len(lc.encode(t)) for t in TURNS)
    tracemalloc.start()
    for _ in jsonl.read(path, lc.Turn):
        pass
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert path.stat().st_size > 40 * peak
    assert peak < 20 * record + (256 << 10)


def test_msgpack_stream_round_trip_and_truncation(tmp_path: Path) -> None:
    path = tmp_path / "log.msgpack.gz"
    assert lc.msgpack.write_stream(path, TURNS) == len(TURNS)
    assert list(lc.msgpack.read_stream(path, lc.Turn)) == TURNS
    buf = io.BytesIO()
    lc.msgpack.write_stream(buf, TURNS[:2])
    data = buf.getvalue()
    with pytest.raises(lc.DecodeError, match="record 1"):
        list(lc.msgpack.read_stream(data[:-5], lc.Turn))
    with pytest.raises(lc.ValidationError, match="record 0"):
        list(lc.msgpack.read_stream(b"\0\0\0\x01\xc0", lc.Turn))


_UTF16_LOG = "".join(
    lc.encode(t).decode() + "\n" for t in [lc.from_builtins(d, lc.Turn) for d in turn_dicts(3)]
)


@pytest.mark.parametrize("on_error", ["raise", "skip", "collect"])
@pytest.mark.parametrize(
    ("codec", "named"),
    [
        ("utf-16", "UTF-16LE"),
        ("utf-16-le", "UTF-16LE"),
        ("utf-16-be", "UTF-16BE"),
        ("utf-32", "UTF-32LE"),
        ("utf-32-le", "UTF-32LE"),
        ("utf-32-be", "UTF-32BE"),
    ],
)
def test_a_utf16_log_is_one_error_naming_its_encoding(codec: str, named: str, on_error: Any) -> None:
    """A log saved as UTF-16 (PowerShell 5.1's ``>``: a byte-order mark, then NUL-interleaved
    text) was N+1 bad lines "invalid character (byte 0)" (red team 23 F05); with or without the
    mark it is one RecordError at line 1 naming the encoding, in every on_error mode. UTF-32 is
    named as UTF-32 (its little-endian mark begins with UTF-16LE's: it was named UTF-16LE)."""
    reader = lc.jsonl.read(_UTF16_LOG.encode(codec), lc.Turn, on_error=on_error)
    with pytest.raises(lc.RecordError) as raised:
        list(reader)
    assert (raised.value.line, raised.value.offset) == (1, 0)
    assert f"the log is {named} text, not UTF-8" in str(raised.value)
    assert reader.bad == 0 and reader.errors == []


@pytest.mark.parametrize("on_error", ["skip", "collect"])
@pytest.mark.parametrize("blank", ["\n", "\r\n", " \n", "\n\n\n", "\t\r\n \n"])
@pytest.mark.parametrize(
    ("codec", "named"),
    [
        ("utf-16-le", "UTF-16LE"),
        ("utf-16-be", "UTF-16BE"),
        ("utf-32-le", "UTF-32LE"),
        ("utf-32-be", "UTF-32BE"),
    ],
)
def test_a_wide_log_with_blank_lines_first_is_named(
    codec: str, named: str, blank: str, on_error: Any
) -> None:
    """Blank lines before the first record of a UTF-16/32 log without a mark (its newlines' NULs
    fall at the start of the next line) hid the encoding: under "skip" the log read as no record and
    no error, under "collect" as N+1 bad lines (review 15 F02). It is the same one error."""
    reader = lc.jsonl.read((blank + _UTF16_LOG).encode(codec), lc.Turn, on_error=on_error)
    with pytest.raises(lc.RecordError) as raised:
        list(reader)
    assert f"the log is {named} text, not UTF-8" in str(raised.value)
    assert reader.bad == 0 and reader.errors == []


@pytest.mark.parametrize("blank", ["", "\n", "\r\n\n", "   \n"])
def test_a_utf8_log_with_blank_lines_or_nul_lines_first_reads_as_before(blank: str) -> None:
    """The look at the head for a wide encoding keeps a UTF-8 log's records and bad lines: blank
    lines skipped, a line of NULs one bad line, the records after it all read."""
    turns = list(lc.jsonl.read((blank + _UTF16_LOG).encode(), lc.Turn))
    assert len(turns) == 3
    reader = lc.jsonl.read((blank + "\x00\x00\n" + _UTF16_LOG).encode(), lc.Turn, on_error="collect")
    assert len(list(reader)) == 3
    assert reader.bad == 1 and reader.errors[0].line == blank.count("\n") + 1
