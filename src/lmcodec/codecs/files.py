"""Opening log files: paths, file objects and bytes; gzip and zstd chosen by suffix or content.

A path's suffix names its compression in any letter case (``.gz``/``.gzip``, ``.zst``/``.zstd``);
a source is read as gzip or zstd when it starts with that format's magic bytes (zstd's frame or
skippable-frame magic, which pzstd writes first; no JSON text can start with them), whatever its
suffix says, so a compressed log under a plain name, or under the other format's suffix, is read,
not taken for a file of bad records or a damaged one. A file whose suffix names a compression but
whose first bytes are no such data is an error that says so (a plain log a logger forgot to
compress), not one of damage; so is a zstd frame whose window is over zstandard's default 128
MiB (``zstd --long=31``), which would be held in memory.

Compressed logs are written in members (gzip) or frames (zstd) of :data:`FRAME` decompressed
bytes each, every one carrying a checksum, and read checked: a member's bytes are handed on only
once verified (:mod:`lmcodec.codecs._checked` says how, and what a cut or damaged file gives).
"""

from __future__ import annotations

import gzip
import io
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import msgspec

from lmcodec.codecs._checked import HOLD, OUT, Checked, magic_kind, may_start_a_magic, zstd_module
from lmcodec.codecs._hooks import released_view
from lmcodec.codecs._replace import replaced_at_the_end
from lmcodec.errors import QUOTED_CHARACTERS, DecodeError, EncodeError, UnsupportedTypeError, quoted

__all__ = [
    "FRAME",
    "HOLD",
    "Source",
    "binary_only",
    "checked",
    "compressing",
    "compression_named",
    "open_path",
    "open_read",
    "open_write",
    "records_only",
    "refuse_content",
    "unsupported_compression",
]

Source = str | os.PathLike[str] | bytes | bytearray | memoryview | IO[bytes]

FRAME = 1 << 20
"""Decompressed bytes per gzip member / zstd frame written (each carries its own checksum)."""
# Compressed formats a log may be named with that are not read or written here: named, never
# taken for plain JSONL (which would read every line as bad, or write plain text under the name).
_UNSUPPORTED = {
    ".bz2": "bzip2",
    ".xz": "xz",
    ".lzma": "lzma",
    ".lz4": "lz4",
    ".br": "brotli",
    ".zip": "zip",
    ".7z": "7z",
}
_KINDS = {".gz": "gzip", ".gzip": "gzip", ".zst": "zstd", ".zstd": "zstd"}


def records_only(objects: object, writer: str) -> None:
    """Refuse one record (a Struct) or a non-iterable given where an iterable of records goes
    (red team 54 F04: ``lc.jsonl.write(path, turn)`` raised Python's "'Turn' object is not
    iterable"), before anything is written."""
    if isinstance(objects, msgspec.Struct) or not hasattr(objects, "__iter__"):
        raise UnsupportedTypeError(
            f"{writer} takes an iterable of records, not {type(objects).__name__}: "
            f"for one record pass [record]"
        )


def binary_only(obj: object, what: str, mode: str) -> None:
    """A TypeError, at the call, for a text-mode file object: its ``str`` lines were a bare
    TypeError deep in the reader ("startswith first arg must be str ...") at the first read, or
    in the writer once it had taken the records. Likewise for what is no path, no bytes (a
    reader) and no file object (an ``array``, a number: an AttributeError at the first read)."""
    if isinstance(obj, io.TextIOBase):
        raise TypeError(_text_mode(what, mode))
    if isinstance(obj, (str, os.PathLike)):
        return
    reading = mode == "rb"
    if reading and isinstance(obj, (bytes, bytearray, memoryview)):
        return
    if not callable(getattr(obj, "read" if reading else "write", None)):
        accepted = "a path, bytes or a binary file object" if reading else "a path or a binary file object"
        raise TypeError(f"{what} takes {accepted}, not {type(obj).__name__}")


def _text_mode(what: str, mode: str) -> str:
    return (
        f"{what} takes bytes, not text: open the file in binary mode ({mode!r}; "
        "sys.stdin.buffer, sys.stdout.buffer)"
    )


def compression_named(name: str | os.PathLike[str]) -> str | None:
    """The compression read and written here that ``name``'s suffix names, or None."""
    return _KINDS.get(Path(name).suffix.lower())


