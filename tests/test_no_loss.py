"""No loss: a log with bad lines mixed in converts with every good line kept and every bad line reported.

The log below mixes good Turn records (LF and CRLF line ends, blank lines
between them, one after a byte-order mark as two joined logs leave it: read, the
mark skipped) with every kind of bad line: malformed, truncated, invalid UTF-8,
a BOM before a cut-off record, NaN, a lone surrogate escape, 100,000 levels of
nesting, an unknown tag, a broken rule, a wrong type, an over-long integer,
binary noise, and a cut-off last line without a newline. The output is compared
line by line: the n-th good input line is the n-th record written, and each bad
line is reported with its line number, byte offset and cause, and written to the
rejects file verbatim.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts

TURNS = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(6, seed=9)]
GOOD = [lc.encode(t) for t in TURNS]
_RECORD = GOOD[0]
BAD = [
    b'{"request": {}}',
    b"not json at all",
    _RECORD[: len(_RECORD) // 2],
    _RECORD.replace(b'"text":"', b'"text":"\xff', 1),
    b"\xef\xbb\xbf" + _RECORD[: len(_RECORD) // 3],
    _RECORD.replace(b'"temperature":', b'"temperature":NaN,"x":', 1)
    if b'"temperature":' in _RECORD
    else _RECORD[:-1] + b',"metadata":{"x":NaN}}',
    _RECORD.replace(b'"text":"', b'"text":"\\ud800', 1),
    _RECORD[:-1] + b',"metadata":{"x":' + b"[" * 100_000 + b"]" * 100_000 + b"}}",
    _RECORD.replace(b'{"type":"text"', b'{"type":"hologram"', 1),
    _RECORD.replace(b'"role":"assistant"', b'"role":"user"', 1),
    _RECORD.replace(b'"model":"', b'"model":7,"x":"', 1),
    _RECORD[:-1] + b',"metadata":{"n":' + b"9" * 5000 + b"}}",
    bytes(range(256)).replace(b"\n", b""),
]
TAIL = _RECORD[:100]  # the last line, cut off, no newline
BOM_FIRST = 2
"""The good record written after a byte-order mark (a second log joined after the first's end)."""


def _log() -> tuple[bytes, list[tuple[int, bytes]], list[tuple[int, int, bytes]]]:
    """The mixed log; the good lines (number, record bytes) and the bad ones (number, offset, raw)."""
    out = bytearray()
    good: list[tuple[int, bytes]] = []
    bad: list[tuple[int, int, bytes]] = []
    number = 0
    for i in range(max(len(GOOD), len(BAD))):
        for kind, lines in (("good", GOOD), ("bad", BAD)):
            if i >= len(lines):
                continue
            number += 1
            end = b"\r\n" if i % 3 == 1 else b"\n"
            if kind == "good":
                good.append((number, lines[i]))
                if i == BOM_FIRST:
                    out += b"\xef\xbb\xbf"
            else:
                bad.append((number, len(out), lines[i]))
            out += lines[i] + end
        if i % 4 == 0:
            number += 1
            out += b"   \n"  # a blank line: neither good nor bad
    number += 1
    bad.append((number, len(out), TAIL))
    out += TAIL
    return bytes(out), good, bad


def test_reader_keeps_every_good_line_and_reports_every_bad_one() -> None:
    log, good, bad = _log()
    reader = lc.jsonl.read(log, lc.Turn, on_error="collect")
    records = list(reader)
    assert len(records) == len(good) and reader.good == len(good) and reader.bad == len(bad)
    for record, (number, line) in zip(records, good, strict=True):
        assert lc.encode(record) == line, f"line {number}"
    for error, (number, offset, raw) in zip(reader.errors, bad, strict=True):
        assert (error.line, error.offset, error.raw) == (number, offset, raw)
        assert error.message
    messages = [e.message for e in reader.errors]
    assert any("nested too deeply" in m for m in messages) and any("surrogate" in m for m in messages)
    assert reader.errors[-1].message.endswith("(truncated last line?)")
    skip = lc.jsonl.read(log, lc.Turn, on_error="skip")
    assert list(skip) == records and skip.bad == len(bad) and not skip.errors


def test_convert_command_line_by_line(tmp_path: Path) -> None:
    log, good, bad = _log()
    src, dest, rejects = tmp_path / "in.jsonl", tmp_path / "out.jsonl", tmp_path / "rejects.jsonl"
    src.write_bytes(log)
    out = subprocess.run(
        [sys.executable, "-m", "lmcodec", "convert", str(src), str(dest), "--rejects", str(rejects)],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert dest.read_bytes().split(b"\n")[:-1] == [line for _, line in good]
    assert rejects.read_bytes().split(b"\n")[:-1] == [raw for _, _, raw in bad]
    stderr = out.stderr.decode()
    for number, offset, _ in bad:
        assert f"line {number} (byte {offset})" in stderr
    assert f"{len(good)} records converted, {len(bad)} bad records" in stderr


def test_convert_to_msgpack_keeps_every_good_line(tmp_path: Path) -> None:
    log, good, _ = _log()
    src, dest = tmp_path / "in.jsonl", tmp_path / "out.msgpack"
    src.write_bytes(log)
    out = subprocess.run(
        [sys.executable, "-m", "lmcodec", "convert", str(src), str(dest), "--to", "msgpack"],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    records = list(lc.msgpack.read_stream(dest, lc.Turn))
    assert [lc.encode(r) for r in records] == [line for _, line in good]


def test_unknown_tags_kept_instead_of_rejected() -> None:
    log, good, bad = _log()
    reader = lc.jsonl.read(log, lc.Turn, on_error="collect", unknown="keep")
    records = list(reader)
    assert len(records) == len(good) + 1 and reader.bad == len(bad) - 1
    written = io.BytesIO()
    lc.jsonl.write(written, records)
    hologram = BAD[8]
    assert hologram in written.getvalue().split(b"\n")  # kept, and written back byte for byte
