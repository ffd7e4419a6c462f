"""codecs/_replace.py: a path that is the file of an open standard stream is written through
that stream, as a shell redirection writes (red team 38 F03). A script run ``>> log.jsonl`` that
wrote ``lc.jsonl.write("/dev/stdout", records)`` renamed a new file over log.jsonl (its records
gone), and a second write made a file named ``log.jsonl (deleted)`` beside it."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import lmcodec as lc

from ..turns import numbered_turns

OLD = b"an earlier line\n"
TURNS = numbered_turns(2)
NAMES = ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1", "LOG"]


ROOT = Path(__file__).resolve().parents[2]
SETUP = (
    "import sys\nimport lmcodec as lc\nfrom tests.turns import numbered_turns\nTURNS = numbered_turns(2)\n"
)


def _script(body: str, *, stdout: Path, stderr: Path | None = None, append: bool = True) -> None:
    """Run ``body`` (a Python script that has ``lc`` and ``TURNS``) with fd 1 (and fd 2) on
    these files, opened for append (``>>``) or truncated (``>``)."""
    mode = "ab" if append else "wb"
    with open(stdout, mode) as out, open(stderr or os.devnull, mode) as err:
        subprocess.run(
            [sys.executable, "-c", SETUP + body],
            stdout=out,
            stderr=err,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])},
            timeout=120,
            check=True,
        )


def _jsonl(records: object) -> bytes:
    buf = io.BytesIO()
    lc.jsonl.write(buf, records)  # type: ignore[arg-type]
    return buf.getvalue()


def _msgpack(records: object) -> bytes:
    buf = io.BytesIO()
    lc.msgpack.write_stream(buf, records)  # type: ignore[arg-type]
    return buf.getvalue()


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/1"), reason="no /dev/fd, /proc/self/fd here")
@pytest.mark.parametrize("name", NAMES)
def test_writers_append_to_the_file_stdout_is_appended_to(tmp_path: Path, name: str) -> None:
    log = tmp_path / "log.jsonl"
    log.write_bytes(OLD)
    target = str(log) if name == "LOG" else name
    _script(
        f"lc.jsonl.write({target!r}, TURNS)\nlc.msgpack.write_stream({target!r}, TURNS[:1])\n",
        stdout=log,
    )
    assert log.read_bytes() == OLD + _jsonl(TURNS) + _msgpack(TURNS[:1])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl"]  # no temporary, no "(deleted)" file


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/1"), reason="no /dev/fd, /proc/self/fd here")
def test_a_truncated_stdout_gets_the_scripts_prints_and_records_in_order(tmp_path: Path) -> None:
    """Under ``>`` the records go at the stream's offset, after what ``print`` wrote before them."""
    log = tmp_path / "log.jsonl"
    log.write_bytes(OLD)
    _script(
        "print('before')\nlc.jsonl.write('/dev/stdout', TURNS)\nprint('after')\n",
        stdout=log,
        append=False,
    )
    assert log.read_bytes() == b"before\n" + _jsonl(TURNS) + b"after\n"


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/2"), reason="no /dev/fd, /proc/self/fd here")
def test_writers_append_to_the_file_stderr_is_appended_to(tmp_path: Path) -> None:
    log = tmp_path / "err.log"
    log.write_bytes(OLD)
    _script(
        "sys.stderr.write('message\\n')\nlc.jsonl.write('/dev/stderr', TURNS)\n",
        stdout=tmp_path / "out",
        stderr=log,
    )
    assert log.read_bytes() == OLD + b"message\n" + _jsonl(TURNS)


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/1"), reason="no /dev/fd, /proc/self/fd here")
def test_parquet_to_dev_stdout_is_written_through_the_stream(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    out = tmp_path / "out.parquet"
    out.write_bytes(OLD)
    inode = out.stat().st_ino
    _script("lc.arrow.write_parquet(TURNS, '/dev/stdout')\n", stdout=out, append=False)
    assert list(lc.arrow.read_parquet(out, lc.Turn)) == TURNS
    assert out.stat().st_ino == inode  # the file the shell opened, not one renamed over it
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.parquet"]


def test_a_symlink_to_a_regular_file_is_still_replaced_atomically(tmp_path: Path) -> None:
    """Not the file of a standard stream: its target is replaced by a rename (the old inode kept)."""
    target = tmp_path / "log.jsonl"
    target.write_bytes(OLD)
    before = os.stat(target).st_ino
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    lc.jsonl.write(link, TURNS)
    assert link.is_symlink() and target.read_bytes() == _jsonl(TURNS)
    assert os.stat(target).st_ino != before


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/1"), reason="no /dev/fd, /proc/self/fd here")
@pytest.mark.parametrize("form", ["/dev/fd/{}", "/proc/self/fd/{}"])
def test_a_path_naming_another_open_descriptor_is_written_through_it(tmp_path: Path, form: str) -> None:
    """``/dev/fd/3`` after ``3>> log``: a file opened for the user, appended to as fd 1 and 2 are
    (rtleft24: a symlink to a regular file, its target was replaced, the earlier lines gone and
    the descriptor left on the unlinked file)."""
    log = tmp_path / "log.jsonl"
    log.write_bytes(OLD)
    inode = log.stat().st_ino
    with open(log, "ab") as appended:
        name = form.format(appended.fileno())
        lc.jsonl.write(name, TURNS)
        lc.msgpack.write_stream(name, TURNS[:1])
        appended.write(b"after\n")  # the descriptor still writes into the file the path named
    assert log.read_bytes() == OLD + _jsonl(TURNS) + _msgpack(TURNS[:1]) + b"after\n"
    assert log.stat().st_ino == inode
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl"]


SPELLINGS = ["//dev/fd/{}", "/dev/./fd/{}", "/dev/fd/../fd/{}", "/proc/self/./fd/{}", "link"]


def _spelled(form: str, fd: int, tmp_path: Path) -> str:
    """``form`` naming ``fd``; ``link``: a symlink in ``tmp_path`` to ``/dev/fd/N`` (as
    ``/dev/stdin`` is to ``/proc/self/fd/0``)."""
    if form != "link":
        return form.format(fd)
    link = tmp_path / "named"
    link.symlink_to(f"/dev/fd/{fd}")
    return str(link)


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/1"), reason="no /dev/fd, /proc/self/fd here")
@pytest.mark.parametrize("form", SPELLINGS)
def test_another_spelling_of_a_descriptor_is_written_through_it(tmp_path: Path, form: str) -> None:
    """The descriptor is found by what the path is, not by its text (red team 45 F03: these
    spellings replaced the log atomically, its earlier lines gone)."""
    log = tmp_path / "log.jsonl"
    log.write_bytes(OLD)
    inode = log.stat().st_ino
    with open(log, "ab") as appended:
        lc.jsonl.write(_spelled(form, appended.fileno(), tmp_path), TURNS)
    assert log.read_bytes() == OLD + _jsonl(TURNS)
    assert log.stat().st_ino == inode


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/1"), reason="no /dev/fd, /proc/self/fd here")
@pytest.mark.parametrize("form", ["/dev/fd/{}", *SPELLINGS])
def test_a_descriptor_open_for_reading_only_is_refused_and_its_file_kept(tmp_path: Path, form: str) -> None:
    """``/dev/stdin`` after ``< log``: the file the user opened read-only is never written (a
    spelling not matched replaced it: red team 45 F03); the error names the path."""
    log = tmp_path / "log.jsonl"
    log.write_bytes(OLD)
    with open(log, "rb") as read_only:
        name = _spelled(form, read_only.fileno(), tmp_path)
        with pytest.raises(OSError, match="open for reading only") as raised:
            lc.jsonl.write(name, TURNS)
    assert raised.value.filename == name
    assert log.read_bytes() == OLD


@pytest.mark.skipif(not os.path.exists("/proc/self/fd/1"), reason="no /dev/fd, /proc/self/fd here")
def test_a_descriptor_open_on_a_directory_is_refused_naming_the_path(tmp_path: Path) -> None:
    """``3< .``: the error named lmcodec's own dup of the descriptor ("4: Is a directory"; red
    team 45 F04); it names the path given."""
    fd = os.open(tmp_path, os.O_RDONLY)
    try:
        name = f"/dev/fd/{fd}"
        with pytest.raises(IsADirectoryError) as raised:
            lc.jsonl.write(name, TURNS)
    finally:
        os.close(fd)
    assert raised.value.filename == name
    assert list(tmp_path.iterdir()) == []


class _Holder:
    """Another process holding ``log`` open as its descriptor 3 (``exec 3>> log``), which writes
    ``late`` there once :meth:`release` is called."""

    def __init__(self, log: Path) -> None:
        self.proc = subprocess.Popen(
            ["bash", "-c", 'exec 3>>"$0"; read -r go; echo late >&3', str(log)], stdin=subprocess.PIPE
        )
        self.fd3 = f"/proc/{self.proc.pid}/fd/3"
        for _ in range(500):
            if os.path.exists(self.fd3):
                break
            time.sleep(0.01)

    def release(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(b"go\n")
        self.proc.stdin.close()
        assert self.proc.wait(timeout=30) == 0


_PROC_FD = pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="no /proc here")


@_PROC_FD
def test_another_process_s_descriptor_is_the_file_it_holds_written_in_place(tmp_path: Path) -> None:
    """``/proc/<pid>/fd/3`` of another process whose fd 3 is ``>> log``: written as ``cat >``
    writes it, into the file the process holds, whose later writes follow (rtfix52's left item:
    the log was replaced, and the process's ``late`` went to the file no name held)."""
    log = tmp_path / "log"
    log.write_bytes(b"old\n")
    holder = _Holder(log)
    lc.jsonl.write(holder.fd3, numbered_turns(2))
    holder.release()
    assert log.read_bytes() == _jsonl(numbered_turns(2)) + b"late\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log"]


