"""Red team 36 F05: rtfix40 (red team 35 F05) says a Gemini client's body from
lc.translate_response("gemini", "gemini", body, request=request) "now reads back as itself and is
kept as Google sent it", as the same chunk streamed is. A Gemini(-compatible) backend's body
without "modelVersion" (the field is optional in GenerateContentResponse; proxies and local
servers leave it out) is instead rebuilt: the client gets "modelVersion": <the request's model>
and "index": 0 the backend never sent, while lc.stream.translate("gemini", "gemini", [the same
answer as one chunk], request=request) passes the chunk on as it came (no modelVersion). The body
is read under the request's model, and lm15 reads the kept body without a request as no model,
so the writer's "reads back as this response" check fails and it rebuilds.

Exits 1 while the body a Gemini client gets differs (as JSON) from what the backend sent or from
what the stream gives, 0 once both are the backend's answer.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam36/f05_gemini_body_without_model_version_rebuilt.py"""
from __future__ import annotations

import json
import sys
from typing import Any

import lmcodec as lc

REQUEST = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
USAGE = {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}
CASES: dict[str, dict[str, Any]] = {
    "text, no modelVersion": {"candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]},
                                              "finishReason": "STOP"}], "usageMetadata": USAGE, "responseId": "r1"},
    "call, no modelVersion": {"candidates": [{"content": {"role": "model", "parts": [
        {"functionCall": {"name": "f", "args": {"a": 1}}}]}, "finishReason": "STOP"}], "usageMetadata": USAGE},
}


def main() -> int:
    differ = 0
    for name, answer in CASES.items():
        body = json.dumps(answer).encode()
        got = json.loads(lc.translate_response("gemini", "gemini", body, request=REQUEST))
        streamed = b"".join(lc.stream.translate("gemini", "gemini", [b"data: " + body + b"\r\n\r\n"], request=REQUEST))
        chunks = [json.loads(line[6:]) for line in streamed.decode().splitlines() if line.startswith("data: ")]
        bad = got != answer or chunks != [answer]
        differ += bad
        added = sorted(set(json.dumps(got, sort_keys=True).split('"')) - set(json.dumps(answer, sort_keys=True).split('"')))
        print(f"{name}: body {'differs' if got != answer else 'kept'} (new tokens {added}), stream {'kept' if chunks == [answer] else 'differs'}")
    print(f"{differ} of {len(CASES)} Gemini answers reach a Gemini client otherwise than the backend sent them")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
