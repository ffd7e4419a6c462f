"""What the options of ``lmcodec convert`` and ``lmcodec validate`` name: a log's format by its
file name, a record type by its name (``--type``), checked before anything is read or written."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Final

import msgspec

import lmcodec as lc
from lmcodec.cli._output import UsageError
from lmcodec.codecs.files import compression_named

__all__ = ["check_suffix", "format_named", "parquet_type", "record_type_named", "type_named"]

_FORMATS_BY_SUFFIX: Final = {".msgpack": "msgpack", ".parquet": "parquet"}


def format_named(path: str) -> str:
    """The format a file's name gives when no option names one: ``.msgpack`` (also before
    ``.gz``/``.zst``) and ``.parquet``, in any letter case; else lm15 JSON Lines (stdin too).
    A ``log.msgpack`` was read as JSON Lines, every record bad, the output empty."""
    if path == "-":
        return "lm15"
    name = Path(path)
    if compression_named(name) is not None:
        name = Path(name.stem)
    return _FORMATS_BY_SUFFIX.get(name.suffix.lower(), "lm15")


_JSON_SUFFIXES: Final = (".jsonl", ".json", ".ndjson")


def check_suffix(dest: str, to_format: str) -> None:
    """Warn on stderr when ``--to`` writes under a name whose suffix names another format (red team
    54 F10: ``--to parquet`` into ``out.msgpack`` wrote Parquet there, silently, and ``validate
    out.msgpack`` then read it as MessagePack): a ``.msgpack``/``.parquet`` name says its format, a
    ``.jsonl``/``.json``/``.ndjson`` one lm15 or llm JSON Lines; any other name says nothing. The
    explicit format still wins (a log appended to through stdout, a pipe's name): it is written."""
    if dest == "-":
        return
    named = format_named(dest)
    name = Path(dest) if compression_named(dest) is None else Path(Path(dest).stem)
    json_name = name.suffix.lower() in _JSON_SUFFIXES
    if (named != "lm15" and named != to_format) or (json_name and to_format in ("msgpack", "parquet")):
        print(
            f"lmcodec: warning: --to {to_format} writes {to_format} under {dest}, whose name says "
            f"{'JSON Lines' if json_name else named}: the commands that go by the name will misread it",
            file=sys.stderr,
        )


def type_named(name: str) -> Any:
    """The public lmcodec type called ``name`` (a UsageError when there is none)."""
    tp = getattr(lc, name, None)
    if tp is None or name not in lc.__all__ or name[0].islower():
        raise UsageError(f"unknown type {name!r} (try Turn, Request, Response, Message, Part, ...)")
    return tp


_RECORD_TYPES: Final = "Turn, Request, Response, Message, Part, StreamEvent, ..."


def record_type_named(name: str) -> Any:
    """The record type ``--type`` names: a public msgspec Struct, or a union of them (Part,
    StreamEvent), that a JSON object is read as. Anything else is a UsageError (one line, status
    2, as ``lmcodec schema`` answers a type with no JSON Schema); so is a Struct with no required
    field (Config, Usage, StreamEndEvent: a lone Struct's tag may be absent too): every JSON object
    reads as one (a Turn as an empty Config, written back as ``{}``), so no record could be found
    bad and a convert would lose them all. (A union's members are told by their tag.)"""
    tp = type_named(name)
    try:
        info = msgspec.inspect.type_info(tp)
    except TypeError:  # what msgspec cannot decode at all (JsonValue, a constant)
        info = None
    members = info.types if isinstance(info, msgspec.inspect.UnionType) else (info,)
    structs = [member for member in members if isinstance(member, msgspec.inspect.StructType)]
    if len(structs) < len(members):
        raise UsageError(
            f"--type {name}: not a record type (--type takes the type of the log's records: {_RECORD_TYPES})"
        )
    if len(structs) == 1 and not any(field.required for field in structs[0].fields):
        raise UsageError(
            f"--type {name}: every field of {name} is optional, so any JSON object reads as one (a Turn "
            f"as an empty {name}) and no record could be told bad; --type takes a type its records "
            f"show by a required field (or a union's tag): {_RECORD_TYPES}"
        )
    return tp


def parquet_type(tp: Any, name: str) -> None:
    """Parquet tables hold the four log record types only (``lmcodec.arrow.RECORD_TYPES``)."""
    import lmcodec.arrow as arrow

    if tp not in arrow.RECORD_TYPES:
        names = ", ".join(t.__name__ for t in arrow.RECORD_TYPES)
        raise UsageError(f"--type {name}: Parquet tables hold {names} records")
