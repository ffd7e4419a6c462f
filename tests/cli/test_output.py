"""cli/_output.py, where the command writes, run as a user runs it (a subprocess, its streams
redirected to files):

- a DEST or ``--rejects`` that is the file of an open standard stream (``/dev/stdout``,
  ``/dev/fd/1``, ``/dev/stderr``, the file fd 1 is redirected to) is written through that stream,
  appended under ``>>`` (red team 38 F03: the file behind the stream was replaced, the log's
  records gone), and ``--rejects /dev/stdout`` with DEST ``-`` is refused as ``--rejects -`` is;
- ``convert -`` whose standard input is the file written (DEST, the file standard output goes
  to, ``--rejects``) is refused, status 2, the file unchanged (red team 38 F02: it read back what
  it wrote and grew without end, or replaced its input by the rejects). Each run is killed past
  5 MB or 30 s, so a regression fails instead of filling the disk."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import lmcodec as lc

from ..turns import numbered_turns

TURNS = numbered_turns(3)
OLD = numbered_turns(5)[3:]
SRC = Path(__file__).resolve().parents[2] / "src"
CAP = 5_000_000  # bytes: a file past this is growing without end
needs_dev_fd = pytest.mark.skipif(not os.path.exists("/dev/fd/1"), reason="no /dev/fd here")


def _lines(records: list[lc.Turn]) -> bytes:
    return b"".join(lc.encode(t) + b"\n" for t in records)


def _lmcodec(
    args: list[str],
    *,
    stdin: Path | None = None,
    stdout: Path | None = None,
    stderr: Path | None = None,
    watch: Path | None = None,
) -> int | None:
    """The exit status (None: killed once ``watch`` grew past CAP, or after 30 s); the streams
    are opened as ``<``, ``>>`` and ``2>>`` open them."""
    with (
        open(stdin or os.devnull, "rb") as i,
        open(stdout or os.devnull, "ab") as o,
        open(stderr or os.devnull, "ab") as e,
    ):
        proc = subprocess.Popen(
            [sys.executable, "-W", "ignore", "-m", "lmcodec", *args],
            stdin=i,
            stdout=o,
            stderr=e,
            env={**os.environ, "PYTHONPATH": str(SRC)},
        )
        start = time.monotonic()
        while time.monotonic() - start < 30:
            status = proc.poll()
            if status is not None:
                return status
            if watch is not None and watch.stat().st_size > CAP:
                break
            time.sleep(0.05)
        proc.kill()
        proc.wait()
        return None


@pytest.fixture
def new(tmp_path: Path) -> Path:
    path = tmp_path / "new.jsonl"
    path.write_bytes(_lines(TURNS))
    return path


@needs_dev_fd
@pytest.mark.parametrize("dest", ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "LOG", "LOG.msgpack"])
def test_a_dest_that_is_appended_stdout_is_appended_to(tmp_path: Path, new: Path, dest: str) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes(_lines(OLD))
    named = str(log) if dest.startswith("LOG") else dest
    args = ["convert", str(new), named] + (["--to", "msgpack"] if dest.endswith(".msgpack") else [])
    assert _lmcodec(args, stdout=log) == 0
    if dest.endswith(".msgpack"):
        assert log.read_bytes().startswith(_lines(OLD))
        assert list(lc.msgpack.read_stream(log.read_bytes()[len(_lines(OLD)) :], lc.Turn)) == TURNS
    else:
        assert log.read_bytes() == _lines(OLD) + _lines(TURNS)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl", "new.jsonl"]


@needs_dev_fd
def test_rejects_to_appended_stderr_keep_its_lines_and_the_messages(tmp_path: Path) -> None:
    mixed = tmp_path / "mixed.jsonl"
    bad = b'{"request": 1}'
    mixed.write_bytes(_lines(TURNS[:1]) + bad + b"\n" + _lines(TURNS[1:]))
    err = tmp_path / "err.log"
    err.write_bytes(b"an earlier line\n")
    status = _lmcodec(
        ["convert", str(mixed), str(tmp_path / "o.jsonl"), "--rejects", "/dev/stderr"], stderr=err
    )
    assert status == 0
    held = err.read_bytes()
    assert held.startswith(b"an earlier line\n")
    assert bad + b"\n" in held.splitlines(keepends=True)
    assert b"lmcodec: 3 records converted, 1 bad record" in held
    assert (tmp_path / "o.jsonl").read_bytes() == _lines(TURNS)


@needs_dev_fd
@pytest.mark.parametrize("rejects", ["/dev/stdout", "/dev/fd/1", "OUT"])
def test_rejects_to_stdout_with_dest_dash_is_refused(tmp_path: Path, new: Path, rejects: str) -> None:
    out = tmp_path / "all.jsonl"
    out.write_bytes(b"kept\n")
    err = tmp_path / "err"
    named = str(out) if rejects == "OUT" else rejects
    assert _lmcodec(["convert", str(new), "-", "--rejects", named], stdout=out, stderr=err) == 2
    assert out.read_bytes() == b"kept\n"
    assert f"lmcodec: --rejects {named} is standard output, where DEST - goes" in err.read_text()


def test_rejects_to_dev_stdout_with_a_named_dest_goes_to_stdout(tmp_path: Path) -> None:
    """Through a pipe (not a regular file) too."""
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_bytes(_lines(TURNS[:1]) + b"[]\n")
    done = subprocess.run(
        [
            sys.executable,
            "-W",
            "ignore",
            "-m",
            "lmcodec",
            "convert",
            str(mixed),
            str(tmp_path / "o.jsonl"),
            "--rejects",
            "/dev/stdout",
        ],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
        timeout=120,
    )
    assert (done.returncode, done.stdout) == (0, b"[]\n"), done.stderr


def _msgpack_log(path: Path) -> None:
    lc.msgpack.write_stream(path, TURNS)


@pytest.mark.parametrize(
    ("args", "name", "stdout_is_input", "message"),
    [
        (["convert", "-", "-"], "log.jsonl", True, "standard output is the input file (standard input)"),
        (
            ["convert", "-", "-", "--from", "msgpack", "--to", "msgpack"],
            "log.msgpack",
            True,
            "standard output is the input file (standard input)",
        ),
        (["convert", "-", "-", "--to", "msgpack"], "log.jsonl", True, "standard output is the input file"),
        (["convert", "-", "OUT", "--rejects", "LOG"], "log.jsonl", False, "--rejects LOG is the input file"),
        (["convert", "-", "LOG"], "log.jsonl", False, "LOG is the input file"),
        (["convert", "-", "/dev/stdout"], "log.jsonl", True, "/dev/stdout is the input file"),
    ],
)
def test_stdin_that_is_the_file_written_is_refused(
    tmp_path: Path, args: list[str], name: str, stdout_is_input: bool, message: str
) -> None:
    log = tmp_path / name
    if name.endswith(".msgpack"):
        _msgpack_log(log)
    else:
        log.write_bytes(_lines(TURNS))
    before = log.read_bytes()
    err = tmp_path / "err"
    argv = [str(log) if a == "LOG" else str(tmp_path / "out.jsonl") if a == "OUT" else a for a in args]
    status = _lmcodec(argv, stdin=log, stdout=log if stdout_is_input else None, stderr=err, watch=log)
    assert status == 2, (status, log.stat().st_size)
    assert log.read_bytes() == before
    assert message.replace("LOG", str(log)) in err.read_text()
    assert not (tmp_path / "out.jsonl").exists()


def test_stdin_from_another_file_still_converts(tmp_path: Path, new: Path) -> None:
    out = tmp_path / "out.jsonl"
    assert _lmcodec(["convert", "-", "-"], stdin=new, stdout=out, watch=out) == 0
    assert out.read_bytes() == _lines(TURNS)


@needs_dev_fd
def test_a_failed_run_into_dev_stdout_says_what_it_wrote(tmp_path: Path) -> None:
    """Under --on-error raise, the records before the bad one are in the stream: said so, as for ``-``."""
    src = tmp_path / "in.jsonl"
    src.write_bytes(_lines(TURNS[:1]) + b"[]\n")
    log = tmp_path / "log.jsonl"
    err = tmp_path / "err"
    assert _lmcodec(["convert", str(src), "/dev/stdout", "--on-error", "raise"], stdout=log, stderr=err) == 1
    assert log.read_bytes() == _lines(TURNS[:1])
    assert "stopped there; the records before it were written to /dev/stdout" in err.read_text()


@needs_dev_fd
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no terminals here")
def test_rejects_to_the_terminal_stdout_is_on_are_shown_with_the_records(tmp_path: Path) -> None:
    """On a terminal nothing is mixed into data: ``convert in - --rejects /dev/stderr`` shows both."""
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_bytes(_lines(TURNS[:1]) + b"[]\n")
    leader, follower = os.openpty()
    try:
        done = subprocess.run(
            [
                sys.executable,
                "-W",
                "ignore",
                "-m",
                "lmcodec",
                "convert",
                str(mixed),
                "-",
                "--rejects",
                "/dev/stderr",
            ],
            stdout=follower,
            stderr=follower,
            env={**os.environ, "PYTHONPATH": str(SRC)},
            timeout=120,
        )
        os.close(follower)
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # EIO: the terminal's other end is closed and everything was read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
    assert done.returncode == 0, shown
    assert b"[]\r\n" in shown and lc.encode(TURNS[0]) in shown


@needs_dev_fd
@pytest.mark.parametrize("where", ["dest", "rejects"])
def test_a_dest_naming_descriptor_3_appended_to_is_appended_to(tmp_path: Path, where: str) -> None:
    """``convert in /dev/fd/3 3>> log``: a descriptor the shell opened for the user, named by its
    number, is written through as fd 1 and 2 are (rtleft24: its target was replaced atomically,
    the log's earlier lines gone)."""
    src = tmp_path / "in.jsonl"
    bad = b'{"request": 1}\n'
    src.write_bytes(_lines(TURNS) + (bad if where == "rejects" else b""))
    log = tmp_path / "log.jsonl"
    log.write_bytes(_lines(OLD))
    out = tmp_path / "out.jsonl"
    with open(log, "ab") as three:
        name = f"/dev/fd/{three.fileno()}"
        args = [str(out), "--rejects", name] if where == "rejects" else [name]
        done = subprocess.run(
            [sys.executable, "-W", "ignore", "-m", "lmcodec", "convert", str(src), *args],
            pass_fds=(three.fileno(),),
            capture_output=True,
            env={**os.environ, "PYTHONPATH": str(SRC)},
            timeout=60,
        )
    assert done.returncode == 0, done.stderr
    assert log.read_bytes() == _lines(OLD) + (bad if where == "rejects" else _lines(TURNS))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["in.jsonl", "log.jsonl"] + (["out.jsonl"] if where == "rejects" else [])
    )


