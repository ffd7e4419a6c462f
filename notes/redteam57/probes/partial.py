"""Red team 57: read a run.py run's dumps so far (its valgrind still running): the same job order
as run.py, the counts from the temporary folder's cg.out.N; writes run.py's JSON for the shapes
whose contestants are all counted.
Run: python notes/redteam57/probes/partial.py DIALECTS K NAMES TMPDIR OUT.json
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import measure as M  # noqa: E402
import shapes as S  # noqa: E402

dialect, k, names, tmp, out = sys.argv[1], float(sys.argv[2]), sys.argv[3].split(","), sys.argv[4], sys.argv[5]
res = {}
n = 2
for label, (d, events) in S.shapes(k).items():
    if d not in dialect.split(","):
        continue
    ns = [x for x in names if not x.endswith("_" + d) or x.startswith(("lc", "floor"))]
    if label.endswith("g_array_bytes"):
        ns = [x for x in ns if x != "lm15"] + (["floor_1", "lc_1"] if "lc_ev" in ns else [])
    row = {}
    for name in ns:
        p = Path(f"{tmp}/cg.out.{n}")
        if p.exists() and Path(f"{tmp}/cg.out.{n + 1}").exists():
            row[name] = M.total(p)
        n += 2
    if len(row) == len(ns):
        res[label] = {**row, "events": len(events)}
Path(out).write_text(json.dumps(res, indent=1))
print(len(res), "shapes complete")
