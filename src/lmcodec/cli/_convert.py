"""``lmcodec convert`` and ``lmcodec validate``: logs read record by record, nothing lost.

A record the input format refuses is a bad record (reported with its line or
record index; written verbatim to ``--rejects`` as it is found, so memory does not
grow with the number of bad records); a record that was read but
that the output format cannot hold (an integer beyond 64 bits in MessagePack
or Parquet, a lone surrogate in canonical JSON, llm data with no canonical
form) is rejected, reported and written verbatim to ``--rejects`` too, and the
run goes on: DEST and the rejects hold every input record. Damage the reader cannot
read past (a cut .gz/.zst or MessagePack log) ends the reading: under skip, the
records before it are written and the damage reported (status 1). The destination
is written atomically, through one temporary file (``_output.atomic_file``).
"""

from __future__ import annotations

import argparse
import os
import stat
import struct
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import nullcontext
from typing import IO, Any, Final

import lmcodec as lc
from lmcodec.cli._hints import hint
from lmcodec.cli._llm_records import read_llm_record
from lmcodec.cli._names import check_suffix, format_named, parquet_type, record_type_named
from lmcodec.cli._output import (
    UsageError,
    atomic_file,
    check_compression,
    check_distinct,
    check_readable,
    standard_stream_of,
    stdout_bytes,
)
from lmcodec.cli._rejects import BadRecords, Refused, Tap, in_command_words, open_rejects, say_where_kept
from lmcodec.codecs import jsonl
from lmcodec.codecs._hooks import json_with_surrogates
from lmcodec.codecs.files import compressing, compression_named, open_read

__all__ = ["cmd_convert", "cmd_validate"]

_LENGTH = struct.Struct(">I")
_HEAD: Final = 64
"""The input's first bytes the hint looks at when the reading stopped at its first record."""


