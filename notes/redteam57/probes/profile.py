"""Red team 57: where one contestant's instructions go on one shape: callgrind's function list
(callgrind_annotate, top 14, inclusive of nothing: self cost) and cProfile's top Python functions
(tottime), both on the same run.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/probes/profile.py openai/multiline 0.2 lc
"""
import cProfile
import pstats
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent.parent), str(Path(__file__).resolve().parents[3] / "benchmarks")]
import measure as M  # noqa: E402
import shapes as S  # noqa: E402

shape, k, name = sys.argv[1], float(sys.argv[2]), sys.argv[3]
d, events = S.shapes(k)[shape]
with tempfile.TemporaryDirectory() as tmp:
    res = M.measure({shape: (d, events, [name])}, keep=tmp)
    print(shape, name, f"{res[shape][name]:,} instructions, {res[shape][name] / len(events):,.0f} per event")
    out = subprocess.run(["callgrind_annotate", f"{tmp}/cg.out.2"], capture_output=True, text=True).stdout
    lines = [ln for ln in out.splitlines() if "(" in ln and ln.strip()[:1].isdigit()]
    print("\n".join(lines[:14]))
run = M.contestants(d, events, [name])[name]
run()
prof = cProfile.Profile()
prof.enable()
run()
prof.disable()
pstats.Stats(prof).sort_stats("tottime").print_stats(14)
