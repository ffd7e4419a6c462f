"""Red team 37 F04: lc.translate_response's docstring says of a Gemini body Google filtered (SAFETY,
RECITATION, PROHIBITED_CONTENT, ...): "A Gemini client gets either body as Google sent it, as it
gets the chunk streamed", and red team 36 F05's fix keeps a same-dialect body as sent. The body is
kept, but lc.stream.translate("gemini", "gemini", [that answer as one chunk]) rewrites a filtered
chunk that holds content: two chunks (the parts, then the finish and usage), and, under a request,
"modelVersion": <the request's model> on both where the backend sent none (the thing red team 36
F05 removed from the body). A STOP chunk of the same shape is passed on as it came. So one answer
reaches a Gemini client one way as a body and another as a stream.

Exits 1 while, for any case, the stream's chunks (as JSON) are not the one chunk the backend sent,
or the body differs from it; 0 once both are the backend's answer.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam37/f04_gemini_filtered_chunk_rewritten_for_gemini_client.py"""
from __future__ import annotations

import json
import sys
from typing import Any

import lmcodec as lc

REQUEST = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
USAGE = {"promptTokenCount": 3, "candidatesTokenCount": 2, "totalTokenCount": 5}


def answer(finish: str, served: bool) -> dict[str, Any]:
    body: dict[str, Any] = {"candidates": [{"content": {"role": "model", "parts": [{"text": "Hello wor"}]},
                                            "finishReason": finish, "index": 0}], "usageMetadata": USAGE}
    if served:
        body["modelVersion"] = "gemini-2.5-flash-001"
    return body


def main() -> int:
    bad = total = 0
    for finish in ("SAFETY", "RECITATION", "PROHIBITED_CONTENT", "STOP"):
        for served in (True, False):
            for request in (REQUEST, None):
                if not served and request is None:
                    continue  # no model at all: lm15 refuses the body (Response.model cannot be empty)
                total += 1
                sent = answer(finish, served)
                raw = json.dumps(sent).encode()
                body = json.loads(lc.translate_response("gemini", "gemini", raw, request=request))
                out = b"".join(lc.stream.translate("gemini", "gemini", [b"data: " + raw + b"\r\n\r\n"], request=request))
                chunks = [json.loads(line[6:]) for line in out.decode().splitlines() if line.startswith("data: ")]
                if body != sent or chunks != [sent]:
                    bad += 1
                    print(f"{finish}, modelVersion {'sent' if served else 'absent'}, request "
                          f"{'given' if request else 'none'}: body {'kept' if body == sent else 'rewritten'}, "
                          f"stream {len(chunks)} chunks {json.dumps(chunks)[:220]}")
    print(f"{bad} of {total} answers reach a Gemini client otherwise than the backend sent them")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
