"""Differential: lm15.types constructors vs lmcodec on odd arguments."""
import math, pickle, copy, json
import lm15.types as T
import lmcodec as lc
from lm15 import serde

def run(name, *a, **k):
    r = {}
    for lib, mod in (("lm15", T), ("lc", lc)):
        try:
            o = getattr(mod, name)(*a, **k)
            if lib == "lm15":
                try:
                    v = json.dumps(getattr(serde, "to_dict")(o) if hasattr(serde, "to_dict") else None, ensure_ascii=False)
                except Exception as e:
                    v = repr(o)
            else:
                v = lc.encode(o).decode()
            r[lib] = ("ok", v)
        except Exception as e:
            r[lib] = ("err", type(e).__name__, str(e)[:100])
    same = r["lm15"][0] == r["lc"][0]
    if not same:
        print("DIFF", name, a, k, r)
    return r

cases = [
 ("TextPart", ("",), {}), ("TextPart", (5,), {}), ("TextPart", (None,), {}), ("TextPart", ("\ud800",), {}),
 ("TextPart", ("a\x00b",), {}), ("RefusalPart", ("",), {}), ("ThinkingPart", ("",), {}),
 ("ToolCallPart", ("id", "n", {"a": float("nan")}), {}), ("ToolCallPart", ("id", "n", {1: 2}), {}),
 ("ToolCallPart", ("", "n", {}), {}), ("ToolCallPart", ("id", "", {}), {}), ("ToolCallPart", ("id", "n", {"a": 10**40}), {}),
 ("ToolCallPart", ("id", "n", {"a": float("inf")}), {}), ("ToolCallPart", ("id", "n", {"a": (1,2)}), {}),
 ("ToolCallPart", ("id", "n", {"a": -0.0}), {}), ("ToolCallPart", ("id", "n", {"a": 5e-324}), {}), ("ToolCallPart", ("id", "n", {"a": 1e308}), {}),
 ("ToolCallPart", ("id", "n", {"a": "\ud800"}), {}), ("ToolCallPart", ("id", "n", {"\ud800": 1}), {}),
 ("ToolCallPart", ("id", "n", []), {}), ("ToolCallPart", ("id", "n", None), {}),
 ("ToolResultPart", ("id", []), {}), ("ToolResultPart", ("", []), {}), ("ToolResultPart", ("id", "x"), {}),
 ("ImagePart", (), {}), ("ImagePart", (), {"url": "x", "data": "AAAA"}), ("ImagePart", (), {"data": "AAA"}), ("ImagePart", (), {"data": "data:image/png;base64,AAAA"}),
 ("ImagePart", (), {"path": ""}), ("ImagePart", (), {"path": "C:\\a.png"}), ("ImagePart", (), {"url": ""}),
 ("ImagePart", (), {"data": " AA AA\n"}), ("ImagePart", (), {"data": "===="}), ("ImagePart", (), {"data": "A==="}),
 ("Usage", (), {"input_tokens": -1}), ("Usage", (), {"input_tokens": True}), ("Usage", (), {"input_tokens": 2.0}), ("Usage", (), {"input_tokens": 2.5}),
 ("Usage", (), {"input_tokens": 10**30}), ("Usage", (), {"input_tokens": 2**63}), ("Usage", (), {"input_tokens": 2**64}),
 ("Config", (), {"temperature": float("nan")}), ("Config", (), {"temperature": float("inf")}), ("Config", (), {"temperature": 1}),
 ("Config", (), {"temperature": True}), ("Config", (), {"temperature": -0.0}), ("Config", (), {"max_tokens": 0}), ("Config", (), {"max_tokens": -1}),
 ("Config", (), {"seed": 0}), ("Config", (), {"seed": -5}), ("Config", (), {"seed": 10**30}), ("Config", (), {"stop": "x"}), ("Config", (), {"stop": []}),
 ("Config", (), {"top_k": 0}), ("Config", (), {"logprobs": -1}), ("Config", (), {"temperature": 1e400}),
 ("Config", (), {"extensions": {"a": float("nan")}}), ("Config", (), {"response_format": {}}),
 ("Message", ("user", []), {}), ("Message", ("bogus", []), {}), ("Message", ("assistant", []), {}),
 ("Message", ("tool", []), {}), ("Message", ("user", ()), {}), ("Message", ("system", []), {}),
 ("FunctionTool", ("",), {}), ("FunctionTool", ("n",), {"parameters": {}}), ("FunctionTool", ("n",), {"parameters": None}),
 ("TextDelta", ("x",), {}), ("TextDelta", ("x", -1), {}), ("TextDelta", ("x", True), {}), ("TextDelta", ("x", 1.0), {}),
 ("ToolCallDelta", (), {}), ("ToolCallDelta", ("",), {}),
 ("TokenLogprob", ("t", float("nan")), {}), ("TokenLogprob", ("t", 1), {}), ("TokenLogprob", ("t", float("-inf")), {}),
]
for c in cases:
    try:
        run(c[0], *c[1], **c[2])
    except AttributeError as e:
        print("missing", c[0], e)
