"""Red team 33 F01: translate from a Chat Completions source whose tool call's argument fragments
resume after another slot was written (text or reasoning between two fragments of one call, or
two calls' fragments alternating by index): the Anthropic writer sends input_json_delta to a
tool_use block it already stopped, the Responses writer sends function_call_arguments.delta to an
item after a later item was added. The Messages and Responses streaming protocols write each
block/item's deltas while it is the open (last added) one.

Exits 1 while any case breaks the protocol, 0 once every case keeps it.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/f01_chat_call_fragments_after_other_slot.py"""
from __future__ import annotations

import json
import sys
from typing import Any

import lmcodec as lc

REQUEST = lc.Request(model="gpt-4o", messages=(lc.Message.user("hi"),))


def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    body = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return b"data: " + json.dumps(body).encode() + b"\n\n"


def call(index: int, args: str, name: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"index": index, "function": {"arguments": args}}
    if name:
        out.update(id=f"call_{index}", type="function")
        out["function"]["name"] = name
    return {"tool_calls": [out]}


CASES = {
    "text between two fragments of one call": [call(0, '{"a":', "f"), {"content": "meanwhile"}, call(0, "1}")],
    "reasoning between two fragments of one call": [call(0, '{"a":', "f"), {"reasoning_content": "hmm"}, call(0, "1}")],
    "two calls' fragments alternating": [call(0, '{"a":', "f"), call(1, '{"b":', "g"), call(0, "1}"), call(1, "2}")],
}


def events(body: bytes) -> list[dict[str, Any]]:
    return [json.loads(line[6:]) for line in body.split(b"\n") if line.startswith(b"data: ") and line[6:7] == b"{"]


def anthropic_breaks(body: bytes) -> list[str]:
    out, open_block = [], None
    for e in events(body):
        if e["type"] == "content_block_start":
            open_block = e["index"]
        elif e["type"] == "content_block_stop":
            open_block = None if open_block == e["index"] else open_block
        elif e["type"] == "content_block_delta" and e["index"] != open_block:
            out.append(f"{e['delta']['type']} to block {e['index']} (open block: {open_block})")
    return out


def responses_breaks(body: bytes) -> list[str]:
    out, last = [], -1
    for e in events(body):
        if e["type"] == "response.output_item.added":
            last = e["output_index"]
        elif e["type"].endswith(".delta") and e.get("output_index") != last:
            out.append(f"{e['type']} to item {e['output_index']} (last added: {last})")
    return out


def main() -> int:
    broken = 0
    for name, deltas in CASES.items():
        stream = [chunk({"role": "assistant", "content": ""}), *[chunk(d) for d in deltas],
                  chunk({}, "tool_calls"), b"data: [DONE]\n\n"]
        for dst, check in (("anthropic", anthropic_breaks), ("openai", responses_breaks)):
            body = b"".join(lc.stream.translate("openai_chat", dst, stream, request=REQUEST))
            breaks = check(body)
            broken += bool(breaks)
            print(f"{name} -> {dst}: {breaks or 'protocol kept'}")
    print(f"{broken} of {2 * len(CASES)} translations break the protocol")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
