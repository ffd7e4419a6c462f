import json
import lm15.types as T
from lm15 import serde
import lmcodec as lc

PARTS = {"TextPart","ThinkingPart","RefusalPart","ToolCallPart","ToolResultPart","ImagePart","AudioPart","VideoPart","DocumentPart","CitationPart","DataPart"}
DELTAS = {n for n in dir(T) if n.endswith("Delta")}
EVENTS = {n for n in dir(T) if n.endswith("Event") and n.startswith("Stream")}

def lm15_json(o):
    n = type(o).__name__
    if isinstance(o, T.Part.__args__ if hasattr(T.Part, "__args__") else ()):
        d = serde.part_to_dict(o)
    else:
        import re
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", n).lower()
        fn = getattr(serde, snake + "_to_dict", None)
        if fn is None:
            if n in DELTAS: fn = serde.delta_to_dict
            elif n in EVENTS: fn = serde.stream_event_to_dict
            elif n in PARTS: fn = serde.part_to_dict
            elif n in ("FunctionTool","BuiltinTool"): fn = serde.tool_to_dict
        d = fn(o)
    return json.dumps(d, separators=(",", ":"), ensure_ascii=False)

def both(name, *a, **k):
    r = {}
    for lib, mod in (("lm15", T), ("lc", lc)):
        try:
            o = getattr(mod, name)(*a, **k)
            if lib == "lm15":
                try:
                    v = lm15_json(o)
                except Exception as e:
                    v = "SERDE-ERR " + type(e).__name__ + ": " + str(e)[:80]
            else:
                try:
                    v = lc.encode(o).decode("utf-8", "surrogatepass")
                except Exception as e:
                    v = "ENC-ERR " + type(e).__name__ + ": " + str(e)[:80]
            r[lib] = ("ok", v)
        except Exception as e:
            r[lib] = ("err", type(e).__name__, str(e)[:100])
    return r
