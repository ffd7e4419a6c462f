"""perf27d BodyArguments: bodies of many calls (odd inputs mixed) for openai / openai_chat: each
call's arguments == json.dumps(input, separators=(",", ":")) (lm15's spelling), read back by json."""
import sys, json, random
sys.path.insert(0, "/work/wt/redteam55/src")
import lmcodec as lc
rng = random.Random(55)
ODD = [{"a": "x\ny"}, {"a": "\u2028"}, {"a": "\x7f"}, {"a": 1e20}, {"a": 0.00001}, {"a": 1.5}, {"a": -0.0}, {"partial_json": "{\"a\":\n1"},
       {"partial_json": "x"}, {"a": "é"}, {"a": [1, {"b": None}]}, {}, {"a": 10**30}, {"\n": "k"}, {"a": "\U0001F600"}, {"a": "x" * 3000},
       {"a": True}, {"a": 1e16}, {"a": 123456789.125}, {"value": [1, 2]}]
bad = rows = 0
for n in range(400):
    k = rng.choice([1, 2, 3, 5, 20, 60])
    inputs = [rng.choice(ODD) for _ in range(k)]
    parts = tuple(lc.ToolCallPart(id=f"c{i}", name="f", input=inp) for i, inp in enumerate(inputs))
    resp = lc.Response(id="r", model="gpt-4.1", message=lc.Message(role="assistant", parts=parts), finish_reason="tool_call", usage=lc.Usage())
    for p in ("openai", "openai_chat"):
        rows += 1
        try:
            body = json.loads(lc.encode_response(p, resp))
        except Exception as e:
            print("raised", p, type(e).__name__, str(e)[:100], inputs); bad += 1; continue
        if p == "openai":
            args = [o["arguments"] for o in body["output"] if o["type"] == "function_call"]
        else:
            args = [t["function"]["arguments"] for t in body["choices"][0]["message"]["tool_calls"]]
        want = [inp["partial_json"] if list(inp) == ["partial_json"] else json.dumps(inp, separators=(",", ":")) for inp in inputs]
        if args != want:
            bad += 1
            if bad < 5: print("DIFF", p, [(a, w) for a, w in zip(args, want) if a != w][:3])
print("rows", rows, "differ", bad)
