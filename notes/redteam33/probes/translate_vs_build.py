"""Red team 33 probe: translate_request(src, dst, body) against build_request(dst,
decode_request(src, body)) over the hand-written raw bodies of translate_plain_raw.py; same
dialect (the docstring: exactly build_request(p, decode_request(p, body))) and, where the
translation has no note, across dialects. Prints the differences.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/probes/translate_vs_build.py"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lmcodec as lc  # noqa: E402
from translate_plain_raw import D, MODELS, variants  # noqa: E402


def outcome(fn: Any) -> Any:
    try:
        r = fn()
    except lc.LmcodecError as e:
        return ("lc", type(e).__name__)
    except Exception as e:  # noqa: BLE001
        return ("BARE", type(e).__name__, str(e)[:100])
    return ("ok", json.loads(r.body), tuple((a.field, a.action) for a in r.adaptations))


def main() -> int:
    n = diffs = 0
    for src in D:
        for name, body in variants(src).items():
            raw = json.dumps(body).encode()
            for dst in D:
                model = MODELS[dst] if (src == "gemini" or "model missing" in name) else None
                kw = {"model": model} if model else {}
                t = outcome(lambda: lc.translate_request(src, dst, raw, **kw))
                def built() -> Any:
                    req = lc.decode_request(src, raw, **({"model": model} if model and src == "gemini" else {}))
                    if model:
                        req = lc.replace(req, model=model) if hasattr(lc, "replace") else req
                    return lc.build_request(dst, req)
                b = outcome(built)
                if dst != src and t[0] == "ok" and t[2]:
                    continue  # (the passes noted a change)
                n += 1
                if t[:2] != b[:2] or (t[0] == "ok" and t[1] != b[1]):
                    diffs += 1
                    if diffs <= 20:
                        print(f"DIFF {src}->{dst} [{name}]\n  translate: {str(t)[:400]}\n  build:     {str(b)[:400]}")
    print("compared", n, "differ", diffs)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
