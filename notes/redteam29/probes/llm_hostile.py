"""lc.llm.decode / lc.llm.to_turn / lmcodec convert --from llm over hostile values placed at every
leaf path of the corpus's ResponseDict vectors: an lc error or a value, never a bare exception,
nothing over 2 s."""
from __future__ import annotations

import collections
import json
import os
import sys
import time

import lmcodec as lc

V = json.load(open("/work/shared/corpus/llm-0.36/vectors.json"))
RESPONSES = [v["value"] for v in V if v["kind"] in ("response", "response_roundtrip", "normalize_response")]
HOSTILE_ALL = {
    "deep": "[" * 50000 + "]" * 50000, "deepobj": '{"a":' * 30000 + "1" + "}" * 30000,
    "bigint": "1" * 5000, "1e400": "1e400", "NaN": "NaN", "-Infinity": "-Infinity", "surrogate": '"\\ud800"',
    "null": "null", "str": '"x"', "list": "[1]", "obj": "{}", "neg": "-1", "float": "1.5", "true": "true",
    "escapes": '"' + "\\u00e9" * 100000 + '"',
}


HOSTILE = {k: v for k, v in HOSTILE_ALL.items() if k not in os.environ.get("LLM_HOSTILE_SKIP", "").split(",")}


def leaves(v, path=()):
    if isinstance(v, dict):
        for k, x in v.items():
            yield from leaves(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from leaves(x, path + (i,))
    yield path


def with_raw(value, path, raw):
    if not path:
        return raw
    v = json.loads(json.dumps(value))
    cur = v
    for p in path[:-1]:
        cur = cur[p]
    cur[path[-1]] = "\x00PLACE\x00"
    return json.dumps(v).replace('"\\u0000PLACE\\u0000"', raw)


def main() -> int:
    bad = runs = 0
    kinds: collections.Counter = collections.Counter()
    print(len(RESPONSES), "response vectors")
    for value in RESPONSES:
        for path in set(leaves(value)):
            for name, raw in HOSTILE.items():
                data = with_raw(value, path, raw).encode()
                for label, fn in (("decode", lambda: lc.llm.decode(data)),
                                  ("to_turn", lambda: lc.llm.to_turn(lc.llm.decode(data))),
                                  ("round trip", lambda: lc.llm.encode(lc.llm.from_turn(lc.llm.to_turn(lc.llm.decode(data)))))):
                    runs += 1
                    start = time.perf_counter()
                    try:
                        fn()
                    except lc.LmcodecError:
                        pass
                    except Exception as exc:  # noqa: BLE001
                        bad += 1
                        kinds[(label, str(path[-1]) if path else "", type(exc).__name__)] += 1
                        if bad < 10:
                            print(f"BARE {label} {path} {name}: {type(exc).__name__}: {str(exc)[:200]}")
                    took = time.perf_counter() - start
                    if took > 2:
                        bad += 1
                        print(f"SLOW {label} {path} {name}: {took:.1f}s")
    print(f"{runs} runs, {bad} findings")
    for key, count in kinds.most_common():
        print("  bare:", key, count)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
