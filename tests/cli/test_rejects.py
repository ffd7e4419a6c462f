"""``convert --rejects``: every record not written (bad on input, or one the output format
cannot hold) kept there verbatim, in the input's framing, finished before DEST is renamed."""

from __future__ import annotations

import gzip
import json
import struct
from pathlib import Path

import msgspec
import pytest

import lmcodec as lc
from lmcodec import cli

from .test_bad_records import _NO_JSON, BAD, TURN, _msgpack_turn


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (a device every write to fails)")
@pytest.mark.parametrize("bad_lines", [1, 5_000])  # written on leaving (buffered) / while reading
def test_rejects_that_cannot_be_written_leave_dest_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad_lines: int
) -> None:
    """A full disk under --rejects: DEST was renamed over before the rejects' buffered tail
    failed, then status 2 and a bare "No space left on device" (red team 12 F03). The rejects
    are finished before DEST is renamed, and the file is named."""
    src, dest = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_bytes((TURN + BAD * bad_lines) * 2)
    dest.write_bytes(b"the previous output\n")
    assert cli.main(["convert", str(src), str(dest), "--rejects", "/dev/full"]) == 2
    assert dest.read_bytes() == b"the previous output\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "out.jsonl"]
    assert capsys.readouterr().err.endswith("lmcodec: /dev/full: No space left on device\n")


def test_msgpack_rejects_are_a_msgpack_stream_of_the_bad_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad MessagePack record was written to --rejects as its bytes and a newline: no length
    prefix, and a record's bytes hold 0x0a wherever a value is 10, so the rejects could not be
    split back into records (red team 12 F07). They are written in the input's framing."""
    bad = [msgspec.msgpack.encode({"not": "a turn", "n": 10}), msgspec.msgpack.encode([1, 2, 3, 10, 13])]
    good = lc.msgpack.encode(lc.decode(TURN, lc.Turn))
    src, dest, rejects = tmp_path / "in.msgpack", tmp_path / "out.jsonl", tmp_path / "rejects.msgpack"
    src.write_bytes(b"".join(struct.pack(">I", len(r)) + r for r in [good, bad[0], good, bad[1]]))
    assert cli.main(["convert", str(src), str(dest), "--rejects", str(rejects)]) == 0
    assert "2 records converted, 2 bad records" in capsys.readouterr().err
    back = lc.msgpack.read_stream(rejects, lc.Turn, on_error="collect")
    assert list(back) == [] and [e.raw for e in back.errors] == bad
    assert rejects.read_bytes() == b"".join(struct.pack(">I", len(r)) + r for r in bad)


def _wide_log(count: int) -> tuple[bytes, list[bytes], list[bytes]]:
    """A JSONL log of ``count`` Turns, every other one holding a 128-bit trace id (JSON and
    Parquet's JSON column hold it; MessagePack cannot), then a malformed line; with its lines
    MessagePack can hold and the others."""
    fits, wide = [], []
    for i in range(count):
        record = json.loads(TURN)
        record["response"]["id"] = f"r{i}"
        if i % 2:
            record["metadata"] = {"trace_id": 2**70 + i}
        (wide if i % 2 else fits).append(json.dumps(record).encode())
    lines = [line for pair in zip(fits, wide, strict=True) for line in pair]
    return b"".join(line + b"\n" for line in lines) + b'{"cut off\n', fits, wide


@pytest.mark.parametrize("rejects_name", ["rejects.jsonl", "rejects.jsonl.gz"])
def test_every_record_not_written_is_in_the_rejects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rejects_name: str
) -> None:
    """Records the output cannot hold were counted, named (the first 20) and dropped: only bad
    input lines reached --rejects, so 60 of 120 records had no copy anywhere (red team 12 F08).
    Every record not written is now in the rejects, verbatim and in input order: DEST and the
    rejects hold every input record. The output is the same as without --rejects."""
    log, fits, wide = _wide_log(120)
    src, dest, rejects = tmp_path / "in.jsonl", tmp_path / "out.msgpack", tmp_path / rejects_name
    src.write_bytes(log)
    assert cli.main(["convert", str(src), str(dest), "--rejects", str(rejects)]) == 0
    err = capsys.readouterr().err
    assert "60 records converted, 1 bad record, 60 not written" in err
    assert err.count("cannot write line ") == 20 and "cannot write line 120 as msgpack" not in err
    assert err.endswith(f"lmcodec: the 61 records not written are in {rejects}\n")
    kept = rejects.read_bytes() if rejects_name.endswith(".jsonl") else gzip.decompress(rejects.read_bytes())
    assert kept == b"".join(line + b"\n" for line in [*wide, b'{"cut off'])
    assert [lc.encode(t) for t in lc.msgpack.read_stream(dest, lc.Turn)] == [
        lc.encode(lc.decode(line, lc.Turn)) for line in fits
    ]
    again = tmp_path / "again.msgpack"
    assert cli.main(["convert", str(src), str(again)]) == 0
    assert again.read_bytes() == dest.read_bytes()
    assert capsys.readouterr().err == err[: err.index("lmcodec: the 61 records")]


