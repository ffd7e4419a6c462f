"""The decompressed bytes of a gzip or zstd log, each member or frame handed on once verified.

Compressed logs are checked, not trusted. lmcodec writes them in members (gzip)
or frames (zstd) of :data:`~lmcodec.codecs.files.FRAME` decompressed bytes each (the last one fewer),
however large the records, every one carrying a checksum of its content (gzip's
CRC-32; zstd's content checksum). They are read one member or frame at a time,
and a member's bytes are handed on only once its checksum has been verified, so a
bit flip never reaches the reader as an altered "good" record. A record longer
than FRAME spans several members, each verified before its bytes are handed on;
the record is decoded only once all of them are, so damage in any of them loses
that record, never alters it. A file cut short yields every byte before the cut; a
member or frame that fails its check yields nothing of itself. Either way the
reader then raises a :class:`~lmcodec.DecodeError` whose ``offset`` is the
decompressed byte where the damage starts. Zero bytes after the last gzip member
(even an empty one) are padding, as gzip reads them, when they run to the end. A log of
no records is written as one empty member or frame, so a 0-byte ``.gz``/``.zst`` file
is read as what it is, a file cut at byte 0 (gzip and zstd refuse it too).

Members and frames other tools wrote are read the same way up to :data:`HOLD`
decompressed bytes (8 FRAMEs). A longer one (``gzip`` and ``gzip.open`` write a
whole file as one member) is handed on as it is decompressed once HOLD bytes are
held, so that memory stays bounded: its damage is still reported, at its end (or
where the data stops decompressing), but records read from it before that are
unverified. A damaged member of lmcodec's own would have to decompress to more
than 8 times its size to be handed on so (one-bit flips give at most its size).
"""

from __future__ import annotations

import io
import zlib
from pathlib import Path
from typing import IO, Any

from lmcodec.errors import DecodeError

__all__ = ["HOLD", "OUT", "Checked", "magic_kind", "may_start_a_magic", "zstd_module"]

HOLD = 8 << 20
"""Decompressed bytes of one member/frame held back until its checksum is verified."""
OUT = 1 << 20
"""Decompressed bytes produced per gzip step (a bomb cannot allocate more); the readers' buffer."""
_IN = 1 << 16  # compressed bytes read at a time
_MAGIC = ((b"\x1f\x8b", "gzip"), (b"\x28\xb5\x2f\xfd", "zstd"))
# A zstd skippable frame (magic 0x184D2A50..0x184D2A5F, little-endian: one byte of 0x50..0x5F,
# then these): what pzstd, and zstd tools adding metadata, write before the first frame.
_SKIPPABLE_FIRST = range(0x50, 0x60)
_SKIPPABLE_REST = b"\x2a\x4d\x18"
_ZSTD_IN = 1 << 10  # zstd has no output cap per call: 1 KiB of input yields at most ~32 MiB
_ZSTD_WINDOW = 1 << 27  # zstandard's default window limit (ZSTD_WINDOWLOG_LIMIT_DEFAULT): kept


def zstd_module() -> Any:
    """The zstandard module (the optional ``zstd`` extra), or an ImportError saying how to get it."""
    try:
        import zstandard
    except ImportError as exc:  # pragma: no cover - depends on the optional extra
        raise ImportError(
            "reading or writing .zst files needs zstandard (the 'zstd' extra): pip install zstandard, "
            "or in a checkout of lmcodec pip install -e '.[zstd]'"
        ) from exc
    return zstandard


