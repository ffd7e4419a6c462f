"""Chat tool-call deltas in odd shapes (no name, name late, id late, index gaps, one index two ids,
arguments as non-object JSON), lmcodec's decode/Decoder/adecode/assemble against lm15 1.5.0."""

from __future__ import annotations

import json
import sys

sys.path.insert(0, ".")
from tests.providers.sweep_support import stream_findings  # noqa: E402


def chunk(delta: dict | None = None, finish: str | None = None) -> str:
    c = {"id": "c1", "object": "chat.completion.chunk", "model": "m-1",
         "choices": [{"index": 0, "delta": delta or {}, "finish_reason": finish}]}
    return json.dumps(c)


def tc(**kw) -> dict:
    return {"tool_calls": [kw]}


def sse(frames: list[str]) -> bytes:
    return "".join(f"data: {f}\n\n" for f in frames + ["[DONE]"]).encode()


SHAPES = {
    "no name": [chunk(tc(index=0, id="a", type="function", function={"arguments": "{}"})), chunk(finish="tool_calls")],
    "name late": [chunk(tc(index=0, id="a", function={"arguments": "{\"x\":"})), chunk(tc(index=0, function={"name": "f", "arguments": "1}"})), chunk(finish="tool_calls")],
    "id late": [chunk(tc(index=0, function={"name": "f", "arguments": "{}"})), chunk(tc(index=0, id="a")), chunk(finish="tool_calls")],
    "no id": [chunk(tc(index=0, function={"name": "f", "arguments": "{}"})), chunk(finish="tool_calls")],
    "index gap": [chunk(tc(index=5, id="a", function={"name": "f", "arguments": "{}"})), chunk(finish="tool_calls")],
    "one index two ids": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": "{}"})), chunk(tc(index=0, id="b", function={"name": "g", "arguments": "{}"})), chunk(finish="tool_calls")],
    "args list": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": "[1,2]"})), chunk(finish="tool_calls")],
    "args number": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": "5"})), chunk(finish="tool_calls")],
    "args NaN": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": "{\"a\": NaN}"})), chunk(finish="tool_calls")],
    "args 1e400": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": "{\"a\": 1e400}"})), chunk(finish="tool_calls")],
    "args empty": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": ""})), chunk(finish="tool_calls")],
    "args null": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": None})), chunk(finish="tool_calls")],
    "args lone surrogate": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": "{\"a\": \"\\ud800\"}"})), chunk(finish="tool_calls")],
    "args dup keys": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": "{\"a\":1,\"a\":2}"})), chunk(finish="tool_calls")],
    "args huge int": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": "{\"a\": 1" + "0" * 5000 + "}"})), chunk(finish="tool_calls")],
    "args deep": [chunk(tc(index=0, id="a", function={"name": "f", "arguments": "{\"a\":" + "[" * 3000 + "]" * 3000 + "}"})), chunk(finish="tool_calls")],
    "name empty then f": [chunk(tc(index=0, id="a", function={"name": "", "arguments": "{}"})), chunk(tc(index=0, function={"name": "f"})), chunk(finish="tool_calls")],
    "name space": [chunk(tc(index=0, id="a", function={"name": " ", "arguments": "{}"})), chunk(finish="tool_calls")],
    "id space": [chunk(tc(index=0, id=" ", function={"name": "f", "arguments": "{}"})), chunk(finish="tool_calls")],
}


def main() -> int:
    bad = 0
    for name, frames in SHAPES.items():
        for f in stream_findings("openai_chat", sse(frames)):
            bad += 1
            print(f"{name}: {f}")
    print(f"{len(SHAPES)} shapes, {bad} findings")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
