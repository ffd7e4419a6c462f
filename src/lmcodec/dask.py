"""Many log files at once, on Dask (optional extra ``dask``: ``dask[distributed]``).

:func:`read` turns JSONL log files into a ``dask.bag`` of lmcodec records, one
partition per file, decoded lazily by the codec inside each partition (only file
names travel in the task graph; a partition that has to move between processes
travels as canonical JSON). :func:`convert` (= :func:`to_parquet` of :func:`read`)
writes one Parquet file per input file in parallel: one task streams a file through
:func:`lmcodec.arrow.write_parquet` a row group at a time, so memory stays flat
whatever the file size and records never leave the worker. Works on any Dask
scheduler; on ``dask.distributed`` (a ``LocalCluster`` or a real cluster) every worker
needs lmcodec and pyarrow (its ``arrow`` extra) installed and the inputs and ``dest`` on storage it can reach
(a shared file system, or ``s3://``/``gs://``/... URLs through fsspec).

Bad lines lose nothing, with the guarantees of :func:`lmcodec.jsonl.read`: every
good record is kept, blank lines are skipped, a cut-off last line is a bad line,
and each bad line is reported as a :class:`BadRecord` with its file, line number,
byte offset (in the decompressed stream), JSON path, message and raw bytes.
``on_error="collect"`` keeps the raw line (not of a line longer than ``max_line_bytes``,
64 MiB by default, which is skipped unread as :func:`lmcodec.jsonl.read` skips it;
``max_line_bytes=None`` reads a longer record), ``"skip"`` reports the bad line without
it, ``"raise"`` fails the computation with a :class:`RecordError`. A file that cannot
be read to its end (missing, unreadable, a damaged ``.gz``/``.zst``) keeps the records
before the damage and, under ``"skip"``/``"collect"``, adds one :class:`BadRecord` saying
why (line and offset where reading stopped); the other files are not affected.

Formats: ``"lm15"`` (canonical JSON lines, any record type of :mod:`lmcodec.arrow`),
and ``"llm"`` (llm's ``Response.to_dict()`` lines, converted to Turns): its lines are read by
llm's own rules (:func:`lmcodec.llm.decode`: NaN, ``-Infinity`` and lone surrogate escapes, as
llm's ``json.dumps`` writes them), as ``lmcodec convert --from llm`` reads them, and a record
:func:`lmcodec.llm.to_turn` refuses is one bad line (its ``raw``: the record as llm writes it),
never a failed computation.
"""

from __future__ import annotations

import glob
import json
import os
import uuid
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import IO, Any, Literal, cast

import msgspec

import lmcodec.arrow as arrow
from lmcodec.codecs import _dest, jsonl
from lmcodec.codecs.files import checked
from lmcodec.codecs.json import decode, encode, from_builtins
from lmcodec.errors import BadRecord, DecodeError, LmcodecError, RecordError, ValidationError
from lmcodec.wire import Turn

__all__ = [
    "BadRecord",
    "Conversion",
    "Log",
    "Partition",
    "RecordError",
    "convert",
    "expand",
    "read",
    "to_parquet",
]

OnError = Literal["raise", "skip", "collect"]
Format = Literal["lm15", "llm"]


def _bag_module() -> Any:
    try:
        import dask.bag  # type: ignore[import-not-found, unused-ignore]
        from dask.highlevelgraph import HighLevelGraph  # type: ignore[import-not-found, unused-ignore]
    except ImportError as exc:  # pragma: no cover - depends on the optional extra
        raise ImportError(
            "lmcodec.dask needs dask (the 'dask' extra): pip install 'dask[distributed]' pyarrow, "
            "or in a checkout of lmcodec pip install -e '.[dask]'"
        ) from exc
    return dask.bag, HighLevelGraph


class Written(msgspec.Struct, frozen=True):
    """What one partition task wrote."""

    file: str
    records: int
    errors: list[BadRecord]