def _sniffed(raw: IO[bytes]) -> tuple[str | None, IO[bytes]]:
    """The compression ``raw``'s first bytes name, when it can show them without consuming them,
    and the reader to go on with: ``raw`` itself, or, when it cannot peek or a peek showed only the
    start of a magic (a pipe that delivered one byte so far), the bytes read to decide followed by
    ``raw``.

    A file object's name is not trusted: ``gzip.open`` gives one named ``*.gz`` whose bytes are
    already decompressed."""
    peek = getattr(raw, "peek", None)
    if peek is None:  # (io.BytesIO, socket and HTTP wrappers): the first bytes read, then handed back
        head = _head(raw)
        if isinstance(head, str):
            raise TypeError(_text_mode("a log reader", "rb"))
        if not isinstance(head, bytes):  # not a binary reader: left to fail as it would
            return None, raw
        return magic_kind(head), io.BufferedReader(_Prefixed(head, raw), OUT)
    try:
        head = peek(4)[:4]
    except DecodeError:  # a checked reader already decompressing: its damage is raised on reading
        return None, raw
    if 0 < len(head) < 4 and may_start_a_magic(head):
        head = _head(raw)  # (no JSON text starts with these bytes: nothing else reads them)
        raw = io.BufferedReader(_Prefixed(head, raw), OUT)
    return magic_kind(head), raw


def _head(raw: IO[bytes]) -> bytes:
    """The first 4 bytes of ``raw`` (fewer at its end), read however few each read gives."""
    head = raw.read(4)
    while 0 < len(head) < 4 and (more := raw.read(4 - len(head))):
        head += more
    return head


class _Prefixed(io.RawIOBase):
    """``head``, then the rest of ``raw``: a stream whose first bytes were read to sniff it."""

    def __init__(self, head: bytes, raw: IO[bytes]) -> None:
        super().__init__()
        self._head = head
        self._raw = raw

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        if self._head:
            n = min(len(view), len(self._head))
            view[:n] = self._head[:n]
            self._head = self._head[n:]
            return n
        data = self._raw.read(len(view))
        view[: len(data)] = data
        return len(data)


def unsupported_compression(name: str | os.PathLike[str]) -> str | None:
    """The compression ``name``'s suffix names when it is one not read or written here, or None."""
    return _UNSUPPORTED.get(Path(name).suffix.lower())


@contextmanager
def open_read(src: Source) -> Iterator[IO[bytes]]:
    """A binary reader over ``src``: a path, bytes, or a file object; gzip or zstd (by a path's
    suffix, else by the first bytes) decompressed and checked."""
    if isinstance(src, (bytes, bytearray, memoryview)):
        released = released_view(src)
        if released is not None:
            raise released
        data = bytes(src)
        kind = magic_kind(data[:4])
        if kind is None:
            yield io.BytesIO(data)
        else:
            with io.BufferedReader(Checked(io.BytesIO(data), kind, "<bytes>"), OUT) as fh:
                yield fh
        return
    if isinstance(src, (str, os.PathLike)):
        path = Path(src)  # (open() is given src: Path drops a trailing slash, "x/" read x)
        with open_path(src, "the content as bytes (text.encode())") as raw, checked(raw, str(path)) as fh:
            yield fh
        return
    binary_only(src, "a log reader", "rb")
    name = str(getattr(src, "name", "<file>"))
    kind, src = _sniffed(src)
    if kind is None:
        yield src
        return
    with io.BufferedReader(Checked(src, kind, name), OUT) as fh:
        yield fh


def open_path(path: str | os.PathLike[str], instead: str) -> IO[bytes]:
    """``open(path, "rb")``, for a reader that takes a str as a path. A str that names no file and
    holds JSON text (it starts with ``{`` or ``[``, or holds a newline) is refused with what to
    pass ``instead``; an OSError quotes a long path bounded (red team 54 F12: a 1 MB log given as
    a str was opened as a file name, and the error quoted all of it)."""
    refuse_content(path, instead)
    try:
        return open(path, "rb")
    except OSError as exc:
        name = os.fspath(path)
        if not isinstance(name, str) or len(name) <= _LONGEST_PATH:
            raise
        bounded = f"{name[:QUOTED_CHARACTERS]}... ({len(name):,} characters)"
        raise type(exc)(exc.errno, exc.strerror, bounded) from None


def refuse_content(path: str | os.PathLike[str], instead: str) -> None:
    """Refuse a str given as a path that names no file and holds JSON text (:func:`open_path`)."""
    if isinstance(path, str) and _looks_like_content(path) and not os.path.exists(path):
        raise UnsupportedTypeError(
            f"a str is read as a path, and no file is named {quoted(path)}: it looks like the content "
            f"itself; pass {instead}"
        )


_LONGEST_PATH = 4096
"""Linux's PATH_MAX: a longer str names no file, and its OSError quotes it bounded."""


def _looks_like_content(text: str) -> bool:
    return "\n" in text or text.lstrip()[:1] in ("{", "[")


@contextmanager
def checked(raw: IO[bytes], name: str) -> Iterator[IO[bytes]]:
    """``raw`` decompressed and checked as :func:`open_read` reads a path when ``name``'s suffix or
    ``raw``'s first bytes name gzip or zstd (the bytes of an fsspec file, say), else ``raw`` itself."""
    unsupported = unsupported_compression(name)
    if unsupported is not None:
        raise DecodeError(
            f"{name}: {unsupported} compression is not read here (only .gz and .zst): decompress it first"
        )
    kind = compression_named(name)
    sniffed, raw = _sniffed(raw)
    if kind is None or sniffed is not None:  # the magic bytes say which, whatever the name says
        kind = sniffed
    if kind is None:
        yield raw
        return
    with io.BufferedReader(Checked(raw, kind, name), OUT) as fh:
        yield fh