def test_stderr_appended_to_the_input_gets_the_messages_after_the_input_was_read(tmp_path: Path) -> None:
    """``convert - out < log 2>> log`` is not refused (docs/hostile-input.md C11): the command
    writes its messages (the bad records' report, an error) only once the input is read, so they
    are appended to the input after it, as the user's ``2>>`` asked, and never read back."""
    log = tmp_path / "log.jsonl"
    log.write_bytes(_lines(TURNS[:1]) + b"[]\n" + _lines(TURNS[1:]))
    before = log.read_bytes()
    out = tmp_path / "out.jsonl"
    assert _lmcodec(["convert", "-", str(out), "--on-error", "skip"], stdin=log, stderr=log, watch=log) == 0
    assert out.read_bytes() == _lines(TURNS)
    held = log.read_bytes()
    assert held.startswith(before)
    assert b"lmcodec: 3 records converted, 1 bad" in held[len(before) :]


@needs_dev_fd
@pytest.mark.parametrize("spelling", ["//dev/fd/3", "/dev/./fd/3", "/dev/fd/../fd/3"])
def test_other_spellings_of_descriptor_3_appended_to_are_appended_to(tmp_path: Path, spelling: str) -> None:
    """``convert in //dev/fd/3 3>> log``: the descriptor is found by what the path is (red team
    45 F03: these spellings replaced the log, its earlier lines gone)."""
    (tmp_path / "in.jsonl").write_bytes(_lines(TURNS))
    (tmp_path / "log.jsonl").write_bytes(_lines(OLD))
    done = _shell(tmp_path, f"convert in.jsonl {spelling} 3>> log.jsonl")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "log.jsonl").read_bytes() == _lines(OLD) + _lines(TURNS)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "log.jsonl"]


