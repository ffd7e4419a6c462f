"""Gemini streams with calls (big, non-ASCII, id-less, with text in the same/end chunk) translated
to each dialect, whole and per chunk; the destination's reading must hold the same texts and calls."""
import json, random, sys, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 3)
def big_args():
    k = rng.choice([0, 1, 5, 70000, 140000])
    s = "".join(rng.choice("aé🌍\"\\}{][ ") for _ in range(min(k, 50))) * (k // 50 + 1) if k else ""
    return {"q": s[:k], "n": [1, 2.5, {"x": "}"}], "é": None}
def chunk(parts, end=False, rid="r1"):
    c = {"candidates": [{"content": {"role": "model", "parts": parts}, "index": 0}], "responseId": rid, "modelVersion": "gemini-2.5-pro"}
    if end:
        c["candidates"][0]["finishReason"] = "STOP"
        c["usageMetadata"] = {"promptTokenCount": 3, "candidatesTokenCount": 4, "totalTokenCount": 7}
    return c
def stream():
    chunks = []
    nchunks = rng.randint(1, 4)
    for i in range(nchunks):
        parts = []
        for _ in range(rng.randint(1, 4)):
            r = rng.random()
            if r < 0.4: parts.append({"text": rng.choice(["hi", "é🌍", "", "a\"}"])})
            elif r < 0.5: parts.append({"text": "th", "thought": True})
            else:
                fc = {"name": rng.choice(["f", "g"]), "args": big_args()}
                if rng.random() < 0.3: fc["id"] = rng.choice(["", "c1", "c1"])
                parts.append({"functionCall": fc})
        chunks.append(chunk(parts, end=(i == nchunks - 1)))
    return chunks
def sse(chunks):
    return [b"data: " + json.dumps(c, ensure_ascii=rng.random() < 0.5).encode() + b"\r\n\r\n" for c in chunks]
def summary(resp):
    out = []
    for p in resp.message.parts:
        if isinstance(p, lc.TextPart): out.append(("text", p.text))
        elif isinstance(p, lc.ToolCallPart): out.append(("call", p.name, json.dumps(p.input, sort_keys=True)))
    # merge adjacent texts
    m = []
    for x in out:
        if x[0] == "text" and m and m[-1][0] == "text": m[-1] = ("text", m[-1][1] + x[1])
        elif x[0] == "text" and x[1] == "": continue
        else: m.append(x)
    return m
bad = 0; n = int(sys.argv[1]) if len(sys.argv) > 1 else 100; total = 0
for t in range(n):
    chunks = sse(stream())
    try:
        ref = summary(lc.assemble(lc.stream.decode("gemini", chunks)))
    except lc.LmcodecError as e:
        continue
    if "partial_json" in str(ref):  # lm15 concatenated two calls on one index: no reference
        continue
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        for mode in ("whole", "per"):
            total += 1
            src_chunks = [b"".join(chunks)] if mode == "whole" else chunks
            try:
                out = list(lc.stream.translate("gemini", dst, src_chunks))
                got = summary(lc.assemble(lc.stream.decode(dst, out)))
            except Exception as e:
                bad += 1; print(t, dst, mode, type(e).__name__, str(e)[:200]); continue
            # lm15 numbers a Gemini chunk's parts per chunk, so its own reading can put a later chunk's
            # call on an earlier part's index: compare the calls as a multiset, the texts joined
            calls = lambda s: sorted(x for x in s if x[0] == "call")
            texts = lambda s: "".join(x[1] for x in s if x[0] == "text")
            same = calls(got) == calls(ref) and texts(got) == texts(ref)
            if not same:
                bad += 1
                if bad < 6: print("DIFF", t, dst, mode, [str(x)[:60] for x in ref], "->", [str(x)[:60] for x in got])
print("total", total, "bad", bad)
