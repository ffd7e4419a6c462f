import os, sys, json; sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from _h import *
def chunk(delta, finish=None):
    return ("data: " + json.dumps({"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}]}) + "\n\n").encode()
END = b"data: [DONE]\n\n"
shapes = {
 "tool_calls_then_legacy": chunk({"role": "assistant", "content": None})
   + chunk({"tool_calls": [{"index": 0, "id": "call_a", "type": "function", "function": {"name": "g", "arguments": '{"b":2}'}}]})
   + chunk({"function_call": {"name": "f", "arguments": '{"a":1}'}})
   + chunk({}, "tool_calls") + END,
 "legacy_then_tool_calls": chunk({"role": "assistant", "content": None})
   + chunk({"function_call": {"name": "f", "arguments": ''}})
   + chunk({"function_call": {"arguments": '{"a":1}'}})
   + chunk({"tool_calls": [{"index": 0, "id": "call_a", "type": "function", "function": {"name": "g", "arguments": '{"b":2}'}}]})
   + chunk({}, "function_call") + END,
 "legacy_cut_args": chunk({"role": "assistant", "content": None})
   + chunk({"function_call": {"name": "f", "arguments": '{"a":'}})
   + chunk({"function_call": {"arguments": '1}'}})
   + chunk({}, "function_call") + END,
 "legacy_text_then_call": chunk({"role": "assistant", "content": "hi"})
   + chunk({"function_call": {"name": "f", "arguments": '{"a":1}'}})
   + chunk({}, "function_call") + END,
 "legacy_two_names": chunk({"role": "assistant", "content": None})
   + chunk({"function_call": {"name": "f", "arguments": '{"a":1}'}})
   + chunk({"function_call": {"name": "f", "arguments": ''}})
   + chunk({}, "function_call") + END,
 "legacy_blank_args": chunk({"role": "assistant", "content": None})
   + chunk({"function_call": {"name": "f", "arguments": ' '}})
   + chunk({}, "function_call") + END,
 "legacy_no_name": chunk({"role": "assistant", "content": None})
   + chunk({"function_call": {"arguments": '{"a":1}'}})
   + chunk({}, "function_call") + END,
 "legacy_lone_surrogate": chunk({"role": "assistant", "content": None})
   + chunk({"function_call": {"name": "f", "arguments": '{"a":"\\ud800'}})
   + chunk({"function_call": {"arguments": '"}'}})
   + chunk({}, "function_call") + END,
}
for name, body in shapes.items():
    try:
        src = sdk_chat(body)
        print(f"== {name}: SDK source text={src['text']!r} calls={[(n,a) for _,n,a in src['tool_calls']]} fc={src.get('function_call')} fin={src['finish_reason']}")
    except Exception as e:
        print(f"== {name}: SDK source raises {type(e).__name__}: {str(e)[:120]}")
    for dst, read in READ.items():
        try:
            out = b"".join(lc.stream.translate("openai_chat", dst, [body], request=REQUEST))
        except Exception as e:
            print(f"   {dst:11} translate raises {type(e).__module__}.{type(e).__name__}: {str(e)[:150]}")
            continue
        try:
            got = read(out)
            print(f"   {dst:11} text={got['text']!r} calls={[(n,a) for _,n,a in got['tool_calls']]} fc={got.get('function_call')} fin={got['finish_reason']}")
        except Exception as e:
            print(f"   {dst:11} client SDK raises {type(e).__name__}: {str(e)[:150]}")
