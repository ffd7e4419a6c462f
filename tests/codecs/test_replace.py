"""codecs/_replace.py: a log rewritten through a temporary file keeps the old file whenever the
new one was not written whole (red team 12 F02): a full disk (EFBIG here, RLIMIT_FSIZE standing in
for ENOSPC) or Ctrl-C replaced a good log with a cut one. Over an existing file, an exception of
the records keeps the old file too (review 9: a log filtered in place whose reader raised at a bad
line was replaced by the 9 records before it, 1,000 lines -> 9); a new path keeps the records
written before it (L5)."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest

import lmcodec as lc
from lmcodec.codecs._replace import keep_owner
from lmcodec.codecs.files import open_write

from ..turns import numbered_turns

OLD = numbered_turns(20)
WRITERS = {
    "log.jsonl": (lc.jsonl.write, lc.jsonl.read),
    "log.jsonl.gz": (lc.jsonl.write, lc.jsonl.read),
    "log.jsonl.zst": (lc.jsonl.write, lc.jsonl.read),
    "log.msgpack": (lc.msgpack.write_stream, lc.msgpack.read_stream),
}


def _many() -> Iterator[lc.Turn]:
    """Records that do not compress away (the disk must fill in every format)."""
    while True:
        text = os.urandom(256).hex()
        yield lc.Turn(request=lc.Request("m", [lc.Message.user(text)]), response=OLD[0].response)


@pytest.mark.parametrize("name", WRITERS)
def test_a_write_the_disk_refuses_keeps_the_old_log(tmp_path: Path, name: str, small_disk: int) -> None:
    write, read = WRITERS[name]
    path = tmp_path / name
    write(path, OLD)
    before = path.read_bytes()
    records = _many()
    with pytest.raises(OSError) as raised:
        write(path, (next(records) for _ in range(20_000)))
    assert raised.value.errno is not None and raised.value.errno > 0
    assert path.read_bytes() == before
    assert list(read(path, lc.Turn)) == OLD
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no temporary file left behind


@pytest.mark.parametrize("interruption", [KeyboardInterrupt, SystemExit])
@pytest.mark.parametrize("name", WRITERS)
def test_an_interrupted_rewrite_keeps_the_old_log(
    tmp_path: Path, name: str, interruption: type[BaseException]
) -> None:
    """Ctrl-C (or sys.exit from a signal handler) while a log is rewritten: the new file is not
    whole, so the old one stays, as a write through a temporary file promises."""
    write, read = WRITERS[name]
    path = tmp_path / name
    write(path, OLD)

    def interrupted() -> Iterable[Any]:
        yield from numbered_turns(5)
        raise interruption

    with pytest.raises(interruption):
        write(path, interrupted())
    assert list(read(path, lc.Turn)) == OLD
    assert [p.name for p in tmp_path.iterdir()] == [name]


def _failing(error: Exception) -> Iterator[Any]:
    yield from OLD[:3]
    raise error


def _unencodable() -> Iterator[Any]:
    yield from OLD[:3]
    yield msgspec.structs.replace(OLD[3], metadata={"x": object()})  # no JSON or MessagePack form
    raise AssertionError("nothing after the bad record is consumed")


@pytest.mark.parametrize("error", ["source", "encode"])
@pytest.mark.parametrize("name", WRITERS)
def test_an_error_of_the_records_over_an_existing_file_keeps_the_old_file(
    tmp_path: Path, name: str, error: str
) -> None:
    """The old file is the only copy of the records the writing did not reach: whatever stops the
    writing (the records' iterator, a record that cannot be encoded) leaves it as it was."""
    write, _read = WRITERS[name]
    path = tmp_path / name
    write(path, OLD)
    before = path.read_bytes()
    records = _failing(ValueError("the source broke")) if error == "source" else _unencodable()
    with pytest.raises(ValueError if error == "source" else lc.EncodeError):
        write(path, records)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [name]  # no temporary file left behind


@pytest.mark.parametrize("error", ["source", "encode"])
@pytest.mark.parametrize("name", WRITERS)
def test_an_error_of_the_records_on_a_new_path_leaves_the_records_before_it(
    tmp_path: Path, name: str, error: str
) -> None:
    """L5 for a new path: nothing is lost by keeping the records written before the error."""
    write, read = WRITERS[name]
    path = tmp_path / name
    records = _failing(ValueError("the source broke")) if error == "source" else _unencodable()
    with pytest.raises(ValueError if error == "source" else lc.EncodeError):
        write(path, records)
    assert list(read(path, lc.Turn)) == OLD[:3]
    assert [p.name for p in tmp_path.iterdir()] == [name]


@pytest.mark.parametrize("name", ["log.jsonl", "log.jsonl.gz", "log.jsonl.zst"])
def test_a_log_filtered_in_place_whose_reader_raises_keeps_every_line(tmp_path: Path, name: str) -> None:
    """Review 9 (HIGH): ``lc.jsonl.write(p, lc.jsonl.read(p, T))`` with a bad line and the default
    on_error="raise" replaced a 1,000-line log with the 9 records before the bad line."""
    path = tmp_path / name
    good = lc.encode(OLD[0]) + b"\n"
    plain = good * 9 + b"{bad\n" + good * 990
    with open_write(tmp_path / ("x" + name)) as fh:  # the same compression
        fh.write(plain)
    os.replace(tmp_path / ("x" + name), path)
    before = path.read_bytes()
    with pytest.raises(lc.RecordError, match="line 10"):
        lc.jsonl.write(path, lc.jsonl.read(path, lc.Turn))
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [name]


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
def test_a_log_named_as_long_as_the_file_system_takes_is_filtered_in_place(
    tmp_path: Path, suffix: str
) -> None:
    """Red team 12 F19 (library side): ``.NAME.XXXXXXXX.partial`` is 18 bytes longer than NAME, so
    for a NAME of 238 bytes or more no temporary file could be made and the log was written in
    place: filtered in place, it came out empty (the reader read the truncated file)."""
    path = tmp_path / ("l" * (255 - len(suffix)) + suffix)
    lc.jsonl.write(path, OLD)
    assert lc.jsonl.write(path, (t for t in lc.jsonl.read(path, lc.Turn) if t.response.id != "r3")) == 19
    assert list(lc.jsonl.read(path, lc.Turn)) == [t for t in OLD if t.response.id != "r3"]
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def _write_parquet(path: Any, records: Iterable[lc.Turn]) -> int:
    return lc.arrow.write_parquet(records, path)


DIRECTORY_NAMED: dict[str, Callable[[Any, Iterable[lc.Turn]], int]] = {
    "lc.jsonl.write": lc.jsonl.write,
    "lc.msgpack.write_stream": lc.msgpack.write_stream,
    "lc.arrow.write_parquet": _write_parquet,
}


@pytest.mark.parametrize("suffix", ["/", "/.", "//", "/.."])
@pytest.mark.parametrize("writer", DIRECTORY_NAMED)
def test_a_dest_named_as_a_directory_is_refused_as_open_refuses_it(
    tmp_path: Path, writer: str, suffix: str
) -> None:
    """``x/`` names a directory: the writers raise what open("x/", "wb") raises (IsADirectoryError;
    for ``x/.`` NotADirectoryError over a file x); they took Path("x/") == Path("x") and replaced
    the file x, or created it (red team 23 F01)."""
    write = DIRECTORY_NAMED[writer]
    existing, new = tmp_path / "existing", tmp_path / "new"
    existing.write_bytes(b"precious\n")
    for named in (f"{existing}{suffix}", f"{new}{suffix}"):
        with pytest.raises(OSError) as by_open:
            open(named, "wb")
        with pytest.raises(type(by_open.value)) as by_writer:
            write(named, OLD)
        assert by_writer.value.errno == by_open.value.errno
    assert existing.read_bytes() == b"precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["existing"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
@pytest.mark.parametrize("writer", DIRECTORY_NAMED)
def test_a_rewritten_file_keeps_its_owner_and_group(tmp_path: Path, writer: str) -> None:
    """The rename made another user's file the writer's (red team 23 F04, 1234:1234 -> 0:0):
    where the writer may, the new file gets the old one's owner and group, and its mode."""
    path = tmp_path / "log"
    DIRECTORY_NAMED[writer](path, OLD[:2])
    os.chown(path, 1234, 4321)
    os.chmod(path, 0o640)
    DIRECTORY_NAMED[writer](path, OLD)
    after = os.stat(path)
    assert (after.st_uid, after.st_gid, after.st_mode & 0o7777) == (1234, 4321, 0o640)


@pytest.mark.parametrize("writer", DIRECTORY_NAMED)
def test_the_empty_name_is_refused_as_open_refuses_it(writer: str) -> None:
    """open("", "wb") raises FileNotFoundError; the writers raised IsADirectoryError, taking the
    empty basename for a trailing slash (review 14 F05)."""
    with pytest.raises(OSError) as by_open:
        open("", "wb")
    with pytest.raises(type(by_open.value)) as by_writer:
        DIRECTORY_NAMED[writer]("", OLD)
    assert by_writer.value.errno == by_open.value.errno


def _chown_refused(code: int) -> Callable[..., None]:
    def chown(*args: Any, **kwargs: Any) -> None:
        raise OSError(code, os.strerror(code))

    return chown


@pytest.mark.parametrize("code", [errno.EINVAL, errno.EPERM, errno.EOPNOTSUPP])
def test_keep_owner_is_best_effort_for_any_error_of_chown(
    tmp_path: Path, code: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """chown of an owner a user namespace does not map raises EINVAL, not PermissionError: it
    escaped and the write failed (review 14 F04). Any OSError of chown leaves the writer's owner."""
    tmp = tmp_path / "tmp"
    tmp.write_bytes(b"")
    here = os.stat(tmp)
    other = os.stat_result((here.st_mode, 0, 0, 1, here.st_uid + 1, here.st_gid + 1, 0, 0, 0, 0))
    monkeypatch.setattr(os, "chown", _chown_refused(code))
    keep_owner(str(tmp), other)
    assert (os.stat(tmp).st_uid, os.stat(tmp).st_gid) == (here.st_uid, here.st_gid)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
@pytest.mark.parametrize("code", [errno.EINVAL, errno.EPERM])
@pytest.mark.parametrize("writer", DIRECTORY_NAMED)
def test_a_file_whose_owner_cannot_be_kept_is_rewritten(
    tmp_path: Path, writer: str, code: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over another user's writable file where chown fails (a rootless container: EINVAL), the
    writers replace it, owned by the writer, its mode kept (they raised the EINVAL, naming the
    temporary file: review 14 F04)."""
    path = tmp_path / "log"
    DIRECTORY_NAMED[writer](path, OLD[:2])
    os.chown(path, 1234, 4321)
    os.chmod(path, 0o666)
    monkeypatch.setattr(os, "chown", _chown_refused(code))
    assert DIRECTORY_NAMED[writer](path, OLD) == len(OLD)
    after = os.stat(path)
    assert (after.st_uid, after.st_mode & 0o7777) == (os.geteuid(), 0o666)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log"]
