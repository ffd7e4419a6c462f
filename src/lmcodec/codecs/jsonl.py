"""JSON Lines logs of canonical records: one record a line, decoded one at a time.

Bad input loses nothing: ``on_error="raise"`` stops with a :class:`RecordError`
naming the line number, byte offset and JSON path; ``"skip"`` yields the good
records and counts the bad ones; ``"collect"`` also keeps every bad line
verbatim with its error (``reader.errors``); a callable is handed each bad line
(a :class:`BadRecord`) as it is found and nothing is kept. Blank lines are ignored, and so is a
UTF-8 byte-order mark at the start of a line (as ``json.loads`` ignores it; on a later line,
logs joined by ``cat``). A last line without a newline is read like any other (a cut-off record
is a bad line). A bad line that holds NULs (a crashed writer's tail, a record appended straight
after it) is cut at its NUL runs and its records read (:mod:`lmcodec.codecs._jsonl_salvage`).

A line longer than ``max_line_bytes`` (default :data:`DEFAULT_MAX_LINE_BYTES`, 64 MiB, as the
SSE framer's line bound; its newline not counted) is one bad line, skipped unread in pieces, so
that memory stays bounded (about twice the bound) and the records after it are read: a run of
NULs a crashed writer left, ``/dev/zero`` given as the log, a record line of a decompression bomb
(a 0.2 MB ``.gz`` of one 200 MiB ``{"request":"aaa…`` line took 642 MiB: a line starting with
``{`` was read whole, however long; red team 23 F03). Its raw bytes are not kept
(``BadRecord.raw`` is empty). A record :func:`write` wrote past the bound (a request holding a
large video) is read back with ``max_line_bytes=None``, which lifts the bound (every line is
held whole). A log in UTF-16 or UTF-32 (a byte-order mark, or NUL-interleaved ``{``, first) is one
:class:`RecordError` naming the encoding.

Such a line is skipped to its end where the source has one: bytes, a regular file (a sparse
file's hole, however long), a seekable file object with no descriptor. From any other source (a
device such as ``/dev/zero``, a FIFO, a pipe, a socket, a file object that can tell no size) a
line that runs on past :data:`ENDLESS_LINE_FACTOR` times ``max_line_bytes`` may never end (the
skip of ``/dev/zero`` ran for ever: red team 16 F01): the reading stops there with a
:class:`RecordError` naming the line, in every ``on_error`` mode, after every record before it.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import chain
from typing import IO, TYPE_CHECKING, Any, Generic, TypeVar

import msgspec

from lmcodec.codecs import json as _json
from lmcodec.codecs._hooks import HOSTILE, LONE_SURROGATE, enc_hook, json_with_surrogates
from lmcodec.codecs._jsonl_salvage import BOM as _BOM
from lmcodec.codecs._jsonl_salvage import Bad, salvaged
from lmcodec.codecs._on_error import OnError, checked
from lmcodec.codecs._top_level import top_level
from lmcodec.codecs.files import Source, binary_only, open_read, open_write, records_only
from lmcodec.errors import BadRecord, DecodeError, EncodeError, LmcodecError, RecordError, ValidationError

if TYPE_CHECKING:
    from typing_extensions import TypeForm

__all__ = [
    "DEFAULT_MAX_LINE_BYTES",
    "ENDLESS_LINE_FACTOR",
    "BadRecord",
    "OnError",
    "Reader",
    "RecordError",
    "read",
    "write",
]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

_FLUSH_AT = 1 << 20
DEFAULT_MAX_LINE_BYTES = 64 << 20
"""Bytes of one line (its newline not counted) past which it is a bad line, skipped unread."""
_SKIP = 1 << 20  # bytes of an over-long line read at a time to find its end
ENDLESS_LINE_FACTOR = 4
"""From a source that is not a regular file (or bytes), a line that runs on past this many times
``max_line_bytes`` ends the reading (``/dev/zero`` has no end)."""


def checked_max_line_bytes(max_line_bytes: int | None) -> int | None:
    """``max_line_bytes`` if it is a positive int or None, else the ValueError saying so (shared
    with :func:`lmcodec.dask.read`, which checks it before any task runs)."""
    if max_line_bytes is not None and (
        not isinstance(max_line_bytes, int) or isinstance(max_line_bytes, bool) or max_line_bytes < 1
    ):
        raise ValueError(f"max_line_bytes must be a positive int or None, not {max_line_bytes!r}")
    return max_line_bytes


_BLANK = frozenset(b" \t\r\n\x0b\x0c")


class Reader(Generic[T_co]):
    """Iterates the good records of a JSONL source; counts and (optionally) keeps the bad ones,
    of the pass under way or the last one (each pass starts them again).

    A damaged compressed file (cut short, or failing its checksum) ends the
    iteration in every ``on_error`` mode: every record before the damage is
    yielded, then a :class:`RecordError` names the line and byte offset.
    """

    def __init__(
        self,
        src: Source,
        type: TypeForm[T_co],
        *,
        on_error: OnError = "raise",
        lenient: bool = False,
        unknown: _json.OnUnknown = "error",
        decode: Callable[[bytes], Any] | None = None,
        max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
    ) -> None:
        self._on_error = checked(on_error)
        checked_max_line_bytes(max_line_bytes)
        if unknown not in ("error", "keep"):
            raise ValueError(f"unknown must be 'error' or 'keep', not {unknown!r}")
        binary_only(src, "lmcodec.jsonl.read", "rb")
        self._src = src
        self._type = type
        self._lenient = lenient
        self._unknown: _json.OnUnknown = "keep" if unknown == "keep" else "error"
        self._decode = decode
        self._max_line_bytes = max_line_bytes
        self.good = 0
        self.bad = 0
        self.line = 0
        """The line number of the record yielded last."""
        self.offset = 0
        """The byte offset (in the decompressed stream) of the line of the record yielded last."""
        self.errors: list[BadRecord] = []
        self.recovered = 0
        """Records read from a bad line's pieces (:mod:`lmcodec.codecs._jsonl_salvage`): their
        bytes are part of their line, not the line."""

    def __iter__(self) -> Iterator[T_co]:
        # Each pass counts itself (over a path it reads the file again); a list of errors a
        # caller holds from an earlier pass is left as it was.
        self.good = self.bad = self.line = self.offset = self.recovered = 0
        self.errors = []
        decode = _json.decoder_for(self._type).decode
        offset = 0
        number = 0
        # A line is read up to one byte past the bound: that many bytes and no newline, it is too long.
        limit = -1 if self._max_line_bytes is None else self._max_line_bytes + 1
        endless_after = None if _has_an_end(self._src) else ENDLESS_LINE_FACTOR * (limit - 1)
        with open_read(self._src) as fh:
            readline = fh.readline
            try:
                head = _head_lines(readline, limit)
                _refuse_wide_encoding(_first_bytes(head))
                lines = chain(_handed_over(head), iter(partial(readline, limit), b""))
                for number, raw in enumerate(lines, start=1):
                    start = offset
                    offset += len(raw)
                    if raw[-1] != 0x0A and len(raw) == limit:  # (the cheaper test first)
                        rest = _rest_of_line(
                            readline, None if endless_after is None else endless_after - limit
                        )
                        offset += rest
                        if rest < 0:  # no end in sight from a source that may have none
                            raise self._endless(number, start, endless_after or 0)
                        self._too_long(number, start, offset - start)
                        continue
                    if number == 1 and raw.startswith(_BOM):  # what some editors write first
                        raw = raw[len(_BOM) :]
                    if not raw or (raw[0] in _BLANK and not raw.strip()):  # a record starts with "{"
                        continue
                    try:
                        record = decode(raw)
                    except (msgspec.DecodeError, *HOSTILE):
                        # Decoded again on the slow path: the lenient/unknown readers, or the located error.
                        try:
                            if self._decode is not None:
                                record = self._decode(raw)
                            else:
                                record = self._slow(raw)
                        except LmcodecError as err:
                            regions = salvaged(raw, partial(self._piece, decode)) if _hides(raw) else None
                            if regions is None:
                                self._fail(err, number, start, raw)
                                continue
                            for region in regions:
                                if isinstance(region, Bad):
                                    self._fail_region(region, number, start, raw)
                                    continue
                                self.good += 1
                                self.recovered += 1
                                self.line = number
                                self.offset = start + region.start
                                yield region.record
                            continue
                    self.good += 1
                    self.line = number
                    self.offset = start
                    yield record
            except DecodeError as err:
                if isinstance(err, RecordError):
                    raise
                # The compressed file is damaged (files.open_read): nothing after it can be read.
                raise RecordError(
                    f"{err} (every record before it was read)",
                    line=number + 1,
                    offset=offset,
                    path="",
                    cause=err,
                ) from err

    def _slow(self, raw: bytes) -> Any:
        """:func:`lmcodec.decode` with the reader's options; with ``lenient``, also a record
        holding lone surrogate escapes (what :func:`write` writes for a lone surrogate)."""
        try:
            return _json.decode(raw, self._type, lenient=self._lenient, unknown=self._unknown)
        except DecodeError as err:
            if not (self._lenient and LONE_SURROGATE in str(err)):
                raise
            value = _python_json(raw)
            if value is None:
                raise
        return _json.from_builtins(value, self._type, lenient=True, unknown=self._unknown)

    def _piece(self, decode: Callable[[bytes], Any], piece: bytes) -> Any:
        """A piece of a bad line read as a line is (:mod:`lmcodec.codecs._jsonl_salvage`)."""
        try:
            return decode(piece)
        except (msgspec.DecodeError, *HOSTILE):
            return self._decode(piece) if self._decode is not None else self._slow(piece)

    def _fail_region(self, region: Bad, number: int, start: int, raw: bytes) -> None:
        """Report the bad region of a line that also held a record."""
        at = start + region.start
        nuls = f"{region.nuls} NUL bytes (a crashed writer's preallocated tail?)"
        if region.error is None:
            err: LmcodecError = DecodeError(f"{nuls}, bytes {at}-{start + region.end - 1}")
            note = ""
        else:
            err = region.error
            note = f" (the region holds {nuls})" if region.nuls else ""
        self._fail(err, number, at, raw[region.start : region.end], note=note)

    def _too_long(self, number: int, start: int, size: int) -> None:
        message = (
            f"the line is longer than max_line_bytes ({self._max_line_bytes}): {size} bytes, skipped "
            "unread (a longer record is read with max_line_bytes=None)"
        )
        self._fail(DecodeError(message), number, start, None)

    def _endless(self, number: int, start: int, read: int) -> RecordError:
        message = (
            f"the line is longer than max_line_bytes ({self._max_line_bytes}): more than {read} bytes "
            "without a newline from a source that is not a regular file (a device, pipe or stream may "
            "never end one): reading stopped there"
        )
        return RecordError(message, line=number, offset=start, path="")

    def _fail(
        self, err: LmcodecError, number: int, start: int, raw: bytes | None, note: str | None = None
    ) -> None:
        """Report the bad line ``number``; ``raw`` None: a line too long to be kept; ``note``: a
        region of a line that also held a record, said after the error."""
        self.bad += 1
        path = err.path if isinstance(err, ValidationError) else ""
        message = err.message if isinstance(err, ValidationError) else str(err)
        if note is not None:
            message += note
        elif isinstance(err, DecodeError) and raw is not None and not raw.endswith(b"\n"):
            message += _CR_ONLY if b"}\r{" in raw else " (truncated last line?)"
        elif raw is not None and raw.startswith(_BOM):
            message += " (the line starts with a UTF-8 byte order mark: files joined with cat?)"
        on_error = self._on_error
        if on_error == "raise":
            raise RecordError(message, line=number, offset=start, path=path, cause=err) from err
        if on_error == "skip":
            return
        if raw is None:
            bad = BadRecord(number, start, path, message)
        else:
            end = 2 if raw.endswith(b"\r\n") else 1 if raw.endswith(b"\n") else 0
            bad = BadRecord(number, start, path, message, raw[: len(raw) - end])
        if isinstance(on_error, str):  # "collect"
            self.errors.append(bad)
        else:
            on_error(bad)


_WIDE_MARKS = (
    (b"\xff\xfe\x00\x00", "UTF-32LE"),
    (b"\x00\x00\xfe\xff", "UTF-32BE"),
    (b"\xff\xfe", "UTF-16LE"),
    (b"\xfe\xff", "UTF-16BE"),
)
"""The byte-order marks of UTF-32 and UTF-16, longest first (UTF-32LE's begins with UTF-16LE's)."""

_WIDE_CODECS = (
    ("utf-32-le", "UTF-32LE"),
    ("utf-32-be", "UTF-32BE"),
    ("utf-16-le", "UTF-16LE"),
    ("utf-16-be", "UTF-16BE"),
)
_HEAD_LINES = 64
_SUBSTANCE = re.compile(rb"[^ \t\r\n\x0b\x0c\x00]")
_HEAD_BYTES = 256


def _head_lines(readline: Callable[[int], bytes], limit: int) -> list[bytes]:
    """The log's first lines, up to and with the first that holds more than white space and NULs
    (at most ``_HEAD_LINES``): what tells a UTF-16 or UTF-32 log whose first line is blank (in
    those, a newline's NULs fall at the start of the next line)."""
    head: list[bytes] = []
    while len(head) < _HEAD_LINES:
        raw = readline(limit)
        if not raw:
            break
        head.append(raw)
        if _SUBSTANCE.search(raw):
            break
    return head


def _first_bytes(lines: list[bytes]) -> bytes:
    """The first ``_HEAD_BYTES`` bytes (or more) of ``lines``, without copying a long line whole."""
    first = b""
    for line in lines:
        first += line[:_HEAD_BYTES]
        if len(first) >= _HEAD_BYTES:
            break
    return first


def _handed_over(lines: list[bytes]) -> Iterator[bytes]:
    """``lines`` in order, each let go of as it is handed on (a long first line is not held while
    the rest of the log is read)."""
    lines.reverse()
    while lines:
        yield lines.pop()


def _refuse_wide_encoding(head: bytes) -> None:
    """A log in UTF-16 or UTF-32 (a byte-order mark, or text that reads as ``{`` after white space
    in one of them: what PowerShell 5.1's ``>`` writes) is one error naming the encoding, raised in
    every ``on_error`` mode: every line of such a log was "invalid character (byte 0)", plus one for
    the NUL after the last newline (red team 23 F05); with blank lines first, as many or none (review
    15 F02). A UTF-8 log pays one search for a NUL."""
    encoding = next((name for mark, name in _WIDE_MARKS if head.startswith(mark)), None)
    if encoding is None and 0 in head[:_HEAD_BYTES]:
        head = head[: _HEAD_BYTES - _HEAD_BYTES % 4]
        for codec, name in _WIDE_CODECS:
            text = head[: len(head) - len(head) % (4 if "32" in codec else 2)].decode(codec, "replace")
            if text.lstrip(" \t\r\n\x0b\x0c").startswith("{"):
                encoding = name
                break
    if encoding is not None:
        raise RecordError(
            f"the log is {encoding} text, not UTF-8: convert it first (iconv -f {encoding} -t UTF-8)",
            line=1,
            offset=0,
            path="",
        )


def _rest_of_line(readline: Callable[[int], bytes], most: int | None) -> int:
    """Read past the rest of a line (to its newline or the end), ``_SKIP`` bytes at a time; the
    number of bytes read, or -1 once more than ``most`` (None: no bound) were read without its end."""
    skipped = 0
    while piece := readline(_SKIP):
        skipped += len(piece)
        if piece[-1] == 0x0A:
            break
        if most is not None and skipped > most:
            return -1
    return skipped


_CR_ONLY = " (the log's lines end in CR alone, not LF: convert them first, tr '\\r' '\\n' < LOG > FIXED)"
"""What a line that runs to the end of the log holding ``}\\r{`` is told (red team 56 F03: "truncated
last line?"); a CR alone ends no JSON Lines line (the framing every JSONL reader shares)."""


def _hides(raw: bytes) -> bool:
    """Whether a bad line may hide a record: it holds a NUL byte, or starts with a byte order mark."""
    return raw.startswith(_BOM) or 0 in raw


def _has_an_end(src: Source) -> bool:
    """Whether ``src`` surely ends: bytes, a path or file descriptor of a regular file, or a
    seekable file object with no descriptor (``io.BytesIO``). A device, FIFO, pipe or socket may not."""
    if isinstance(src, (bytes, bytearray, memoryview)):
        return True
    if isinstance(src, (str, os.PathLike)):
        try:
            return stat.S_ISREG(os.stat(src).st_mode)
        except OSError:
            return True  # open() will say what is wrong
    try:
        fd = src.fileno()
    except (OSError, ValueError, AttributeError):  # (io.UnsupportedOperation is an OSError)
        fd = None
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) if fd is not None else bool(src.seekable())
    except (OSError, ValueError, AttributeError):
        return False


