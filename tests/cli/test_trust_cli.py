"""The command on users' files (issue 14): nothing lost, no traceback, every real body read."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec.cli import bench
from lmcodec.cli.workload import turn_dicts

TURNS = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(30)]
CHAT_SSE = (
    b'data: {"id":"c1","object":"chat.completion.chunk","model":"gpt-x","choices":[{"index":0,'
    b'"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}]}\n\n'
    b'data: {"id":"c1","object":"chat.completion.chunk","model":"gpt-x","choices":[{"index":0,'
    b'"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
)


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "lmcodec", *args], input=stdin, capture_output=True, timeout=300, check=False
    )


def _failed_cleanly(out: subprocess.CompletedProcess[bytes], status: int = 2) -> str:
    err = out.stderr.decode()
    assert out.returncode == status, err
    assert err.startswith("lmcodec: ") and "Traceback" not in err, err
    return err


def _log(path: Path, turns: list[lc.Turn] = TURNS) -> bytes:
    data = b"".join(lc.encode(t) + b"\n" for t in turns)
    path.write_bytes(data)
    return data


def _leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if ".partial" in p.name)


def test_convert_refuses_to_write_over_its_input(tmp_path: Path) -> None:
    src = tmp_path / "log.jsonl"
    data = _log(src)
    assert "is the input file" in _failed_cleanly(run("convert", str(src), str(src)))
    link = tmp_path / "same.jsonl"
    os.link(src, link)
    assert "is the input file" in _failed_cleanly(run("convert", str(src), str(link)))
    assert "is the input file" in _failed_cleanly(run("convert", str(src), str(tmp_path / "." / "log.jsonl")))
    assert src.read_bytes() == data and link.read_bytes() == data


def test_convert_refuses_stdout_redirected_onto_its_input(tmp_path: Path) -> None:
    """``lmcodec convert X - >> X`` read its own output back as input and grew X without end."""
    src = tmp_path / "log.jsonl"
    data = _log(src)
    with src.open("ab") as out:
        done = subprocess.run(
            [sys.executable, "-m", "lmcodec", "convert", str(src), "-"],
            stdout=out,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2 and b"standard output is the input file" in done.stderr
    assert src.read_bytes() == data


def test_convert_to_stdout_stopped_by_a_bad_record_says_what_was_written(tmp_path: Path) -> None:
    """Under --on-error raise the records before the bad one are already on stdout (a pipe cannot be
    taken back): the message says so instead of "nothing written"."""
    src = tmp_path / "log.jsonl"
    good = lc.encode(TURNS[0]) + b"\n"
    src.write_bytes(good + b'{"bad": 1}\n' + good)
    out = run("convert", str(src), "-", "--on-error", "raise")
    err = _failed_cleanly(out, 1)
    assert out.stdout == good and "written to stdout" in err and "nothing written" not in err


def test_convert_to_llm_of_records_that_are_not_turns_is_a_usage_error(tmp_path: Path) -> None:
    src = tmp_path / "requests.jsonl"
    lc.jsonl.write(src, [TURNS[0].request])
    dest = tmp_path / "out.jsonl"
    err = _failed_cleanly(run("convert", str(src), str(dest), "--type", "Request", "--to", "llm"))
    assert "--type Request has no llm form" in err and not dest.exists()


def _as_an_ordinary_user() -> list[str]:
    """The command prefix that runs without root's permission override (root ignores file modes)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root and setpriv is absent: file modes cannot be made to apply")
    return [
        setpriv,
        "--bounding-set=-dac_override,-dac_read_search",
        "--inh-caps=-dac_override,-dac_read_search",
    ]


