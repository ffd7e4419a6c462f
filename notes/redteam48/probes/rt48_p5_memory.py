"""Probe 5: memory of a long-running gateway: N distinct tool names, schemas, models, unknown types, call
ids through each entry point; the traced memory after N/4, N/2 and N calls (tracemalloc, after gc)."""
from __future__ import annotations

import gc
import json
import os
import sys
import tracemalloc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import DIALECTS, lc  # noqa: E402

N = int(os.environ.get("RT48_N", "40000"))


def request(i: int) -> lc.Request:
    tool = lc.FunctionTool(name=f"tool_{i}", description=f"d{i}",
                           parameters={"type": "object", "properties": {f"p{i}": {"type": "string", "enum": [str(i)]}}})
    msgs = (lc.Message.user("hi"),
            lc.Message(role="assistant", parts=(lc.ToolCallPart(id=f"call_{i}_abcdefghijklmnopqrstuvwxyz0123456789", name=f"tool_{i}", input={"a": i}),)),
            lc.Message(role="tool", parts=(lc.ToolResultPart(id=f"call_{i}_abcdefghijklmnopqrstuvwxyz0123456789", content=(lc.TextPart("r"),)),)))
    return lc.Request(model=f"gemini-3-pro-{i}", messages=msgs, tools=(tool,))


def paths():
    bodies = {p: (lambda p=p: (lambda i: lc.build_request(p, request(i)).body)) for p in DIALECTS}
    yield from ((f"build_request {p}", f()) for p, f in bodies.items())
    def dec(p):
        def run(i):
            return lc.decode_request(p, lc.build_request(p, request(i)).body)
        return run
    yield from ((f"decode_request {p}", dec(p)) for p in DIALECTS)
    def tr(src, dst):
        def run(i):
            body = json.loads(lc.build_request(src, request(i)).body)
            return lc.translate_request(src, dst, json.dumps(body).encode(), model=f"gemini-3-{i}", stream=False).body
        return run
    for src, dst in (("openai_chat", "gemini"), ("anthropic", "openai"), ("openai", "anthropic"), ("gemini", "openai_chat")):
        yield f"translate_request {src}->{dst}", tr(src, dst)
    def unknown_keep(i):
        return lc.decode(b'{"type":"kind_%d","x":1}' % i, lc.Part, unknown="keep")
    yield "decode unknown=keep distinct tags", unknown_keep
    def stream_calls(i):
        start = lc.StreamStartEvent(id=f"r{i}", model=f"m-{i}")
        ev = [start, lc.StreamDeltaEvent(delta=lc.ToolCallDelta(input='{"a":1}', part_index=0, id=f"call_{i}_" + "x" * 50, name=f"tool_{i}")),
              lc.StreamEndEvent(finish_reason="tool_call")]
        out = b""
        for dst in DIALECTS:
            out += b"".join(lc.stream.translate("anthropic", dst, [b"".join(lc.stream.encode("anthropic", ev))]))
        return out
    yield "encode+translate streams distinct tools", stream_calls


def main() -> int:
    bad = 0
    only = sys.argv[1:] 
    for name, fn in paths():
        if only and not any(o in name for o in only):
            continue
        fn(0)
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        marks = []
        for i in range(1, N + 1):
            fn(i)
            if i in (N // 4, N // 2, N):
                gc.collect()
                marks.append((tracemalloc.get_traced_memory()[0] - base) // 1024)
        tracemalloc.stop()
        grows = marks[-1] > marks[0] + 256 and marks[-1] > 1.5 * max(marks[0], 1)
        bad += grows
        print(f"{name:45s} KiB held after {N//4}/{N//2}/{N}: {marks}{'  GROWS' if grows else ''}", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
