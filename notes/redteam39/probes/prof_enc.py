"""Probe: cProfile of lc.encode_response(dst, response) of one shape's answer (name src dst scale)."""
from __future__ import annotations
import cProfile, pstats, sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
import _shapes as S
import lmcodec as lc
import streams_varied_contestants as C
name, src, dst, k = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
f = S.BUILDERS.get(name) or S.ONE_DIALECT[name][1]
r = C.lmcodec_runner(src)([b"".join(f(src, k))])
out = lc.encode_response(dst, r)
print("written", len(out), "bytes")
cProfile.run("for _ in range(5): lc.encode_response(dst, r)", "/tmp/rt39e.prof")
pstats.Stats("/tmp/rt39e.prof").sort_stats("tottime").print_stats(10)