class Conversion(msgspec.Struct, frozen=True):
    """The outcome of :func:`convert` / :func:`to_parquet`: files written (in order), counts, bad lines."""

    files: list[str]
    counts: list[int]
    errors: list[BadRecord]

    @property
    def records(self) -> int:
        """Good records written in all."""
        return sum(self.counts)


class Partition(list[Any]):
    """One file's good records (the list) and its bad lines (``errors``).

    Between processes it travels as canonical JSON (one array; ``provider_data`` kept),
    which the codec writes and reads faster than pickle would; records read with
    ``lenient=True`` come back as read (non-finite logprobs, lone surrogates).
    """

    def __init__(self, records: Iterable[Any] = (), *, type: Any = Turn, errors: Iterable[BadRecord] = ()):
        super().__init__(records)
        self.type = type
        self.errors = list(errors)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_load_partition, (self.type, encode(list(self), include_provider_data=True), self.errors))


def _llm_line(line: bytes) -> Any:
    """A line the strict decoder refused, read by llm's own rules (NaN, -Infinity, lone surrogate
    escapes: what llm's json.dumps writes), as ``lmcodec convert --from llm`` reads it."""
    import lmcodec.llm as llm

    return llm.decode(line)


def _load_partition(type: Any, data: bytes, errors: list[BadRecord]) -> Partition:
    """The partition ``Partition.__reduce__`` wrote. A record read with ``lenient=True`` may hold
    what :func:`lmcodec.encode` writes but the strict decoder refuses (a ``-Infinity`` or NaN
    logprob, as lm15 writes it; a lone surrogate's escape): then each record is read back as
    ``json.loads`` and the lenient reader read it."""
    try:
        records = decode(data, list[type])
    except DecodeError:
        records = [from_builtins(value, type, lenient=True) for value in json.loads(data)]
    return Partition(records, type=type, errors=errors)


def _errors_of(partition: Partition) -> list[BadRecord]:
    return partition.errors


class _Spec(msgspec.Struct, frozen=True):
    """How to read the lines of a log (travels in the task graph)."""

    line_type: Any
    type: Any
    on_error: OnError
    lenient: bool
    to_turn: Any
    decode: Any = None  # the line decoder after the strict one (jsonl.read's decode=)
    max_line_bytes: int | None = jsonl.DEFAULT_MAX_LINE_BYTES  # jsonl.read's; None: no bound


class Log:
    """A lazily read multi-file log: ``records`` and ``errors`` bags, one partition per file.

    ``dask.compute(log.records, log.errors)`` reads each file once.
    """

    def __init__(self, records: Any, files: list[str], spec: _Spec) -> None:
        self.records = records
        """The good records: a ``dask.bag.Bag``, one :class:`Partition` per file."""
        self.files = files
        self.spec = spec

    @property
    def type(self) -> Any:
        """The record type."""
        return self.spec.type

    @property
    def errors(self) -> Any:
        """The bad lines, as :class:`BadRecord` (a ``dask.bag.Bag``)."""
        return self.records.map_partitions(_errors_of)

    @property
    def npartitions(self) -> int:
        return int(self.records.npartitions)


def expand(paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]]) -> list[str]:
    """Input files in order: paths, local globs (sorted) and fsspec URLs (``s3://bucket/logs/*.jsonl``)."""
    items = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    out: list[str] = []
    for item in [os.fspath(p) for p in items]:
        if "://" in item:
            import fsspec  # type: ignore[import-untyped, import-not-found, unused-ignore]

            out.extend(f.full_name for f in fsspec.open_files(item, mode="rb"))
        elif glob.has_magic(item):
            out.extend(sorted(glob.glob(item)))
        else:
            out.append(item)
    if not out:
        raise FileNotFoundError(f"no log files match {paths!r}")
    return out


