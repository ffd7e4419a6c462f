"""unknown="keep": the same events whatever the cuts (whole, random cuts, byte by byte), decode = Decoder = adecode,
and the skipped reading is the kept one without its UnknownEvents."""
import sys, os, io, contextlib, asyncio, random; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import lc, lcs, REQUEST
with contextlib.redirect_stdout(io.StringIO()):
    import anthropic_features as A, chat_features as C, newer_openai as NO, responses_features as R
B = [("anthropic", A.cases[k]) for k in ("unknown_event", "unknown_delta", "unknown_block", "ping_everywhere", "server_tool_web_search", "error_midstream")]
B += [("openai", NO.RS[k]) for k in ("audio_deltas", "mcp_failed", "queued")] + [("openai", R.cases["everything"])]
B += [("openai_chat", C.cases[k]) for k in ("audio", "error_object", "comment_keepalive")]
def read(prov, body, cuts, keep):
    d = lcs.Decoder(prov, request=REQUEST, unknown=keep); out = []; prev = 0
    for c in [*cuts, len(body)]: out += d.feed(body[prev:c]); prev = c
    out += d.close(); return out
def b(evs): return [lc.to_builtins(e) for e in evs]
bad = 0; n = 0
for prov, body in B:
    n += 1
    try:
        whole = b(lcs.decode(prov, [body], request=REQUEST, unknown="keep"))
    except lc.LmcodecError as e:
        whole = ("raised", type(e).__name__)
    errs = []
    plans = [list(range(1, len(body)))] + [sorted(random.Random(s).sample(range(1, len(body)), 4)) for s in range(10)]
    for cuts in plans:
        try: got = b(read(prov, body, cuts, "keep"))
        except lc.LmcodecError as e: got = ("raised", type(e).__name__)
        if got != whole: errs.append(f"cuts {cuts[:4]} differ"); break
    async def src():
        for i in range(0, len(body), 5): yield body[i:i+5]
    async def go(): return b([e async for e in lcs.adecode(prov, src(), request=REQUEST, unknown="keep")])
    try: ag = asyncio.run(go())
    except lc.LmcodecError as e: ag = ("raised", type(e).__name__)
    if ag != whole: errs.append("adecode differs")
    if isinstance(whole, list):
        skipped = b(lcs.decode(prov, [body], request=REQUEST))
        kept_known = [e for e in whole if e.get("type") in ("start", "delta", "end", "error")]
        if kept_known != skipped: errs.append(f"keep minus unknowns != skip: {str(kept_known)[:200]} vs {str(skipped)[:200]}")
        try:
            r1 = lc.to_builtins(lc.assemble(lcs.decode(prov, [body], request=REQUEST, unknown="keep"), request=REQUEST), include_provider_data=True)
        except lc.LmcodecError as e: r1 = type(e).__name__
        try:
            r2 = lc.to_builtins(lc.assemble(lcs.decode(prov, [body], request=REQUEST), request=REQUEST), include_provider_data=True)
        except lc.LmcodecError as e: r2 = type(e).__name__
        if r1 != r2: errs.append(f"assemble keep != skip: {str(r1)[:200]} vs {str(r2)[:200]}")
    kinds = sorted({e.get("type") for e in whole}) if isinstance(whole, list) else whole
    print(("FAIL " if errs else "ok   ") + prov, len(body), kinds, *errs)
    bad += bool(errs)
print(n, "bodies,", bad, "failing")
