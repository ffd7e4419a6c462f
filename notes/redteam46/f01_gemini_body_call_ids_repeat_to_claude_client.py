"""F01: a Gemini body's calls (no ids) reach an Anthropic client under ``tool_call_<slot>`` ids,
the same every turn, where the stream of the same answer gives ``toolu_`` + a digest of the message
id (docs/writers.md: "unique within a conversation: another message gives other ids").

Two turns of one conversation, each a Gemini body with two calls and its own responseId, through
``lc.translate_response("gemini", "anthropic", ...)`` as a gateway answers a non-streaming
Anthropic client. Exits 1 while the two answers share a tool_use id (or an id is not a toolu_
id, as the stream's are), 0 once fixed."""
from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.environ.get("RT46_SRC") or os.path.join(os.path.dirname(__file__), "..", "..", "src"))
import lmcodec as lc  # noqa: E402

REQUEST = lc.Request(model="claude-sonnet-4-5", messages=(lc.Message.user(""),))


def gemini_body(turn: int) -> bytes:
    parts = [{"text": f"text {turn}"},
             {"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}, "thoughtSignature": "U0lH"},
             {"functionCall": {"name": "get_time", "args": {"tz": "CET"}}}]
    return json.dumps({"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP"}],
                       "modelVersion": "gemini-3-pro-preview", "responseId": f"resp-{turn}"}).encode()


def ids_body(turn: int) -> list[str]:
    out = json.loads(lc.translate_response("gemini", "anthropic", gemini_body(turn), request=REQUEST))
    return [b["id"] for b in out["content"] if b["type"] == "tool_use"]


def ids_stream(turn: int) -> list[str]:
    sse = b"data: " + gemini_body(turn) + b"\r\n\r\n"
    out = b"".join(lc.stream.translate("gemini", "anthropic", [sse], request=REQUEST))
    frames = [json.loads(line[6:]) for line in out.split(b"\n") if line.startswith(b"data: ")]
    return [f["content_block"]["id"] for f in frames
            if f.get("type") == "content_block_start" and f["content_block"]["type"] == "tool_use"]


body1, body2 = ids_body(1), ids_body(2)
stream1, stream2 = ids_stream(1), ids_stream(2)
print("body   turn 1:", body1, " turn 2:", body2)
print("stream turn 1:", stream1, " turn 2:", stream2)
shared = set(body1) & set(body2)
not_toolu = [i for i in body1 + body2 if not i.startswith("toolu_")]
if shared or not_toolu:
    print(f"FINDING: the body answers share {sorted(shared)}; not toolu_ ids: {not_toolu} "
          "(the Anthropic client's history then holds repeated tool_use ids)")
    sys.exit(1)
print("held: each body answer's ids are its own")
