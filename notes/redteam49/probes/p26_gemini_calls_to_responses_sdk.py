"""perf25a's Responses whole-call path judged by the openai SDK: Gemini call turns (p8's generator)
translated to a Responses client, whole and per chunk; the SDK's final function_call items must
hold the source's calls (name, parsed arguments) in order, and the texts."""
import json, random, sys, warnings; warnings.simplefilter("ignore")
import httpx, openai
sys.argv = [sys.argv[0], "1", sys.argv[2] if len(sys.argv) > 2 else "7"] + sys.argv[1:2]
src = open("notes/redteam49/probes/p8_gemini_calls_translate.py").read().split("bad = 0")[0]
exec(src)
N = int(sys.argv[3]) if len(sys.argv) > 3 else 60
def sdk(data):
    client = openai.OpenAI(api_key="x", http_client=httpx.Client(transport=httpx.MockTransport(
        lambda r: httpx.Response(200, content=data, headers={"content-type": "text/event-stream"}))))
    with client.responses.stream(model="m", input="hi") as s:
        for _ in s: pass
        out = s.get_final_response()
    return [(o.name, json.loads(o.arguments)) for o in out.output if o.type == "function_call"], out.output_text
bad = total = 0
for t in range(N):
    s = stream(); chunks = sse(s)
    want = [(p["functionCall"]["name"], p["functionCall"].get("args", {})) for c in s for p in c["candidates"][0]["content"]["parts"] if "functionCall" in p and "text" not in p]
    want_text = "".join(p["text"] for c in s for p in c["candidates"][0]["content"]["parts"] if "text" in p and not p.get("thought"))
    for mode, feed in (("whole", [b"".join(chunks)]), ("per", chunks)):
        total += 1
        try:
            calls, text = sdk(b"".join(lc.stream.translate("gemini", "openai", feed)))
        except Exception as e:
            bad += 1; print(t, mode, type(e).__name__, str(e)[:200]); continue
        if calls != want or text != want_text:
            bad += 1
            if bad < 5: print("DIFF", t, mode, [c[0] for c in want], [c[0] for c in calls], calls == want, repr(want_text), repr(text))
print("total", total, "bad", bad)
