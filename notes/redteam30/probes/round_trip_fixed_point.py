"""translate_request chains X -> Y -> X -> Y on red team 26's SDK-captured bodies: after one round trip
the Y body should be a fixed point (b3 == b1); a difference is a conversion that keeps changing the
request (a growth, a reorder, a value rewritten each hop)."""
from __future__ import annotations

import json
import sys
from collections import Counter

import lmcodec as lc
from _bodies import bodies

D = ("openai", "openai_chat", "anthropic", "gemini")


def main() -> int:
    bad = Counter()
    shown = 0
    for src, name, body in bodies():
        for dst in D:
            if dst == src:
                continue
            try:
                b1 = lc.translate_request(src, dst, body, model="m-x").body
                b2 = lc.translate_request(dst, src, b1, model="m-x").body
                b3 = lc.translate_request(src, dst, b2, model="m-x").body
            except lc.LmcodecError:
                continue
            except Exception as exc:  # noqa: BLE001
                bad[src, dst, "BARE"] += 1
                print("BARE", src, dst, name, type(exc).__name__, exc)
                continue
            if json.loads(b1) != json.loads(b3):
                bad[src, dst] += 1
                a, c = json.loads(b1), json.loads(b3)
                keys = [k for k in set(a) | set(c) if a.get(k) != c.get(k)]
                if shown < 40 and not ({"max_output_tokens", "max_completion_tokens", "max_tokens", "generationConfig"} & set(keys)):
                    shown += 1
                    print(f"{src} -> {dst} {name}: differs at {keys}\n   b1 {json.dumps({k: a.get(k) for k in keys})[:400]}\n   b3 {json.dumps({k: c.get(k) for k in keys})[:400]}")
    print(dict(bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