class _Framed(io.RawIOBase):
    """Writes what it is given as gzip members / zstd frames of :data:`FRAME` bytes each (the
    last one fewer), whatever the size of each write: a write of a 9 MiB record was one member,
    longer than the reader holds back (:data:`HOLD`), so records in it were handed on before its
    checksum was read. A record longer than FRAME spans several members, each verified before
    any of its bytes is handed on."""

    def __init__(self, raw: IO[bytes], compress: Callable[[Any], bytes]) -> None:
        super().__init__()
        self._raw = raw
        self._compress = compress
        self._parts: list[bytes] = []
        self._size = 0
        self._written = False  # a member / frame was written

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        size = len(data)
        self._parts.append(bytes(data))
        self._size += size
        if self._size >= FRAME:
            self._emit_whole_frames()
        return size

    def _emit_whole_frames(self) -> None:
        """Write every whole FRAME buffered; keep the rest for the next member."""
        data = self._parts[0] if len(self._parts) == 1 else b"".join(self._parts)
        end = len(data) - len(data) % FRAME
        view = memoryview(data)
        for start in range(0, end, FRAME):
            self._raw.write(self._compress(view[start : start + FRAME]))
            self._written = True
        rest = data[end:]
        self._parts = [rest] if rest else []
        self._size = len(rest)

    def finish(self) -> None:
        """Write what is buffered (call once, after the last write); with nothing written at all,
        one empty member / frame: a 0-byte file is no gzip or zstd file (``gzip -t``, ``zcat``
        refuse it) and is read as a log cut at byte 0."""
        if self._parts or not self._written:
            self._raw.write(self._compress(b"".join(self._parts)))
            self._written = True
            self._parts.clear()
            self._size = 0


def _compressor(kind: str) -> Callable[[Any], bytes]:
    if kind == "gzip":
        return lambda data: gzip.compress(data, mtime=0)
    compressor = zstd_module().ZstdCompressor(write_checksum=True)
    return compressor.compress  # type: ignore[no-any-return]


@contextmanager
def open_write(dest: str | os.PathLike[str] | IO[bytes]) -> Iterator[IO[bytes]]:
    """A binary writer to ``dest``: a path (``.gz``/``.gzip``/``.zst``/``.zstd`` in any case
    compressed, with checksums) or a file object (what was written before an exception stays
    written).

    A path that is a regular file, or none yet, is written under a temporary name beside it
    (``.NAME.XXXXXXXX.partial``) renamed over it when the writing ends: a lazy reader of the same
    path (a log filtered in place) reads it as it was, where opening it truncated it first and the
    write returned 0. Over an existing file, any exception (the records' iterator raising, a
    record that cannot be encoded, a full disk, KeyboardInterrupt) removes the temporary file,
    keeps the old file as it was and is raised: the old file holds every record the writing did
    not reach (a log filtered in place whose reader raised at a bad line was replaced by the
    records before it). On a new path, an exception of the records leaves the complete records
    written before it as the file; a failing disk or an interrupted write leaves no file. The
    file keeps its mode (a new one: the umask's) and, where the writer may, its owner and group;
    other hard links of it keep the old content (a new file takes its name). One the user may not
    write is a PermissionError, as open() gave (a rename would replace it);
    a symlink is written through; a FIFO or device, or a directory where no file can be created,
    is written in place."""
    if isinstance(dest, (str, os.PathLike)):
        path = Path(dest)
        unsupported = unsupported_compression(path)
        if unsupported is not None:
            raise EncodeError(
                f"{path}: {unsupported} compression is not written here: name it .gz, .zst or plain"
            )
        if compression_named(path) == "zstd":
            zstd_module()  # without the extra, refused before a file is made (an empty one is no log)
        with replaced_at_the_end(dest) as raw, compressing(raw, path) as fh:
            yield fh
        return
    binary_only(dest, "a log writer", "wb")
    yield dest


@contextmanager
def compressing(raw: IO[bytes], name: str | os.PathLike[str]) -> Iterator[IO[bytes]]:
    """A writer into ``raw`` that compresses as ``name``'s suffix says (``.gz``, ``.zst``, in
    members / frames with checksums), or ``raw`` itself: :func:`open_write` writes a path's
    temporary file through it, the command the temporary file it made for DEST (by DEST's name)."""
    kind = compression_named(name)
    if kind is None:
        yield raw
        return
    framed = _Framed(raw, _compressor(kind))
    try:
        yield framed  # type: ignore[misc]
    finally:
        framed.finish()  # what was written before an error is kept, as with a plain file
