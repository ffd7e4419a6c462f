"""Probe: cProfile of lc.assemble(lc.stream.decode()) on one shape (name dialect scale [per])."""
from __future__ import annotations
import cProfile, pstats, sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
import _shapes as S
import streams_varied_contestants as C
name, d, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
f = S.BUILDERS.get(name) or S.ONE_DIALECT[name][1]
ev = f(d, k)
chunks = ev if sys.argv[4:] == ["per"] else [b"".join(ev)]
run = C.lmcodec_runner(d)
run(chunks)
cProfile.run("for _ in range(5): run(chunks)", "/tmp/rt39.prof")
pstats.Stats("/tmp/rt39.prof").sort_stats("tottime").print_stats(14)
