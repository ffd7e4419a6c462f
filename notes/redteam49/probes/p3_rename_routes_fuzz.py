"""Fuzz: repeated call ids (incl. ids that already look like renames, c1_2) from Anthropic and Chat
clients to Anthropic and Responses backends; check ids unique and each result answers its call."""
import json, random, sys, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
POOL = ["c1", "c1_2", "c1_3", "c2"]
def turns(rng):
    out = []
    for t in range(rng.randint(1, 5)):
        out.append([rng.choice(POOL) for _ in range(rng.randint(1, 3))])
    return out
def anthropic_body(ts):
    msgs = [{"role": "user", "content": "hi"}]
    for calls in ts:
        msgs.append({"role": "assistant", "content": [{"type": "tool_use", "id": c, "name": "f", "input": {}} for c in calls]})
        msgs.append({"role": "user", "content": [{"type": "tool_result", "tool_use_id": c, "content": f"r{k}"} for k, c in enumerate(calls)]})
    return {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": msgs,
            "tools": [{"name": "f", "input_schema": {"type": "object"}}]}
def chat_body(ts):
    msgs = [{"role": "user", "content": "hi"}]
    for calls in ts:
        msgs.append({"role": "assistant", "content": None, "tool_calls": [{"id": c, "type": "function", "function": {"name": "f", "arguments": "{}"}} for c in calls]})
        for k, c in enumerate(calls):
            msgs.append({"role": "tool", "tool_call_id": c, "content": f"r{k}"})
    return {"model": "gpt-4o", "messages": msgs, "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]}
def seq_out(dst, body):
    """[(kind, id, label)] calls and results in order."""
    out = []
    if dst == "anthropic":
        for m in body["messages"]:
            if isinstance(m["content"], list):
                for b in m["content"]:
                    if b["type"] == "tool_use": out.append(("call", b["id"], None))
                    elif b["type"] == "tool_result":
                        c = b["content"]; c = c if isinstance(c, str) else c[0]["text"]
                        out.append(("res", b["tool_use_id"], c))
    else:
        for it in body["input"]:
            if it.get("type") == "function_call": out.append(("call", it["call_id"], None))
            elif it.get("type") == "function_call_output":
                o = it["output"]; o = o if isinstance(o, str) else o[0]["text"]
                out.append(("res", it["call_id"], o))
    return out
bad = {}; total = {}
N = int(sys.argv[1]) if len(sys.argv) > 1 else 200
for src, mk in (("anthropic", anthropic_body), ("openai_chat", chat_body)):
    for dst in ("anthropic", "openai"):
        key = f"{src}->{dst}"; bad[key] = 0; total[key] = 0
        for seed in range(N):
            rng = random.Random(seed); ts = turns(rng); body = mk(ts)
            total[key] += 1
            try:
                pr = lc.translate_request(src, dst, json.dumps(body).encode())
            except lc.LmcodecError as e:
                bad[key] += 1; print(key, seed, "refused", e); continue
            got = json.loads(pr.body)
            seq = seq_out(dst, got)
            calls = [i for k, i, _ in seq if k == "call"]
            probs = []
            if len(set(calls)) != len(calls): probs.append(f"repeated {calls}")
            # each turn: result k answers call k of the same turn
            pos = 0; turn_calls = []
            flat = []
            for calls_t in ts:
                cs = [seq[pos + j][1] for j in range(len(calls_t))]; pos += len(calls_t)
                rs = [seq[pos + j] for j in range(len(calls_t))]; pos += len(calls_t)
                for j, (_, rid, label) in enumerate(rs):
                    # the result labelled r{j} answers call j
                    k = int(label[1:])
                    if rid != cs[k]: probs.append(f"result r{k} -> {rid}, its call is {cs[k]}")
            if probs:
                bad[key] += 1
                if bad[key] <= 3: print(key, seed, ts, "->", seq, probs[:2])
print({k: f"{bad[k]}/{total[k]}" for k in bad})
