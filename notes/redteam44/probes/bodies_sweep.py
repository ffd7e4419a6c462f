"""Hostile values at every path of the bodies.py feature bodies, through translate_response to every
dialect (and the decode + encode_response it is made of): an lc error or an answer, never a bare
exception."""
from __future__ import annotations

import copy
import json
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bodies import REQUEST, SOURCES, WIRES, lc  # noqa: E402

VALUES = [None, 1e308, -1, 10**30, "", [], {}, True, "\ud800", {"type": "x"}, 1.5]


def paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def replaced(doc, path, value):
    doc = copy.deepcopy(doc)
    if not path:
        return value
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    return doc


tally = Counter()
escapes = []
for src, bodies in SOURCES.items():
    for name, b in bodies.items():
        for path in list(paths(b)):
            for value in VALUES:
                try:
                    body = json.dumps(replaced(b, path, value), ensure_ascii=True).encode()
                except (ValueError, UnicodeEncodeError):
                    continue
                for dst in WIRES:
                    try:
                        lc.translate_response(src, dst, body, request=REQUEST)
                        tally["answer"] += 1
                    except lc.LmcodecError:
                        tally["lc error"] += 1
                    except Exception as exc:
                        tally["BARE"] += 1
                        escapes.append(f"{src}->{dst} {name} {path} = {value!r}: {type(exc).__name__}: {exc}"[:300])
print(dict(tally))
print("\n".join(escapes[:40]))