@needs_dev_fd
@pytest.mark.parametrize("where", ["dest", "rejects"])
@pytest.mark.parametrize("spelling", ["/dev/stdin", "/dev/fd/0"])
def test_a_dest_naming_standard_input_read_from_a_file_is_refused(
    tmp_path: Path, spelling: str, where: str
) -> None:
    """``convert in /dev/stdin < log``: the file the user opened read-only is kept, status 2
    (red team 45 F03: ``/dev/stdin`` replaced it, status 0)."""
    (tmp_path / "in.jsonl").write_bytes(_lines(TURNS) + b'{"request": 1}\n')
    (tmp_path / "log.jsonl").write_bytes(_lines(OLD))
    args = f"out.jsonl --rejects {spelling}" if where == "rejects" else spelling
    done = _shell(tmp_path, f"convert in.jsonl {args} < log.jsonl")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        f"lmcodec: cannot write {spelling}: Bad file descriptor (descriptor 0 is open for reading only)"
    )
    assert (tmp_path / "log.jsonl").read_bytes() == _lines(OLD)
    assert not (tmp_path / "out.jsonl").exists()


@needs_dev_fd
@pytest.mark.parametrize("where", ["dest", "rejects"])
def test_a_descriptor_open_on_a_directory_is_refused_naming_the_path(tmp_path: Path, where: str) -> None:
    """``convert in /dev/fd/3 3< .``: the message named lmcodec's own dup ("4: Is a directory";
    red team 45 F04); it names the path, as d88c780 did."""
    (tmp_path / "in.jsonl").write_bytes(_lines(TURNS) + b'{"request": 1}\n')
    args = "out.jsonl --rejects /dev/fd/3" if where == "rejects" else "/dev/fd/3"
    done = _shell(tmp_path, f"convert in.jsonl {args} 3< .")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == "lmcodec: cannot write /dev/fd/3: Is a directory"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl"]


