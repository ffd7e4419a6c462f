"""Instruction counts (callgrind) at n and 2n: lc.stream.translate of red team 41's feature shapes
(its probes/scaling.py) to every dialect, and lc.translate_response of whole bodies of the same
features (a pair per shape; `--all`: every destination). A run whose translation is refused (an lc error) is measured as it stands."""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "../../.."))
sys.path[:0] = [HERE, os.path.join(ROOT, "notes/redteam41/probes"), os.path.join(ROOT, "notes/redteam41"),
                os.path.join(ROOT, "benchmarks"), os.path.join(ROOT, "src"), ROOT]
STREAM_SHAPES = ["anth_citations", "anth_signature_deltas", "resp_annotations", "resp_items", "resp_summary_parts",
                 "chat_tool_calls", "chat_refusal", "gem_thought_alternating", "gem_grounding_each"]
WIRES = ["openai", "openai_chat", "anthropic", "gemini"]
N = 300
SMALL = {("anth_citations", "openai"), ("anth_signature_deltas", "openai_chat"), ("resp_annotations", "anthropic"),
         ("resp_items", "openai"), ("chat_tool_calls", "gemini"), ("gem_thought_alternating", "openai"),
         ("body_anth_citations", "openai"), ("body_anth_thinking", "openai_chat"), ("body_resp_annotations", "anthropic"),
         ("body_chat_calls", "anthropic"), ("body_gem_signed", "openai")}
FULL = "--all" in sys.argv


def body_shapes():
    cit = {"type": "web_search_result_location", "cited_text": "a", "url": "https://u", "title": "U", "encrypted_index": "E"}
    return {
        "body_anth_citations": ("anthropic", lambda n: json.dumps({"id": "m", "type": "message", "role": "assistant", "model": "c",
            "content": [{"type": "text", "text": "x", "citations": [cit]} for _ in range(n)], "stop_reason": "end_turn",
            "usage": {"input_tokens": 1, "output_tokens": 1}}).encode()),
        "body_anth_thinking": ("anthropic", lambda n: json.dumps({"id": "m", "type": "message", "role": "assistant", "model": "c",
            "content": [b for i in range(n) for b in ({"type": "thinking", "thinking": "t", "signature": "Eq"}, {"type": "tool_use", "id": f"toolu_{i}", "name": "f", "input": {"a": i}})],
            "stop_reason": "tool_use", "usage": {"input_tokens": 1, "output_tokens": 1}}).encode()),
        "body_resp_annotations": ("openai", lambda n: json.dumps({"id": "r", "object": "response", "created_at": 1, "status": "completed", "model": "g",
            "output": [{"id": "m", "type": "message", "status": "completed", "role": "assistant", "content": [{"type": "output_text", "text": "x" * n,
                "annotations": [{"type": "url_citation", "start_index": i, "end_index": i + 1, "url": "https://x", "title": "X"} for i in range(n)]}]}],
            "usage": {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}}).encode()),
        "body_chat_calls": ("openai_chat", lambda n: json.dumps({"id": "c", "object": "chat.completion", "created": 1, "model": "g",
            "choices": [{"index": 0, "message": {"role": "assistant", "content": None, "tool_calls": [
                {"id": f"call_{i}", "type": "function", "function": {"name": "f", "arguments": '{"a":1}'}} for i in range(n)]}, "finish_reason": "tool_calls"}]}).encode()),
        "body_gem_signed": ("gemini", lambda n: json.dumps({"candidates": [{"content": {"role": "model", "parts": [p for _ in range(n) for p in
            ({"text": "t", "thought": True}, {"functionCall": {"name": "f", "args": {}}, "thoughtSignature": "c2ln"})]}, "finishReason": "STOP"}],
            "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}}).encode()),
    }


def work():
    import scaling
    for name in STREAM_SHAPES:
        prov, mk = scaling.SHAPES[name]
        for dst in WIRES:
            if FULL or (name, dst) in SMALL:
                yield f"stream {name} -> {dst}", "stream", prov, dst, mk
    for name, (prov, mk) in body_shapes().items():
        for dst in WIRES:
            if FULL or (name, dst) in SMALL:
                yield f"body {name} -> {dst}", "body", prov, dst, mk


if __name__ == "__main__" and sys.argv[1:2] == ["--inner"]:
    import lmcodec as lc
    REQUEST = None  # the SDK-importing test helpers made the run under callgrind too slow

    def run(kind, src, dst, body):
        try:
            if kind == "stream":
                for _ in lc.stream.translate(src, dst, [body], request=REQUEST):
                    pass
            else:
                lc.translate_response(src, dst, body, request=REQUEST)
        except lc.LmcodecError:
            pass
    jobs = [(kind, src, dst, mk(n)) for _, kind, src, dst, mk in work() for n in (N, 2 * N)]
    for kind, src, dst, body in jobs[:1] + [j for j in jobs if j[0] == "body"][:1]:
        run(kind, src, dst, body)  # warm imports
    os.getppid()
    for job in jobs:
        run(*job)
        os.getppid()
elif __name__ == "__main__":
    from callgrind_support import marked_dumps, total
    names = [n for n, *_ in work()]
    with marked_dumps(__file__, *[a for a in sys.argv[1:] if a == "--all"]) as dump:
        counts = [total(dump(k)) for k in range(2, 2 + 2 * len(names))]
    worst = 0.0
    for i, name in enumerate(names):
        a, b = counts[2 * i], counts[2 * i + 1]
        worst = max(worst, b / a)
        print(f"{name:52s} n={N}: {a/1e6:8.2f}M  2n: {b/1e6:8.2f}M  x{b/a:.2f}")
    print(f"largest ratio x{worst:.2f}")
