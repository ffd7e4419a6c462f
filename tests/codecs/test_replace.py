"""codecs/_replace.py: a log rewritten through a temporary file keeps the old file whenever the
new one was not written whole (red team 12 F02): a full disk (EFBIG here, RLIMIT_FSIZE standing in
for ENOSPC) or Ctrl-C replaced a good log with a cut one. An exception of the records themselves
(L5) still leaves the records before it as the file."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

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


@pytest.mark.parametrize("name", WRITERS)
def test_an_error_of_the_records_leaves_the_records_before_it(tmp_path: Path, name: str) -> None:
    """L5 holds: an exception the records raise is no failure of the file; the records before it
    are the file."""
    write, read = WRITERS[name]
    path = tmp_path / name
    write(path, OLD)

    def failing() -> Iterable[Any]:
        yield from OLD[:3]
        raise ValueError("the source broke")

    with pytest.raises(ValueError, match="the source broke"):
        write(path, failing())
    assert list(read(path, lc.Turn)) == OLD[:3]
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
