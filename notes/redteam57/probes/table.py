"""Red team 57: the FINDINGS table from run.py's JSON (k and 2k).
Run: python3 notes/redteam57/probes/table.py /tmp/rt57_k1_*.json -- /tmp/rt57_k2_*.json
Flags: W (lc whole > 1.5x floor), E (per event > 2x floor per event), P (per event > 1.3x the
dialect's plain stream per event; not for huge1mb, whose events are 1 MB), L (lm15 / lc < 8),
N (2k costs more than 2.1x k, lc whole), T (a translation > 3x its floor).
"""
import json
import sys

args = sys.argv[1:]
cut = args.index("--") if "--" in args else len(args)
one: dict = {}
two: dict = {}
for p in args[:cut]:
    one.update(json.load(open(p)))
for p in args[cut + 1:]:
    two.update(json.load(open(p)))
print("| shape | events | lc whole /ev | floor /ev | lc per-event /ev | floor per-event /ev | lm15 /ev | lc/floor whole | lc/floor per event | per event / plain | lm15 / lc | 2k / k | translate / its floor | flags |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|")
for label, r in one.items():
    d = label.split("/")[0]
    n = r["events"]
    plain = one.get(f"{d}/plain")
    flags = []
    w = r["lc"] / r["floor"]
    e = r["lc_ev"] / r["floor_ev"]
    if w > 1.5:
        flags.append("W")
    if e > 2:
        flags.append("E")
    pp = (r["lc_ev"] / n) / (plain["lc_ev"] / plain["events"]) if plain else float("nan")
    if pp > 1.3 and "huge1mb" not in label and not label.endswith("/plain"):
        flags.append("P")
    lm = r["lm15"] / r["lc"] if "lm15" in r else float("nan")
    if lm < 8:
        flags.append("L")
    lin = two[label]["lc"] / r["lc"] if label in two else float("nan")
    if lin > 2.1:
        flags.append("N")
    trs = []
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        if f"tr_{dst}" in r:
            t = r[f"tr_{dst}"] / r[f"trfloor_{dst}"]
            trs.append(f"{dst[:6] if dst != 'openai_chat' else 'chat'} {t:.2f}")
            if t > 3:
                flags.append("T")
    extra = ""
    if "lc_1" in r:
        extra = f" (1-byte chunks: lc {r['lc_1'] / n:,.0f}/ev, {r['lc_1'] / r['floor_1']:.2f}x the floor)"
    print(f"| {label}{extra} | {n:,} | {r['lc'] / n:,.0f} | {r['floor'] / n:,.0f} | {r['lc_ev'] / n:,.0f} | {r['floor_ev'] / n:,.0f} | "
          f"{r.get('lm15', 0) / n:,.0f} | {w:.2f} | {e:.2f} | {pp:.2f} | {lm:.1f} | {lin:.2f} | {', '.join(trs)} | {' '.join(sorted(set(flags)))} |")