class Checked(io.RawIOBase):
    """The decompressed bytes of a gzip or zstd file, each member/frame handed on once verified."""

    def __init__(self, raw: IO[bytes], kind: str, name: str) -> None:
        super().__init__()
        self._raw = raw
        self._kind = kind
        self._name = name
        self._zstd = zstd_module() if kind == "zstd" else None
        self._obj: Any = None  # the decompressor of the member/frame being read
        self._pending = b""  # compressed bytes read but not yet given to a decompressor
        self._held: list[bytes] = []  # the current member's output, not yet verified
        self._held_size = 0
        self._ready = b""  # verified output, read from _taken on
        self._taken = 0
        self._at = 0  # position of _ready[0] in the decompressed stream
        self._frame_start = 0  # decompressed offset where the current member/frame starts
        self._member_ended = False  # a whole member/frame was read (zero padding may follow it)
        self._ended = False
        self._error: DecodeError | None = None  # raised once every byte before the damage is read

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while self._taken == len(self._ready) and not self._ended:
            self._step()
        taken = self._taken
        size = min(len(buffer), len(self._ready) - taken)
        if not size and self._error is not None:
            raise self._error
        buffer[:size] = self._ready[taken : taken + size]
        self._taken += size
        self._at += size
        return size

    def _step(self) -> None:
        chunk = self._pending or self._raw.read(_IN)
        self._pending = b""
        if not chunk:
            if self._obj is not None:
                self._release()  # the bytes before a cut are intact, only unverified
                self._damaged(f"the file ends inside a {self._unit} (truncated file?)", self._end)
            elif not self._member_ended:  # an empty log is one empty member, never 0 bytes
                self._damaged(f"the file holds no {self._unit} (cut at byte 0?)", 0)
            else:
                self._ended = True
            return
        at_frame_start = self._obj is None  # ``chunk`` starts with a member's / frame's header
        if at_frame_start:
            if self._kind == "gzip" and self._member_ended and chunk[0] == 0:
                self._padding(chunk)
                return
            self._obj = zlib.decompressobj(31) if self._zstd is None else self._zstd_obj()
        try:
            if self._zstd is None:
                out = self._obj.decompress(chunk, OUT)
                rest = self._obj.unconsumed_tail  # at a member's end, a copy of unused_data
            else:
                out = self._obj.decompress(chunk[:_ZSTD_IN])
                rest = chunk[_ZSTD_IN:]
        except (zlib.error, self._zstd_error) as exc:
            first = at_frame_start and self._end == 0 and not self._member_ended  # the file's start
            if first and magic_kind(chunk[:4]) != self._kind:
                self._not_compressed(chunk)
                return
            if self._zstd is not None and "too much memory" in str(exc):
                self._window_too_large(chunk if at_frame_start else b"")
                return
            self._damaged(f"the {self._unit} at decompressed byte {self._frame_start} fails its check: {exc}")
            return
        self._hold(out)
        if not self._obj.eof:
            self._pending = rest
        else:
            self._pending = self._obj.unused_data + (rest if self._zstd is not None else b"")
            self._obj = None
            self._release()
            self._frame_start = self._end
            self._member_ended = True

    def _padding(self, chunk: bytes) -> None:
        """Zero bytes after a gzip member: padding when they run to the end of the file, as GNU
        gzip and Python's gzip read it; anything after them is damage (GNU gzip: "trailing
        garbage"), not a member read on past a run of zeros that may stand for lost ones."""
        if chunk.lstrip(b"\0"):
            self._damaged("there are bytes after the zero padding that follows the last gzip member")
            return
        chunk = self._raw.read(_IN)
        while chunk and not chunk.lstrip(b"\0"):
            chunk = self._raw.read(_IN)
        if chunk:
            self._damaged("there are bytes after the zero padding that follows the last gzip member")
        else:
            self._ended = True

    def _zstd_obj(self) -> Any:
        assert self._zstd is not None
        return self._zstd.ZstdDecompressor().decompressobj()

    @property
    def _zstd_error(self) -> type[Exception]:
        error: type[Exception] = zlib.error if self._zstd is None else self._zstd.ZstdError
        return error

    @property
    def _unit(self) -> str:
        return "gzip member" if self._zstd is None else "zstd frame"

    @property
    def _end(self) -> int:
        """The decompressed offset after everything produced so far."""
        return self._at + len(self._ready) - self._taken + self._held_size

    def _hold(self, out: bytes) -> None:
        if out:
            self._held.append(out)
            self._held_size += len(out)
            if self._held_size > HOLD:  # too long to hold back: hand it on unverified
                self._release()

    def _release(self) -> None:
        if self._held:
            self._ready = self._ready[self._taken :] + b"".join(self._held)
            self._taken = 0
            self._held.clear()
            self._held_size = 0

    def _not_compressed(self, head: bytes) -> None:
        """A file under a gzip/zstd name whose first bytes are no gzip/zstd data at all (a plain
        log a logger forgot to compress): said so, not called damaged (red team 12 F11)."""
        suffix = Path(self._name).suffix
        self._refused(
            f"{self._name} is not {self._kind} data: it starts with {head[:16]!r}, not {self._kind}'s "
            f"magic bytes (a plain file? rename it without {suffix})"
        )

    def _window_too_large(self, frame: bytes) -> None:
        """A zstd frame whose window is over zstandard's default limit (128 MiB), as ``zstd
        --long=31`` writes for a stream: intact, but its window would be held in memory (a
        20-byte file may ask for 2 GiB), so it is refused saying what it is, not called damaged
        (red team 12 F14)."""
        assert self._zstd is not None
        try:
            window = f"a {self._zstd.get_frame_parameters(frame).window_size >> 20} MiB window"
        except self._zstd.ZstdError:
            window = "a window"
        self._refused(
            f"{self._name}: the zstd frame at decompressed byte {self._frame_start} needs {window} "
            f"(written by zstd --long?), more than the {_ZSTD_WINDOW >> 20} MiB read here: "
            "decompress it with zstd -d --long=31 first"
        )

    def _refused(self, message: str) -> None:
        """End the stream, as for damage, with ``message`` (data that is not damaged)."""
        offset = self._end
        self._damaged("")
        self._error = DecodeError(message, offset=offset)

    def _damaged(self, what: str, at: int | None = None) -> None:
        """End the stream: what is ready is still read, then the error is raised."""
        offset = self._at + len(self._ready) - self._taken if at is None else at
        self._held.clear()
        self._held_size = 0
        self._ended = True
        self._obj = None
        self._error = DecodeError(
            f"{self._name}: damaged {self._kind} data at decompressed byte {offset}: {what}", offset=offset
        )


def magic_kind(head: bytes) -> str | None:
    """The compression whose magic bytes ``head`` starts with, or None."""
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    if head[:1] and head[0] in _SKIPPABLE_FIRST and head[1:4] == _SKIPPABLE_REST:
        return "zstd"
    return None


def may_start_a_magic(head: bytes) -> bool:
    """Whether ``head`` (1 to 3 bytes) is the start of a magic: more bytes must be read to tell."""
    if any(magic[: len(head)] == head for magic, _ in _MAGIC):
        return True
    return head[0] in _SKIPPABLE_FIRST and _SKIPPABLE_REST.startswith(head[1:])
