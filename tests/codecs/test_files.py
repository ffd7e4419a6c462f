"""codecs/files.py: the members and frames lmcodec writes are verified whole before any of their
bytes is handed on, whatever the size of the writes (red-team finding F01)."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import zstandard

import lmcodec as lc
from lmcodec.codecs import files

Write = Callable[[Any, list[Any]], int]
Read = Callable[[Any, Any], Any]
FORMATS: dict[str, tuple[Write, Read]] = {
    "jsonl": (lc.jsonl.write, lc.jsonl.read),
    "msgpack": (lc.msgpack.write_stream, lc.msgpack.read_stream),
}
KINDS = {"gzip": ".gz", "zstd": ".zst"}


def _members(data: bytes, kind: str) -> Iterator[bytes]:
    """The decompressed content of each gzip member / zstd frame of ``data``, in order."""
    while data:
        if kind == "gzip":
            member = zlib.decompressobj(31)
            out = member.decompress(data)
        else:
            member = zstandard.ZstdDecompressor().decompressobj()
            out = member.decompress(data)
        assert member.eof
        yield out
        data = member.unused_data


def _log_with_a_big_record() -> list[lc.Request]:
    """Small records (less than one flush), then one record of more than HOLD bytes: the writer
    hands the buffered small records and the big one over in one write."""
    rng = random.Random(1)
    small = [lc.Request("m", [lc.Message.user(f"record {i:03d} " + "lorem ipsum " * 60)]) for i in range(300)]
    text = "".join(rng.choice("abcdefghij") for _ in range(files.HOLD + (1 << 20)))
    return [*small, lc.Request("m", [lc.Message.user(text)])]


BIG_LOG = _log_with_a_big_record()


@pytest.fixture(scope="module", params=[(f, k) for f in FORMATS for k in KINDS], ids=lambda p: "-".join(p))
def written(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, str, bytes]:
    fmt, kind = request.param
    path = tmp_path_factory.mktemp("big") / f"log.{fmt}{KINDS[kind]}"
    FORMATS[fmt][0](path, BIG_LOG)
    return fmt, kind, path.read_bytes()


def test_no_member_or_frame_written_is_longer_than_the_reader_verifies(
    written: tuple[str, str, bytes],
) -> None:
    """A write of more than HOLD bytes was one member, handed on before its checksum was read."""
    fmt, kind, data = written
    sizes = [len(member) for member in _members(data, kind)]
    assert max(sizes) <= files.FRAME <= files.HOLD, sizes
    assert sum(sizes) > files.HOLD + (1 << 20)
    assert list(FORMATS[fmt][1](data, lc.Request)) == BIG_LOG


def _read_flipped(data: bytes, fmt: str, at: int, bit: int) -> tuple[list[Any], BaseException | None]:
    damaged = bytearray(data)
    damaged[at] ^= 1 << bit
    got: list[Any] = []
    try:
        for record in FORMATS[fmt][1](bytes(damaged), lc.Request):
            got.append(record)
    except lc.LmcodecError as exc:
        return got, exc
    return got, None


def test_bit_flips_in_a_log_with_a_big_record_never_give_altered_records(
    written: tuple[str, str, bytes],
) -> None:
    """Flips in the first member (which held the small records and the start of the big one) and
    anywhere else: every record read is a record written, and the damage is an lc error."""
    fmt, _, data = written
    rng = random.Random(7)
    positions = [*range(20, 6000, 50), *(rng.randrange(len(data)) for _ in range(8))]
    for at in positions:
        got, err = _read_flipped(data, fmt, at, rng.randrange(8))
        assert got == BIG_LOG[: len(got)], at
        assert err is not None or len(got) == len(BIG_LOG), at


def test_a_record_longer_than_a_member_is_read_from_verified_members_only(tmp_path: Path) -> None:
    """One record of 3 FRAMEs spans several members; damage in its last member loses it (and only
    it): the records before it are read, then the error; the record is never handed on."""
    rng = random.Random(2)
    text = "".join(rng.choice("abcdefghij") for _ in range(3 * files.FRAME))
    records = [lc.Request("m", [lc.Message.user("before")]), lc.Request("m", [lc.Message.user(text)])]
    for fmt, (write, _) in FORMATS.items():
        for kind, suffix in KINDS.items():
            path = tmp_path / f"one.{fmt}{suffix}"
            write(path, records)
            data = path.read_bytes()
            assert len(list(_members(data, kind))) >= 3
            got, err = _read_flipped(data, fmt, len(data) - 30, 3)  # in the last member
            assert got == records[:1] and isinstance(err, lc.DecodeError), (fmt, kind, err)

