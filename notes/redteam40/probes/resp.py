import json, lmcodec as lc
from openai.lib.streaming.responses._responses import ResponseStreamState
from openai.types.responses import ResponseStreamEvent
from openai._models import construct_type
from openai import omit
def chunk(delta, finish=None):
    return ("data: " + json.dumps({"id":"c","object":"chat.completion.chunk","created":1,"model":"gpt","choices":[{"index":0,"delta":delta,"finish_reason":finish}]}) + "\n\n").encode()
def call(i, a, name=None):
    c = {"index": i, "function": {"arguments": a}}
    if name: c.update(id=f"call_{i}", type="function"); c["function"]["name"] = name
    return {"tool_calls": [c]}
def sdk(out):
    st = ResponseStreamState(input_tools=omit, text_format=omit)
    for frame in out.split(b"\n\n"):
        d = [l[6:] for l in frame.split(b"\n") if l.startswith(b"data: ")]
        if not d: continue
        ev = construct_type(type_=ResponseStreamEvent, value=json.loads(d[0]))
        st.handle_event(ev)
    r = st._completed_response
    return [(o.type, getattr(o, "arguments", None) or getattr(o, "content", None) and o.content[0].text) for o in r.output] if r else "NO COMPLETED"
cases = {
 "ws call then text": [call(0, "  ", "f"), {"content": "t"}],
 "ws call, ws call 2, text": [call(0, " ", "f"), call(1, "\n", "g"), {"content": "t"}],
 "ws then obj later": [call(0, " ", "f"), {"content": "t"}, call(0, '{"a":1}')],
 "ws call then reasoning": [call(0, "\t", "f"), {"reasoning_content": "r"}, {"content": "t"}],
 "empty call then text": [call(0, "", "f"), {"content": "t"}, call(1, '{"b":1}', "g")],
 "interleaved ws": [call(0, " ", "f"), call(1, '{"b":', "g"), call(0, " "), call(1, "1}")],
}
for name, deltas in cases.items():
    src = [chunk({"role":"assistant","content":""}), *[chunk(d) for d in deltas], chunk({}, "tool_calls"), b"data: [DONE]\n\n"]
    for split in (False, True):
        chunks = src if split else [b"".join(src)]
        try:
            out = b"".join(lc.stream.translate("openai_chat", "openai", chunks))
            mine = [(p.type, getattr(p, "input", None) if p.type=="tool_call" else getattr(p, "text", None)) for p in lc.assemble(lc.stream.decode("openai_chat", src)).message.parts]
            print(name, split, "SDK", sdk(out), "| lc", mine)
        except Exception as e:
            print(name, split, "EXC", type(e).__name__, str(e)[:200])
