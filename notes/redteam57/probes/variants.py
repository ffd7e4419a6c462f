"""Red team 57: what in crlf_noise costs (CRLF alone, the comment alone, id:/retry: alone, on the
plain stream) and callgrind dumps of lc whole on the flagged shapes, kept in /tmp/rt57_prof for
callgrind_annotate. Run: PYTHONPATH=src /work/venv/bin/python notes/redteam57/probes/variants.py
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import measure as M  # noqa: E402
import shapes as S  # noqa: E402

K = 0.2
jobs = {}
for d in ("anthropic", "openai_chat"):
    plain = S.plain(d, K)
    jobs[f"{d}/crlf_only"] = (d, [e.replace(b"\n", b"\r\n") for e in plain], ["floor", "lc"])
    jobs[f"{d}/comment_only"] = (d, [b": keep-alive\n\n" + e for e in plain], ["floor", "lc"])
    jobs[f"{d}/fields_only"] = (d, [b"id: %d\nretry: 3000\n" % i + e for i, e in enumerate(plain)], ["floor", "lc"])
all_shapes = S.shapes(K)
for name in ("anthropic/multiline", "anthropic/crlf_noise", "anthropic/a_message_delta_many", "openai_chat/c_usage_detailed",
             "gemini/g_code_exec", "anthropic/plain"):
    jobs[name] = (*all_shapes[name], ["lc"])
Path("/tmp/rt57_prof").mkdir(exist_ok=True)
res = M.measure(jobs, keep="/tmp/rt57_prof")
order = [(label, n) for label, (_, _, ns) in jobs.items() for n in ns]
for label, (_, events, _) in jobs.items():
    res[label]["events"] = len(events)
res["_dump_of"] = {f"{label}:{n}": 2 * (i + 1) for i, (label, n) in enumerate(order)}
Path("/tmp/rt57_variants.json").write_text(json.dumps(res, indent=1))
print(json.dumps(res, indent=1))
