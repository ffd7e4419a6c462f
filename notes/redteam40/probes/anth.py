import json, sys, lmcodec as lc
from anthropic.lib.streaming._messages import accumulate_event
from anthropic.types import RawMessageStreamEvent
from anthropic._models import construct_type
def chunk(delta, finish=None):
    return ("data: " + json.dumps({"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt","choices":[{"index":0,"delta":delta,"finish_reason":finish}]}) + "\n\n").encode()
def call(i, a, name=None):
    c = {"index": i, "function": {"arguments": a}}
    if name: c.update(id=f"call_{i}", type="function"); c["function"]["name"] = name
    return {"tool_calls": [c]}
def sdk_read(out):
    snap = None; bufs = {}
    for block in out.split(b"\n\n"):
        data = [l[6:] for l in block.split(b"\n") if l.startswith(b"data: ")]
        if not data: continue
        obj = json.loads(data[0])
        if obj["type"] in ("ping", "error"): 
            if obj["type"] == "error": return ("ERROREVENT", obj)
            continue
        ev = construct_type(type_=RawMessageStreamEvent, value=obj)
        snap = accumulate_event(event=ev, current_snapshot=snap, json_bufs=bufs)
    return [(b.type, getattr(b, "input", None) if b.type == "tool_use" else getattr(b, "text", getattr(b, "thinking", None))) for b in snap.content]
cases = {
 "two calls, first non-object interleaved": [call(0, "[1,", "f"), call(1, '{"a":', "g"), call(0, "2]"), call(1, "1}")],
 "non-object then text": [call(0, "42", "f"), {"content": "after"}],
 "text then non-object then object": [{"content": "pre"}, call(0, '"s"', "f"), call(1, '{"b":2}', "g")],
 "never closing then object": [call(0, '"abc', "f"), call(1, '{"b":2}', "g")],
 "whitespace then value": [call(0, "   ", "f"), call(0, "  7 ", None)],
 "whitespace only + text": [call(0, " \n ", "f"), {"content": "t"}],
 "obj then trailing junk": [call(0, '{"a":1}', "f"), call(0, ' x', None)],
 "obj then second obj": [call(0, '{"a":1}', "f"), call(0, '{"b":2}', None)],
 "three non-objects": [call(0, "1", "f"), call(1, "2", "g"), call(2, "[3]", "h")],
 "reasoning between": [call(0, "[", "f"), {"reasoning_content": "hmm"}, call(0, "1]")],
}
for name, deltas in cases.items():
    src = [chunk({"role":"assistant","content":""}), *[chunk(d) for d in deltas], chunk({}, "tool_calls"), b"data: [DONE]\n\n"]
    for split in (False, True):
        chunks = src if split else [b"".join(src)]
        try:
            out = b"".join(lc.stream.translate("openai_chat", "anthropic", chunks))
            sdk = sdk_read(out)
            mine = [(p.type, getattr(p, "input", None) if p.type=="tool_call" else getattr(p, "text", None)) for p in lc.assemble(lc.stream.decode("openai_chat", src)).message.parts]
            print(name, split, "SDK", sdk, "| lc src", mine)
        except Exception as e:
            print(name, split, "EXC", type(e).__name__, str(e)[:200])
