"""Red team 35 F04: lc.translate_response("gemini", dst, body) of a prompt Google blocked
(promptFeedback.blockReason, no candidate) writes an empty answer part the same chunk streamed
through lc.stream.translate does not: Anthropic content [{"type": "text", "text": ""}] where the
stream writes no block (content []), Responses output [an incomplete message with output_text ""]
where the stream's final output is []. translate_response's docstring says the body is read "as
translate reads the same chunk streamed: the parts before the filter" (none here); and an Anthropic
client that keeps the turn and sends it to Anthropic sends an empty text block, which the
Messages API refuses ("text content blocks must be non-empty").

Exits 1 while a body holds an answer part its stream does not, 0 once both hold the same.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam35/f04_blocked_prompt_body_empty_block.py"""
from __future__ import annotations

import json
import sys
from typing import Any

import lmcodec as lc

BLOCKED = json.dumps({"promptFeedback": {"blockReason": "SAFETY"}, "modelVersion": "gemini-2.5-flash",
                      "usageMetadata": {"promptTokenCount": 3, "totalTokenCount": 3}}).encode()


def events(body: bytes) -> list[dict[str, Any]]:
    out = []
    for line in body.split(b"\n"):
        if line.startswith(b"data: ") and line[6:7] == b"{":
            out.append(json.loads(line[6:]))
    return out


def main() -> int:
    differ = 0
    stream = b"".join(lc.stream.translate("gemini", "anthropic", [b"data: " + BLOCKED + b"\r\n\r\n"]))
    streamed = [e["content_block"] for e in events(stream) if e["type"] == "content_block_start"]
    body = json.loads(lc.translate_response("gemini", "anthropic", BLOCKED))["content"]
    differ += body != streamed
    print(f"anthropic: body content {body}, stream's blocks {streamed}")
    stream = b"".join(lc.stream.translate("gemini", "openai", [b"data: " + BLOCKED + b"\r\n\r\n"]))
    (streamed,) = [e["response"]["output"] for e in events(stream) if e["type"] in ("response.completed", "response.incomplete")]
    body = json.loads(lc.translate_response("gemini", "openai", BLOCKED))["output"]
    differ += len(body) != len(streamed)
    print(f"openai: body output {[(i['type'], i.get('content')) for i in body]}, stream's final output {streamed}")
    print(f"{differ} of 2 bodies hold an answer part the stream does not")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
