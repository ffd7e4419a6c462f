"""Two answers in one body (a gateway retry replayed after a partial answer), deltas for blocks never
started, ids changing mid-stream."""
import sys, os, io, contextlib, json; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import check, sse
with contextlib.redirect_stdout(io.StringIO()):
    import anthropic_features as A, chat_features as C, responses_features as R, gemini_features as G
a_part = A.start() + A.bstart(0, {"type": "text", "text": ""}) + A.delta(0, {"type": "text_delta", "text": "par"})
r_full = R.cases["text"]
cases = [
 ("anthropic", "partial_then_full", a_part + A.cases["ping_everywhere"]),
 ("anthropic", "full_twice", A.cases["thinking_signature"] * 2),
 ("anthropic", "delta_unstarted_index", A.start() + A.delta(3, {"type": "text_delta", "text": "x"}) + A.bstop(3) + A.mdelta() + A.mstop()),
 ("anthropic", "stop_unknown_index", A.start() + A.text_block(0) + A.bstop(7) + A.mdelta() + A.mstop()),
 ("anthropic", "input_delta_on_text_block", A.start() + A.bstart(0, {"type": "text", "text": ""}) + A.delta(0, {"type": "input_json_delta", "partial_json": "{}"}) + A.bstop(0) + A.mdelta() + A.mstop()),
 ("anthropic", "text_delta_on_tool_block", A.start() + A.bstart(0, {"type": "tool_use", "id": "t", "name": "f", "input": {}}) + A.delta(0, {"type": "text_delta", "text": "x"}) + A.bstop(0) + A.mdelta("tool_use") + A.mstop()),
 ("openai", "full_twice", r_full * 2),
 ("openai", "partial_then_full", r_full[: len(r_full) // 2].rsplit(b"\n\n", 1)[0] + b"\n\n" + r_full),
 ("openai_chat", "two_ids", C.cases["plain"].replace(b"[DONE]", b"x").split(b"data: x")[0] + C.cases["plain"].replace(b"chatcmpl-1", b"chatcmpl-2")),
 ("openai_chat", "done_twice", C.cases["plain"] + C.cases["plain"]),
 ("gemini", "response_id_changes", b"".join(sse(dict(c, responseId=f"r{i}")) for i, c in enumerate(G.CH["text"]))),
 ("gemini", "model_version_changes", b"".join(sse(dict(c, modelVersion=f"g{i}")) for i, c in enumerate(G.CH["text"]))),
 ("gemini", "full_twice", b"".join(sse(c) for c in G.CH["fc_with_id"] * 2)),
]
bad = [(p, k) for p, k, body in cases if check(p, body, k)]
print(len(cases), "cases,", len(bad), "failing:", bad)
