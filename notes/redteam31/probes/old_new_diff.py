"""Differential: translate_request on c979cd3 (lmcodec_old, /tmp/rt31_old2) against this branch,
on red team 26's SDK-captured bodies with stream-flag spellings spliced in, every pair.
A difference is either last round's intended change or a regression."""
from __future__ import annotations

import json
import sys
from collections import Counter

sys.path.insert(0, "/tmp/rt31_old2/src")
import lmcodec as lc  # noqa: E402
import lmcodec_old as lo  # noqa: E402
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[2] / "redteam30/probes"))
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
    runs = 0
    for src, name, body in bodies():
        if '"stream"' in body.decode():
            continue
        for label, b in stream_variants(body):
            for dst in D:
                runs += 1
                a = outcome(lc, src, dst, b)
                o = outcome(lo, src, dst, b)
                if repr(a) != repr(o).replace("lmcodec_old", "lmcodec"):  # (the old tree's renamed package named in messages)
                    kind = (src, dst, label, a[0], o[0])
                    diffs[kind] += 1
                    examples.setdefault(kind, (name, a, o))
    print(runs, "translations;", sum(diffs.values()), "differ")
    for k, v in diffs.most_common():
        print(v, k)
        n, a, o = examples[k]
        print("   ", n)
        print("    new:", str(a)[:600])
        print("    old:", str(o)[:600])
    return 0


if __name__ == "__main__":
    sys.exit(main())
