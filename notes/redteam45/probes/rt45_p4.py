import os, sys, json; sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from _h import *
from tests.stream.write_support import chat_completion
def chunk(delta, finish=None):
    return ("data: " + json.dumps({"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}]}) + "\n\n").encode()
END = b"data: [DONE]\n\n"
tc = lambda args: chunk({"role": "assistant", "content": None}) + chunk({"tool_calls": [{"index": 0, "id": "call_a", "type": "function", "function": {"name": "f", "arguments": args}}]}) + chunk({}, "tool_calls") + END
for name, body in {"tc_blank": tc(" "), "tc_surr": tc('{"a":"\\ud800"}')}.items():
    for dst, read in READ.items():
        try:
            out = b"".join(lc.stream.translate("openai_chat", dst, [body], request=REQUEST))
            got = read(out); print(name, dst, got["tool_calls"])
        except Exception as e:
            print(name, dst, type(e).__name__, str(e)[:100])
body = chunk({"role": "assistant", "content": None}) + chunk({"tool_calls": [{"index": 0, "id": "call_a", "type": "function", "function": {"name": "g", "arguments": '{"b":2}'}}]}) + chunk({"function_call": {"name": "f", "arguments": '{"a":1}'}}) + chunk({}, "tool_calls") + END
m = chat_completion(body).choices[0].message
print("source SDK:", m.tool_calls, m.function_call)
m = chat_completion(b"".join(lc.stream.translate("openai_chat", "openai_chat", [body], request=REQUEST))).choices[0].message
print("chat client:", m.tool_calls, m.function_call)
