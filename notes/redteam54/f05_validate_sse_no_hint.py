"""F05: `lmcodec validate` (or `convert`) of a captured SSE stream reports every `data:` line as a
bad record ("JSON is malformed") and gives no hint, where `lmcodec assemble` names the dialect a
stream looks like. Exits 1 while no hint names `assemble`."""
import sys

from _h import capture, lmcodec

sse = capture("anthropic.streaming")
bad = 0
for sub in (["validate", str(sse)], ["convert", str(sse), "/dev/null"]):
    r = lmcodec(*sub)
    last = r.stderr.strip().splitlines()[-1]
    print(f"lmcodec {sub[0]} <anthropic SSE>: exit {r.returncode}, last line {last!r}")
    bad += "assemble" not in r.stderr
sys.exit(1 if bad else 0)
