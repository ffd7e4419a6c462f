"""Probe 9: an Encoder / translate that refused one event goes on: is the rest written as if the refused
event had never come (the state untouched by the refusal)?"""
from __future__ import annotations

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import DIALECTS, lc, event_streams  # noqa: E402

_MINTED = re.compile(rb'_[0-9a-f]{24,}|("created(?:_at)?":)\d+')


def norm(b: bytes) -> bytes:
    return _MINTED.sub(lambda m: (m.group(1) or b"_") + b"N", b)


def D(delta):
    return lc.StreamDeltaEvent(delta=delta)


ODD = {
    "not an event": "text",
    "unknown delta": D(lc.decode(b'{"type":"x_delta","part_index":0,"a":1}', lc.Delta, unknown="keep")),
    "text delta, negative index": None,
    "second start": lc.StreamStartEvent(id="other", model="other"),
    "call delta on the text part": D(lc.ToolCallDelta(input='{"z":', part_index=0, id="call_z", name="z")),
    "text delta on a call's part": D(lc.TextDelta(text="oops", part_index=1)),
    "thinking on the text part": D(lc.ThinkingDelta(text="hm", part_index=0)),
    "lone surrogate text, same part": D(lc.TextDelta(text="a\ud800", part_index=0)),
    "lone surrogate text, new part": D(lc.TextDelta(text="\ud800", part_index=5)),
    "lone surrogate call name, new part": D(lc.ToolCallDelta(input="", part_index=6, id="c9", name="n\ud800")),
    "lone surrogate thinking, new part": D(lc.ThinkingDelta(text="\udfff", part_index=7)),
    "huge part index": D(lc.TextDelta(text="far", part_index=10**6)),
}


def main() -> int:
    rows = {}
    for shape, events in event_streams().items():
        for p in DIALECTS:
            for name, odd in ODD.items():
                if odd is None:
                    continue
                for at in range(2, len(events)):
                    ref_enc = lc.stream.Encoder(p)
                    ref = norm(b"".join([ref_enc.feed(e) for e in events] + [ref_enc.close()]))
                    enc = lc.stream.Encoder(p)
                    out = []
                    refused = None
                    for i, e in enumerate(events):
                        if i == at:
                            try:
                                out.append(enc.feed(odd))  # type: ignore[arg-type]
                            except lc.LmcodecError as exc:
                                refused = "lc"
                            except Exception as exc:  # noqa: BLE001
                                refused = f"BARE {type(exc).__name__}"
                        try:
                            out.append(enc.feed(e))
                        except Exception as exc:  # noqa: BLE001
                            out.append(f"<{type(exc).__name__}: {exc}>".encode())
                    out.append(enc.close())
                    got = norm(b"".join(out))
                    key = (p, name)
                    if refused is None:
                        verdict = "accepted, a later call RAISED" if b"<EncodeError" in got else "accepted"
                    elif refused.startswith("BARE"):
                        verdict = refused
                    else:
                        verdict = "refused, rest same" if got == ref else "refused, rest DIFFERS"
                    rows.setdefault(key, {}).setdefault(verdict, 0)
                    rows[key][verdict] += 1
                    if verdict == "refused, rest DIFFERS" and rows[key][verdict] == 1:
                        import difflib
                        d = [l for l in difflib.unified_diff(ref.decode(errors="replace").split("\n"), got.decode(errors="replace").split("\n"), lineterm="", n=0) if l[:1] in "+-"][:4]
                        print("  e.g.", p, shape, name, "at", at, d)
    bad = 0
    for key, verdicts in rows.items():
        print(key, verdicts)
        bad += sum(n for v, n in verdicts.items() if "DIFFERS" in v or "BARE" in v or "RAISED" in v)
    print(f"runs wrong: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