def _shell(cwd: Path, command: str) -> subprocess.CompletedProcess[str]:
    """``lmcodec COMMAND`` run by bash in ``cwd``, its redirections as a user types them."""
    return subprocess.run(
        ["bash", "-c", f"{sys.executable} -W ignore -m lmcodec {command}"],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
        timeout=60,
    )


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc here")
@pytest.mark.parametrize("where", ["dest", "rejects", "link"])
def test_another_process_s_descriptor_is_written_in_place(tmp_path: Path, where: str) -> None:
    """``convert in /proc/<pid>/fd/3`` where another process holds ``3>> log``: written as
    ``cat > /proc/<pid>/fd/3`` writes, into the file that process holds, whose later writes
    follow (rtfix52's left item: the log was replaced, and the process's line was lost); and
    through a symlink to it, as ``cat > app.out`` writes (red team 49 F03)."""
    src = tmp_path / "in.jsonl"
    bad = b'{"request": 1}\n'
    src.write_bytes(_lines(TURNS) + (bad if where == "rejects" else b""))
    log = tmp_path / "log.jsonl"
    log.write_bytes(_lines(OLD))
    out = tmp_path / "out.jsonl"
    holder = subprocess.Popen(
        ["bash", "-c", 'exec 3>>"$0"; read -r go; echo late >&3', str(log)], stdin=subprocess.PIPE
    )
    fd3 = f"/proc/{holder.pid}/fd/3"
    for _ in range(500):
        if os.path.exists(fd3):
            break
        time.sleep(0.01)
    args = [str(out), "--rejects", fd3] if where == "rejects" else [fd3]
    if where == "link":
        (tmp_path / "app.out").symlink_to(fd3)
        args = [str(tmp_path / "app.out")]
    done = subprocess.run(
        [sys.executable, "-W", "ignore", "-m", "lmcodec", "convert", str(src), *args],
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
        timeout=60,
    )
    assert holder.stdin is not None
    holder.stdin.write(b"go\n")
    holder.stdin.close()
    assert holder.wait(timeout=30) == 0
    assert done.returncode == 0, done.stderr
    assert log.read_bytes() == (bad if where == "rejects" else _lines(TURNS)) + b"late\n"
