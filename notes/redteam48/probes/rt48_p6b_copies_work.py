"""Probe 6b: is a copied / pickled Decoder, Encoder, Assembler, Decoding a working copy? The stream is cut
at its middle, the object copied, and both the original and the copy given the rest."""
from __future__ import annotations

import copy
import os
import pickle
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import DIALECTS, digest, lc, wire_streams, event_streams  # noqa: E402

W = wire_streams()
EV = event_streams()
_MINTED = re.compile(rb"_[0-9a-f]{24,}")


def same_ids(data: bytes) -> bytes:
    """The ids a Responses writer mints (a per-process counter) made equal."""
    return _MINTED.sub(b"_N", data)


HOWS = {"copy": copy.copy, "deepcopy": copy.deepcopy, "pickle": lambda o: pickle.loads(pickle.dumps(o))}


def run(fn):
    try:
        return digest(fn())
    except Exception as exc:  # noqa: BLE001
        return ("raised", type(exc).__name__, str(exc)[:100])


def main() -> int:
    table = {}
    for (p, shape), data in W.items():
        ref = digest(list(lc.stream.decode(p, [data])))
        for mid in (len(data) // 2, len(data) // 3):
            for how, fn in HOWS.items():
                d = lc.stream.Decoder(p)
                first = d.feed(data[:mid])
                try:
                    c = fn(d)
                except Exception as exc:  # noqa: BLE001
                    table.setdefault(("Decoder", how), []).append(f"refused {type(exc).__name__}")
                    continue
                a = run(lambda: first + c.feed(data[mid:]) + c.close())
                b = run(lambda: first + d.feed(data[mid:]) + d.close())
                table.setdefault(("Decoder", how), []).append(("copy ok" if a == ref else "copy WRONG") + "/" + ("orig ok" if b == ref else "orig WRONG"))
    for shape, events in EV.items():
        for p in DIALECTS:
            ref = b"".join(lc.stream.encode(p, events))
            refd = digest(list(lc.stream.decode(p, [same_ids(ref)])))
            mid = len(events) // 2
            for how, fn in HOWS.items():
                e = lc.stream.Encoder(p)
                first = b"".join(e.feed(x) for x in events[:mid])
                try:
                    c = fn(e)
                except Exception as exc:  # noqa: BLE001
                    table.setdefault(("Encoder", how), []).append(f"refused {type(exc).__name__}")
                    continue
                ok_a = run(lambda: list(lc.stream.decode(p, [same_ids(first + b"".join(c.feed(x) for x in events[mid:]) + c.close())]))) == refd
                ok_b = run(lambda: list(lc.stream.decode(p, [same_ids(first + b"".join(e.feed(x) for x in events[mid:]) + e.close())]))) == refd
                table.setdefault(("Encoder", how), []).append(("copy ok" if ok_a else "copy WRONG") + "/" + ("orig ok" if ok_b else "orig WRONG"))
        ref = digest(lc.assemble(events))
        for how, fn in HOWS.items():
            s = lc.Assembler()
            for x in events[:3]:
                s.push(x)
            try:
                c = fn(s)
            except Exception as exc:  # noqa: BLE001
                table.setdefault(("Assembler", how), []).append(f"refused {type(exc).__name__}")
                continue
            a = run(lambda: ([c.push(x) for x in events[3:]], c.result())[1])
            b = run(lambda: ([s.push(x) for x in events[3:]], s.result())[1])
            table.setdefault(("Assembler", how), []).append(("copy ok" if a == ref else "copy WRONG") + "/" + ("orig ok" if b == ref else "orig WRONG"))
    bad = 0
    for key, vals in table.items():
        summary = {v: vals.count(v) for v in set(vals)}
        print(key, summary)
        bad += sum(n for v, n in summary.items() if "WRONG" in v)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