def test_records_parquet_cannot_hold_are_in_the_rejects_named_by_their_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """To Parquet, a record it cannot hold (an int past 64 bits in a typed column) was named by
    its output index and not written to --rejects (F08): it is named by its input line and
    written there verbatim, also when it is not in the first row group."""
    pytest.importorskip("pyarrow")
    turn = json.loads(TURN)
    turn["response"]["usage"]["input_tokens"] = 2**63  # beyond Parquet's int64
    wide = json.dumps(turn).encode()
    lines = [TURN.rstrip(b"\n")] * 5000
    lines[2], lines[4500] = wide, wide
    src, dest, rejects = tmp_path / "in.jsonl", tmp_path / "out.parquet", tmp_path / "rejects.jsonl"
    src.write_bytes(b"\n".join(lines) + b"\n")
    assert cli.main(["convert", str(src), str(dest), "--rejects", str(rejects)]) == 0
    err = capsys.readouterr().err
    assert "cannot write line 3 as parquet" in err and "cannot write line 4501 as parquet" in err
    assert "4998 records converted, 0 bad records, 2 not written" in err
    assert rejects.read_bytes() == wide + b"\n" + wide + b"\n"


def test_msgpack_and_llm_records_not_written_are_in_the_rejects_as_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The rejects of MessagePack input are its records (with their length prefixes), of llm
    input its lines, whichever step refused them (F08)."""
    src, dest, rejects = tmp_path / "in.msgpack", tmp_path / "out.jsonl", tmp_path / "rejects.msgpack"
    good = _msgpack_turn({"city": "Zürich"})
    refused = [_msgpack_turn(value) for value in _NO_JSON.values()]
    src.write_bytes(good + b"".join(refused) + good)
    assert cli.main(["convert", str(src), str(dest), "--rejects", str(rejects)]) == 0
    assert f"2 records converted, 0 bad records, {len(_NO_JSON)} not written" in capsys.readouterr().err
    assert rejects.read_bytes() == b"".join(refused)
    good_llm = lc.llm.encode(lc.llm.from_turn(lc.decode(TURN, lc.Turn)))
    no_turn = json.loads(good_llm)
    no_turn["usage"]["details"] = {"cost": float("nan")}  # llm keeps it; a Turn's usage cannot
    refused_llm = json.dumps(no_turn).encode()
    llm_log, llm_rejects = tmp_path / "llm.jsonl", tmp_path / "llm_rejects.jsonl"
    llm_log.write_bytes(good_llm + b"\n" + refused_llm + b"\r\n" + b"not json\n")
    argv = ["convert", str(llm_log), str(dest), "--from", "llm", "--rejects", str(llm_rejects)]
    assert cli.main(argv) == 0
    assert "1 record converted, 1 bad record, 1 not written" in capsys.readouterr().err
    assert llm_rejects.read_bytes() == refused_llm + b"\n" + b"not json\n"


def test_the_tap_keeps_the_line_read_last_however_it_is_read() -> None:
    """The reader may iterate its source or call readline (with a bound; a line past it is skipped
    in pieces, none kept): either way the tap gives the line taken last without its line end, and
    the reader's bytes unchanged."""
    from lmcodec.cli._rejects import Tap

    data = b'{"a": 1}\r\nsecond\nlast'
    tap = Tap(data, length_prefixed=False)
    assert tap.peek(4) == b""  # decompressed when opened: nothing for the reader to sniff
    assert tap.readline(5) == b'{"a":'
    assert tap.readline() == b" 1}\r\n" and tap.take() == b" 1}"  # a cut line is not joined
    assert list(tap) == [b"second\n", b"last"] and tap.take() == b"last"
    assert tap.take() is None
    tap.close()
    doubly = gzip.compress(gzip.compress(TURN))  # read as the path reader reads it: once decompressed
    direct = lc.jsonl.read(doubly, lc.Turn, on_error="collect")
    tapped = lc.jsonl.read(Tap(doubly, length_prefixed=False), lc.Turn, on_error="collect")
    assert (list(direct), [e.raw for e in direct.errors]) == (list(tapped), [e.raw for e in tapped.errors])
    assert direct.bad == tapped.bad > 0 and direct.good == tapped.good == 0