@_PROC_FD
def test_another_process_s_descriptor_on_an_unlinked_file_makes_no_file_of_its_link(tmp_path: Path) -> None:
    """Its link reads ``log (deleted)`` once the file is unlinked: replaced by that name, a new file
    ``log (deleted)`` was made beside it. Written in place, the bytes go to the file the process holds."""
    log = tmp_path / "log"
    log.write_bytes(b"old\n")
    holder = _Holder(log)
    log.unlink()
    lc.jsonl.write(holder.fd3, numbered_turns(2))
    with open(holder.fd3, "rb") as held:
        assert held.read() == _jsonl(numbered_turns(2))
    holder.release()
    assert list(tmp_path.iterdir()) == []


@_PROC_FD
@pytest.mark.parametrize("unlinked", [False, True], ids=["held", "unlinked"])
@pytest.mark.parametrize("name", ["app.out", "again"])
def test_a_symlink_to_another_process_s_descriptor_is_written_in_place(
    tmp_path: Path, name: str, unlinked: bool
) -> None:
    """``app.out -> /proc/<pid>/fd/3``, or ``again -> app.out``: followed as ``cat > app.out``
    follows it, into the file the process holds (red team 49 F03: the entry's target was replaced,
    a file ``log (deleted)`` made beside it, and the process's ``late`` went to the file no name
    held). The links stay links."""
    log = tmp_path / "log"
    log.write_bytes(b"old\n")
    holder = _Holder(log)
    if unlinked:
        log.unlink()
    (tmp_path / "app.out").symlink_to(holder.fd3)
    (tmp_path / "again").symlink_to("app.out")
    lc.jsonl.write(tmp_path / name, numbered_turns(2))
    with open(holder.fd3, "rb") as held:
        assert held.read() == _jsonl(numbered_turns(2))
    holder.release()
    kept = ["again", "app.out"] if unlinked else ["again", "app.out", "log"]
    assert sorted(p.name for p in tmp_path.iterdir()) == kept
    assert (tmp_path / "app.out").is_symlink() and (tmp_path / "again").is_symlink()
    if not unlinked:
        assert log.read_bytes() == _jsonl(numbered_turns(2)) + b"late\n"
