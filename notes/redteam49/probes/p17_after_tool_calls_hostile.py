"""Hostile after_tool_calls values in a Chat client's thinking_blocks: an lc error or a right reading."""
import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
def body(places, ncalls):
    blocks = []
    for i, p in enumerate(places):
        e = {"index": i, "type": "thinking", "thinking": f"t{i}", "signature": f"s{i}"}
        if p is not Ellipsis: e["after_tool_calls"] = p
        blocks.append(e)
    calls = [{"id": f"c{k}", "type": "function", "function": {"name": "f", "arguments": "{}"}} for k in range(ncalls)]
    msg = {"role": "assistant", "content": None, "thinking_blocks": blocks}
    if calls: msg["tool_calls"] = calls
    msgs = [{"role": "user", "content": "hi"}, msg] + [{"role": "tool", "tool_call_id": f"c{k}", "content": "r"} for k in range(ncalls)]
    return json.dumps({"model": "claude-sonnet-4-5", "messages": msgs, "tools": [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]}, allow_nan=True).encode()
CASES = [([-1], 1), ([10**30], 1), ([True], 1), ([1.0], 1), (["1"], 1), ([None], 1), ([[1]], 1), ([{"a": 1}], 1), ([1], 0), ([0, 2, 1], 2),
         ([float("nan")], 1), ([float("inf")], 1), ([2**63], 2), ([0, 1, 1], 2), ([Ellipsis, 1], 2), ([1, 1], 2), ([2], 2)]
lc_errors = other = read = 0
for places, n in CASES:
    for route in ("decode_request", "anthropic", "openai", "gemini", "openai_chat"):
        try:
            raw = body(places, n)
            if route == "decode_request":
                r = lc.decode_request("openai_chat", raw); got = "read"
            else:
                lc.translate_request("openai_chat", route, raw); got = "read"
            read += 1
        except lc.LmcodecError as e:
            lc_errors += 1; got = f"lc {type(e).__name__}"
        except Exception as e:
            other += 1; got = f"BARE {type(e).__name__}: {e}"
        if got.startswith("BARE") or route == "anthropic": print(str(places)[:24], n, route, got[:150])
print("lc errors", lc_errors, "read", read, "bare", other)
