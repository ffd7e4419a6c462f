"""Bad records in convert and validate: reported, written to --rejects as they are found, and
never all held in memory (a log of garbage is read in the memory of one bad line)."""

from __future__ import annotations

import gzip
import json
import struct
import subprocess
import sys
import tracemalloc
from pathlib import Path

import msgspec
import pytest

import lmcodec as lc
from lmcodec import cli
from lmcodec.cli.workload import turn_dicts

TURN = lc.encode(lc.from_builtins(turn_dicts(1)[0], lc.Turn)) + b"\n"
BAD_LINES = 20_000
BAD = b'{"request": "' + b"x" * 1_000 + b'"}\n'  # a Turn whose request is a string


def _peak(argv: list[str]) -> tuple[int, int]:
    """The command's exit status and the peak of Python's allocations while it ran."""
    tracemalloc.start()
    try:
        code = cli.main(argv)
        return code, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.thorough
@pytest.mark.parametrize("command", ["convert", "validate"])
def test_memory_does_not_grow_with_the_bad_records(
    tmp_path: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """20 MB of bad lines between two good ones: the peak stays a small fraction of them (every
    BadRecord with its raw line was kept before, ~40x the bad bytes in the process)."""
    src, dest, rejects = tmp_path / "in.jsonl", tmp_path / "out.jsonl", tmp_path / "bad.jsonl"
    src.write_bytes(TURN + BAD * BAD_LINES + TURN)
    argv = [command, str(src)] + ([str(dest), "--rejects", str(rejects)] if command == "convert" else [])
    code, peak = _peak(argv)
    bad_bytes = len(BAD) * BAD_LINES
    assert peak < bad_bytes / 8, f"peak {peak:,} bytes for {bad_bytes:,} bytes of bad lines"
    err = capsys.readouterr().err
    assert f"{BAD_LINES - 20} more bad records" in err
    assert err.count("bad record, line ") == 20
    if command == "convert":
        assert code == 0
        assert dest.read_bytes() == TURN * 2
        assert rejects.read_bytes() == BAD * BAD_LINES
    else:
        assert code == 1 and f"2 good records, {BAD_LINES} bad" in err


def test_messages_past_the_distinct_kinds_kept_are_counted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each bad line with its own message (malformed at another byte): the summary counts every
    one, those past the distinct messages it keeps together."""
    src = tmp_path / "in.jsonl"
    src.write_bytes(b"".join(b" " * i + b"x\n" for i in range(1_200)))
    assert cli.main(["validate", str(src)]) == 1
    err = capsys.readouterr().err
    assert "... and 1180 more bad records" in err
    assert "lmcodec:   1 x JSON is malformed: invalid character (byte 20)" in err
    assert "180 with messages past the first 1000 kinds" in err
    assert "0 good records, 1200 bad" in err


def test_a_damaged_log_under_skip_keeps_the_records_before_the_damage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A .gz log cut short (a logger killed mid-write): under --on-error skip the records and
    bad lines before the cut are written to DEST and --rejects, the damage is reported as one
    more bad record, status 1 (red team 12 F01: "nothing written", the good records lost)."""
    src, dest, rejects = tmp_path / "in.jsonl.gz", tmp_path / "out.jsonl", tmp_path / "bad.jsonl"
    whole = gzip.compress(TURN + BAD * 100 + TURN * 50)
    src.write_bytes(whole[: len(whole) * 2 // 3])
    before = list(lc.jsonl.read(gzip.decompress(whole), lc.Turn, on_error="skip"))
    assert cli.main(["convert", str(src), str(dest), "--rejects", str(rejects)]) == 1
    written = list(lc.jsonl.read(dest, lc.Turn))
    assert 1 < len(written) < 51 and written == before[: len(written)]
    assert rejects.read_bytes() == BAD * 100
    err = capsys.readouterr().err
    assert "damaged gzip data" in err and "every record before it was read" in err
    assert f"{len(written)} records converted, 101 bad records" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.jsonl", "in.jsonl.gz", "out.jsonl"]


def test_a_cut_msgpack_log_under_skip_keeps_its_complete_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A MessagePack log whose last record is cut: the complete ones are written (F01)."""
    src, dest = tmp_path / "in.msgpack", tmp_path / "out.jsonl"
    turns = [lc.decode(TURN, lc.Turn)] * 5
    lc.msgpack.write_stream(src, turns)
    src.write_bytes(src.read_bytes()[:-50])
    assert cli.main(["convert", str(src), str(dest)]) == 1
    assert list(lc.jsonl.read(dest, lc.Turn)) == turns[:4]
    err = capsys.readouterr().err
    assert "record 4 (byte " in err and "truncated record" in err
    assert "4 records converted, 1 bad record" in err


def test_a_failed_run_leaves_no_rejects_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A damaged gzip input under --on-error raise stops the run: neither the output nor the
    rejects written so far stay."""
    src, dest, rejects = tmp_path / "in.jsonl.gz", tmp_path / "out.jsonl", tmp_path / "bad.jsonl"
    whole = gzip.compress(TURN * 50)
    src.write_bytes(whole[: len(whole) * 2 // 3])
    argv = ["convert", str(src), str(dest), "--rejects", str(rejects), "--on-error", "raise"]
    assert cli.main(argv) == 1
    assert not dest.exists() and not rejects.exists()
    assert list(tmp_path.iterdir()) == [src]
    assert "every record before it was read" in capsys.readouterr().err


_NO_JSON = {  # opaque tool-call inputs MessagePack holds and JSON has no form for
    "nan": {"threshold": float("nan")},
    "infinity": {"limit": float("-inf")},
    "int key": {"by_id": {7: "seven"}},
    "bytes": {"blob": b"\x00\x01"},
    "timestamp": {"when": msgspec.msgpack.Ext(-1, b"\x00\x00\x00\x00")},
}


def _msgpack_turn(tool_input: object) -> bytes:
    call = {"type": "tool_call", "id": "c", "name": "f", "input": tool_input}
    turn = {
        "request": {"model": "m", "messages": [{"role": "user", "parts": [{"type": "text", "text": "x"}]}]},
        "response": {
            "model": "m",
            "message": {"role": "assistant", "parts": [call]},
            "finish_reason": "tool_call",
        },
    }
    data = msgspec.msgpack.encode(turn)
    return struct.pack(">I", len(data)) + data


@pytest.mark.parametrize("to", ["lm15", "llm"])
def test_a_msgpack_record_json_cannot_hold_is_rejected_not_rewritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], to: str
) -> None:
    """hostile-input C7/H16: NaN, infinities, integer keys, bytes and timestamps in an opaque
    payload are kept by MessagePack; written as JSON they became null, "7", base64 text, ISO
    text (exit 0, nothing rejected). Each such record is now rejected and named, the others
    written, and a MessagePack destination still takes every record."""
    src, dest = tmp_path / "in.msgpack", tmp_path / "out.jsonl"
    good = _msgpack_turn({"city": "Zürich", "n": 1.5})
    src.write_bytes(good + b"".join(_msgpack_turn(v) for v in _NO_JSON.values()) + good)
    assert cli.main(["convert", str(src), str(dest), "--from", "msgpack", "--to", to]) == 0
    err = capsys.readouterr().err
    assert f"2 records converted, 0 bad records, {len(_NO_JSON)} not written" in err
    assert "JSON has no form for" in err
    lines = dest.read_bytes().splitlines()
    assert len(lines) == 2 and b"Z\xc3\xbcrich" in lines[0]
    again = tmp_path / "again.msgpack"
    assert cli.main(["convert", str(src), str(again), "--from", "msgpack", "--to", "msgpack"]) == 0
    assert f"{len(_NO_JSON) + 2} records converted" in capsys.readouterr().err


@pytest.mark.parametrize("suffix", [".jsonl.gz", ".jsonl.zst", ".jsonl"])
def test_rejects_are_compressed_as_their_name_says(
    tmp_path: Path, suffix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--rejects bad.jsonl.gz`` was plain text under the .gz name: neither gzip nor lc.jsonl.read
    read the rejected lines back (red team F10); it follows its suffix as DEST does."""
    src, dest, rejects = tmp_path / "in.jsonl", tmp_path / "out.jsonl.gz", tmp_path / f"bad{suffix}"
    src.write_bytes(TURN + b"not json\n" + TURN)
    assert cli.main(["convert", str(src), str(dest), "--rejects", str(rejects)]) == 0
    reader = lc.jsonl.read(rejects, lc.Turn, on_error="collect")
    assert list(reader) == []
    assert [bad.raw for bad in reader.errors] == [b"not json"]
    if suffix == ".jsonl.gz":
        assert gzip.decompress(rejects.read_bytes()) == b"not json\n"


def test_one_is_singular_in_the_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'1 records converted, 1 bad lines' (noticed by red team 3)."""
    src, dest = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    src.write_bytes(TURN + b"not json\n")
    assert cli.main(["convert", str(src), str(dest)]) == 0
    assert capsys.readouterr().err.endswith("lmcodec: 1 record converted, 1 bad record\n")
    assert cli.main(["validate", str(src)]) == 1
    assert capsys.readouterr().err.endswith("lmcodec: 1 good record, 1 bad\n")


def test_a_non_finite_logprob_converts_from_msgpack_to_json_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A logprob of -Infinity or NaN (lm15 writes them so; MessagePack keeps them) was "not
    written" from MessagePack to JSON Lines: the check re-read lc.encode's output strictly, and
    --lenient does not apply to MessagePack input (red team 12 F09a). It is read back leniently,
    as lm15 writes and reads it; the record comes back through JSON Lines read with lenient."""
    record = json.loads(TURN)
    record["response"]["logprobs"] = [
        {"token": "a", "logprob": float("-inf")},
        {"token": "b", "logprob": float("nan")},
        {"token": "c", "logprob": -0.5},
    ]
    turn = lc.from_builtins(record, lc.Turn)
    src, dest = tmp_path / "in.msgpack", tmp_path / "out.jsonl"
    lc.msgpack.write_stream(src, [turn, lc.decode(TURN, lc.Turn)])
    assert cli.main(["convert", str(src), str(dest)]) == 0
    assert "2 records converted, 0 bad records\n" in capsys.readouterr().err
    back = list(lc.jsonl.read(dest, lc.Turn, lenient=True))
    assert back == list(lc.msgpack.read_stream(src, lc.Turn))
    assert b'"logprob":-Infinity' in dest.read_bytes() and b'"logprob":NaN' in dest.read_bytes()


_LIMITED = """
import resource, sys
from lmcodec.cli.main import main
with open("/proc/self/status") as status:
    size = next(int(line.split()[1]) for line in status if line.startswith("VmSize:")) * 1024
resource.setrlimit(resource.RLIMIT_AS, (size + (24 << 20), resource.RLIM_INFINITY))
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/self/status and RLIMIT_AS")
@pytest.mark.parametrize("command", ["convert", "validate"])
def test_a_line_longer_than_the_memory_left_is_one_line_not_a_traceback(tmp_path: Path, command: str) -> None:
    """One 40 MB line (NULs a crashed writer preallocated) with 24 MB of address space to spare:
    a MemoryError traceback, status 1 (red team 12 F05). Now one ``lmcodec:`` line, status 2, and
    DEST not written."""
    src, dest = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    with src.open("wb") as fh:
        fh.write(TURN)
        fh.seek(len(TURN) + (40 << 20))  # a hole: 40 MB of NULs, no disk used
        fh.write(b"\n" + TURN)
    argv = [command, str(src)] + ([str(dest)] if command == "convert" else [])
    limited = [sys.executable, "-c", _LIMITED, *argv]
    out = subprocess.run(limited, capture_output=True, timeout=120, check=False)
    err = out.stderr.decode()
    assert out.returncode == 2, err
    assert err.startswith("lmcodec: out of memory") and err.count("\n") == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


@pytest.mark.parametrize("route", ["jsonl", "msgpack", "parquet"])
def test_a_responses_provider_data_is_converted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], route: str
) -> None:
    """``convert --type Response`` wrote every record without its provider_data (the request id,
    the fingerprint): the writers used lc.encode's lm15-parity default, which leaves a lone
    Response's provider_data out (red team 12 F18). What was read is written."""
    if route == "parquet":
        pytest.importorskip("pyarrow")
    response = lc.replace(
        lc.decode(TURN, lc.Turn).response, provider_data={"request_id": "req_1", "system_fingerprint": "fp"}
    )
    src = tmp_path / "in.jsonl"
    src.write_bytes(lc.encode(response, include_provider_data=True) + b"\n")
    middle, back = tmp_path / f"middle.{route}", tmp_path / "back.jsonl"
    assert cli.main(["convert", str(src), str(middle), "--type", "Response"]) == 0
    assert cli.main(["convert", str(middle), str(back), "--type", "Response"]) == 0
    capsys.readouterr()
    assert back.read_bytes() == src.read_bytes()


def test_validate_of_a_cut_log_says_how_many_records_are_good(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """validate of a cut .gz printed only the damage line, never the "N good records" summary
    every other run ends with (red team 12 F12): the damage is counted as one bad record."""
    src = tmp_path / "in.jsonl.gz"
    whole = gzip.compress(TURN * 50)
    src.write_bytes(whole[: len(whole) * 2 // 3])
    good = 0
    with pytest.raises(lc.RecordError):
        for _ in lc.jsonl.read(src, lc.Turn):
            good += 1
    assert cli.main(["validate", str(src)]) == 1
    err = capsys.readouterr().err
    assert "damaged gzip data" in err and err.endswith(f"lmcodec: {good} good records, 1 bad\n"), err


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz", ".jsonl.zst"])
def test_a_dest_name_as_long_as_the_file_system_takes_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    """DEST (and --rejects) of a legal 255-byte name was refused, "File name too long": the
    temporary file beside it, .NAME.XXXXXXXX.partial.SUFFIX, is 24 bytes longer (red team 12
    F19). The temporary name is shortened to fit; DEST's name still picks the compression."""
    if suffix == ".jsonl.zst":
        pytest.importorskip("zstandard")
    src = tmp_path / "in.jsonl"
    src.write_bytes(TURN + b"not json\n")
    dest = tmp_path / ("é" * 100 + "x" * (255 - 200 - len(suffix)) + suffix)  # 255 bytes in UTF-8
    rejects = tmp_path / ("r" * (255 - len(suffix)) + suffix)
    assert cli.main(["convert", str(src), str(dest), "--rejects", str(rejects)]) == 0, capsys.readouterr().err
    assert list(lc.jsonl.read(dest, lc.Turn)) == [lc.decode(TURN, lc.Turn)]
    reader = lc.jsonl.read(rejects, lc.Turn, on_error="collect")
    assert list(reader) == [] and [bad.raw for bad in reader.errors] == [b"not json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["in.jsonl", dest.name, rejects.name])


@pytest.mark.parametrize("name", ["v1." + "x" * 252, "v1." + "x" * 249 + ".gz"])
def test_a_dest_of_255_bytes_with_a_long_last_suffix_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """Review 9: the temporary name kept DEST's whole last suffix (here 253 bytes after "v1"), so
    it was still past NAME_MAX: "File name too long", status 2. The temporary name keeps no
    suffix (the writer compresses by DEST's name)."""
    src = tmp_path / "in.jsonl"
    src.write_bytes(TURN)
    dest = tmp_path / name
    assert cli.main(["convert", "--type", "Turn", str(src), str(dest)]) == 0, capsys.readouterr().err
    assert list(lc.jsonl.read(dest, lc.Turn)) == [lc.decode(TURN, lc.Turn)]
    assert dest.read_bytes().startswith(b"\x1f\x8b") == name.endswith(".gz")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["in.jsonl", name])


def test_the_command_and_the_library_cut_temporary_names_with_one_helper() -> None:
    """Review 9: two shorteners (cli/_output._prefix, codecs/_replace._name_that_fits) did the
    same thing apart; the command now uses the library's."""
    from lmcodec.cli import _output
    from lmcodec.codecs import _replace

    assert not hasattr(_output, "_prefix")
    assert _output.temporary_beside is _replace.temporary_beside


def test_the_command_names_its_own_options_and_reads_a_compressed_request(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command repeated library advice ("decode with lenient=True"; its option is --lenient),
    and ``assemble --request F.json.gz`` read the file as plain JSON though FILE may be .gz
    (red team 12 F13)."""
    record = json.loads(TURN)
    record["response"]["logprobs"] = [{"token": "a", "logprob": float("-inf")}]
    src = tmp_path / "in.jsonl"
    src.write_bytes(json.dumps(record).encode() + b"\n")
    assert cli.main(["validate", str(src)]) == 1
    err = capsys.readouterr().err
    assert "rerun with --lenient to read it" in err and "lenient=True" not in err, err
    assert err.endswith("the first bad one reads with --lenient\n"), err  # it said --type Turn
    assert cli.main(["convert", str(src), str(tmp_path / "out.jsonl"), "--on-error", "raise"]) == 1
    err = capsys.readouterr().err
    assert "rerun with --lenient to read it" in err and "lenient=True" not in err, err
    request = lc.decode(TURN, lc.Turn).request
    compressed = tmp_path / "request.json.gz"
    compressed.write_bytes(gzip.compress(lc.encode(request)))
    body = tmp_path / "body.sse"
    body.write_bytes(
        b'data: {"id":"c1","object":"chat.completion.chunk","model":"gpt-x","choices":[{"index":0,'
        b'"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
    )
    assert cli.main(["assemble", "openai_chat", str(body), "--request", str(compressed)]) == 0
    assert lc.decode(capsys.readouterr().out.encode(), lc.Response).message.text == "Hi"


def test_a_utf16_log_is_one_line_naming_its_encoding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``validate`` of a UTF-16 log said "invalid character (byte 0)" for every line and one more
    (the NUL after the last newline), no hint (red team 23 F05)."""
    src = tmp_path / "log.jsonl"
    src.write_bytes("".join(json.dumps(d) + "\n" for d in turn_dicts(3)).encode("utf-16"))
    assert cli.main(["validate", str(src)]) == 1
    err = capsys.readouterr().err
    assert "line 1 (byte 0): the log is UTF-16LE text, not UTF-8" in err, err
    assert "invalid character" not in err
