"""An Anthropic tool loop as the anthropic SDK returns it (Message.model_validate of the API's content,
then messages.append({"role": "assistant", "content": response.content}) sent through the SDK, or the
blocks' model_dump() / model_dump(exclude_none=True)), then lc.translate_request("anthropic", X):
an lc error or a body; to Anthropic every block back as sent."""

from __future__ import annotations

import json
import sys

sys.path.insert(0, "notes/redteam29")
from _sdk import anthropic_body  # noqa: E402

import lmcodec as lc  # noqa: E402
from anthropic.types import Message  # noqa: E402

TEXT = {"type": "text", "text": "Let me check.", "citations": None}
CITED = {"type": "text", "text": "Paris", "citations": [{"type": "web_search_result_location", "url": "https://x.y", "title": "x", "encrypted_index": "e", "cited_text": "Paris"}]}
THINK = {"type": "thinking", "thinking": "hmm", "signature": "sig"}
REDACTED = {"type": "redacted_thinking", "data": "abc"}
TOOL = {"type": "tool_use", "id": "toolu_1", "name": "get", "input": {"a": 1}}
TOOL2 = {"type": "tool_use", "id": "toolu_2", "name": "get", "input": {}}

SCENARIOS = {
    "text+tool": [TEXT, TOOL],
    "thinking+tool": [THINK, TOOL],
    "thinking+redacted+2 tools": [THINK, REDACTED, TOOL, TOOL2],
    "thinking+text": [THINK, TEXT],
    "cited text": [CITED],
}


def message_of(content):
    return Message.model_validate({"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                                   "content": content, "stop_reason": "tool_use", "stop_sequence": None,
                                   "usage": {"input_tokens": 1, "output_tokens": 1}})


def main() -> int:
    bad = 0
    tools = [{"name": "get", "description": "d", "input_schema": {"type": "object", "properties": {}}}]
    for name, content in SCENARIOS.items():
        msg = message_of(content)
        results = [{"type": "tool_result", "tool_use_id": b.id, "content": "42"} for b in msg.content if b.type == "tool_use"]
        tail = {"role": "user", "content": results or "again"}
        for how, blocks in (("objects", msg.content), ("model_dump", [b.model_dump() for b in msg.content]),
                            ("exclude_none", [b.model_dump(exclude_none=True) for b in msg.content])):
            body = anthropic_body(model="claude-sonnet-4-5", max_tokens=100, tools=tools,
                                  messages=[{"role": "user", "content": "hi"}, {"role": "assistant", "content": blocks}, tail])
            raw = json.dumps(body).encode()
            for dst in ("anthropic", "openai", "openai_chat", "gemini"):
                try:
                    built = lc.translate_request("anthropic", dst, raw)
                except lc.LmcodecError as exc:
                    print(f"{name} [{how}] -> {dst}: {type(exc).__name__}: {exc}")
                    continue
                except Exception as exc:  # noqa: BLE001
                    bad += 1
                    print(f"BARE {name} [{how}] -> {dst}: {type(exc).__name__}: {exc}")
                    continue
                if dst == "anthropic":
                    sent = json.loads(built.body)["messages"][1]["content"]
                    want = body["messages"][1]["content"]
                    norm = lambda bl: [{k: v for k, v in b.items() if not (k == "citations" and v is None)} for b in bl]
                    if norm(sent) != norm(want):
                        bad += 1
                        print(f"CHANGED {name} [{how}]\n  client {json.dumps(want)}\n  sent   {json.dumps(sent)}\n  notes {[(a.field, a.action) for a in built.adaptations]}")
    print("bad", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
