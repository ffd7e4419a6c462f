import re, msgspec, lmcodec as lc
big = "x" * 3000
inputs = {
 "ascii big": {"a": big},
 "quotes big": {"a": '"\\' * 1500, 'k"\\': 1},
 "ctl big": {"a": "\x01\n\t\x1f" * 800},
 "del big": {"a": "\x7f" * 3000},
 "nonascii big": {"a": "é" * 3000},
 "u2028 big": {"a": "\u2028" * 3000},
 "bigint": {"a": big, "n": 2**70, "m": -2**64},
 "float big": {"a": big, "f": 1e-7, "g": 1e22, "h": -0.0},
 "nan big": {"a": big, "f": float("nan")},
 "nested": {"a": [[big]] * 2, "b": {"c": [True, False, None]}},
 "many small": None,
 "int keys": {1: big},
 "slash": {"a": "</script>/" * 400},
 "lone surrogate": {"a": big + "\ud800"},
 "value wrap": {"value": [1, 2, big]},
 "partial_json": {"partial_json": '{"a": "' + big},
}
for name, inp in inputs.items():
    if inp is None:
        parts = tuple(lc.ToolCallPart(id=f"c{i}", name="f", input={"i": i}) for i in range(50))
    else:
        parts = (msgspec.structs.replace(lc.ToolCallPart(id="c1", name="f", input={"x": 1}), input=inp),)
    resp = lc.Response(id="r", model="m", message=lc.Message(role="assistant", parts=parts), finish_reason="tool_call", usage=lc.Usage())
    for p in ["openai", "openai_chat"]:
        try:
            out = lc.encode_response(p, resp)
            out = re.sub(rb'"(created|created_at)":\d+', b'T', out)
            out = re.sub(rb'(msg|fc|chatcmpl|resp|call)[-_][A-Za-z0-9]+', b'ID', out)
            print(name, p, "OK", out.decode("utf-8", "backslashreplace"))
        except Exception as e:
            print(name, p, type(e).__name__, str(e)[:200])
