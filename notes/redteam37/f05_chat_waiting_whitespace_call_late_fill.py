"""Red team 37 F05: lc.stream.translate("openai_chat", "openai", ...) of a Chat stream with two calls
in a row, the second's arguments JSON whitespace only (" ", "\\n\\t": a parameterless call some
Chat servers stream so), followed by another call or text: the Responses writer writes the
second call's "{}" at the response's end, a response.function_call_arguments.delta to item 1
after item 2 was added. docs/writers.md (red team 33 F01, 35 F01) says no delta goes outside the
open item and that "a waiting call whose arguments are "" is written with "{}" when something
follows it"; rtfix41 (65c1542) made whitespace-only arguments the "{}" of empty ones, and the
waiting call with "" keeps the rule, the one with " " does not. (The openai SDK's final response
still reads '{}'; a client that follows the events gets a delta to an item it was told was done.)
lc.stream.encode of decoded events breaks it for "" too: documented (the writer cannot know).

Exits 1 while any of the 12 translate cases has an event outside the open item, 0 once none.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam37/f05_chat_waiting_whitespace_call_late_fill.py"""
from __future__ import annotations

import json
import sys
from typing import Any

import lmcodec as lc

BASE = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-x"}


def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    data = {**BASE, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return b"data: " + json.dumps(data).encode() + b"\n\n"


def call(index: int, arguments: str) -> bytes:
    return chunk({"tool_calls": [{"index": index, "id": f"call_{index}", "type": "function",
                                  "function": {"name": f"f{index}", "arguments": arguments}}]})


def late_deltas(body: bytes) -> list[str]:
    """Events naming an output_index lower than the latest item added (the rule the openai
    Responses API keeps: an item's deltas come before the next item is added)."""
    latest, breaks = -1, []
    for line in body.decode().splitlines():
        if not line.startswith("data: "):
            continue
        event = json.loads(line[6:])
        index = event.get("output_index")
        if event["type"] == "response.output_item.added":
            latest = index
        elif event["type"].endswith(".delta") and index is not None and index < latest:
            breaks.append(f"{event['type']} to item {index} after item {latest} was added")
    return breaks


def main() -> int:
    bad = total = 0
    for first in ("", " "):
        for second in (" ", "\n\t"):
            for tail in ([call(2, '{"a":1}')], [chunk({"content": "done"})], [call(2, '{"a":1}'), chunk({"content": "x"})]):
                total += 1
                frames = [chunk({"role": "assistant", "content": ""}), call(0, first), call(1, second), *tail,
                          chunk({}, "tool_calls"), b"data: [DONE]\n\n"]
                breaks = late_deltas(b"".join(lc.stream.translate("openai_chat", "openai", frames)))
                if breaks:
                    bad += 1
                    print(f"arguments {first!r}, {second!r}, then {len(tail)} more: {breaks}")
    print(f"{bad} of {total} translated streams write a delta to an item after a later one was added")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
