"""Raw control characters inside JSON strings of a data line (Python's json refuses them: lm15 raises)."""
import sys, os; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import check
import sse_framing as S
bad = []; n = 0
for prov in S.FR:
    base = S.render(S.FR[prov]())
    for name, raw in {"tab": b"\t", "x01": b"\x01", "x1f": b"\x1f", "del": b"\x7f", "nul": b"\x00", "vt": b"\x0b", "ff": b"\x0c", "x1c": b"\x1c"}.items():
        n += 1
        if check(prov, base.replace("✓".encode(), raw), "raw " + name): bad.append((prov, name))
    n += 1
    split = base.replace("héllo ✓".encode(), "héllo\ndata: ✓".encode())
    if check(prov, split, "string split over two data lines"): bad.append((prov, "split"))
print(n, "runs,", len(bad), "failing:", bad)
