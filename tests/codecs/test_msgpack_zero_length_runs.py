"""A run of NULs in a length-prefixed MessagePack log (a sparse file, a crashed writer's
preallocated tail) read as one zero-length record per 4 bytes, each decoded and reported: 262,144
bad records per MiB, 1.5 s CPU (red team 16 F02). No MessagePack value is 0 bytes long, so a run of
zero-length records is one bad record per 64 KiB now; the records around it are framed and read
exactly as before (same values, indexes and offsets), from every kind of source."""

from __future__ import annotations

import gzip
import io
import struct
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.codecs.msgpack import _ZERO_RUN

from ..budget import examples
from ..cli.test_bad_records import TURN

_GOOD = lc.msgpack.encode(lc.decode(TURN, lc.Turn))
_NOT_A_TURN = msgspec.msgpack.encode([1, 2, 3])


def _framed(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def _four_bytes_at_a_time(data: bytes) -> tuple[list[tuple[int, int]], int]:
    """The good records' (index, offset) as plain 4-byte framing reads them, and the bytes
    covered by the others (the reader before the fix: each zero-length prefix a bad record)."""
    good: list[tuple[int, int]] = []
    offset = index = bad_bytes = 0
    while offset < len(data):
        (size,) = struct.unpack_from(">I", data, offset)
        body = data[offset + 4 : offset + 4 + size]
        try:
            lc.msgpack.decode(body, lc.Turn)
            good.append((index, offset))
        except lc.LmcodecError:
            bad_bytes += 4 + size
        index += 1
        offset += 4 + size
    return good, bad_bytes


class _NoLookAhead(io.RawIOBase):
    """A file object that shows nothing ahead (its peek is empty), read a few bytes at a time."""

    def __init__(self, data: bytes) -> None:
        self._data = io.BytesIO(data)

    def readable(self) -> bool:
        return True

    def peek(self, size: int = 0) -> bytes:
        return b""

    def read(self, size: int = -1) -> bytes:
        return self._data.read(size if 0 <= size < 3 else 3)


def _sources(data: bytes, tmp_path: Path) -> dict[str, Any]:
    plain, packed = tmp_path / "log.msgpack", tmp_path / "log.msgpack.gz"
    plain.write_bytes(data)
    packed.write_bytes(gzip.compress(data))
    return {
        "bytes": data,
        "BytesIO": io.BytesIO(data),
        "path": plain,
        "gzip path": packed,
        "no look-ahead": _NoLookAhead(data),
    }


def _nuls(count: int) -> bytes:
    return b"\0" * count


_pieces = st.lists(
    st.one_of(
        st.just(_framed(_GOOD)),
        st.just(_framed(_NOT_A_TURN)),
        st.integers(1, 40).map(lambda n: b"\0" * (4 * n)),
        st.sampled_from([_ZERO_RUN - 4, _ZERO_RUN, _ZERO_RUN + 4, 3 * _ZERO_RUN + 8]).map(
            lambda n: b"\0" * n
        ),
    ),
    max_size=8,
)


@settings(max_examples=examples(40), deadline=None)
@given(pieces=_pieces)
def test_records_around_runs_of_nuls_are_read_as_four_byte_framing_reads_them(pieces: list[bytes]) -> None:
    data = b"".join(pieces)
    want_good, want_bad_bytes = _four_bytes_at_a_time(data)
    for source in (data, _NoLookAhead(data)):
        reader = lc.msgpack.read_stream(source, lc.Turn, on_error="collect")
        got = []
        for record in reader:
            assert record == lc.decode(TURN, lc.Turn)
            got.append(reader.index)
        assert got == [index for index, _ in want_good]
        bad_bytes = 0
        for bad in reader.errors:
            run = bad.message.split(" zero-length records (bytes ")
            if len(run) == 2:  # a run: its byte range
                first, last = run[1].split(",")[0].split("-")
                assert int(first) == bad.offset
                bad_bytes += int(last) - int(first) + 1
            else:
                bad_bytes += 4 + len(bad.raw)
        assert bad_bytes == want_bad_bytes


def test_a_mib_of_nuls_is_a_few_bad_records_from_every_source(tmp_path: Path) -> None:
    nuls = b"\0" * (1 << 20)
    data = _framed(_GOOD) + nuls + _framed(_GOOD)
    after = 1 + len(nuls) // 4 + 1 - 1  # the second record's index under 4-byte framing
    for name, source in _sources(data, tmp_path).items():
        reader = lc.msgpack.read_stream(source, lc.Turn, on_error="collect")
        indexes = []
        for _ in reader:
            indexes.append(reader.index)
        assert indexes == [0, after], name
        assert reader.bad == len(reader.errors) == -(-len(nuls) // (_ZERO_RUN + 4)), name  # was 262,144
        assert reader.errors[0].offset == 4 + len(_GOOD), name
        assert "zero-length records" in reader.errors[0].message, name


def test_one_zero_length_record_raises_under_raise() -> None:
    data = _framed(_GOOD) + b"\0" * 4 + _framed(_GOOD)
    reader = lc.msgpack.read_stream(data, lc.Turn)
    with pytest.raises(lc.DecodeError, match=r"record 1 \(byte \d+\): a zero-length record"):
        list(reader)
