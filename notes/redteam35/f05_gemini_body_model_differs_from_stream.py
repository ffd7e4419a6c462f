"""Red team 35 F05: a gateway's Gemini answer names another model non-streamed than streamed.
lc.translate_response("gemini", dst, body, request=request) (examples/gateway.py's non-streamed
path passes request=) names the request's model, lm15's reading of a Gemini body, where
lc.stream.translate("gemini", dst, [the same answer as one chunk], request=request) names the
served model the answer's modelVersion names (docs/writers.md: "translate names the served model
and id its first frame names"). One backend answer (modelVersion "gemini-2.5-flash-001") reaches
a Chat, Anthropic or Responses client as "gemini-2.5-flash-001" streamed and "gemini-2.5-flash"
as a body. (Without request=, the body names the served model too.)

Exits 1 while any client's body names another model than its stream, 0 once they agree.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam35/f05_gemini_body_model_differs_from_stream.py"""
from __future__ import annotations

import json
import re
import sys

import lmcodec as lc

REQUEST = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
BODY = json.dumps({"candidates": [{"content": {"role": "model", "parts": [{"text": "hi"}]}, "finishReason": "STOP"}],
                   "modelVersion": "gemini-2.5-flash-001",
                   "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}}).encode()


def main() -> int:
    differ = 0
    for dst in ("openai_chat", "anthropic", "openai"):
        streamed = b"".join(lc.stream.translate("gemini", dst, [b"data: " + BODY + b"\r\n\r\n"], request=REQUEST))
        stream_models = sorted(set(re.findall(r'"model":"([^"]*)"', streamed.decode())))
        body_model = json.loads(lc.translate_response("gemini", dst, BODY, request=REQUEST))["model"]
        differ += stream_models != [body_model]
        print(f"{dst}: stream names {stream_models}, body names {body_model!r}")
    print(f"{differ} of 3 clients get another model as a body than as a stream")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
