"""--from llm on every llm-0.36 response record (and variants: keys reordered, prompt null,
messages empty, extra keys), one line each, through the CLI's record check and lc.llm.decode."""
import sys, json, subprocess, os
sys.path.insert(0, "/work/wt/redteam55/src")
import lmcodec as lc
from lmcodec.cli._llm_records import read_llm_record
d = json.load(open('/work/wt/shared/corpus/llm-0.36/vectors.json'))
recs = []
for v in d:
    if v["kind"] in ("response", "response_roundtrip", "normalize_response"):
        for key in ("value", "input", "output", "expected", "record"):
            if isinstance(v.get(key), dict) and "model" in v[key]:
                recs.append((v["id"] + ":" + key, v[key]))
print("records", len(recs))
variants = []
for name, r in recs:
    variants.append((name, r))
    variants.append((name + " reversed keys", dict(reversed(list(r.items())))))
    if "prompt" in r:
        variants.append((name + " extra key", dict(r, extra={"a": [1]})))
bad = 0
for name, r in variants:
    line = json.dumps(r).encode()
    try:
        llm_ok = lc.llm.decode(line, lc.llm.Response) is not None
    except Exception as e:
        llm_ok = False
    try:
        read_llm_record(line); cli = True
    except Exception as e:
        cli = (type(e).__module__.split(".")[0], type(e).__name__, str(e)[:100])
    if llm_ok and cli is not True:
        bad += 1; print("REFUSED", name, cli, line[:150])
print("variants", len(variants), "refused though llm reads them:", bad)
