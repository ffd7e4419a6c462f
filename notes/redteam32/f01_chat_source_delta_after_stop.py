"""F01: lc.stream.translate from a Chat Completions stream whose text continues after a tool call
(or whose reasoning resumes after text) to an Anthropic or Responses client writes a delta to a
block already stopped / to an item after the next one was added; the client reads the text before
the call. Exits 1 while the protocol break shows (both clients), 0 once fixed."""
from __future__ import annotations

import json
import sys

import lmcodec as lc

REQ = lc.Request(model="gpt-4o", messages=(lc.Message.user("hi"),))


def chat(deltas: list[dict]) -> list[bytes]:
    out = [b"data: " + json.dumps({"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
                                   "choices": [{"index": 0, "delta": d, "finish_reason": None}]}).encode() + b"\n\n" for d in deltas]
    out.append(b"data: " + json.dumps({"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
                                       "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}).encode() + b"\n\n")
    return [*out, b"data: [DONE]\n\n"]


def events(body: bytes) -> list[dict]:
    return [json.loads(line[6:]) for line in body.split(b"\n") if line.startswith(b"data: ")]


STREAM = chat([{"role": "assistant", "content": "Let me check."},
               {"tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": "{}"}}]},
               {"content": " Checking now."}])


def anthropic_breaks() -> list[str]:
    out = b"".join(lc.stream.translate("openai_chat", "anthropic", STREAM, request=REQ))
    stopped, breaks = set(), []
    for e in events(out):
        if e["type"] == "content_block_stop":
            stopped.add(e["index"])
        elif e["type"] == "content_block_delta" and e["index"] in stopped:
            breaks.append(f"content_block_delta {e['delta']} to block {e['index']}, already stopped")
    return breaks


def responses_breaks() -> list[str]:
    out = b"".join(lc.stream.translate("openai_chat", "openai", STREAM, request=REQ))
    top, breaks = -1, []
    for e in events(out):
        if e["type"] == "response.output_item.added":
            top = max(top, e["output_index"])
        elif e["type"].endswith(".delta") and e.get("output_index", top) < top:
            breaks.append(f"{e['type']} {e.get('delta')!r} to item {e['output_index']} after item {top} was added")
    return breaks


def main() -> int:
    a, r = anthropic_breaks(), responses_breaks()
    print("source order: text 'Let me check.', call lookup, text ' Checking now.'")
    print("Anthropic client:", a or "no break")
    print("Responses client:", r or "no break")
    return 1 if a or r else 0


if __name__ == "__main__":
    sys.exit(main())
