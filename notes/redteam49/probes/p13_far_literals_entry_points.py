"""1e400 / -1e400 / NaN / Infinity in untyped positions: lmcodec vs json.loads / lm15."""
import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
for lit in ("1e400", "-1E400", "NaN", "Infinity", "-0", "-0.0", "1e-400", "1" * 400, "0." + "0" * 400 + "1", "1" * 400 + ".5"):
    rows = []
    part = ('{"type":"tool_call","id":"a","name":"f","input":{"x":[1,%s]}}' % lit).encode()
    try:
        v = lc.decode(part, lc.Part).input["x"][1]; rows.append(("lc.decode", repr(v)[:24]))
    except Exception as e: rows.append(("lc.decode", f"{type(e).__name__}: {str(e)[:70]}"))
    try:
        j = json.loads(part)["input"]["x"][1]; rows.append(("json.loads", repr(j)[:24]))
    except Exception as e: rows.append(("json.loads", type(e).__name__))
    # Chat response body with arguments holding the literal
    body = {"id": "c", "object": "chat.completion", "created": 1, "model": "m", "choices": [{"index": 0, "message": {"role": "assistant", "content": None,
            "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "f", "arguments": '{"x":%s}' % lit}}]}, "finish_reason": "tool_calls"}]}
    try:
        r = lc.decode_response("openai_chat", json.dumps(body).encode()); rows.append(("decode_response chat", repr([p for p in r.message.parts][0].input)[:40]))
    except Exception as e: rows.append(("decode_response chat", f"{type(e).__name__}: {str(e)[:70]}"))
    print(lit[:20], rows)
