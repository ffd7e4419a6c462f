"""Red team 57: the callgrind table. ``run.py DIALECT K OUT.json [names...]``: every shape of the
dialect at scale K, all contestants (plus 1-byte chunks for gemini/g_array_bytes), written as JSON.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/probes/run.py openai 1 /tmp/rt57_openai.json
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import measure as M  # noqa: E402
import shapes as S  # noqa: E402

dialect, k, out = sys.argv[1], float(sys.argv[2]), sys.argv[3]
names = sys.argv[4].split(",") if len(sys.argv) > 4 else M.ALL
jobs = {}
for label, (d, events) in S.shapes(k).items():
    if d not in dialect.split(","):
        continue
    ns = [n for n in names if not n.endswith("_" + d) or n.startswith(("lc", "floor"))]
    if label.endswith("g_array_bytes"):
        ns = [n for n in ns if n != "lm15"] + (["floor_1", "lc_1"] if "lc_ev" in ns else [])  # lm15 reads no JSON array
    jobs[label] = (d, events, ns)
res = M.measure(jobs)
for label, (d, events, _) in jobs.items():
    res[label]["events"] = len(events)
Path(out).write_text(json.dumps(res, indent=1))
print("done", out)
