import sys, json, pathlib
sys.path.insert(0, "notes/redteam38/probes")
import lm15.types as T
import lmcodec as lc
from common import lm15_json

def norm(lib, o):
    if lib == "lm15":
        try: return ("ok", json.loads(lm15_json(o)))
        except Exception: return ("ok", repr(o))
    try: return ("ok", json.loads(lc.encode(o)))
    except Exception: return ("ok", repr(o))

def cmp(label, f_lm15, f_lc):
    r = {}
    for lib, f in (("lm15", f_lm15), ("lc", f_lc)):
        try:
            v = f()
            if hasattr(v, "__struct_fields__") or hasattr(v, "__dataclass_fields__"):
                r[lib] = norm(lib, v)
            elif isinstance(v, tuple) and v and (hasattr(v[0], "__struct_fields__") or hasattr(v[0], "__dataclass_fields__")):
                r[lib] = ("ok", [norm(lib, x)[1] for x in v])
            else:
                r[lib] = ("ok", v)
        except Exception as e:
            r[lib] = ("err", type(e).__name__, str(e)[:100])
    a, b = r["lm15"], r["lc"]
    if a[0] != b[0] or (a[0] == "ok" and a[1] != b[1]) or (a[0] == "err" and a[1] != b[1]):
        print("DIFF", label, "\n  lm15:", a, "\n  lc:  ", b)

def both(label, expr):
    cmp(label, lambda: eval(expr, {"M": T, "pathlib": pathlib, "float": float}), lambda: eval(expr, {"M": lc, "pathlib": pathlib, "float": float}))

