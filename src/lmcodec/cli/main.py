"""The ``lmcodec`` command: bench, convert, validate, assemble, schema.

Exit status: 0 done; 1 the data is bad (a bad record under ``--on-error raise``,
``convert`` found not one good record in a non-empty input or a damaged input,
``validate`` found bad records, a stream that does not assemble); 2 the command cannot
run (usage, a file that cannot be read or written, a full disk, a closed pipe, out of
memory: a record longer than the memory left); 128 + N ended by signal N (130 SIGINT,
143 SIGTERM, 129 SIGHUP), after removing what it was writing. Every failure is one
``lmcodec: ...`` line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import signal
import sys
from collections.abc import Callable, Sequence
from importlib import metadata
from typing import Any

import lmcodec as lc
from lmcodec.cli._output import UsageError
from lmcodec.codecs.jsonl import DEFAULT_MAX_LINE_BYTES

__all__ = ["main"]


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _line_bound(text: str) -> int | None:
    """``--max-line-bytes``: a positive number of bytes, or 0 for no bound (None)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 (no bound) or more, not {value}")
    return value or None


_LINE_BOUND_HELP = (
    "a JSONL line longer than N bytes (a record or a run of NULs) is one bad line, skipped unread "
    f"in bounded memory (default {DEFAULT_MAX_LINE_BYTES}, 64 MiB; 0: no bound, for a longer record)"
)


_MAX_RECORDS = 50_000
"""The workload is built in memory (~12 KB a record as JSON, several times that as objects)."""


def _records(text: str) -> int:
    value = _positive(text)
    if value > _MAX_RECORDS:
        raise argparse.ArgumentTypeError(
            f"at most {_MAX_RECORDS:,} (the workload is held in memory): {value}"
        )
    return value


def _say_on_stderr(line: str) -> None:
    """A progress line of ``lmcodec bench``, on stderr so that its stdout (the table) stays the same."""
    print(f"lmcodec: bench: {line}", file=sys.stderr, flush=True)


def _cmd_bench(args: argparse.Namespace) -> int:
    from lmcodec.cli import bench

    records = args.records if args.records is not None else 200 if args.quick else 2000
    repeat = args.repeat if args.repeat is not None else 3 if args.quick else 7
    report = bench.run(records=records, repeat=repeat, progress=_say_on_stderr)
    if args.json:
        print(json.dumps(report.as_json(), indent=2))
    else:
        print(report.table())
    return 0


def _cmd_schema(args: argparse.Namespace) -> int:
    from lmcodec.cli._names import type_named

    tp = type_named(args.type)
    try:
        schema = lc.schema(tp)
    except (TypeError, NotImplementedError) as exc:
        reason = str(exc).strip().splitlines()[-1]
        raise UsageError(f"{args.type} has no JSON Schema: {reason}") from None
    print(json.dumps(schema, indent=2))
    return 0


_TYPE_HELP = (
    "A public Struct or union of them: Turn, Request, Response, Message, Part, StreamEvent, ... (Parquet: "
    "the first four). A type whose every field is optional (Config, Usage) is refused: any JSON object "
    "reads as one, so no record could be told bad"
)


_Command = Callable[[argparse.Namespace], int]


def _imported(module: str, name: str) -> _Command:
    """The command ``name`` of ``lmcodec.cli.<module>``, imported when it runs: start-up (and
    ``--version``, ``schema``) reads no command's code, and that import is inside main()'s
    handling of Ctrl-C."""

    def command(args: argparse.Namespace) -> int:
        run: _Command = getattr(importlib.import_module(f"lmcodec.cli.{module}"), name)
        return run(args)

    return command


