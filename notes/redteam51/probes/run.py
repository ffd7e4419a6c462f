"""Red team 51: run cases under callgrind, one valgrind per shape name (its dialects together),
printing each row as it lands.

    run.py KIND HOW[,HOW...] [DST|same|others|-] [SCALE] [FILTER ...]

KIND: stream / decoder / lm15 / translate / encoder; HOW: chunkings (_shapes.chunked); DST for translate /
encoder: a dialect, "others" (every other dialect) or "all"; SCALE: the shapes' k; FILTERs: substrings
of the shape names to run (none: all); ``--together`` among them runs every case in one valgrind.
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))
import _cg  # noqa: E402
import _shapes as S  # noqa: E402

kind, hows, dsts, scale, *filters = sys.argv[1:]
k = float(scale)
together = "--together" in filters  # one valgrind for every case (saves its start-up per shape)
filters = [f for f in filters if f != "--together"]
groups: dict[str, dict[str, _cg.Case]] = {}
names = [f"{n}/{d}" for n in S.EVERY for d in S.DIALECTS] + list(S.ONE)
for full in names:
    if filters and not any(f in full for f in filters):
        continue
    base = full.split("/")[0]
    d, events = S.shape(base, full.split("/")[1] if "/" in full else None, k)
    for how in hows.split(","):
        targets = ["-"] if kind in ("stream", "decoder", "lm15") else (
            [x for x in S.DIALECTS if x != d] if dsts == "others" else list(S.DIALECTS) if dsts == "all" else [dsts])
        for dst in targets:
            label = f"{full} k{k} {how}" + ("" if dst == "-" else f" ->{dst}")
            groups.setdefault("all" if together else base, {})[label] = (kind, d, how, dst, events)
for base, cases in groups.items():
    try:
        _cg.report(_cg.measure(cases))
    except Exception as e:  # noqa: BLE001
        print(f"{base}: FAILED {e!r}"[:300], flush=True)