class _Source:
    """The records of SRC in one format, with the reader that counts the bad ones and hands
    them to ``bad`` (or raises at the first one when ``bad`` is None). With ``keep_raw``
    (``--rejects``), the input's bytes of the record yielded last are kept in ``last``."""

    def __init__(
        self,
        src: str,
        fmt: str,
        type_name: str | None,
        bad: BadRecords | None,
        lenient: bool,
        keep_raw: bool = False,
        max_line_bytes: int | None = jsonl.DEFAULT_MAX_LINE_BYTES,
    ) -> None:
        if lenient and fmt != "lm15":
            raise UsageError(f"--lenient reads lm15 JSON's tolerant forms: it does not apply to {fmt} input")
        source: Any = sys.stdin.buffer if src == "-" else src
        on_error: jsonl.OnError = "raise" if bad is None else bad
        self.fmt = fmt
        self._src = src
        self._stdin_head = b""
        if fmt == "msgpack" and src == "-":  # what the hint looks at, were the framing to fail (F01)
            peek = getattr(sys.stdin.buffer, "peek", None)
            self._stdin_head = b"" if peek is None else bytes(peek(_HEAD)[:_HEAD])
        self.reader: Any = None
        self.damage: lc.DecodeError | None = None
        """Where the reader could not go on (a cut .gz/.zst or MessagePack stream), under skip."""
        self.last: Any = None
        """The bytes of the record yielded last (``keep_raw``), else that record (Parquet)."""
        self._read = 0  # records read from Parquet (the other formats' readers count their own)
        self._tap: Tap | None = None
        if keep_raw and fmt != "parquet":
            source = self._tap = Tap(source, length_prefixed=fmt == "msgpack")
            if bad is not None and fmt == "msgpack":
                on_error = self._forgetting(bad, self._tap)
        if fmt == "llm":
            if type_name is not None:
                raise UsageError(f"--type does not apply to llm input (its records are llm's): {type_name}")
            import lmcodec.llm as llm

            self.type: Any = llm.Response
            self.reader = jsonl.read(
                source, llm.Response, on_error=on_error, decode=read_llm_record, max_line_bytes=max_line_bytes
            )
        elif fmt == "msgpack":
            self.type = record_type_named(type_name or "Turn")
            self.reader = lc.msgpack.read_stream(source, self.type, on_error=on_error)
        elif fmt == "parquet":
            if src == "-":
                raise UsageError("--from parquet needs a file (Parquet cannot be read from a pipe)")
            import lmcodec.arrow as arrow

            self.type = None  # None: what it holds
            if type_name is not None:
                self.type = record_type_named(type_name)
                parquet_type(self.type, type_name)
            self.records: Iterable[Any] = self._counted(arrow.read_parquet(src, self.type))
            return
        else:
            self.type = record_type_named(type_name or "Turn")
            self.reader = jsonl.read(
                source, self.type, on_error=on_error, lenient=lenient, max_line_bytes=max_line_bytes
            )
        self.records = self.reader if bad is None and self._tap is None else self._read_on(bad is not None)

    @staticmethod
    def _forgetting(bad: BadRecords, tap: Tap) -> Callable[[lc.BadRecord], None]:
        def on_error(record: lc.BadRecord) -> None:
            tap.take()  # a bad record's bytes come with it; the tap holds the next one's only
            bad(record)

        return on_error

    def _read_on(self, skip: bool) -> Iterator[Any]:
        """The reader's records, each one's bytes kept in ``last`` (``keep_raw``); under skip,
        up to damage the reader cannot read past, kept in ``damage``: the records before it are
        written, as ``lc.dask`` keeps them (red team 12 F01)."""
        tap = self._tap
        try:
            if tap is None:
                yield from self.reader
                return
            recovered = 0
            for record in self.reader:
                if self.reader.recovered != recovered:  # not where the tap's framing puts it
                    recovered = self.reader.recovered
                    tap.forget()
                    raw = None
                else:
                    raw = tap.take()
                self.last = record if raw is None else raw
                yield record
        except lc.DecodeError as exc:
            if not skip:
                raise
            self.damage = exc
        finally:
            if tap is not None:
                tap.close()

    def _counted(self, records: Iterable[Any]) -> Iterator[Any]:
        for record in records:
            self._read += 1
            self.last = record
            yield record

    def raw(self, last: Any) -> bytes | None:
        """What ``--rejects`` gets for a record not written: its bytes in the input; a record
        with none of its own (Parquet input) as lm15 JSON."""
        if last is None or isinstance(last, bytes):
            return last
        try:
            if self.fmt == "llm":
                import lmcodec.llm as llm

                return llm.encode(last)
            return (
                lc.msgpack.encode(last, include_provider_data=True)
                if self.fmt == "msgpack"
                else _canonical(last)
            )
        except lc.LmcodecError:
            return None

    @property
    def bad(self) -> int:
        """Bad records, the damage that ended the reading counted as one."""
        return (0 if self.reader is None else int(self.reader.bad)) + (self.damage is not None)

    @property
    def good(self) -> int:
        return self._read if self.reader is None else int(self.reader.good)

    def head(self, stopped: lc.DecodeError | None) -> bytes:
        """The input's first bytes (decompressed) when the reading ``stopped`` at its first record
        (a JSON Lines or Parquet file read as MessagePack: its first 4 bytes were a length
        prefix of about 2 GB), for the hint; else nothing."""
        if self.good or stopped is None or stopped.offset:
            return b""
        if self._src == "-":
            return self._stdin_head
        try:
            if not stat.S_ISREG(os.stat(self._src).st_mode):  # a FIFO opened again waits for a writer
                return b""
            with open_read(self._src) as fh:
                return bytes(fh.read(_HEAD))
        except (OSError, lc.LmcodecError):
            return b""

    def where(self) -> str:
        """Where the record yielded last sits in the input."""
        if isinstance(self.reader, jsonl.Reader):
            return f"line {self.reader.line}"
        if self.reader is not None:
            return f"record {self.reader.index}"
        return "a record"


def _progress(items: Iterable[Any], label: str) -> Iterable[Any]:
    """``items`` in a tqdm bar on stderr when stderr is a terminal and tqdm is installed."""
    if not sys.stderr.isatty():
        return items
    try:
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        return items
    bar: Iterable[Any] = tqdm(items, desc=label, unit=" records", file=sys.stderr)
    return bar


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _unit(fmt: str) -> str:
    return "record" if fmt == "msgpack" else "line"


_ROW_GROUP: Final = 4096
"""Records a Parquet row group holds (write_parquet's default), read from ``out`` at a time."""


def _refuser(source: _Source, rejected: Refused) -> Callable[[Exception], None]:
    """Refuse the record ``source`` yielded last: named by where it sits in the input, its
    bytes to --rejects."""

    def refuse(error: Exception) -> None:
        rejected.reject(source.where(), error, source.raw(source.last))

    return refuse


def _mapped(
    records: Iterable[Any], fn: Callable[[Any], Any], refuse: Callable[[Exception], None]
) -> Iterator[Any]:
    for record in records:
        try:
            yield fn(record)
        except lc.LmcodecError as exc:
            refuse(exc)


_NO_JSON_FORM: Final = (
    "it holds a value JSON has no form for (NaN or an infinity, a non-string key, bytes, a timestamp "
    "or an extension, in an opaque payload: MessagePack keeps them, JSON would write another value)"
)


