"""Where the record after a run of NULs in a length-prefixed MessagePack log starts.

A crash leaves a run of NULs where its last writes were, of any length (not a multiple of 4): read
as zero-length records (4 NULs each), the run can end inside the next record's length prefix,
whose high bytes are NULs too, and the framing was read 1-3 bytes off: a "truncated record" of a
forged length ended the reading, every record after the run lost; a run of 1-3 NULs glued to a
prefix read as a short bad record, then the same (red team 56 F07). At the end of the run (its
first non-NUL byte at offset p), the next record's 4-byte big-endian length starts at one of
p-3 .. p (as many NULs before p as its high bytes are zero): each start is tried, the earliest
first, and the first whose length fits the bytes left and whose record decodes is the record.

Only a run of zero-length records, or a record that is bad or cut short and whose length prefix
starts with a NUL, comes here: a good log pays nothing. The bytes a realignment reads ahead are
bounded by a budget that grows with the bytes the reading has consumed (:class:`Budget`), so that
a log of many short bad records costs time linear in its size.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import IO, Any, NamedTuple, cast

from lmcodec.errors import DecodeError, LmcodecError

__all__ = ["NUL_LED", "Budget", "Realigned", "Replayed", "nuls_before", "realigned", "replayed"]

_LENGTH = struct.Struct(">I")
_FLOOR = 1 << 20
"""Bytes a realignment may read ahead before the reading has consumed any."""


class Realigned(NamedTuple):
    """The record found: its length prefix starts ``start`` bytes after the 4-byte head that
    ends the NULs (-3 to 3), ``size`` its length, ``record`` its value read from ``body``, ``end``
    where it ends in the bytes :func:`realigned` hands back (the head's first)."""

    start: int
    size: int
    record: Any
    end: int
    body: bytes


class Budget:
    """The bytes realignments may still read ahead: :data:`_FLOOR` plus the bytes consumed."""

    def __init__(self) -> None:
        self.spent = 0

    def left(self, consumed: int) -> int:
        return _FLOOR + consumed - self.spent


def realigned(
    head: bytes,
    data: bytes,
    read: Callable[[int], bytes],
    decode: Callable[[bytes], Any],
    earliest: int,
    most: int,
) -> tuple[Realigned | None, bytes]:
    """The record whose length prefix ends the NULs that start the 4-byte ``head`` (not all NUL),
    ``data`` the bytes read after it, ``read`` (up to n bytes, fewer at the end) the bytes after
    those, ``decode`` the record's reading (an LmcodecError for a bad one). Starts from
    ``earliest`` (relative to the head: -3 after a run of zero-length records, 1 after a record the
    head framed) to the run's end are tried, each holding at most ``most`` bytes from the head on;
    the record found (or None) and the bytes held, ``head`` first."""
    lead = len(head) - len(head.lstrip(b"\0"))
    data = head + data
    for zeros in range(min(3, lead - earliest), -1, -1):  # the prefix's NUL bytes: the earliest start first
        at = lead + 4 - zeros  # where the record's body starts in data
        if len(data) < at:
            data += read(at - len(data))
            if len(data) < at:
                break
        (size,) = _LENGTH.unpack(b"\0" * zeros + data[lead:at])
        end = at + size
        if end > most:  # (a later start's length is longer still)
            break
        if len(data) < end:
            data += read(end - len(data))
            if len(data) < end:
                break
        body = data[at:end]
        try:
            record = decode(body)
        except LmcodecError:
            continue
        return Realigned(lead - zeros, size, record, end, body), data
    return None, data


class Replayed:
    """A binary file whose next bytes are ``pending``, then ``fh``'s: the bytes a realignment read
    past where the framing goes on, read again by it. Bytes put back again (a later realignment's)
    move the position back when they are the buffer's last read, so that no read or put-back
    copies more than the bytes it hands over."""

    def __init__(self, pending: bytes, fh: IO[bytes]) -> None:
        self._buffer = pending
        self._at = 0
        self._beyond = 0  # bytes read from fh since the buffer ran out
        self._fh = fh

    def read(self, size: int = -1) -> bytes:
        buffer, at = self._buffer, self._at
        left = len(buffer) - at
        if not left:
            data = self._fh.read(size)
        elif 0 <= size <= left:
            self._at = at + size
            return buffer[at : at + size]
        else:
            self._at = len(buffer)
            data = self._fh.read(-1 if size < 0 else size - left)
            self._beyond += len(data)
            return buffer[at:] + data
        self._beyond += len(data)
        return data

    def put_back(self, past: bytes) -> None:
        """Read ``past``, the last bytes read, again next."""
        if not self._beyond and len(past) <= self._at:
            self._at -= len(past)
        else:
            self._buffer = past + self._buffer[self._at :]
            self._at = self._beyond = 0


def replayed(fh: IO[bytes], past: bytes) -> IO[bytes]:
    """``fh``, the bytes a realignment read ``past`` where the framing goes on read again first."""
    if not past:
        return fh
    if isinstance(fh, Replayed):  # (one wrapper, however many realignments)
        fh.put_back(past)
        return fh
    return cast("IO[bytes]", Replayed(past, fh))


NUL_LED = 1 << 24
"""Lengths below it: a length prefix that starts with a NUL byte."""


def nuls_before(index: int, offset: int, nuls: int) -> DecodeError:
    """The 1-3 NULs before a record's length prefix that framed a bad or cut record instead."""
    plural = "s" if nuls > 1 else ""
    return DecodeError(
        f"record {index} (byte {offset}): {nuls} NUL byte{plural} (bytes {offset}-{offset + nuls - 1}) "
        "before a record's length prefix: no MessagePack value is 0 bytes long",
        offset=offset,
    )