def _python_json(raw: bytes) -> Any:
    """``json.loads`` of a line (it reads lone surrogate escapes), or None when it refuses it."""
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        return None


def read(
    src: Source,
    type: TypeForm[T],
    *,
    on_error: OnError = "raise",
    lenient: bool = False,
    unknown: _json.OnUnknown = "error",
    decode: Callable[[bytes], T] | None = None,
    max_line_bytes: int | None = DEFAULT_MAX_LINE_BYTES,
) -> Reader[T]:
    """The records of a JSONL source (path, ``.gz``/``.zst`` path, bytes or binary file), lazily.

    ``lenient`` and ``unknown`` as for :func:`lmcodec.decode`. Each line is decoded by
    the shared strict decoder of ``type``; a line it refuses is decoded again by
    ``decode`` (default: :func:`lmcodec.decode` with ``lenient`` and ``unknown``), which
    returns the record or raises the LmcodecError reported for the line; e.g.
    ``decode=lmcodec.llm.decode`` reads llm logs by llm's own rules. A ``.gz``/``.zst``
    file is checked as it is read (``lmcodec.codecs.files``): damage ends the iteration with
    a :class:`RecordError` after every record before it. A path that cannot be opened
    raises the ``OSError`` of ``open``. A line longer than ``max_line_bytes`` (64 MiB by
    default; None: no bound, every line held whole) is a bad line read in bounded memory, its raw
    bytes not kept, a record or not.
    """
    return Reader(
        src,
        type,
        on_error=on_error,
        lenient=lenient,
        unknown=unknown,
        decode=decode,
        max_line_bytes=max_line_bytes,
    )


