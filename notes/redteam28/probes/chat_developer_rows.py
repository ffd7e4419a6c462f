"""Chat -> Chat: developer/system rows come back under the client's roles (rtfix29a F08), 6,000 random role sequences."""
import json, random, lmcodec as lc
rng = random.Random(0)
bad = 0
def row(role):
    c = rng.choice(["x", [{"type":"text","text":"y"}], [{"type":"text","text":"a"},{"type":"text","text":"b"}]])
    if role == "assistant":
        return {"role":"assistant","content":"ok"}
    r = {"role": role, "content": c}
    if role in ("system","developer") and rng.random()<0.2: r["name"]="n"
    return r
for i in range(3000):
    roles = [rng.choice(["system","developer","user","assistant"]) for _ in range(rng.randint(1,7))]
    if "user" not in roles: roles.append("user")
    body = {"model": rng.choice(["gpt-4o","claude-sonnet-4-5","o3"]), "messages":[row(r) for r in roles]}
    raw = json.dumps(body).encode()
    try:
        out = lc.translate_request("openai_chat","openai_chat",raw)
    except lc.LmcodecError as e:
        continue
    got = [m["role"] for m in json.loads(out.body)["messages"]]
    notes = [(a.field,a.action) for a in out.adaptations]
    if got != roles and not any(f=="messages" for f,_ in notes):
        bad += 1
        if bad < 6: print("MISMATCH", roles, got, notes, raw[:300])
print("bad", bad)
# full equality where the client rows are what the builder writes
from collections import Counter
c = Counter()
rng = random.Random(1)
for i in range(3000):
    roles = [rng.choice(["system","developer","user","assistant"]) for _ in range(rng.randint(1,7))]
    if "user" not in roles: roles.append("user")
    msgs = [{"role": r, "content": rng.choice(["x","y z"])} for r in roles]
    body = {"model":"gpt-4o","messages":msgs}
    raw = json.dumps(body).encode()
    try:
        out = lc.translate_request("openai_chat","openai_chat",raw)
    except lc.LmcodecError as e:
        c["raised " + str(e)[:80]] += 1; continue
    got = json.loads(out.body)["messages"]
    if got == msgs: c["same"] += 1
    else:
        c["diff notes=%s" % sorted({a.field for a in out.adaptations})] += 1
        if c["printed"] < 4:
            c["printed"] += 1; print(msgs, "\n ->", got, [(a.field,a.action,a.reason[:80]) for a in out.adaptations])
print(c)