def _json_form(record_type: Any) -> Callable[[Any], Any]:
    """The check a MessagePack record passes before a JSON-based format gets it: its canonical
    JSON reads back as the same record (lc.encode would otherwise write NaN as null, 7 as "7",
    bytes as base64 text: another value, silently). Read back leniently: a non-finite logprob is
    written as lm15 writes it (``-Infinity``, ``NaN``), which only the lenient reader takes (the
    strict read refused such records, red team 12 F09a); the read is strict first, so a record
    that is canonical JSON pays nothing for it."""

    def check(record: Any) -> Any:
        again = lc.decode(lc.encode(record, include_provider_data=True), record_type, lenient=True)
        if again != record:
            raise lc.ValidationError(_NO_JSON_FORM)
        return record

    return check


def _llm_record(record: Any) -> Any:
    """``llm.from_turn``: a record that is not a Turn (a Parquet file of Requests) is rejected."""
    import lmcodec.llm as llm

    if not isinstance(record, lc.Turn):
        raise lc.ValidationError(f"a {type(record).__name__} record has no llm form (--to llm writes Turns)")
    return llm.from_turn(record)


def _write_lines(
    fh: IO[bytes], records: Iterable[Any], encode: Callable[[Any], bytes], refuse: Callable[[Exception], None]
) -> int:
    count = 0
    for record in records:
        try:
            data = encode(record)
        except lc.LmcodecError as exc:
            refuse(exc)
            continue
        fh.write(data + b"\n")
        count += 1
    return count


def _canonical(record: Any) -> bytes:
    """``lc.encode``, a lone surrogate spelled as its escape as ``jsonl.write`` does. The
    provider_data of a lone Response (or Message) is written: the command writes what it read
    (lm15's default leaves it out, and a convert lost the request ids: red team 12 F18)."""
    try:
        return lc.encode(record, include_provider_data=True)
    except lc.EncodeError as exc:
        unicode = isinstance(exc.__cause__, UnicodeEncodeError)
        escaped = json_with_surrogates(record, include_provider_data=True) if unicode else None
        if escaped is None:
            raise
        return escaped


def _write_msgpack(fh: IO[bytes], records: Iterable[Any], refuse: Callable[[Exception], None]) -> int:
    count = 0
    for record in records:
        try:
            data = lc.msgpack.encode(record, include_provider_data=True)  # what was read (F18)
        except lc.LmcodecError as exc:
            refuse(exc)
            continue
        fh.write(_LENGTH.pack(len(data)) + data)
        count += 1
    return count


def _write_parquet(target: Any, out: Iterable[Any], source: _Source, rejected: Refused) -> int:
    """``write_parquet`` refuses a record once it has read the row group it is in: where the
    records of that row group sit in the input, and their bytes, are kept until then."""
    import lmcodec.arrow as arrow

    if sys.stdout is not None and target is sys.stdout.buffer:
        raise UsageError("--to parquet needs a file (Parquet cannot be written to a pipe)")
    pending: dict[int, tuple[str, Any]] = {}

    def fed() -> Iterator[Any]:
        for index, record in enumerate(out):
            if index % _ROW_GROUP == 0:  # the row group before is written: none of it is refused now
                pending.clear()
            pending[index] = (source.where(), source.last)
            yield record

    def reject(index: int, record: Any, error: lc.EncodeError) -> None:
        where, last = pending.pop(index, (f"output record {index}", None))
        rejected.reject(where, error, source.raw(last))

    record_type = lc.Turn if source.fmt == "llm" else source.type
    return arrow.write_parquet(fed(), target, type=record_type, row_group_size=_ROW_GROUP, on_reject=reject)


def _write(
    args: argparse.Namespace, target: Any, out: Iterable[Any], source: _Source, rejected: Refused
) -> int:
    if args.to_format == "parquet":
        return _write_parquet(target, out, source, rejected)
    refuse = _refuser(source, rejected)
    with compressing(target, args.dest) as fh:
        if args.to_format == "msgpack":
            return _write_msgpack(fh, out, refuse)
        if args.to_format == "llm":
            import lmcodec.llm as llm

            return _write_lines(fh, out, llm.encode, refuse)
        return _write_lines(fh, out, _canonical, refuse)


def cmd_convert(args: argparse.Namespace) -> int:
    args.from_format = args.from_format or format_named(args.src)
    if args.to_format is not None:
        check_suffix(args.dest, args.to_format)
    args.to_format = args.to_format or format_named(args.dest)
    if args.to_format == "llm" and args.from_format != "llm" and args.type not in (None, "Turn"):
        raise UsageError(
            f"--to llm writes Turn records (an llm record is a request and its response): "
            f"--type {args.type} has no llm form"
        )
    if args.to_format == "parquet" and args.type is not None and args.from_format != "llm":
        parquet_type(record_type_named(args.type), args.type)  # before anything is read or written
    if not args.dest:
        raise UsageError("DEST is empty: name the output file, or - for stdout")
    if args.rejects in ("-", ""):
        raise UsageError("--rejects needs a file name (the bad lines are written verbatim; '-' is no file)")
    if args.to_format == "parquet" and args.dest != "-":
        kind = compression_named(args.dest)
        if kind is not None:
            raise UsageError(
                f"{args.dest}: Parquet compresses its columns itself: give it a .parquet name, not {kind}"
            )
    check_compression(args.src, args.dest, args.rejects)
    check_readable(args.src)
    check_distinct(args.src, args.dest, args.rejects)
    return _convert(args)


