"""Instructions to read 2,000 workload Turns from a good log, JSON Lines and length-prefixed
MessagePack, by ``lc.jsonl.read`` and ``lc.msgpack.read_stream`` (callgrind: the shared host's
wall clock is noise). Red team 56's recovery (a record after a run of NULs or a byte order mark,
a MessagePack run of any length) runs only where a line or record is bad: a good log must read
at the same count.

    PYTHONPATH=src python benchmarks/log_readers_callgrind.py
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable

import lmcodec as lc
from callgrind_support import between_markers, marked_dumps, total
from lmcodec.cli.workload import turn_dicts


def _logs() -> dict[str, tuple[bytes, Callable[[bytes], object]]]:
    turns = [lc.from_builtins(turn, lc.Turn) for turn in turn_dicts(2000)]
    jsonl, packed = io.BytesIO(), io.BytesIO()
    lc.jsonl.write(jsonl, turns)
    lc.msgpack.write_stream(packed, turns)
    return {
        "jsonl.read": (jsonl.getvalue(), lambda data: list(lc.jsonl.read(data, lc.Turn))),
        "msgpack.read_stream": (packed.getvalue(), lambda data: list(lc.msgpack.read_stream(data, lc.Turn))),
    }


def inner() -> None:
    for data, read in _logs().values():
        between_markers(lambda data=data, read=read: read(data), 1)


def main() -> None:
    with marked_dumps(__file__) as dump:
        for at, name in enumerate(_logs()):
            print(f"{name:20s} {total(dump(2 + 2 * at)):>14,d} instructions")


if __name__ == "__main__":
    inner() if sys.argv[1:] == ["--inner"] else main()
