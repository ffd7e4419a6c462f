"""Red team 35 F01: lc.stream.translate("openai_chat", "openai", ...) of a Chat stream whose call
streams empty arguments ("" : a parameterless call, as some Chat servers stream it) followed by
text or another call: the Responses writer's "{}" for the empty arguments is written at the end as
a function_call_arguments.delta to item 0 after item 1 (or 2) was added, and the text did not wait
for the call as docs/writers.md says ('arguments that open no object or array ("", a bare number)
may grow to the stream's end ... with no delta outside the open block or item').

Exits 1 while any case writes a delta to an item other than the one added last, 0 once none does.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam35/f01_chat_empty_arguments_delta_after_later_item.py"""
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


def call(index: int, args: str, name: str) -> dict[str, Any]:
    return {"tool_calls": [{"index": index, "id": f"call_{index}", "type": "function",
                            "function": {"name": name, "arguments": args}}]}


CASES = {
    "empty arguments, then text": [call(0, "", "f"), {"content": "after"}],
    "empty arguments, then a call": [call(0, "", "f"), call(1, "{}", "g")],
    "two empty-argument calls, then text": [call(0, "", "f"), call(1, "", "g"), {"content": "x"}],
}


def breaks(body: bytes) -> list[str]:
    out, last = [], -1
    for block in body.split(b"\n\n"):
        for line in block.split(b"\n"):
            if not line.startswith(b"data: "):
                continue
            e = json.loads(line[6:])
            if e["type"] == "response.output_item.added":
                last = e["output_index"]
            elif e["type"].endswith(".delta") and e.get("output_index") != last:
                out.append(f"{e['type']} {e.get('delta')!r} to item {e['output_index']} (last added: {last})")
    return out


def main() -> int:
    broken = 0
    for name, deltas in CASES.items():
        stream = [chunk({"role": "assistant", "content": ""}), *[chunk(d) for d in deltas],
                  chunk({}, "tool_calls"), b"data: [DONE]\n\n"]
        body = b"".join(lc.stream.translate("openai_chat", "openai", stream, request=REQUEST))
        found = breaks(body)
        broken += bool(found)
        print(f"{name} -> openai: {found or 'protocol kept'}")
    print(f"{broken} of {len(CASES)} translations write a delta outside the item added last")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
