"""F03: ``copy.copy`` of a stream Decoder, Encoder or Assembler gives an object that shares the
original's buffers and writer state: using the copy silently changes what the original gives.

(``copy.deepcopy`` and ``pickle`` give working, independent copies; lm15's stream objects are
generators, which ``copy.copy`` refuses with a TypeError.) Each object is given half a stream,
copied, the copy given the rest, then the original given the same rest; the original's output is
compared with an uncopied run's. Exits 1 while any original's output differs or it raises (on main:
all three), 0 once each copy is independent or copy.copy is refused."""
from __future__ import annotations

import copy
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import event_streams, lc, wire_streams  # noqa: E402

EVENTS = event_streams()["text"]
DATA = wire_streams()["openai_chat", "text"]
MID = len(DATA) // 2


def decoder(copier):
    d = lc.stream.Decoder("openai_chat")
    out = d.feed(DATA[:MID])
    if copier is not None:
        c = copier(d)
        c.feed(DATA[MID:]) + c.close()
    return lc.encode(out + d.feed(DATA[MID:]) + d.close())


def encoder(copier):
    e = lc.stream.Encoder("anthropic")
    out = e.feed(EVENTS[0]) + e.feed(EVENTS[1])
    if copier is not None:
        c = copier(e)
        for event in EVENTS[2:]:
            c.feed(event)
        c.close()
    return out + b"".join(e.feed(event) for event in EVENTS[2:]) + e.close()


def assembler(copier):
    a = lc.Assembler()
    a.push(EVENTS[0])
    a.push(EVENTS[1])
    if copier is not None:
        c = copier(a)
        for event in EVENTS[2:]:
            c.push(event)
        c.result()
    for event in EVENTS[2:]:
        a.push(event)
    return lc.encode(a.result())


def refused(copier):
    def copying(obj):
        try:
            return copier(obj)
        except (TypeError, lc.LmcodecError):
            return None  # a clear refusal: nothing shared

    def wrapped(obj):
        got = copying(obj)
        if got is None:
            raise _Refused
        return got

    return wrapped


class _Refused(Exception):
    pass


def main() -> int:
    bad = 0
    for name, run in (("Decoder", decoder), ("Encoder", encoder), ("Assembler", assembler)):
        want = run(None)
        try:
            got = run(refused(copy.copy))
            verdict = "the original's output unchanged" if got == want else "the original's output CHANGED"
        except _Refused:
            verdict = "copy.copy refused"
        except lc.LmcodecError as exc:
            verdict = f"the original RAISED {type(exc).__name__}: {exc}"
        ok = verdict in ("the original's output unchanged", "copy.copy refused")
        bad += not ok
        print(f"{name:9s} {verdict}")
        if not ok and name == "Decoder":
            print("    without a copy:", [e["type"] for e in json.loads(want)])
            print("    after the copy:", [e["type"] for e in json.loads(got)])
        elif not ok and name == "Assembler":
            print("    without a copy:", json.loads(want)["message"]["parts"])
            print("    after the copy:", json.loads(got)["message"]["parts"])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