E = [
 'M.text("")', 'M.text(5)', 'M.text("a", continuation=None)', 'M.text("a", continuation=[])',
 'M.text("a", continuation=M.ContinuationState("p","k",{}))',
 'M.thinking("")', 'M.refusal("")', 'M.refusal("x")',
 'M.image(url="u")', 'M.image(data=b"abc")', 'M.image(data=b"")', 'M.image(data="AAAA")', 'M.image(data=b"abc", media_type="image/jpeg")',
 'M.image(path="a.png")', 'M.image(path=pathlib.PurePosixPath("a/b.png"))', 'M.image(path=pathlib.PureWindowsPath("C:\\\\a\\\\b.png"))',
 'M.image(path="x.unknownext")', 'M.image(url="https://e/a.jpg")', 'M.image(url="https://e/a.JPG?x=1")', 'M.image(url="u", detail="high")', 'M.image(url="u", detail="bogus")',
 'M.image()', 'M.image(url="u", data=b"a")', 'M.audio(data=b"abc")', 'M.audio(url="https://e/a.mp3")', 'M.audio(path="a.wav")',
 'M.video(path="a.mp4")', 'M.document(path="a.pdf")', 'M.document(url="https://e/x")', 'M.binary(data=b"x")', 'M.binary(path="a.bin")',
 'M.document(data="not base64")', 'M.image(data=bytearray(b"ab"))', 'M.image(data=memoryview(b"ab"))',
 'M.citation()', 'M.citation(url="")', 'M.citation(text="t")',
 'M.data(None)', 'M.data(float("nan"))', 'M.data({"a":1}, probabilities={"x":{"a":1}})', 'M.data(1, method="provider_classification")',
 'M.data(1, probabilities={"x":{"a":0.5}}, method="provider_classification")', 'M.data(1, probabilities={"x":{"a":2.0}}, method="provider_classification")',
 'M.data(1, probabilities={"x":{"a":-0.1}}, method="provider_classification")', 'M.data(1, probabilities={"x":{"a":True}}, method="provider_classification")',
 'M.tool_call("i","n",{})', 'M.tool_call("i","n",{"a":(1,2)})', 'M.tool_call("i","n",{"a":{1,2}})', 'M.tool_call("","n",{})',
 'M.tool_result("i","x")', 'M.tool_result("i",[M.text("a")])', 'M.tool_result("i",M.text("a"))', 'M.tool_result("i",[])', 'M.tool_result("i","")',
 'M.tool_result("i","x",name="")', 'M.tool_result("i","x",is_error=1)', 'M.tool_result("i",{"a":1})', 'M.tool_result("i",5)', 'M.tool_result("i",None)',
 'M.tool_result("i",[M.tool_call("a","b",{})])', 'M.tool_result("i",[M.thinking("x")])', 'M.tool_result("i",["x","y"])',
 'M.Message.user("hi")', 'M.Message.user("")', 'M.Message.user([M.text("a")])', 'M.Message.user(["a", M.text("b")])', 'M.Message.user(5)', 'M.Message.user([])',
 'M.Message.assistant("hi")', 'M.Message.assistant([M.tool_call("i","n",{})])', 'M.Message.developer("x")',
 'M.Message.tool({"i": "r"})', 'M.Message.tool({})', 'M.Message.tool({"i": [M.text("a")]})', 'M.Message.tool([M.tool_result("i","x")])', 'M.Message.tool("x")',
 'M.Message.user("hi").text', 'M.Message.user([M.text("a"), M.text("b")]).text', 'M.Message.assistant([M.thinking("t"), M.text("a")]).text',
 'M.Message.user("hi").first(M.TextPart)', 'M.Message.user("hi").first(M.ImagePart)', 'M.Message.user("hi").parts_of(M.TextPart)',
 'M.Message.user("hi").first("text")', 'M.Message.user("hi").parts_of("text")',
 'M.ToolChoice.from_tools(["a"])', 'M.ToolChoice.from_tools([])', 'M.ToolChoice.from_tools("a")', 'M.ToolChoice.from_tools(None)', 'M.ToolChoice.from_tools(["a","a"])',
 'M.ToolChoice.from_tools([M.FunctionTool("f")])', 'M.ToolChoice.from_tools(True)', 'M.ToolChoice.from_tools(False)', 'M.ToolChoice.from_tools("auto")', 'M.ToolChoice.from_tools("required")', 'M.ToolChoice.from_tools("none")',
 'M.effort_for_budget(0)', 'M.effort_for_budget(1)', 'M.effort_for_budget(1024)', 'M.effort_for_budget(4096)', 'M.effort_for_budget(10**9)', 'M.effort_for_budget(-1)', 'M.effort_for_budget(2.0)', 'M.effort_for_budget(True)',
 'M.Reasoning().is_off', 'M.Reasoning(effort="none").is_off', 'M.Reasoning(effort=None, thinking_budget=10).is_off',
 'M.continuation_data(M.text("a", continuation=M.ContinuationState("p","k",{"x":1})), "p", "k")',
 'M.continuation_data(M.text("a"), "p", "k")', 'M.continuation_data((), "p", "k")',
 'M.continuation_data(M.Message.user("x"), "p", "k")',
 'M.ToolCallInfo.from_part(M.tool_call("i","n",{"a":1}))', 'M.ToolCallInfo.from_part(M.text("x"))', 'M.ToolCallInfo("i","n",{}).to_part()',
 'M.FileUploadRequest(bytes_data=b"ab", media_type="x/y").bytes', 'M.FileUploadRequest(bytes_data="YWI=", media_type="x/y").bytes',
 'M.Config(stop="x")', 'M.Config(stop=("a","b"))', 'M.Config(stop=["a",5])', 'M.Config(tool_choice="auto")', 'M.Config(tool_choice=["f"])', 'M.Config(reasoning="high")', 'M.Config(reasoning=True)', 'M.Config(reasoning={"effort":"high"})',
 'M.Config(response_format={"type":"json_object"})', 'M.Config(cache=True)', 'M.Config(cache="auto")',
 'M.Request("m", [M.Message.user("x")], system="s")', 'M.Request("m", [M.Message.user("x")], system="")', 'M.Request("m", [M.Message.user("x")], system=[M.text("s")])',
 'M.Request("m", [])', 'M.Request("", [M.Message.user("x")])', 'M.Request("m", M.Message.user("x"))', 'M.Request("m", [M.Message.user("x")], tools=[M.FunctionTool("f"), M.FunctionTool("f")])',
 'M.Request("m", [M.Message.user("x")], tools=M.FunctionTool("f"))', 'M.Request("m", "hi")', 'M.Request("m", ["hi"])',
 'M.FunctionTool("f", parameters={})', 'M.FunctionTool("f", description="")', 'M.FunctionTool("f", parameters={"type":"object"})', 'M.BuiltinTool("web_search")', 'M.BuiltinTool("")',
 'M.Usage(input_tokens=5, output_tokens=3)', 'M.Usage(input_tokens=5, output_tokens=3, total_tokens=1)', 'M.Usage(reasoning_tokens=5)',
 'M.TopLogprob("t", 0.0)', 'M.TokenLogprob("t", -0.5, bytes=(1,2))', 'M.TokenLogprob("t", -0.5, bytes=(256,))', 'M.TokenLogprob("t", -0.5, bytes=[-1])', 'M.TokenLogprob("t", 0.5)',
 'M.ErrorDetail("rate_limit", "x")', 'M.ErrorDetail("bogus", "x")', 'M.ErrorDetail("rate_limit")',
 'M.ContinuationState("", "k", {})', 'M.ContinuationState("p", "", {})', 'M.ContinuationState("p", "k", None)', 'M.ContinuationState("p", "k", [])',
 'M.ContinuationDelta(0, "p", "k", {}).to_state()',
]
for e in E: both(e, e)
