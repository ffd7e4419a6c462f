import sys, os; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import check
from newer_openai import ch, D
tc = lambda i, idx, cid, args: ch({"tool_calls": [{"index": i, "id": cid, "type": "function", "function": {"name": "f", "arguments": args}}]}, idx=idx)
cases = {
 "calls_both_choices_same_index": tc(0, 0, "a", "{}") + tc(0, 1, "b", '{"x":1}') + ch({}, "tool_calls", idx=0) + ch({}, "tool_calls", idx=1) + D,
 "call_frag_interleaved_choices": tc(0, 0, "a", '{"x":') + tc(0, 1, "b", '{"y":') + ch({"tool_calls": [{"index": 0, "function": {"arguments": "1}"}}]}, idx=0) + ch({"tool_calls": [{"index": 0, "function": {"arguments": "2}"}}]}, idx=1) + ch({}, "tool_calls") + D,
 "refusal_second_choice": ch({"content": "ok"}, idx=0) + ch({"refusal": "no"}, idx=1) + ch({}, "stop", idx=0) + ch({}, "content_filter", idx=1) + D,
 "audio_second_choice": ch({"content": "ok"}, idx=0) + ch({"audio": {"id": "au", "data": "UklG", "transcript": "t"}}, idx=1) + ch({}, "stop") + D,
 "finish_differs": ch({"content": "a"}, idx=0) + ch({"content": "b"}, idx=1) + ch({}, "length", idx=1) + ch({}, "stop", idx=0) + D,
}
if __name__ == "__main__":
    bad = [k for k, v in cases.items() if check("openai_chat", v, k)]
    print(len(cases), "cases,", len(bad), "failing:", bad)
