"""Instructions to refuse red team 50's F03 shapes, against msgspec's untyped parse of the same
bytes (callgrind: the shared host's wall clock is noise).

    PYTHONPATH=src python benchmarks/refusal_cost_callgrind.py

- ``deep_keep``: ``lc.decode(..., unknown="keep")`` of a Delta whose ``part_index`` is an object
  nested 10,000 deep (60 KB);
- ``dup_keep`` / ``dup_strict``: a Part whose ``detail`` is repeated, the second value 256 KiB.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import msgspec

import lmcodec as lc
from callgrind_support import between_markers, marked_dumps, total


def _deep() -> bytes:
    levels = 10_000
    return b'{"type":"audio","part_index":' + b'{"a":' * levels + b"1" + b"}" * levels + b"}"


def _dup() -> bytes:
    return (
        b'{"type":"image","media_type":"image/jpeg","url":"https://e.com/a.jpg","detail":"auto",'
        b'"detail":"' + b"A" * (256 << 10) + b'"}'
    )


SHAPES: dict[str, tuple[Callable[[], bytes], Callable[[bytes], object]]] = {
    "deep_keep": (_deep, lambda data: lc.decode(data, lc.Delta, unknown="keep")),
    "dup_keep": (_dup, lambda data: lc.decode(data, lc.Part, unknown="keep")),
    "dup_strict": (_dup, lambda data: lc.decode(data, lc.Part)),
}


def _refused(call: Callable[[], object]) -> Callable[[], None]:
    def run() -> None:
        try:
            call()
        except (lc.LmcodecError, msgspec.DecodeError, RecursionError):
            pass

    return run


def inner() -> None:
    for make, call in SHAPES.values():
        data = make()
        between_markers(_refused(lambda data=data, call=call: call(data)), 1)
        between_markers(_refused(lambda data=data: msgspec.json.decode(data)), 1)


def main() -> None:
    with marked_dumps(__file__) as dump:
        for at, name in enumerate(SHAPES):
            ours, base = total(dump(4 * at + 2)), total(dump(4 * at + 4))
            print(f"{name:11} {ours:>13,} instructions vs msgspec untyped {base:>11,} = {ours / base:5.1f}x")


if __name__ == "__main__":
    inner() if sys.argv[1:] == ["--inner"] else main()