class _NothingGood(Exception):
    """Not one record of a non-empty input was converted: DEST is not written (status 1)."""


def _convert(args: argparse.Namespace) -> int:
    bad = None if args.on_error == "raise" else BadRecords(_unit(args.from_format))
    keep_raw = args.rejects is not None
    source = _Source(
        args.src,
        args.from_format,
        args.type,
        bad,
        args.lenient,
        keep_raw=keep_raw,
        max_line_bytes=args.max_line_bytes,
    )
    rejected = Refused()
    refuse = _refuser(source, rejected)
    out: Iterable[Any] = _progress(source.records, "convert")
    if source.fmt == "msgpack" and args.to_format != "msgpack":
        out = _mapped(out, _json_form(source.type), refuse)
    if source.fmt == "llm" and args.to_format != "llm":
        import lmcodec.llm as llm

        out = _mapped(out, llm.to_turn, refuse)
    elif source.fmt != "llm" and args.to_format == "llm":
        import lmcodec.llm as llm

        out = _mapped(out, _llm_record, refuse)
    place = nullcontext(stdout_bytes()) if args.dest == "-" else atomic_file(args.dest)
    streamed = args.dest == "-" or standard_stream_of(args.dest) is not None  # written through, as -
    written = 0
    nothing_good = False
    try:
        # The rejects are finished (renamed) inside DEST's block: a failure there leaves DEST as it was.
        with place as target, open_rejects(args.rejects, length_prefixed=source.fmt == "msgpack") as rejects:
            rejected.rejects = rejects
            if bad is not None:
                bad.rejects = rejects
            written = _write(args, target, out, source, rejected)
            if not written and (source.bad or rejected.count):
                raise _NothingGood
    except _NothingGood:
        nothing_good = True
    except lc.RecordError as exc:
        print(f"lmcodec: {in_command_words(str(exc))}", file=sys.stderr)
        if streamed:  # a stream cannot be taken back: say what it holds
            where = "stdout" if args.dest == "-" else args.dest
            print(f"lmcodec: stopped there; the records before it were written to {where}", file=sys.stderr)
        else:
            print(f"lmcodec: nothing written to {args.dest}", file=sys.stderr)
        return 1
    except lc.DecodeError as exc:  # a damaged input (e.g. a cut MessagePack stream) under --on-error raise
        print(f"lmcodec: {exc}", file=sys.stderr)
        hint(source.good, None, args.from_format, "--from", args.type or "Turn", source.head(exc), args.src)
        return 1
    if bad is not None:
        bad.report("bad record, ", "more bad records")
    if source.damage is not None:
        print(f"lmcodec: {in_command_words(str(source.damage))}", file=sys.stderr)
        print("lmcodec: the input cannot be read past that point", file=sys.stderr)
    rejected.report("cannot write ", "more records not written", f" as {args.to_format}")
    print(
        f"lmcodec: {_count(written, 'record')} converted, {_count(source.bad, 'bad record')}"
        + (f", {rejected.count} not written (the output format cannot hold them)" if rejected.count else ""),
        file=sys.stderr,
    )
    if args.rejects is not None and not nothing_good:
        say_where_kept(bad, rejected, args.rejects, args.max_line_bytes)
    if nothing_good and args.dest != "-":
        print(f"lmcodec: no record was converted: nothing written to {args.dest}", file=sys.stderr)
    earliest = None if bad is None else bad.earliest
    head = source.head(source.damage)
    hint(source.good, earliest, args.from_format, "--from", args.type or "Turn", head, args.src)
    return 1 if nothing_good or source.damage is not None else 0


def cmd_validate(args: argparse.Namespace) -> int:
    args.format = args.format or format_named(args.src)
    check_compression(args.src)
    check_readable(args.src)
    bad = BadRecords(_unit(args.format))
    source = _Source(args.src, args.format, args.type, bad, args.lenient, max_line_bytes=args.max_line_bytes)
    for _record in _progress(source.records, "validate"):
        pass
    bad.report("bad record, ", "more bad records")
    if source.damage is not None:  # a damaged input: what was read so far is reported too
        print(f"lmcodec: {in_command_words(str(source.damage))}", file=sys.stderr)
    print(f"lmcodec: {_count(source.good, 'good record')}, {source.bad} bad", file=sys.stderr)
    head = source.head(source.damage)
    hint(source.good, bad.earliest, args.format, "--format", args.type or "Turn", head, args.src)
    return 1 if source.bad else 0
