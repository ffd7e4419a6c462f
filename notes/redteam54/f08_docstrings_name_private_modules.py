"""F08: the docstrings an IDE shows on hover for public functions cite private modules
(`providers/_crossing_settings.py`, `lmcodec.stream._keepalive`, ...), which a user cannot open
as API; `lc.translate_request`'s runs 123 lines. Exits 1 while any public docstring names one."""
import inspect
import re
import sys

import lmcodec as lc

pat = re.compile(r"[\w./]*\b_[a-z]\w*\.py\b|\blmcodec(?:\.\w+)*\._[a-z]\w*|[\w/]+/_[a-z]\w*")
hits = {}
for modname, mod in [("lc", lc), ("lc.stream", lc.stream), ("lc.jsonl", lc.jsonl), ("lc.msgpack", lc.msgpack), ("lc.llm", lc.llm)]:
    for n in getattr(mod, "__all__", []):
        doc = inspect.getdoc(getattr(mod, n)) or ""
        found = sorted(set(pat.findall(doc)))
        if found:
            hits[f"{modname}.{n}"] = (len(doc.splitlines()), found)
for k, (lines, found) in sorted(hits.items()):
    print(f"{k} ({lines} lines): {', '.join(found[:4])}{' ...' if len(found) > 4 else ''}")
sys.exit(1 if hits else 0)