@contextmanager
def _opened(file: str, mode: str) -> Iterator[Any]:
    """A local path as is, a URL as an fsspec file object; either way a .gz/.zst is read by
    lmcodec's checked reader (fsspec's own zstd reader cannot be iterated, and its errors are
    not lc errors)."""
    if "://" not in file:
        yield file
        return
    import fsspec  # type: ignore[import-untyped, import-not-found, unused-ignore]

    with fsspec.open(file, mode) as fh:
        if mode != "rb":
            yield fh
            return
        with checked(cast("IO[bytes]", fh), file) as src:
            yield src


# A file that cannot be read to its end: missing or unreadable (lmcodec's reader raises damaged
# compressed data as a RecordError).
_UNREADABLE = (OSError, EOFError)


class _Lines:
    """The good records of one file, then what went wrong: its bad lines and, when the file
    cannot be read to its end, one BadRecord for that (the job goes on)."""

    def __init__(self, file: str, src: Any, spec: _Spec) -> None:
        mode: jsonl.OnError = "raise" if spec.on_error == "raise" else "collect"
        self.file = file
        self.spec = spec
        self.reader = jsonl.read(
            src,
            spec.line_type,
            on_error=mode,
            lenient=spec.lenient,
            decode=spec.decode,
            max_line_bytes=spec.max_line_bytes,
        )
        self.unreadable: list[BadRecord] = []
        self.refused: list[BadRecord] = []  # records to_turn refuses, in line order with the reader's

    def __iter__(self) -> Iterator[Any]:
        records = iter(self.reader) if self.spec.to_turn is None else self._turns()
        file = self.file
        try:
            yield from records
        except jsonl.RecordError as exc:  # under "collect" only a damaged file raises
            if self.spec.on_error == "raise":
                raise RecordError(
                    exc.message,
                    line=exc.line,
                    offset=exc.offset or 0,
                    path=exc.path,
                    cause=exc.cause,
                    file=file,
                ) from None
            self.unreadable.append(BadRecord(exc.line, exc.offset or 0, exc.path, exc.message, b"", file))
        except _UNREADABLE as exc:
            message = f"cannot read the file: {type(exc).__name__}: {exc}"
            if self.spec.on_error == "raise":
                raise RecordError(message, line=0, offset=0, path="", file=file) from exc
            self.unreadable.append(BadRecord(0, 0, "", message, b"", file))

    def _turns(self) -> Iterator[Any]:
        """The reader's llm records as Turns; one ``to_turn`` refuses is a bad line (its raw: the
        record as llm writes it), under "raise" a RecordError naming the file."""
        import lmcodec.llm as llm

        to_turn = self.spec.to_turn
        reader = self.reader
        for record in reader:
            try:
                turn = to_turn(record)
            except LmcodecError as exc:
                path = exc.path if isinstance(exc, ValidationError) else ""
                message = exc.message if isinstance(exc, ValidationError) else str(exc)
                if self.spec.on_error == "raise":
                    raise RecordError(
                        message, line=reader.line, offset=reader.offset, path=path, cause=exc, file=self.file
                    ) from None
                self.refused.append(BadRecord(reader.line, reader.offset, path, message, llm.encode(record)))
                continue
            yield turn

    def errors(self) -> list[BadRecord]:
        """The bad lines (raw kept under "collect") in line order, then the reason the file ended
        early, if any."""
        keep = self.spec.on_error == "collect"
        lines = self.reader.errors
        if self.refused:
            lines = sorted([*lines, *self.refused], key=lambda b: b.line)
        bad = [
            BadRecord(b.line, b.offset, b.path, b.message, b.raw if keep else b"", self.file) for b in lines
        ]
        return bad + self.unreadable


@contextmanager
def _lines(file: str, spec: _Spec) -> Iterator[_Lines]:
    """The records of ``file``; a bad line under "raise" becomes a RecordError naming the file."""
    with _opened(file, "rb") as src:
        yield _Lines(file, src, spec)


