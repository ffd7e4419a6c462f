"""The SSE framing variants and byte mutations again, on bodies past 64 KiB (decode's block path,
assemble's non-lone path), with cuts around the 64 KiB block edges."""
import sys, os, json, random; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import check, stream_findings, _cut_read, lc, lcs, REQUEST
import sse_framing as S

PAD = ("é✓𝄞x" * 9000)  # ~ 90 KB of UTF-8
def padded(prov):
    fr = S.FR[prov]()
    out = []
    for name, data in fr:
        if isinstance(data, dict):
            s = json.dumps(data, ensure_ascii=False).replace("héllo ✓ 𝄞", PAD)
            data = json.loads(s)
        out.append((name, data))
    return out
bad = []; n = 0
for prov in S.FR:
    for vname, kw in S.VARIANTS.items():
        body = S.render(padded(prov), **kw)
        n += 1
        f = stream_findings(prov, body)
        try:
            whole = [lc.to_builtins(e) for e in lcs.decode(prov, [body], request=REQUEST)]
        except lc.LmcodecError as e:
            whole = ("raised", type(e).__name__)
        rng = random.Random(n)
        plans = [[65536 + d] for d in range(-6, 7)] + [sorted(rng.sample(range(1, len(body)), 5)) for _ in range(6)]
        plans.append(list(range(1, len(body), 4093)))
        for cuts in plans:
            try:
                got = _cut_read(prov, body, cuts)
            except lc.LmcodecError as e:
                got = ("raised", type(e).__name__)
            except Exception as e:
                f.append(f"cuts {cuts[:5]}: escaped {e!r}"); break
            if got != whole:
                f.append(f"cuts {cuts[:5]}: differs from whole"); break
            # decode with the body as several list items
            parts = [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)])]
            try:
                got2 = [lc.to_builtins(e) for e in lcs.decode(prov, parts, request=REQUEST)]
            except lc.LmcodecError as e:
                got2 = ("raised", type(e).__name__)
            if got2 != whole:
                f.append(f"decode(list cut at {cuts[:5]}): differs from whole"); break
        print(("FAIL " if f else "ok   ") + prov, vname, len(body))
        for x in f: print("    " + x[:500])
        if f: bad.append((prov, vname))
print(n, "runs,", len(bad), "failing:", bad)