def _version() -> str:
    try:
        return metadata.version("lmcodec")
    except metadata.PackageNotFoundError:  # pragma: no cover - run from a source tree
        return "unknown"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="lmcodec",
        description="Encode, decode, convert and check LLM conversation data at msgspec speed.",
    )
    parser.add_argument("--version", action="version", version=f"lmcodec {_version()}")
    sub = parser.add_subparsers(dest="command", required=True)

    bench = sub.add_parser("bench", help="the headline comparison on a built-in workload")
    bench.add_argument("--json", action="store_true", help="machine-readable output")
    bench.add_argument(
        "--quick",
        action="store_true",
        help="a small, fast run (smoke test): 200 records, 3 rounds unless given",
    )
    bench.add_argument("--records", type=_records, help="log records in the workload (2000; at most 50,000)")
    bench.add_argument("--repeat", type=_positive, help="interleaved rounds per task (7)")
    bench.set_defaults(func=_cmd_bench)

    formats = ["lm15", "llm", "msgpack", "parquet"]
    convert = sub.add_parser("convert", help="convert a log between formats")
    convert.add_argument("src", help="input file (.gz/.zst ok) or - for stdin")
    convert.add_argument("dest", help="output file (.gz/.zst ok) or - for stdout; written atomically")
    by_suffix = "default: by the file's suffix, .msgpack or .parquet (.msgpack.gz/.zst too), else lm15"
    convert.add_argument("--from", dest="from_format", choices=formats, help=by_suffix)
    convert.add_argument("--to", dest="to_format", choices=formats, help=by_suffix)
    input_type = "record type of lm15/msgpack/parquet input (default Turn; parquet: what it holds)"
    convert.add_argument("--type", help=f"{input_type}. {_TYPE_HELP}")
    convert.add_argument(
        "--on-error",
        choices=["skip", "raise"],
        default="skip",
        help="a bad input record: skip it, reported on stderr and kept by --rejects (default: skip), "
        "or raise: stop at it, status 1",
    )
    convert.add_argument(
        "--rejects",
        help="write every record not written here (bad, or one the output format cannot hold), "
        "verbatim, framed as in the input (lines; MessagePack: length-prefixed records; Parquet "
        "input: lm15 JSON lines) (.gz/.zst ok)",
    )
    convert.add_argument(
        "--lenient", action="store_true", help="accept lm15's tolerant read forms (lm15 JSON input)"
    )
    convert.add_argument(
        "--max-line-bytes",
        type=_line_bound,
        default=DEFAULT_MAX_LINE_BYTES,
        metavar="N",
        help=_LINE_BOUND_HELP,
    )
    convert.set_defaults(func=_imported("_convert", "cmd_convert"))

    validate = sub.add_parser("validate", help="report every bad record of a log")
    validate.add_argument("src", help="input file (.gz/.zst ok) or - for stdin")
    validate.add_argument("--format", choices=formats, help=by_suffix)
    validate.add_argument(
        "--type", help=f"record type (default Turn; parquet: what the file holds). {_TYPE_HELP}"
    )
    validate.add_argument(
        "--lenient", action="store_true", help="accept lm15's tolerant read forms (lm15 JSON input)"
    )
    validate.add_argument(
        "--max-line-bytes",
        type=_line_bound,
        default=DEFAULT_MAX_LINE_BYTES,
        metavar="N",
        help=_LINE_BOUND_HELP,
    )
    validate.set_defaults(func=_imported("_convert", "cmd_validate"))

    assemble = sub.add_parser("assemble", help="a captured SSE body to the canonical Response")
    assemble.add_argument("provider", choices=["openai", "openai_chat", "anthropic", "gemini"])
    assemble.add_argument("file", nargs="?", default="-", help="the SSE body, .gz/.zst ok (default stdin)")
    assemble.add_argument("--events", action="store_true", help="print the canonical events as JSONL")
    assemble.add_argument("--model", help="the model asked for (when the stream does not name it)")
    assemble.add_argument(
        "--request", help="the canonical Request (JSON file, .gz/.zst ok) the stream answers"
    )
    assemble.add_argument(
        "--max-line-bytes",
        type=_line_bound,
        default=DEFAULT_MAX_LINE_BYTES,
        metavar="N",
        help="a whole JSON body (the input when it is no SSE stream, or --request FILE) longer than N "
        f"bytes is refused, read no further (default {DEFAULT_MAX_LINE_BYTES}, 64 MiB, as a JSONL line; "
        "0: no bound); not an SSE stream's lines, which the SSE framer bounds itself (64 MiB a line, "
        "128 MiB an event)",
    )
    assemble.set_defaults(func=_imported("_assemble", "cmd_assemble"))

    schema = sub.add_parser("schema", help="the JSON Schema of a type")
    schema.add_argument("type", help="a type name, e.g. Turn, Request, Part")
    schema.set_defaults(func=_cmd_schema)
    return parser


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    # argparse gives an optional positional its default when options come between the
    # positionals (`assemble openai_chat --events FILE`): take FILE back from the leftovers.
    if args.command == "assemble" and args.file == "-" and len(extra) == 1 and not extra[0].startswith("-"):
        args.file, extra = extra[0], []
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _closed_stdout() -> None:
    """stdout's reader went away: point stdout at /dev/null so the exit flush raises nothing."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout without a file descriptor
        pass
    finally:
        os.close(devnull)


class _Signalled(BaseException):
    """SIGTERM or SIGHUP arrived: raised where the command is, so that what it was writing is
    cleaned up as for SIGINT (``atomic_file`` removes its temporary file)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_signalled(signum: int, frame: object) -> None:
    raise _Signalled(signum)


_ENDING_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


def _catch_ending_signals() -> dict[int, Any]:
    """Handle SIGTERM and SIGHUP where their default action (ending the process at once) is in
    force: a signal the caller ignores (``nohup`` ignores SIGHUP) or handles is left alone, as
    is any signal off the main thread. Returns the handlers replaced."""
    replaced: dict[int, Any] = {}
    for sig in _ENDING_SIGNALS:
        try:
            if signal.getsignal(sig) is signal.SIG_DFL:
                replaced[sig] = signal.signal(sig, _raise_signalled)
        except ValueError:  # not the main thread
            break
    return replaced


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status. A signal from the first line on (while
    the arguments are read, the command's code imported) ends it as it does mid-command."""
    replaced = _catch_ending_signals()
    try:
        return _run(_parse(argv))
    except KeyboardInterrupt:
        print("lmcodec: interrupted", file=sys.stderr)
        return 130
    except _Signalled as exc:
        print(f"lmcodec: {signal.Signals(exc.signum).name}: stopped", file=sys.stderr)
        return 128 + exc.signum
    finally:
        for sig, handler in replaced.items():
            signal.signal(sig, handler)


def _run(args: argparse.Namespace) -> int:
    try:
        status: int = args.func(args)
        if sys.stdout is not None:  # (None: started with fd 1 closed)
            sys.stdout.flush()
    except UsageError as exc:
        print(f"lmcodec: {exc}", file=sys.stderr)
        return 2
    except ImportError as exc:  # an optional extra the command needs (pyarrow, zstandard)
        print(f"lmcodec: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        _closed_stdout()
        print("lmcodec: the output was closed before everything was written (broken pipe)", file=sys.stderr)
        return 2
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"lmcodec: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except lc.LmcodecError as exc:
        print(f"lmcodec: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("lmcodec: interrupted", file=sys.stderr)
        return 130
    except MemoryError:  # one record (a line of NULs, /dev/zero) longer than the memory left
        written = f"; nothing written to {args.dest}" if getattr(args, "dest", "-") != "-" else ""
        print(
            "lmcodec: out of memory: one record of the input (a line, up to its newline) is longer "
            f"than the memory left{written}",
            file=sys.stderr,
        )
        return 2
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
