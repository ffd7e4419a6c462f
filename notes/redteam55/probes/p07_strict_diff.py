"""translate_request of Responses / Chat bodies with strict flags of every kind, printed for a diff
against the base src (SRC=/tmp/rt55base/src)."""
import sys, os, json, itertools
sys.path.insert(0, os.environ.get("SRC", "/work/wt/redteam55/src"))
import lmcodec as lc
FLAGS = ["absent", True, False, None, 1, 0, "true", [], {}]
SCHEMAS = [{"type": "object", "properties": {"a": {"type": "string"}}},
           {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False},
           None]
def tool(name, flag, schema, chat=False):
    t = {"type": "function", "name": name}
    if schema is not None: t["parameters"] = schema
    if flag != "absent": t["strict"] = flag
    if chat:
        fn = {k: v for k, v in t.items() if k != "type"}
        return {"type": "function", "function": fn}
    return t
bodies = []
for f1, f2, sch in itertools.product(FLAGS, FLAGS[:5], SCHEMAS):
    for names in (("a", "b"), ("a", "a")):
        for chat in (False, True):
            if chat:
                b = {"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}], "tools": [tool(names[0], f1, sch, True), tool(names[1], f2, sch, True)]}
            else:
                b = {"model": "gpt-4.1", "input": "hi", "tools": [tool(names[0], f1, sch), tool(names[1], f2, sch)]}
            bodies.append(("openai_chat" if chat else "openai", b))
for i, (src, b) in enumerate(bodies):
    raw = json.dumps(b).encode()
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        try:
            r = lc.translate_request(src, dst, raw, model="claude-sonnet-4-5" if dst == "anthropic" else ("gemini-2.5-flash" if dst == "gemini" else None))
            out = ["ok", r.body.decode(), [repr(a) for a in r.adaptations]]
        except Exception as e:
            out = ["err", type(e).__module__.split(".")[0], type(e).__name__, str(e)[:200]]
        print(json.dumps([i, src, dst, out]))