def test_a_parquet_record_not_written_goes_to_the_rejects_as_lm15_json(tmp_path: Path) -> None:
    """Parquet holds no bytes of a record: one not written is kept as its lm15 JSON line, which
    reads back as the same record."""
    pytest.importorskip("pyarrow")
    from lmcodec import arrow
    from lmcodec.cli._convert import _Source

    turn = lc.decode(TURN, lc.Turn)
    src = tmp_path / "in.parquet"
    arrow.write_parquet([turn], src)
    source = _Source(str(src), "parquet", None, None, lenient=False, keep_raw=True)
    assert list(source.records) == [turn]
    raw = source.raw(source.last)
    assert raw is not None and lc.decode(raw, lc.Turn) == turn


def test_a_line_too_long_to_keep_is_not_said_to_be_in_the_rejects(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A line past jsonl.read's max_line_bytes is a bad line skipped unread (its raw is empty):
    --rejects got an empty line for it, and the run said every record not written was there."""
    from lmcodec.codecs.jsonl import DEFAULT_MAX_LINE_BYTES

    src, dest, rejects = tmp_path / "in.jsonl", tmp_path / "out.jsonl", tmp_path / "bad.jsonl"
    with src.open("wb") as fh:
        fh.write(TURN + b"not json\n")
        fh.seek(len(TURN) + 9 + DEFAULT_MAX_LINE_BYTES + 1)  # a hole: NULs, no disk used
        fh.write(b"\n" + TURN)
    assert cli.main(["convert", str(src), str(dest), "--rejects", str(rejects)]) == 0
    assert rejects.read_bytes() == b"not json\n"
    err = capsys.readouterr().err
    assert "2 records converted, 2 bad records" in err
    assert f"lmcodec: the 1 record not written is in {rejects}\n" in err
    assert err.endswith(
        f"lmcodec: 1 line longer than {DEFAULT_MAX_LINE_BYTES >> 20} MiB is not (skipped unread)\n"
    ), err


def test_max_line_bytes_is_an_option_and_the_message_names_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Review 9: the message named jsonl.read's Python argument (max_line_bytes), which the command
    had no option for; a run of NULs past --max-line-bytes is skipped, the records after it read,
    and 0 lifts the bound. (The bound is over the records' 14,503 bytes: a record past it is a bad
    line too.)"""
    src, dest = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_bytes(TURN + b"\0" * 20_000 + b"\n" + TURN)
    assert cli.main(["validate", str(src), "--max-line-bytes", "15000"]) == 1
    err = capsys.readouterr().err
    assert "longer than --max-line-bytes (15000): 20001 bytes, skipped unread" in err, err
    assert "(a longer record is read with --max-line-bytes 0)" in err
    assert "max_line_bytes" not in err
    rejects = tmp_path / "bad.jsonl"
    argv = ["convert", str(src), str(dest), "--rejects", str(rejects), "--max-line-bytes", "15000"]
    assert cli.main(argv) == 0
    assert dest.read_bytes().count(b"\n") == 2
    assert capsys.readouterr().err.endswith(
        "lmcodec: 1 line longer than 15000 bytes is not (skipped unread)\n"
    )
    assert cli.main(["convert", str(src), str(dest), "--rejects", str(rejects), "--max-line-bytes", "0"]) == 0
    assert rejects.read_bytes() == b"\0" * 20_000 + b"\n"  # no bound: read whole, kept verbatim
    with pytest.raises(SystemExit):
        cli.main(["validate", str(src), "--max-line-bytes", "-1"])


def test_a_record_past_max_line_bytes_is_a_bad_line_unless_the_bound_is_lifted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record longer than the bound is skipped unread like any long line (red team 23 F03: a line
    starting with "{" was read whole, however long); with --max-line-bytes 0 it is read, and one
    the output format refuses goes to --rejects whole."""
    big = lc.Turn(
        request=lc.Request("m", [lc.Message.user("x" * 5000)]),
        response=lc.decode(TURN, lc.Turn).response,
        metadata={"n": 2**64},  # JSON holds it, MessagePack cannot
    )
    line = lc.encode(big)
    src, dest, rejects = tmp_path / "in.jsonl", tmp_path / "out.msgpack", tmp_path / "bad.jsonl"
    src.write_bytes(TURN + line + b"\n" + TURN)
    assert cli.main(["validate", str(src), "--max-line-bytes", "1000"]) == 1
    assert "line 2 (byte" in capsys.readouterr().err
    argv = ["convert", str(src), str(dest), "--rejects", str(rejects), "--max-line-bytes", "0"]
    assert cli.main(argv) == 0
    assert rejects.read_bytes() == line + b"\n"
