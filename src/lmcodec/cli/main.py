"""The ``lmcodec`` command: bench, convert, validate, assemble, schema."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any

import lmcodec as lc
from lmcodec.codecs import jsonl

__all__ = ["main"]


def _type_named(name: str) -> Any:
    tp = getattr(lc, name, None)
    if tp is None or name not in lc.__all__ or name[0].islower():
        raise SystemExit(f"lmcodec: unknown type {name!r} (try Turn, Request, Response, Message, Part, ...)")
    return tp


def _progress(items: Iterable[Any], total_bytes: int | None, label: str) -> Iterable[Any]:
    """Wrap ``items`` in a tqdm bar on stderr when stderr is a terminal and tqdm is installed."""
    if not sys.stderr.isatty():
        return items
    try:
        from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]
    except ImportError:
        return items
    bar: Iterable[Any] = tqdm(items, desc=label, unit=" records", file=sys.stderr)
    return bar


def _cmd_bench(args: argparse.Namespace) -> int:
    from lmcodec.cli import bench

    records = 200 if args.quick else args.records
    rows = bench.run(records=records, repeat=3 if args.quick else args.repeat)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'task':<22} {'library':<10} {'median ms':>10} {'MB/s':>8} {'lmcodec is':>12}")
    for row in rows:
        speedup = row["lmcodec_speedup"]
        relation = "-" if row["library"] == "lmcodec" else f"{speedup:.2f}x faster"
        print(
            f"{row['task']:<22} {row['library']:<10} {row['median_ms']:>10.2f} "
            f"{row['mb_per_s']:>8.1f} {relation:>12}"
        )
    return 0


def _records(
    src: str, fmt: str, type_name: str, reader_errors: jsonl.OnError, lenient: bool
) -> tuple[jsonl.Reader[Any], Any]:
    source: Any = sys.stdin.buffer if src == "-" else src
    if fmt == "llm":
        from lmcodec import llm

        return jsonl.read(source, llm.Response, on_error=reader_errors), llm.to_turn
    return jsonl.read(source, _type_named(type_name), on_error=reader_errors, lenient=lenient), None


def _write_rejects(path: str | None, reader: jsonl.Reader[Any]) -> None:
    for bad in reader.errors:
        where = f"line {bad.line} (byte {bad.offset})" + (f" at {bad.path}" if bad.path else "")
        print(f"lmcodec: bad record, {where}: {bad.message}", file=sys.stderr)
    if path is not None:
        with open(path, "wb") as fh:
            for bad in reader.errors:
                fh.write(bad.raw + b"\n")


def _cmd_convert(args: argparse.Namespace) -> int:
    on_error: jsonl.OnError = "raise" if args.on_error == "raise" else "collect"
    reader, to_turn = _records(args.src, args.from_format, args.type, on_error, args.lenient)
    records: Iterator[Any] = iter(_progress(reader, None, "convert"))
    if to_turn is not None:
        records = (to_turn(r) for r in records)
    if args.to_format == "llm":
        from lmcodec import llm

        out: Iterator[Any] = (llm.from_turn(r) for r in records)
    else:
        out = records
    dest: Any = sys.stdout.buffer if args.dest == "-" else args.dest
    try:
        if args.to_format == "msgpack":
            written = lc.msgpack.write_stream(dest, out)
        elif args.to_format == "llm":
            from lmcodec import llm

            written = _write_llm(dest, out, llm)
        elif args.to_format == "parquet":
            from lmcodec import arrow

            written = arrow.write_parquet(out, dest, type=lc.Turn if to_turn else _type_named(args.type))
        else:
            written = jsonl.write(dest, out)
    except jsonl.RecordError as exc:
        print(f"lmcodec: {exc}", file=sys.stderr)
        return 1
    _write_rejects(args.rejects, reader)
    print(f"lmcodec: {written} records converted, {reader.bad} bad lines", file=sys.stderr)
    return 0


def _write_llm(dest: Any, records: Iterator[Any], llm: Any) -> int:
    from lmcodec.codecs.files import open_write

    count = 0
    with open_write(dest) as fh:
        for record in records:
            fh.write(llm.encode(record) + b"\n")
            count += 1
    return count


def _cmd_validate(args: argparse.Namespace) -> int:
    reader, _ = _records(args.src, args.format, args.type, "collect", args.lenient)
    for _record in _progress(reader, None, "validate"):
        pass
    _write_rejects(None, reader)
    print(f"lmcodec: {reader.good} good records, {reader.bad} bad", file=sys.stderr)
    return 1 if reader.bad else 0


def _cmd_schema(args: argparse.Namespace) -> int:
    print(json.dumps(lc.schema(_type_named(args.type)), indent=2))
    return 0


def _cmd_assemble(args: argparse.Namespace) -> int:
    from lmcodec import stream

    source: IO[bytes] = sys.stdin.buffer if args.file == "-" else open(args.file, "rb")
    try:
        chunks = iter(lambda: source.read(1 << 16), b"")
        events = stream.decode(args.provider, chunks)
        if args.events:
            for event in events:
                sys.stdout.buffer.write(lc.encode(event, include_provider_data=True) + b"\n")
            return 0
        response = lc.assemble(events)
    except lc.LmcodecError as exc:
        print(f"lmcodec: {exc}", file=sys.stderr)
        return 1
    finally:
        if source is not sys.stdin.buffer:
            source.close()
    sys.stdout.buffer.write(lc.encode(response) + b"\n")
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lmcodec",
        description="Encode, decode, convert and check LLM conversation data at msgspec speed.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    bench = sub.add_parser("bench", help="the headline comparison on a built-in workload")
    bench.add_argument("--json", action="store_true", help="machine-readable output")
    bench.add_argument("--quick", action="store_true", help="a small, fast run (smoke test)")
    bench.add_argument("--records", type=int, default=2000, help="log records in the workload (2000)")
    bench.add_argument("--repeat", type=int, default=5, help="repetitions per measurement (5)")
    bench.set_defaults(func=_cmd_bench)

    convert = sub.add_parser("convert", help="convert a log between formats")
    convert.add_argument("src", help="input JSONL file (.gz/.zst ok) or - for stdin")
    convert.add_argument("dest", help="output file (.gz/.zst ok) or - for stdout")
    convert.add_argument("--from", dest="from_format", choices=["lm15", "llm"], default="lm15")
    convert.add_argument(
        "--to", dest="to_format", choices=["lm15", "llm", "msgpack", "parquet"], default="lm15"
    )
    convert.add_argument("--type", default="Turn", help="record type of lm15 input (default Turn)")
    convert.add_argument("--on-error", choices=["skip", "raise"], default="skip")
    convert.add_argument("--rejects", help="write bad lines here, verbatim")
    convert.add_argument("--lenient", action="store_true", help="accept lm15's tolerant read forms")
    convert.set_defaults(func=_cmd_convert)

    validate = sub.add_parser("validate", help="report every bad record of a log")
    validate.add_argument("src", help="input JSONL file (.gz/.zst ok) or - for stdin")
    validate.add_argument("--format", choices=["lm15", "llm"], default="lm15")
    validate.add_argument("--type", default="Turn", help="record type (default Turn)")
    validate.add_argument("--lenient", action="store_true", help="accept lm15's tolerant read forms")
    validate.set_defaults(func=_cmd_validate)

    assemble = sub.add_parser("assemble", help="a captured SSE body to the canonical Response")
    assemble.add_argument("provider", choices=["openai", "openai_chat", "anthropic", "gemini"])
    assemble.add_argument("file", nargs="?", default="-", help="the SSE body (default stdin)")
    assemble.add_argument("--events", action="store_true", help="print the canonical events as JSONL")
    assemble.set_defaults(func=_cmd_assemble)

    schema = sub.add_parser("schema", help="the JSON Schema of a type")
    schema.add_argument("type", help="a type name, e.g. Turn, Request, Part")
    schema.set_defaults(func=_cmd_schema)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    status: int = args.func(args)
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
