"""Matrix: entry points x subclass factories, output compared with the exact value's."""
import sys, json, re, io
import os; sys.path.insert(0, os.environ.get("SRC", "/work/wt/redteam55/src"))
import msgspec
import lmcodec as lc
import lmcodec.llm as lcllm

P = ("openai", "openai_chat", "anthropic", "gemini")
_cache = {}
def factory(kind):
    def make(cls):
        key = (kind, cls)
        if key in _cache: return _cache[key]
        ns = {}
        if kind == "trivial":
            new = type("Own" + cls.__name__, (cls,), {})
        elif kind == "extra":
            new = type("Own" + cls.__name__, (cls,), {"__annotations__": {"zz_note": str}, "zz_note": "n"})
        elif kind == "extra_noconf":
            if cls.__name__ in ("Config", "Usage"): new = cls
            else: new = type("Own" + cls.__name__, (cls,), {"__annotations__": {"zz_note": str}, "zz_note": "n"})
        elif kind in ("rename", "omitfalse", "notfrozen", "kwonly"):
            import types
            kw = {"rename": {"rename": "camel"}, "omitfalse": {"omit_defaults": False}, "notfrozen": {"frozen": False}, "kwonly": {"kw_only": True}}[kind]
            new = types.new_class("Own" + cls.__name__, (cls,), kw)
        elif kind == "deep":
            mid = type("Mid" + cls.__name__, (cls,), {})
            new = type("Own" + cls.__name__, (mid,), {})
        elif kind == "postinit":
            def __post_init__(self):
                sup = getattr(super(new, self), "__post_init__", None)
                if sup: sup()
            new = type("Own" + cls.__name__, (cls,), {"__post_init__": __post_init__})
        elif kind == "eq":
            new = type("Own" + cls.__name__, (cls,), {"__eq__": lambda s, o: s is o, "__hash__": lambda s: id(s)})
        elif kind == "lmmod":
            new = type("Own" + cls.__name__, (cls,), {"__module__": "lmcodec.contrib.mine"})
        _cache[key] = new
        return new
    return make

def sub(value, make):
    if isinstance(value, msgspec.Struct) and type(value).__module__.startswith("lmcodec."):
        fields = {n: sub(getattr(value, n), make) for n in value.__struct_fields__ if getattr(value, n) is not msgspec.UNSET}
        return make(type(value))(**fields)
    if isinstance(value, tuple): return tuple(sub(v, make) for v in value)
    if isinstance(value, list): return [sub(v, make) for v in value]
    return value

_MINTED = re.compile(rb'[_-][0-9a-zA-Z]{20,}"|"created(_at)?":[0-9]+')
def blank(o):
    if isinstance(o, bytes): return _MINTED.sub(b"#", o)
    if isinstance(o, (list, tuple)): return [blank(x) for x in o]
    return o
def outcome(f, v):
    try: return f(v)
    except Exception as e: return ("ERR", type(e).__module__.split(".")[0], type(e).__name__, str(e)[:150])

call = lc.ToolCallPart(id="call_1", name="get", input={"q": "x"})
req = lc.Request(model="gpt-4.1", system="sys",
    messages=(lc.Message.user("q"),
              lc.Message(role="assistant", parts=(lc.ThinkingPart(text="hm"), lc.TextPart(text="hi"), call)),
              lc.Message(role="tool", parts=(lc.ToolResultPart(id="call_1", name="get", content=(lc.TextPart(text="r"),)),)),
              lc.Message.user("more")),
    tools=(lc.FunctionTool(name="get", description="d", parameters={"type": "object", "properties": {"q": {"type": "string"}}}),),
    config=lc.Config(max_tokens=10, temperature=0.5))
resp = lc.Response(id="r1", model="gpt-4.1", message=lc.Message(role="assistant", parts=(lc.TextPart(text="hi"), call)), finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=2))
events = [lc.StreamStartEvent(id="r1", model="gpt-4.1"),
          lc.StreamDeltaEvent(delta=lc.TextDelta(text="hi", part_index=0)),
          lc.StreamDeltaEvent(delta=lc.CitationDelta(text="c", url="http://x", title="t", part_index=0)),
          lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input='{"q":"x"}', id="call_1", name="get", part_index=1)),
          lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=2))]
turn = lc.Turn(request=req, response=resp) if hasattr(lc, "Turn") else None

def enc_stream(p):
    def w(evs):
        e = lc.stream.Encoder(p)
        return [outcome(e.feed, ev) for ev in evs] + [outcome(lambda _: e.close(), None)]
    return w
entries = {}
for p in P:
    entries[f"build {p}"] = (req, lambda v, p=p: lc.build_request(p, v).body)
    entries[f"build {p} stream"] = (req, lambda v, p=p: lc.build_request(p, v, stream=True).body)
    entries[f"encode_response {p}"] = (resp, lambda v, p=p: lc.encode_response(p, v))
    entries[f"Encoder {p}"] = (events, enc_stream(p))
for p in P:
    body = lc.encode_response(p, resp)
    entries[f"translate_response {p}->anthropic req="] = (req, lambda v, p=p, body=body: lc.translate_response(p, "anthropic", body, request=v))
entries["assemble"] = (events, lambda v: lc.encode(lc.stream.assemble(v)))
entries["encode req"] = (req, lc.encode)
entries["encode resp"] = (resp, lc.encode)
entries["msgpack"] = (resp, lc.msgpack.encode)
def jl(v):
    b = io.BytesIO(); lc.jsonl.write(b, [v]); return b.getvalue()
entries["jsonl"] = (turn, jl)
def arrow(v):
    import lmcodec.arrow as la
    t = la.to_table([v]); return repr(t.to_pylist())
entries["arrow turn"] = (turn, arrow)
entries["llm from_turn"] = (turn, lambda v: msgspec.json.encode(lcllm.from_turn(v)) if not isinstance(lcllm.from_turn(v), (bytes, str)) else lcllm.from_turn(v))
entries["to_lm15"] = (resp, lambda v: repr(lc.to_lm15(v)))

kinds = sys.argv[1:] or ["trivial", "extra", "deep", "postinit", "eq", "lmmod"]
for kind in kinds:
    make = factory(kind)
    bad = 0
    for name, (value, write) in entries.items():
        try:
            other = sub(value, make)
        except Exception as e:
            print(kind, name, "cannot build subclass", type(e).__name__, e); bad += 1; continue
        a, b = blank(outcome(write, value)), blank(outcome(write, other))
        if a != b:
            bad += 1
            print(f"[{kind}] {name}:\n   exact: {str(a)[:300]}\n   sub:   {str(b)[:300]}")
    print(f"== {kind}: {bad} of {len(entries)} differ")
