import sys; sys.path.insert(0, "notes/redteam38/probes")
from common import both
exec(open("notes/redteam38/probes/p01_ctor.py").read().split("cases = ")[1].split("for c in cases")[0].join(["cases = ", ""]) if False else "")
src = open("notes/redteam38/probes/p01_ctor.py").read()
cases = eval(src.split("cases = ")[1].split("\nfor c in cases")[0])
import json
for c in cases:
    r = both(c[0], *c[1], **c[2])
    a, b = r["lm15"], r["lc"]
    if a[0] != b[0] or (a[0] == "ok" and json.loads(a[1]) != json.loads(b[1]) if a[0]=="ok" and not a[1].startswith("SERDE") and not b[1].startswith("ENC") else a[0]=="ok" and a[1]!=b[1]):
        print("DIFF", c, "\n   lm15:", a, "\n   lc:  ", b)
    elif a[0]=="ok" and a[1]!=b[1]:
        print("BYTES", c, "\n   lm15:", a, "\n   lc:  ", b)
