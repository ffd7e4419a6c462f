"""A JSON writer that spells random ASCII characters of keys and/or string values as \\u00XX escapes."""
from __future__ import annotations

import json
import random
from typing import Any


def esc_str(s: str, rng: random.Random, p: float) -> str:
    out = []
    for ch in s:
        if 0x20 <= ord(ch) < 0x7F and ch not in '"\\' and rng.random() < p:
            out.append("\\u%04x" % ord(ch) if rng.random() < 0.5 else "\\u%04X" % ord(ch))
        else:
            out.append(json.dumps(ch)[1:-1])
    return '"' + "".join(out) + '"'


def dumps(v: Any, rng: random.Random, pk: float = 0.3, pv: float = 0.0) -> str:
    if isinstance(v, dict):
        return "{" + ",".join(esc_str(k, rng, pk) + ":" + dumps(x, rng, pk, pv) for k, x in v.items()) + "}"
    if isinstance(v, list):
        return "[" + ",".join(dumps(x, rng, pk, pv) for x in v) + "]"
    if isinstance(v, str):
        return esc_str(v, rng, pv)
    return json.dumps(v)
