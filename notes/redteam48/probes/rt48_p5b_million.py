"""Probe 5b: 1,000,000 distinct tool names, schemas, call ids and model names through build_request
(gemini, anthropic) and 1,000,000 distinct tool names through translate (anthropic -> openai);
RSS (VmRSS) after 10k, 250k, 500k and 1M calls."""
from __future__ import annotations

import gc
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import lc  # noqa: E402

N = int(os.environ.get("RT48_N", "1000000"))


def rss_kib() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def request(i: int) -> lc.Request:
    tool = lc.FunctionTool(name=f"tool_{i}", description="d",
                           parameters={"type": "object", "properties": {f"p{i}": {"type": "string"}}})
    msgs = (lc.Message.user("hi"),
            lc.Message(role="assistant", parts=(lc.ToolCallPart(id=f"call.{i}:x", name=f"tool_{i}", input={}),)),
            lc.Message(role="tool", parts=(lc.ToolResultPart(id=f"call.{i}:x", content=(lc.TextPart("r"),)),)))
    return lc.Request(model=f"gemini-3-pro-{i}", messages=msgs, tools=(tool,))


def stream(i: int) -> bytes:
    head = (b'event: message_start\ndata: {"type":"message_start","message":{"id":"msg_%d","type":"message",'
            b'"role":"assistant","model":"claude-%d","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":1}}}\n\n' % (i, i))
    block = (b'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"tool_use",'
             b'"id":"toolu_%d","name":"tool_%d","input":{}}}\n\n' % (i, i))
    delta = b'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{}"}}\n\n'
    stop = b'event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\n'
    end = (b'event: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":2}}\n\n'
           b'event: message_stop\ndata: {"type":"message_stop"}\n\n')
    return head + block + delta + stop + end


def main() -> int:
    print(f"start RSS {rss_kib()} KiB", flush=True)
    marks = {10_000, N // 4, N // 2, N}
    seen = []
    for i in range(1, N + 1):
        r = request(i)
        lc.build_request("gemini", r)
        lc.build_request("anthropic", r)
        b"".join(lc.stream.translate("anthropic", "openai", [stream(i)]))
        if i in marks:
            gc.collect()
            seen.append(rss_kib())
            print(f"after {i:>8d}: RSS {seen[-1]} KiB", flush=True)
    grows = seen[-1] - seen[0] > 50 * 1024
    print("GROWS" if grows else "bounded")
    return 1 if grows else 0


if __name__ == "__main__":
    sys.exit(main())
