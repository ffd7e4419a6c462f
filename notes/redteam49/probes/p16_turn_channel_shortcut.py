"""to_turn's lone-channel shortcut (perf25c) against the whole check on edited records."""
import copy, json, random, sys, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
from lmcodec.llm import convert
from lmcodec.llm._turn_channel import restates_turn
from lmcodec.llm._channel import strict_equal
rng = random.Random(5)
def turns():
    tools = (lc.FunctionTool(name="f", description="d", parameters={"type": "object"}),)
    for model in ("gpt-4o", "gpt-4o-2024"):
        for fin in ("stop", "length", "tool_call"):
            for msg in (lc.Message.assistant("yo"), lc.Message(role="assistant", parts=(lc.TextPart(text="a"), lc.ToolCallPart(id="c1", name="f", input={"x": 1})))):
                for tl in ((), tools):
                    req = lc.Request(model="gpt-4o", messages=(lc.Message.user("hi"),), tools=tl)
                    yield lc.Turn(request=req, response=lc.Response(id="r1", model=model, message=msg, finish_reason=fin, usage=lc.Usage(input_tokens=1, output_tokens=2)))
def leaves(v, path=()):
    if isinstance(v, dict):
        yield path, v
        for k, x in v.items(): yield from leaves(x, path + (k,))
    elif isinstance(v, list):
        yield path, v
        for i, x in enumerate(v): yield from leaves(x, path + (i,))
    else:
        yield path, v
def edited(b, path, how):
    b = copy.deepcopy(b); parent = b
    for k in path[:-1]: parent = parent[k]
    k = path[-1]; v = parent[k]
    if how == "del":
        if isinstance(parent, dict): del parent[k]
        else: parent.pop(k)
    elif isinstance(v, str): parent[k] = v + "X" if how == "change" else ""
    elif isinstance(v, bool): parent[k] = not v
    elif isinstance(v, int): parent[k] = v + 1
    elif isinstance(v, dict): parent[k] = {**v, "zz": 1} if how == "change" else {}
    elif isinstance(v, list): parent[k] = v + v[:1] if how == "change" else []
    return b
tried = answered = differ = 0
for t in turns():
    b = lc.llm.to_builtins(lc.llm.from_turn(t))
    for path, _ in list(leaves(b)):
        if not path: continue
        for how in ("change", "del", "empty"):
            b2 = edited(b, path, how)
            try:
                rec = lc.llm.from_builtins(b2, lc.llm.Response)
                turn2, ch = convert.converted(rec)
            except Exception:
                continue
            tried += 1
            a = restates_turn(rec, turn2, ch)
            if a is None: continue
            answered += 1
            w = strict_equal(lc.llm.to_builtins(lc.llm.from_turn(turn2)), lc.llm.to_builtins(rec)) if False else strict_equal(lc.llm.from_turn(turn2), rec)
            if a != w:
                differ += 1
                if differ < 6: print("DIFF", path, how, "shortcut", a, "whole", w)
print(f"edited records {tried}, answered by the channel {answered}, differ from the whole check {differ}")