def _decode_file(file: str, spec: _Spec) -> Partition:
    """One partition: the good records of ``file`` and its bad lines."""
    with _lines(file, spec) as lines:
        good = list(lines)
    return Partition(good, type=spec.type, errors=lines.errors())


def _convert_file(file: str, part: tuple[str, str], spec: _Spec, options: dict[str, Any]) -> list[Written]:
    """One task: ``file`` streamed into ``part``'s temporary file, one row group at a time (memory
    stays flat); ``part``: (temporary, final) names."""
    with _lines(file, spec) as lines, _opened(part[0], "wb") as sink:
        count = arrow.write_parquet(lines, sink, type=spec.type, **options)
    return [Written(part[1], count, lines.errors())]


def _write_part(
    records: Iterable[Any], part: tuple[str, str], type: Any, options: dict[str, Any]
) -> list[Written]:
    """One partition of a bag: its records into ``part``'s temporary file; its bad lines reported."""
    with _opened(part[0], "wb") as sink:
        count = arrow.write_parquet(records, sink, type=type, **options)
    return [Written(part[1], count, getattr(records, "errors", []))]


def read(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    type: Any = Turn,
    *,
    format: Format = "lm15",
    on_error: OnError = "collect",
    lenient: bool = False,
    max_line_bytes: int | None = jsonl.DEFAULT_MAX_LINE_BYTES,
) -> Log:
    """Log files as a lazy :class:`Log` (one partition per file; nothing is read until computed).

    ``paths``: a path, a glob, an fsspec URL, or a list of them; ``.gz``/``.zst`` are
    decompressed. ``type``: the record type of lm15 lines (Turn, Request, Response,
    Message); llm lines always become Turns. ``max_line_bytes`` as for
    :func:`lmcodec.jsonl.read`: a longer line (64 MiB by default) is a bad line, its raw not
    kept; None lifts the bound (a record :func:`lmcodec.jsonl.write` wrote past it is read).
    """
    if on_error not in ("raise", "skip", "collect"):
        raise ValueError(f"on_error must be 'raise', 'skip' or 'collect', not {on_error!r}")
    jsonl.checked_max_line_bytes(max_line_bytes)
    record = arrow._record_type(type)
    spec = _Spec(record, record, on_error, lenient, None, None, max_line_bytes)
    if format == "llm":
        import lmcodec.llm as llm

        to_turn = getattr(llm, "to_turn", None)
        if to_turn is None:
            raise NotImplementedError(
                "format='llm' needs lmcodec.llm.to_turn, which this version of lmcodec does not "
                "provide yet: only lm15 logs can be converted"
            )
        spec = _Spec(llm.Response, Turn, on_error, lenient, to_turn, _llm_line, max_line_bytes)
    elif format != "lm15":
        raise ValueError(f"format must be 'lm15' or 'llm', not {format!r}")
    files = expand(paths)
    name = f"lmcodec-read-{uuid.uuid4().hex}"
    dsk = {(name, i): (_decode_file, file, spec) for i, file in enumerate(files)}
    return Log(_bag(name, dsk, [], len(files)), files, spec)


def _bag(name: str, dsk: dict[Any, Any], dependencies: list[Any], n: int) -> Any:
    bag, graph_type = _bag_module()
    return bag.Bag(graph_type.from_collections(name, dsk, dependencies=dependencies), name, n)


def _then(result: list[Written], done: None) -> list[Written]:
    """A part's result, once the commit (:func:`lmcodec.codecs._dest.commit`) has run."""
    return result


