"""Fuzz: Responses -> Responses translate_request with repeated call ids; check uniqueness and pairing."""
import json, random, sys, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
POOL = ["c1", "c1_2", "c1_3", "c2"]
def gen(rng):
    items = [{"role": "user", "content": "hi"}]
    n = rng.randint(1, 5)
    for t in range(n):
        k = rng.randint(1, 3)
        kinds = []
        if rng.random() < 0.3:
            items.append({"type": "reasoning", "id": f"rs_{t}", "summary": [], "encrypted_content": "enc"})
        calls = []
        for j in range(k):
            cid = rng.choice(POOL)
            custom = rng.random() < 0.25
            if custom:
                items.append({"type": "custom_tool_call", "call_id": cid, "name": "g", "input": "x"})
            else:
                items.append({"type": "function_call", "call_id": cid, "name": "f", "arguments": "{}"})
            calls.append((cid, custom))
        if rng.random() < 0.2:
            items.append({"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "t"}]})
        for cid, custom in calls:
            items.append({"type": "custom_tool_call_output" if custom else "function_call_output", "call_id": cid, "output": "r"})
        if rng.random() < 0.3:
            items.append({"role": "user", "content": "more"})
    tools = [{"type": "function", "name": "f", "parameters": {"type": "object"}}, {"type": "custom", "name": "g"}]
    return {"model": "gpt-5", "input": items, "tools": tools}
def pairs(items):
    """for each output (by position), the index of the call it answers (nearest earlier call with its id, unanswered first)."""
    out = {}
    open_ = {}
    for i, it in enumerate(items):
        t = it.get("type")
        if t in ("function_call", "custom_tool_call"):
            open_.setdefault(it["call_id"], []).append(i)
        elif t in ("function_call_output", "custom_tool_call_output"):
            q = open_.get(it["call_id"], [])
            out[i] = q.pop(0) if q else None
    return out
bad = 0; total = 0; refused = 0
for seed in range(int(sys.argv[1]) if len(sys.argv) > 1 else 400):
    rng = random.Random(seed)
    body = gen(rng)
    total += 1
    try:
        pr = lc.translate_request("openai", "openai", json.dumps(body).encode())
    except lc.LmcodecError as e:
        refused += 1; continue
    except Exception as e:
        print("BARE", seed, type(e).__name__, e); bad += 1; continue
    got = json.loads(pr.body) if isinstance(pr.body, (bytes, bytearray)) else pr.body
    items = got["input"]
    src_items = [it for it in body["input"]]
    calls = [it["call_id"] for it in items if it.get("type") in ("function_call", "custom_tool_call")]
    problems = []
    if len(set(calls)) != len(calls):
        problems.append(f"repeated {calls}")
    # pairing: map by position of call items; source and output have the same item sequence?
    st = [it.get("type", "message") for it in src_items]; gt = [it.get("type", "message") for it in items]
    if st != gt:
        problems.append(f"types {st} -> {gt}")
    else:
        ps, pg = pairs(src_items), pairs(items)
        # mapping output->answered call in source must equal mapping in output
        for i, c in ps.items():
            if c is not None and items[i]["call_id"] != items[c]["call_id"]:
                problems.append(f"output {i} answers {items[i]['call_id']} but its call {c} is {items[c]['call_id']}")
    if problems:
        bad += 1
        if bad <= 5:
            print("seed", seed, [ (it.get('type'), it.get('call_id')) for it in src_items if it.get('call_id')])
            print("   ->", [ (it.get('type'), it.get('call_id')) for it in items if it.get('call_id')])
            print("   ", problems[:3])
print(f"total {total} refused {refused} bad {bad}")
