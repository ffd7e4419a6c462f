"""rtleft26: replayed Responses reasoning items put back (openai -> openai translate_request):
repeated ids, same state different content, gaps, items between, unsigned ones."""
import json, random, sys
from _h import lc
import lmcodec.providers as lcp
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
def reason(i):
    it = {"type": "reasoning", "summary": []}
    st = rng.choice(["id", "enc", "both", "none"])
    if st in ("id", "both"): it["id"] = rng.choice(["rs_1", "rs_2"])
    if st in ("enc", "both"): it["encrypted_content"] = rng.choice(["E1", "E2"])
    if rng.random() < 0.5: it["summary"] = [{"type": "summary_text", "text": f"s{i}"}]
    if rng.random() < 0.3: it["content"] = [{"type": "reasoning_text", "text": f"c{i}"}]
    if rng.random() < 0.3: it["status"] = rng.choice(["completed", "in_progress", "incomplete"])
    return it
def body():
    items = [{"role": "user", "content": "hi"}]
    for i in range(rng.randint(1, 6)):
        k = rng.random()
        if k < 0.55: items.append(reason(i))
        elif k < 0.7: items.append({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": f"t{i}", "annotations": []}]})
        elif k < 0.85:
            items.append({"type": "function_call", "call_id": f"c{i}", "name": "f", "arguments": "{}"})
            items.append({"type": "function_call_output", "call_id": f"c{i}", "output": "ok"})
        else: items.append({"role": "user", "content": f"u{i}"})
    return {"model": "o4-mini", "input": items}
def reasons(items):
    return [{k: v for k, v in it.items() if k != "type"} for it in items if isinstance(it, dict) and it.get("type") == "reasoning"]
bad = 0; N = int(sys.argv[2]) if len(sys.argv) > 2 else 500
for n in range(N):
    b = body()
    try:
        out = json.loads(lcp.translate_request("openai", "openai", json.dumps(b).encode()).body)
    except lc.LmcodecError as e:
        continue
    except Exception as e:
        bad += 1; print("BARE", type(e).__name__, e); continue
    want = [r for r in reasons(b["input"]) if "id" in r or "encrypted_content" in r]
    got = reasons(out["input"])
    # compare ordered states + summary/content
    def key(r): return (r.get("id"), r.get("encrypted_content"), json.dumps(r.get("summary")), json.dumps(r.get("content")), r.get("status"))
    if [key(r) for r in got] != [key(r) for r in want]:
        bad += 1
        if bad < 4:
            print("DIFF"); print("  in ", [key(r) for r in want]); print("  out", [key(r) for r in got])
print("cases", N, "bad", bad)