def test_convert_refuses_a_read_only_destination(tmp_path: Path) -> None:
    """A rename replaces a read-only file the user could not write; the command refuses it, as a
    shell redirection does, and leaves it as it was."""
    src = tmp_path / "log.jsonl"
    _log(src)
    dest = tmp_path / "kept.jsonl"
    dest.write_bytes(b"precious\n")
    dest.chmod(0o444)
    done = subprocess.run(
        [*_as_an_ordinary_user(), sys.executable, "-m", "lmcodec", "convert", str(src), str(dest)],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 2 and b"Permission denied" in done.stderr, done.stderr
    assert dest.read_bytes() == b"precious\n" and _leftovers(tmp_path) == []


def test_lenient_with_another_input_format_is_a_usage_error(tmp_path: Path) -> None:
    """--lenient reads lm15 JSON's tolerant forms; with msgpack input it was accepted and did nothing."""
    src = tmp_path / "log.msgpack"
    lc.msgpack.write_stream(src, TURNS[:2])
    err = _failed_cleanly(run("validate", str(src), "--format", "msgpack", "--lenient"))
    assert "does not apply to msgpack input" in err


def test_convert_refuses_rejects_over_its_input_or_output(tmp_path: Path) -> None:
    """--rejects naming the input (or another name of it) or the output is refused before anything
    is opened: the log is not replaced by its one bad line, the output not by the rejects."""
    src = tmp_path / "log.jsonl"
    data = b"garbage\n" + _log(src)
    src.write_bytes(data)
    link = tmp_path / "same.jsonl"
    os.link(src, link)
    dest = tmp_path / "out.jsonl"
    for rejects in (src, link):
        err = _failed_cleanly(run("convert", str(src), str(dest), "--rejects", str(rejects)))
        assert "is the input file" in err
    assert "is the output file" in _failed_cleanly(
        run("convert", str(src), str(dest), "--rejects", str(dest))
    )
    assert src.read_bytes() == data and not dest.exists() and _leftovers(tmp_path) == []


def test_a_compression_not_supported_is_named_not_taken_for_plain_jsonl(tmp_path: Path) -> None:
    """A .bz2/.xz path is refused (the command: status 2, nothing written; the library: an lc error),
    never read as bad plain lines nor written as plain text under a compressed name."""
    src = tmp_path / "log.jsonl"
    _log(src)
    packed = tmp_path / "log.jsonl.bz2"
    packed.write_bytes(b"BZh91AY&SY" + bytes(40))
    assert "bzip2 compression is not supported" in _failed_cleanly(run("validate", str(packed)))
    assert "bzip2" in _failed_cleanly(run("convert", str(packed), str(tmp_path / "out.jsonl")))
    assert "xz" in _failed_cleanly(run("convert", str(src), str(tmp_path / "out.jsonl.xz")))
    assert "bzip2" in _failed_cleanly(run("assemble", "openai", str(packed)))
    assert not (tmp_path / "out.jsonl").exists() and not (tmp_path / "out.jsonl.xz").exists()
    with pytest.raises(lc.DecodeError, match="bzip2 compression is not read here"):
        list(lc.jsonl.read(packed, lc.Turn))
    with pytest.raises(lc.EncodeError, match="xz compression is not written here"):
        lc.jsonl.write(tmp_path / "log.jsonl.xz", TURNS)
    assert not (tmp_path / "log.jsonl.xz").exists()


def test_convert_writes_through_a_symlink(tmp_path: Path) -> None:
    src = tmp_path / "log.jsonl"
    data = _log(src)
    target = tmp_path / "target.jsonl"
    target.write_bytes(b"old\n")
    link = tmp_path / "out.jsonl"
    link.symlink_to(target)
    out = run("convert", str(src), str(link))
    assert out.returncode == 0, out.stderr.decode()
    assert link.is_symlink() and target.read_bytes() == data and _leftovers(tmp_path) == []


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX-only")


def _through_fifo(fifo: Path, action: Callable[[], object], data: bytes | None = None) -> bytes:
    """Run ``action`` while another thread writes ``data`` into ``fifo`` (or reads it all)."""
    got: list[bytes] = []

    def other_end() -> None:
        if data is None:
            with open(fifo, "rb") as fh:
                got.append(fh.read())
        else:
            with open(fifo, "wb") as fh:
                for i in range(0, len(data), 4096):  # several writes, as a producer makes them
                    fh.write(data[i : i + 4096])

    thread = threading.Thread(target=other_end, daemon=True)
    thread.start()
    action()
    thread.join(timeout=60)
    assert not thread.is_alive()
    return got[0] if got else b""


@needs_fifo
def test_convert_writes_into_a_fifo_in_place(tmp_path: Path) -> None:
    src = tmp_path / "log.jsonl"
    data = _log(src)
    fifo = tmp_path / "out.jsonl"
    os.mkfifo(fifo)
    results: list[subprocess.CompletedProcess[bytes]] = []
    got = _through_fifo(fifo, lambda: results.append(run("convert", str(src), str(fifo))))
    assert results[0].returncode == 0, results[0].stderr.decode()
    assert got == data and stat.S_ISFIFO(os.stat(fifo).st_mode) and _leftovers(tmp_path) == []


@needs_fifo
def test_convert_reads_a_fifo_once_and_whole(tmp_path: Path) -> None:
    data = b"".join(lc.encode(t) + b"\n" for t in TURNS * 20)
    fifo = tmp_path / "in.jsonl"
    os.mkfifo(fifo)
    dest = tmp_path / "out.jsonl"
    results: list[subprocess.CompletedProcess[bytes]] = []
    _through_fifo(fifo, lambda: results.append(run("convert", str(fifo), str(dest))), data)
    assert results[0].returncode == 0, results[0].stderr.decode()
    assert dest.read_bytes() == data


def test_convert_of_a_missing_file_leaves_the_destination_alone(tmp_path: Path) -> None:
    dest = tmp_path / "existing.jsonl"
    data = _log(dest)
    err = _failed_cleanly(run("convert", str(tmp_path / "missing.jsonl"), str(dest)))
    assert "missing.jsonl" in err and "No such file" in err
    assert dest.read_bytes() == data and _leftovers(tmp_path) == []


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz", ".mp"])
def test_a_convert_that_fails_midway_leaves_the_destination_as_it_was(tmp_path: Path, suffix: str) -> None:
    src, dest = tmp_path / "in.jsonl", tmp_path / f"out{suffix}"
    src.write_bytes(b"".join(lc.encode(t) + b"\n" for t in TURNS) + b"{bad\n")
    dest.write_bytes(b"old contents")
    to = ["--to", "msgpack"] if suffix == ".mp" else []
    out = run("convert", str(src), str(dest), "--on-error", "raise", *to)
    assert "line 31" in _failed_cleanly(out, 1)
    assert dest.read_bytes() == b"old contents" and _leftovers(tmp_path) == []
    assert run("convert", str(src), str(dest), *to).returncode == 0  # skipping: written, renamed in place
    read = lc.msgpack.read_stream(dest, lc.Turn) if suffix == ".mp" else lc.jsonl.read(dest, lc.Turn)
    assert list(read) == TURNS and _leftovers(tmp_path) == []
    assert (dest.stat().st_mode & 0o777) == (0o666 & ~_umask())


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_environment_failures_are_one_line_and_status_2(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    _log(src)
    assert "Is a directory" in _failed_cleanly(run("validate", str(tmp_path)))
    assert "Is a directory" in _failed_cleanly(run("convert", str(tmp_path), str(tmp_path / "o.jsonl")))
    _failed_cleanly(run("convert", str(src), str(tmp_path / "no" / "such" / "dir.jsonl")))
    if os.geteuid() != 0:  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        _failed_cleanly(run("convert", str(src), str(locked / "o.jsonl")))
    if os.path.exists("/dev/full"):
        with open("/dev/full", "wb") as full:
            out = subprocess.run(
                [sys.executable, "-m", "lmcodec", "convert", str(src), "-"],
                stdout=full,
                stderr=subprocess.PIPE,
            )
        assert out.returncode == 2 and b"No space left" in out.stderr and b"Traceback" not in out.stderr


def test_a_closed_pipe_is_no_traceback(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    _log(src, TURNS * 40)  # more than a pipe buffer holds
    for argv in (["convert", str(src), "-"], ["schema", "Request"]):
        proc = subprocess.Popen(
            [sys.executable, "-m", "lmcodec", *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.read(10)
        proc.stdout.close()  # as `| head -c 10` does
        err = proc.stderr.read().decode()
        status = proc.wait(timeout=120)
        assert "Traceback" not in err, err
        assert status in (0, 2) and (status == 0 or "broken pipe" in err)


def test_usage_errors_are_one_line_and_status_2() -> None:
    assert "has no JSON Schema" in _failed_cleanly(run("schema", "Assembler"))
    assert "unknown type" in _failed_cleanly(run("schema", "NoSuchType"))
    for argv in (["bench", "--repeat", "0"], ["bench", "--records", "-5"], ["bench", "--records", "x"]):
        out = run(*argv)
        assert out.returncode == 2 and b"Traceback" not in out.stderr
        assert b"at least 1" in out.stderr or b"whole number" in out.stderr


def test_version() -> None:
    out = run("--version")
    assert out.returncode == 0 and out.stdout.decode().startswith("lmcodec ")


def test_records_the_output_format_cannot_hold_are_rejected_and_the_run_goes_on(tmp_path: Path) -> None:
    huge = lc.replace(TURNS[1], metadata={"n": 2**64})  # JSON holds it; MessagePack cannot
    usage = lc.replace(TURNS[2].response.usage, input_tokens=2**63)  # beyond Parquet's int64
    wide = lc.replace(TURNS[2], response=lc.replace(TURNS[2].response, usage=usage))
    src = tmp_path / "in.jsonl"
    _log(src, [TURNS[0], huge, wide, *TURNS[3:]])
    mp = tmp_path / "out.mp"
    out = run("convert", str(src), str(mp), "--to", "msgpack")
    err = out.stderr.decode()
    assert out.returncode == 0, err
    assert "cannot write line 2 as msgpack" in err and "1 not written" in err
    assert list(lc.msgpack.read_stream(mp, lc.Turn)) == [TURNS[0], wide, *TURNS[3:]]
    pytest.importorskip("pyarrow")
    pq = tmp_path / "out.parquet"
    out = run("convert", str(src), str(pq), "--to", "parquet")
    err = out.stderr.decode()
    assert out.returncode == 0, err
    assert "cannot write line 3 as parquet" in err and "1 not written" in err  # its input line
    from lmcodec import arrow

    assert [lc.encode(t) for t in arrow.read_parquet(pq)] == [
        lc.encode(t) for t in [TURNS[0], huge, *TURNS[3:]]
    ]


def test_convert_from_msgpack_and_parquet(tmp_path: Path) -> None:
    mp = tmp_path / "log.mp"
    lc.msgpack.write_stream(mp, TURNS)
    back = tmp_path / "back.jsonl"
    out = run("convert", str(mp), str(back), "--from", "msgpack")
    assert out.returncode == 0, out.stderr
    assert list(lc.jsonl.read(back, lc.Turn)) == TURNS
    pytest.importorskip("pyarrow")
    pq = tmp_path / "log.parquet"
    assert run("convert", str(back), str(pq), "--to", "parquet").returncode == 0
    again = tmp_path / "again.jsonl.gz"
    out = run("convert", str(pq), str(again), "--from", "parquet")
    assert out.returncode == 0, out.stderr
    assert [lc.encode(t) for t in lc.jsonl.read(again, lc.Turn)] == [lc.encode(t) for t in TURNS]


def test_a_cut_or_foreign_parquet_input_is_one_line_and_status_1(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    from lmcodec import arrow

    whole = tmp_path / "whole.parquet"
    arrow.write_parquet(TURNS, whole)
    cut = tmp_path / "cut.parquet"
    cut.write_bytes(whole.read_bytes()[: whole.stat().st_size // 2])
    foreign = tmp_path / "foreign.parquet"
    foreign.write_bytes(lc.encode(TURNS[0]) + b"\n")
    for bad in (cut, foreign):
        dest = tmp_path / "out.jsonl"
        err = _failed_cleanly(run("convert", str(bad), str(dest), "--from", "parquet"), status=1)
        assert bad.name in err and not dest.exists() and _leftovers(tmp_path) == []


def test_llm_records_llm_itself_writes_are_read(tmp_path: Path) -> None:
    """NaN, Infinity and lone surrogates: json.dumps writes them, llm reads them back."""
    record = {
        "model": "mock",
        "prompt": {"messages": [{"role": "user", "parts": [{"type": "text", "text": "x \ud800"}]}]},
        "messages": [{"role": "assistant", "parts": [{"type": "text", "text": "Hello \udc00"}]}],
        "id": "01k1xq3f7v8m2n4p6r8t0w0001",
        "usage": {"input": 3, "output": 3, "details": {"cost": float("nan"), "limit": float("inf")}},
        "datetime_utc": "2026-08-05T14:03:08.123456+00:00",
    }
    src = tmp_path / "llm.jsonl"
    src.write_text(json.dumps(record) + "\n" + json.dumps(record) + "\n")
    out = run("validate", str(src), "--format", "llm")
    assert out.returncode == 0 and b"2 good records, 0 bad" in out.stderr, out.stderr
    dest = tmp_path / "again.jsonl"
    out = run("convert", str(src), str(dest), "--from", "llm", "--to", "llm")
    assert out.returncode == 0 and b"2 records converted" in out.stderr, out.stderr
    original = lc.llm.decode(json.dumps(record).encode(), lc.llm.Response)
    lines = dest.read_bytes().splitlines()
    assert len(lines) == 2
    assert all(lc.llm.encode(lc.llm.decode(x, lc.llm.Response)) == lc.llm.encode(original) for x in lines)
    # NaN in usage details has no canonical form: each record is rejected by name, none silently
    # dropped; not one was converted, so the run fails and writes no output
    out = run("convert", str(src), str(tmp_path / "turns.jsonl"), "--from", "llm")
    err = out.stderr.decode()
    assert out.returncode == 1 and "2 not written" in err and "usage" in err, err
    assert not (tmp_path / "turns.jsonl").exists()


def test_validate_caps_identical_errors_and_hints_at_the_format(tmp_path: Path) -> None:
    src = tmp_path / "llm.jsonl"
    line = json.dumps(
        {
            "model": "mock",
            "prompt": {"messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}]}]},
            "messages": [{"role": "assistant", "parts": [{"type": "text", "text": "yo"}]}],
        }
    )
    src.write_text((line + "\n") * 3000)
    out = run("validate", str(src))
    err = out.stderr.decode()
    assert out.returncode == 1
    assert len(err.splitlines()) < 40, err[:2000]
    assert "and 2980 more bad records" in err and "2980 x " in err
    assert "reads with --format llm" in err
    assert run("validate", str(src), "--format", "llm").returncode == 0


def test_validate_reads_parquet_and_hints_at_it(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    from lmcodec import arrow

    path = tmp_path / "log.parquet"
    arrow.write_parquet(TURNS, path)
    out = run("validate", str(path), "--format", "parquet")
    assert out.returncode == 0, out.stderr.decode()
    assert f"{len(TURNS)} good records, 0 bad" in out.stderr.decode()
    assert run("validate", str(path)).returncode == 0  # read by its suffix
    other = tmp_path / "log.pq"
    other.write_bytes(path.read_bytes())
    err = _failed_cleanly(run("validate", str(other)), status=1)
    assert "the input is Parquet (--format parquet)" in err
    cut = tmp_path / "cut.parquet"
    cut.write_bytes(path.read_bytes()[:-100])
    assert "cut.parquet" in _failed_cleanly(run("validate", str(cut), "--format", "parquet"), status=1)


def test_assemble_options_in_any_order_and_compressed_input(tmp_path: Path) -> None:
    body = tmp_path / "chat.sse"
    body.write_bytes(CHAT_SSE)
    expected = run("assemble", "openai_chat", "--model", "gpt-x", str(body))
    assert expected.returncode == 0, expected.stderr
    response = lc.decode(expected.stdout, lc.Response)
    assert response.text == "Hi"
    events = run("assemble", "openai_chat", "--events", str(body))
    assert events.returncode == 0, events.stderr
    assert [lc.decode(x, lc.StreamEvent).type for x in events.stdout.splitlines()] == [
        "start",
        "delta",
        "end",
    ]
    for name, data in (("chat.sse.gz", gzip.compress(CHAT_SSE)), ("chat.sse.zst", _zstd(CHAT_SSE))):
        (tmp_path / name).write_bytes(data)
        out = run("assemble", "openai_chat", str(tmp_path / name), "--model", "gpt-x")
        assert out.returncode == 0 and out.stdout == expected.stdout, out.stderr


def _zstd(data: bytes) -> bytes:
    zstandard = pytest.importorskip("zstandard")
    result: bytes = zstandard.ZstdCompressor().compress(data)
    return result


def test_assemble_model_and_request(tmp_path: Path) -> None:
    body = tmp_path / "chat.sse"
    body.write_bytes(CHAT_SSE)
    out = run("assemble", "openai_chat", str(body), "--model", "my-model")
    assert out.returncode == 0, out.stderr
    assert lc.decode(out.stdout, lc.Response).model == "my-model"
    request = tmp_path / "request.json"
    request.write_bytes(lc.encode(TURNS[0].request))
    out = run("assemble", "openai_chat", str(body), "--request", str(request))
    assert out.returncode == 0, out.stderr
    assert lc.decode(out.stdout, lc.Response).model in {"gpt-x", TURNS[0].request.model}
    _failed_cleanly(run("assemble", "openai_chat", str(body), "--request", str(tmp_path / "none.json")))


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"", "empty"),
        (b"  \n\n", "empty"),
        (b"<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>", "502 Bad Gateway"),
        (b"upstream connect error or disconnect/reset before headers\n", "no SSE event"),
        (b"upstream connect error or disconnect/reset before headers\n" * 3000, "no SSE event"),
    ],
    ids=["empty", "blank", "html-502", "text", "text-over-64KiB"],
)
def test_assemble_names_input_that_holds_no_sse(body: bytes, says: str) -> None:
    err = _failed_cleanly(run("assemble", "anthropic", stdin=body))
    assert says in err and "Stream ended without an end event" not in err


def test_assemble_reads_compressed_input_on_stdin_and_after_64_kib_of_blank_lines() -> None:
    """As convert and validate do, assemble decompresses stdin (it said "compressed"); a stream
    after 64 KiB of blank lines is a stream (it was called empty)."""
    for body in (gzip.compress(CHAT_SSE), b"\n" * 70_000 + CHAT_SSE):
        out = run("assemble", "openai_chat", stdin=body)
        assert out.returncode == 0, out.stderr
        assert lc.decode(out.stdout, lc.Response).text == "Hi"
    assert "no SSE event" in _failed_cleanly(run("assemble", "openai_chat", stdin=b"\n" * 70_000))


def test_convert_refuses_outputs_it_cannot_write_as_named(tmp_path: Path) -> None:
    src = tmp_path / "log.jsonl"
    _log(src)
    assert "DEST is empty" in _failed_cleanly(run("convert", str(src), ""))
    assert "--rejects needs a file name" in _failed_cleanly(run("convert", str(src), "-", "--rejects", "-"))
    dest = tmp_path / "log.parquet.gz"
    err = _failed_cleanly(run("convert", str(src), str(dest), "--to", "parquet"))
    assert "Parquet compresses its columns itself" in err and not dest.exists()
    assert not (tmp_path / "-").exists()


def test_type_is_checked_for_parquet_and_refused_for_llm_input(tmp_path: Path) -> None:
    """--type Turn on a Parquet file of Requests was taken for "whatever it holds"; --type with
    llm input was ignored, even an unknown name."""
    src = tmp_path / "requests.jsonl"
    lc.jsonl.write(src, [t.request for t in TURNS[:3]])
    table = tmp_path / "requests.parquet"
    assert run("convert", str(src), str(table), "--type", "Request", "--to", "parquet").returncode == 0
    err = _failed_cleanly(
        run("convert", str(table), str(tmp_path / "t.jsonl"), "--from", "parquet", "--type", "Turn"), 1
    )
    assert "holds Request records, not Turn" in err
    plain = run("convert", str(table), str(tmp_path / "r.jsonl"), "--from", "parquet")
    assert plain.returncode == 0 and len((tmp_path / "r.jsonl").read_bytes().splitlines()) == 3
    to_llm = run("convert", str(table), str(tmp_path / "r.llm.jsonl"), "--from", "parquet", "--to", "llm")
    assert (  # not one record written: status 1
        to_llm.returncode == 1 and b"has no llm form" in to_llm.stderr and b"Traceback" not in to_llm.stderr
    )
    err = _failed_cleanly(run("validate", str(src), "--format", "llm", "--type", "Bogus"))
    assert "--type does not apply to llm input" in err


@pytest.mark.parametrize("provider", ["openai", "openai_chat", "anthropic", "gemini"])
def test_assemble_a_too_deeply_nested_body_is_one_line(tmp_path: Path, provider: str) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(b'{"a":' + b"[" * 50_000 + b"]" * 50_000 + b"}")
    _failed_cleanly(run("assemble", provider, str(path)), 1)


def test_assemble_a_whole_json_body() -> None:
    error = b'{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}'
    err = _failed_cleanly(run("assemble", "openai_chat", stdin=error), 1)
    assert "whole JSON body" in err and "Rate limit reached" in err


@pytest.mark.thorough
def test_bench_measures_interleaved_and_words_the_relation_honestly() -> None:
    assert bench.relation(1.4) == "1.40x faster"
    assert bench.relation(1 / 1.4) == "1.40x slower"
    assert bench.relation(1.0) == "as fast"
    report = bench.run(records=30, repeat=3)
    libraries = {row["library"] for row in report.rows}
    assert {"lmcodec", "json", bench.FLOOR} <= libraries
    for row in report.rows:
        word = (
            "faster" if row["lmcodec_speedup"] > 1.005 else "slower" if row["lmcodec_speedup"] < 0.995 else ""
        )
        assert word in row["lmcodec_is"]
    table = report.table()
    assert "interleaved" in table and "floor" in table
    assert all(row["lmcodec_is"] in table for row in report.rows if row["library"] != "lmcodec")


def test_bench_says_which_peers_are_missing() -> None:
    hide = "import sys; sys.modules['orjson'] = None; sys.modules['lm15'] = None; "
    code = hide + "from lmcodec.cli.main import main; sys.exit(main(['bench', '--quick']))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=300, check=False)
    text = out.stdout.decode()
    assert out.returncode == 0, out.stderr
    assert (
        "orjson is not installed" in text and "pip install orjson" in text and "lm15 is not installed" in text
    )
