"""Every leaf of every sdk_matrix body replaced by hostile values (null, a list, an object, 2**64, -1, 1e308, "",
a 1-char NUL string, true): decode_request and translate_request in every pair must give a body or an lc error.

Run: PYTHONPATH=src python notes/redteam34/probes/leaf_mutations.py [case-filter]
"""
from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path
from typing import Any, Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent))
import sdk_matrix as m  # noqa: E402

import lmcodec as lc  # noqa: E402

HOSTILE: list[Any] = [None, [], {}, 2**64, -1, 1e308, "", "\x00", True, [[[]]], {"type": None}]


def paths(v: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield at
    if isinstance(v, dict):
        for k, x in v.items():
            yield from paths(x, at + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from paths(x, at + (i,))


def replaced(v: Any, at: tuple[Any, ...], new: Any) -> Any:
    if not at:
        return new
    c = json.loads(json.dumps(v))
    o = c
    for k in at[:-1]:
        o = o[k]
    o[at[-1]] = new
    return c


def main() -> int:
    flt = sys.argv[1] if len(sys.argv) > 1 else ""
    bare: dict[str, str] = {}
    runs = 0
    for name, (p, f) in m.CASES.items():
        if flt not in name:
            continue
        try:
            body = f()
        except Exception:  # noqa: BLE001
            continue
        for at in paths(body):
            if not at:
                continue
            for new in HOSTILE:
                raw = json.dumps(replaced(body, at, new)).encode()
                for d in [None, *m.PROVIDERS]:
                    runs += 1
                    kw = {"model": m.MODEL["gemini" if d is None else d]} if p == "gemini" else {}
                    try:
                        if d is None:
                            lc.decode_request(p, raw, **kw)
                        else:
                            lc.translate_request(p, d, raw, **kw)
                    except lc.LmcodecError:
                        pass
                    except Exception as e:  # noqa: BLE001
                        tb = traceback.extract_tb(e.__traceback__)[-1]
                        key = f"{type(e).__name__} at {Path(tb.filename).name}:{tb.lineno}"
                        if key not in bare:
                            bare[key] = f"{name} {'.'.join(map(str, at))}={json.dumps(new)[:20]} -> {d or 'decode_request'}: {str(e)[:150]}"
                            print("BARE", key, bare[key], flush=True)
    print(f"{runs} runs, {len(bare)} distinct bare exceptions")
    return 1 if bare else 0


if __name__ == "__main__":
    sys.exit(main())
