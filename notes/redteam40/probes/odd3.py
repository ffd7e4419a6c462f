import enum, math, msgspec, lmcodec as lc
class Role(str, enum.Enum):
    U = "user"; A = "assistant"
class Fin(str, enum.Enum):
    S = "stop"
class IE(enum.IntEnum):
    X = 3
user = lc.Message(role="user", parts=(lc.TextPart(text="hi"),))
nan_call = msgspec.structs.replace(lc.ToolCallPart(id="c1", name="f", input={"x": 1}), input={"x": float("nan"), "y": float("inf")})
asst = lc.Message(role="assistant", parts=(nan_call,))
req = lc.Request(model="m", messages=(user, asst, lc.Message(role="tool", parts=(lc.ToolResultPart(id="c1", content=(lc.TextPart(text="r"),)),))))
resp = lc.Response(id="r", model="m", message=asst, finish_reason="tool_call", usage=lc.Usage())
re_role = msgspec.structs.replace(req, messages=(msgspec.structs.replace(user, role=Role.U),))
rs_fin = msgspec.structs.replace(lc.Response(id="r", model="m", message=lc.Message(role="assistant", parts=(lc.TextPart(text="yo"),)), finish_reason="stop", usage=lc.Usage()), finish_reason=Fin.S)
rs_int = msgspec.structs.replace(lc.Response(id="r", model="m", message=lc.Message(role="assistant", parts=(lc.TextPart(text="yo"),)), finish_reason="stop", usage=lc.Usage(input_tokens=1)), usage=lc.Usage(input_tokens=IE.X))
ie_call = lc.Response(id="r", model="m", message=lc.Message(role="assistant", parts=(msgspec.structs.replace(lc.ToolCallPart(id="c1", name="f", input={"n": 1}), input={"n": IE.X, "r": Role.U}),)), finish_reason="tool_call", usage=lc.Usage())
for p in ["openai", "openai_chat", "anthropic", "gemini"]:
    for what, f in [
        ("build nan", lambda: lc.build_request(p, req)),
        ("encresp nan", lambda: lc.encode_response(p, resp)),
        ("build role enum", lambda: lc.build_request(p, re_role)),
        ("encresp fin enum", lambda: lc.encode_response(p, rs_fin)),
        ("encresp usage intenum", lambda: lc.encode_response(p, rs_int)),
        ("encresp call input enums", lambda: lc.encode_response(p, ie_call)),
        ("stream encode call enums", lambda: b"".join(lc.stream.encode(p, [lc.StreamStartEvent(id="r", model="m"), lc.StreamDeltaEvent(delta=lc.ToolCallDelta(part_index=0, id="c", name="f", input="{\"a\":1}")), lc.StreamEndEvent(finish_reason=Fin.S, usage=lc.Usage(input_tokens=IE.X))]))),
    ]:
        try:
            out = f()
            s = out.body if hasattr(out, "body") else out
            print(p, what, "OK", str(s)[:160])
        except lc.LmcodecError as e:
            print(p, what, "LC", type(e).__name__, str(e)[:160])
        except Exception as e:
            print(p, what, "BARE", type(e).__name__, str(e)[:160])
