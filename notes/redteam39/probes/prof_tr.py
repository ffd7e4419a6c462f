"""Probe: cProfile of lc.stream.translate(src, dst) on one shape (name src dst scale)."""
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
body = [b"".join(f(src, k))]
out = b"".join(lc.stream.translate(src, dst, body, request=C.LC_REQUEST))
print("written", len(out), "bytes,", out.count(b"\n\n"), "events")
cProfile.run("for _ in range(5): b''.join(lc.stream.translate(src, dst, body, request=C.LC_REQUEST))", "/tmp/rt39t.prof")
pstats.Stats("/tmp/rt39t.prof").sort_stats("tottime").print_stats(16)
