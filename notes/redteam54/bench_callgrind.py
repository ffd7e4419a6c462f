"""Instruction counts of `lmcodec bench`'s encode and decode rows (lmcodec against msgspec's
untyped floor) on its built-in workload of N Turn records (default 200), with callgrind: the
README's "0.79x the floor" (encode) and "0.88x the floor" (decode) checked without wall clocks.

Usage: PYTHONPATH=<checkout>/src:<checkout>/benchmarks python bench_callgrind.py [N]
"""
import sys

import msgspec

import lmcodec as lc
from lmcodec.cli.workload import turn_dicts

if sys.argv[1:2] == ["--inner"]:
    from callgrind_support import between_markers

    n = int(sys.argv[2])
    records = turn_dicts(n)
    turns = [lc.from_builtins(d, lc.Turn) for d in records]
    blobs = [lc.encode(t) for t in turns]
    dec = msgspec.json.decode
    for run in (
        lambda: [lc.encode(t) for t in turns],
        lambda: [msgspec.json.encode(d) for d in records],
        lambda: [lc.decode(b, lc.Turn) for b in blobs],
        lambda: [dec(b) for b in blobs],
    ):
        between_markers(run, 3)
    sys.exit(0)

from callgrind_support import marked_dumps, total  # noqa: E402

n = sys.argv[1] if len(sys.argv) > 1 else "200"
with marked_dumps(__file__, n) as dump:
    counts = [total(dump(k)) for k in (2, 4, 6, 8)]
enc, enc_floor, dec_, dec_floor = counts
print(f"{n} Turns, 3 calls each: encode {enc:,} / floor {enc_floor:,} = {enc / enc_floor:.2f}x")
print(f"{n} Turns, 3 calls each: decode {dec_:,} / floor {dec_floor:,} = {dec_ / dec_floor:.2f}x")