def to_parquet(
    data: Log | Any,
    dest: str | os.PathLike[str],
    *,
    type: Any = None,
    overwrite: bool = False,
    compute: bool = True,
    **options: Any,
) -> Conversion | Any:
    """Write a :class:`Log` or a bag of records to ``dest/part-00000.parquet``, ... (one file a partition).

    A Log is converted file by file, streaming (one task reads, decodes and writes a file,
    a row group at a time); a bag's partitions are written by the tasks that produce them
    (Dask fuses the two). In parallel on the current scheduler. Returns a :class:`Conversion`;
    with ``compute=False`` a bag of per-partition results to compute later. ``options`` go to
    :func:`lmcodec.arrow.write_parquet` (``compression``, ``row_group_size``, ...).

    A DEST holding Parquet files is refused unless ``overwrite``: when the graph is built, and
    again once every part is written (another run may have written DEST since), and then no file
    is replaced (a rename that refuses an existing name; through fsspec a check, then a move: best
    effort): ``FileExistsError``, DEST as it was. Either way the parts are written under temporary
    names (``.part-00000.parquet.XXXXXXXX.partial``) and renamed into place once every part is
    written; with ``overwrite`` only then are the ``part-NNNNN.parquet`` of an earlier run that
    they do not replace removed (other files are the user's, left alone). A computation that fails
    leaves DEST as it was (its temporary parts removed). A part another run puts in place between
    the check and the rename is refused too (``FileExistsError`` naming it). The renames are one
    file at a time, so a process killed mid-commit (SIGKILL, a lost worker) leaves the parts placed
    so far, which read as a smaller dataset, and its hidden temporaries: a later run without
    ``overwrite`` is refused naming both, one with it replaces the set, and any run that commits
    removes the temporaries earlier runs left (:mod:`lmcodec.codecs._dest`).
    """
    name = f"lmcodec-parquet-{uuid.uuid4().hex}"
    written, commit = f"{name}-written", f"{name}-commit"
    dsk: dict[Any, Any]
    if isinstance(data, Log):
        parts = _dest.parts(dest, len(data.files), overwrite)
        dsk = {
            (written, i): (_convert_file, file, part, data.spec, options)
            for i, (file, part) in enumerate(zip(data.files, parts, strict=True))
        }
        dependencies = []
    else:
        record_type = arrow._record_type(type if type is not None else Turn)
        parts = _dest.parts(dest, data.npartitions, overwrite)
        dsk = {
            (written, i): (_write_part, (data.name, i), part, record_type, options)
            for i, part in enumerate(parts)
        }
        dependencies = [data]
    root = os.fspath(dest).rstrip("/")
    dsk[(commit, 0)] = (_dest.commit, [(written, i) for i in range(len(parts))], root, parts, overwrite)
    dsk.update({(name, i): (_then, (written, i), (commit, 0)) for i in range(len(parts))})
    out = _bag(name, dsk, dependencies, len(parts))
    if not compute:
        return out
    try:
        return conversion(out.compute())
    except BaseException:
        _dest.discard_temporaries(parts)
        raise


def conversion(parts: Sequence[Written]) -> Conversion:
    """The :class:`Conversion` summing computed per-partition results."""
    return Conversion(
        files=[p.file for p in parts],
        counts=[p.records for p in parts],
        errors=[e for p in parts for e in p.errors],
    )


def convert(
    paths: str | os.PathLike[str] | Iterable[str | os.PathLike[str]],
    dest: str | os.PathLike[str],
    type: Any = Turn,
    *,
    format: Format = "lm15",
    on_error: OnError = "collect",
    lenient: bool = False,
    max_line_bytes: int | None = jsonl.DEFAULT_MAX_LINE_BYTES,
    overwrite: bool = False,
    **options: Any,
) -> Conversion:
    """JSONL logs to a directory of Parquet files, one per input file, in parallel.

    ``read(paths, type, ...)`` then ``to_parquet(log, dest, ...)``: one task per file reads,
    decodes and writes it. Good records are written, bad lines come back in ``.errors``
    (a line longer than ``max_line_bytes`` too: None lifts the bound, as for :func:`read`).
    """
    log = read(paths, type, format=format, on_error=on_error, lenient=lenient, max_line_bytes=max_line_bytes)
    result: Conversion = to_parquet(log, dest, overwrite=overwrite, **options)
    return result
