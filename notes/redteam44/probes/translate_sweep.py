"""Hostile values at every path of every JSON frame of red team 41's feature streams, through
lc.stream.translate to every dialect: an lc error, an error event or an answer, never a bare
exception. Frames are rewritten in place (SSE framing kept)."""
from __future__ import annotations

import json
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from translate_all import REQUEST, STREAMS, WIRES, lc  # noqa: E402
from bodies_sweep import paths, replaced  # noqa: E402

VALUES = [None, "", [], {}, 10**30, -1, "\ud800", 1.5]


def frames(body: bytes):
    lines = body.split(b"\n")
    return [(i, json.loads(line[5:])) for i, line in enumerate(lines)
            if line.startswith(b"data:") and line[5:].strip() not in (b"[DONE]",) and line[5:].strip()[:1] in (b"{", b"[")], lines


tally = Counter()
escapes = []
for src, name, body in STREAMS:
    try:
        found, lines = frames(body)
    except ValueError:
        continue
    for i, doc in found:
        for path in list(paths(doc))[1:]:
            for value in VALUES:
                new = list(lines)
                new[i] = b"data: " + json.dumps(replaced(doc, path, value)).encode()
                mutated = b"\n".join(new)
                for dst in WIRES:
                    try:
                        for _ in lc.stream.translate(src, dst, [mutated], request=REQUEST):
                            pass
                        tally["written"] += 1
                    except lc.LmcodecError:
                        tally["lc error"] += 1
                    except Exception as exc:
                        tally["BARE"] += 1
                        escapes.append(f"{src}->{dst} {name} frame {i} {path} = {value!r}: {type(exc).__name__}: {exc}"[:300])
    print(src, name, dict(tally), flush=True)
print("TOTAL", dict(tally))
print("\n".join(escapes[:60]))