def write(
    dest: str | os.PathLike[str] | IO[bytes],
    objects: Iterable[Any],
    *,
    include_provider_data: bool = False,
) -> int:
    """Write one canonical JSON record a line; returns the number of records written.
    ``include_provider_data``: as :func:`lmcodec.encode` (a bare Response's provider_data is
    written only with it).

    A record that cannot be encoded stops the write with an :class:`EncodeError` naming
    its index; nothing after it is consumed. On a new path or a file object every record before
    it has been written (complete lines: the file reads back as those records); over an existing
    file, this or any other exception (``objects`` raising, a full disk, Ctrl-C) leaves the old
    file as it was (:func:`lmcodec.codecs.files.open_write`), so a log filtered in place whose
    reader raises at a bad line loses nothing. A string holding a lone
    surrogate (which provider frames and llm logs carry) is written as its ``\\udXXXX``
    escape, as ``json.dumps`` writes it: canonical JSON has no lone surrogates, so the
    strict reader refuses such a line and ``read(..., lenient=True)`` reads it back.
    """
    binary_only(dest, "lmcodec.jsonl.write", "wb")
    records_only(objects, "lc.jsonl.write")
    encoder = msgspec.json.Encoder(enc_hook=enc_hook)
    buffer = bytearray()
    count = 0
    with open_write(dest) as fh:
        try:
            for obj in objects:
                start = len(buffer)
                try:
                    encoder.encode_into(top_level(obj, include_provider_data), buffer, -1)
                except (TypeError, ValueError, OverflowError, RecursionError) as exc:
                    del buffer[start:]
                    escaped = json_with_surrogates(obj, include_provider_data)
                    if not isinstance(exc, UnicodeEncodeError) or escaped is None:
                        raise EncodeError(f"record {count}: {exc}") from exc
                    buffer.extend(escaped)
                buffer.extend(b"\n")
                count += 1
                if len(buffer) >= _FLUSH_AT:
                    fh.write(buffer)
                    buffer.clear()
        finally:
            if buffer:
                fh.write(buffer)
    return count
