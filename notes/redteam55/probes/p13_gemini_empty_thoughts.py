"""Gemini empty thoughts (held by translate since rtfix60) in odd places, every client, three
chunkings, judged by decode + assemble of the source (lm15's reading)."""
import sys, json, itertools, random
sys.path.insert(0, "/work/wt/redteam55/src")
import lmcodec as lc
REQ = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
T = lambda s: {"text": s, "thought": True}
S = lambda s, sig: {"text": s, "thought": True, "thoughtSignature": sig}
X = lambda s: {"text": s}
C = lambda n: {"functionCall": {"name": n, "args": {"a": 1}}}
def chunk(parts, finish=False):
    c = {"candidates": [{"content": {"role": "model", "parts": parts}, "index": 0}], "modelVersion": "gemini-2.5-flash", "responseId": "r1"}
    if finish:
        c["candidates"][0]["finishReason"] = "STOP"; c["usageMetadata"] = {"promptTokenCount": 1, "candidatesTokenCount": 2, "totalTokenCount": 3}
    return c
SHAPES = {
    "empty thought at end": [[T("a")], [X("b")], [T("")]],
    "empty thought then text": [[T("a")], [T(""), X("b")], [T(""), X("c")]],
    "signature after held empties": [[T("a")], [T("")], [T("")], [S("", "sig")], [X("b")]],
    "signed empty first": [[S("", "sig")], [X("b")]],
    "empty then nonempty thought": [[T("a")], [X("b")], [T("")], [T("c")]],
    "empty thought only": [[T("")], [T("")]],
    "empty thought beside call": [[T("a")], [T(""), C("f")], [T(""), X("b")]],
    "thought text thought": [[T("a"), X("b")], [T(""), X("c")], [T("d")]],
    "two signatures": [[S("a", "s1")], [S("", "s2")], [X("b")]],
    "empty thought after signature in one chunk": [[T("a"), S("", "s1"), T("")], [X("b")]],
}
def summary(resp):
    return [(type(p).__name__, getattr(p, "text", getattr(p, "name", None)), [{k: v for k, v in c.data.items() if k != "id"} for c in getattr(p, "continuation", ())]) for p in resp.message.parts]
def read(dialect, chunks):
    try: return summary(lc.assemble(lc.stream.decode(dialect, chunks, request=REQ), request=REQ))
    except Exception as e: return ("raised", type(e).__name__)
def norm(s, dst):
    if isinstance(s, tuple): return s
    out = []
    for kind, text, cont in s:
        if kind == "ThinkingPart" and text == "" and dst != "gemini": continue
        out.append((kind, text))
    # merge adjacent same-kind text (Chat: one content)
    merged = []
    for k, t in out:
        if merged and merged[-1][0] == k and k in ("TextPart", "ThinkingPart"):
            merged[-1] = (k, merged[-1][1] + t)
        else: merged.append((k, t))
    return merged
bad = rows = 0
for name, chunks in SHAPES.items():
    frames = [("data: " + json.dumps(chunk(p, i == len(chunks) - 1)) + "\r\n\r\n").encode() for i, p in enumerate(chunks)]
    data = b"".join(frames)
    src = read("gemini", [data])
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        got = {}
        for label, ch in (("whole", [data]), ("frames", frames), ("bytes", [data[i:i+1] for i in range(len(data))])):
            try:
                out = b"".join(lc.stream.translate("gemini", dst, ch, request=REQ))
                got[label] = read(dst, [out])
            except Exception as e:
                got[label] = ("RAISED", type(e).__module__.split(".")[0], type(e).__name__, str(e)[:80])
        rows += 1
        vals = list(got.values())
        same_chunk = all(v == vals[0] for v in vals)
        same_src = norm(vals[0], dst) == norm(src, dst)
        if not (same_chunk and same_src):
            bad += 1
            print(f"?? {name} -> {dst} (chunkings agree: {same_chunk})\n   source: {src}")
            for k, v in got.items(): print(f"   {k}: {v}")
print("rows", rows, "flagged", bad)
