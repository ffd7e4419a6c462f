"""Differential: translate_request on 89bd824 (lmcodec_old, /tmp/rt30/old) against this branch,
on red team 26's SDK-captured bodies with stream-flag spellings spliced in, every pair.
A difference is either last round's intended change or a regression."""
from __future__ import annotations

import json
import sys
from collections import Counter

sys.path.insert(0, "/tmp/rt30/old/src")
import lmcodec as lc  # noqa: E402
import lmcodec_old as lo  # noqa: E402
from _bodies import bodies  # noqa: E402

D = ("openai", "openai_chat", "anthropic", "gemini")


def outcome(mod, src, dst, body):
    try:
        r = mod.translate_request(src, dst, body)
    except Exception as exc:  # noqa: BLE001
        return ("error", type(exc).__name__, str(exc)[:300])
    return ("ok", r.path, r.body, tuple((a.field, a.action, a.reason) for a in r.adaptations))


def stream_variants(body: bytes):
    yield "as is", body
    text = body.decode()
    assert text.startswith("{")
    for label, ins in (("true", '"stream": true, '), ("false", '"stream": false, '), ("null", '"stream": null, '),
                       ("esc true", '"\\u0073tream": true, '), ("dup f,t", '"stream": false, "stream": true, '),
                       ("dup t,f", '"stream": true, "stream": false, '), ("ws true", '"stream"  :  true , '),
                       ("nested", '"metadata": {"stream": true}, ')):
        yield label, ("{" + ins + text[1:]).encode()
        yield label + " end", (text[:-1] + ", " + ins.rstrip(", ") + "}").encode()


def main() -> int:
    diffs = Counter()
    examples = {}
    for src, name, body in bodies():
        if '"stream"' in body.decode():
            continue
        for label, b in stream_variants(body):
            for dst in D:
                a = outcome(lc, src, dst, b)
                o = outcome(lo, src, dst, b)
                if a != o:
                    kind = (src, dst, label, a[0], o[0])
                    diffs[kind] += 1
                    examples.setdefault(kind, (name, a, o))
    for k, v in diffs.most_common():
        print(v, k)
        n, a, o = examples[k]
        print("   ", n)
        print("    new:", str(a)[:600])
        print("    old:", str(o)[:600])
    return 0


if __name__ == "__main__":
    sys.exit(main())
