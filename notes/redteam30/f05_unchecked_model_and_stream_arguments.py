"""F05: the `model=` and `stream=` keyword arguments of lc.translate_request, lc.decode_request and
lc.build_request are not checked. `model=""` builds a body with `"model": ""` and the Gemini path
`/v1beta/models/:generateContent` (lc.Request(model="") itself raises "model is required");
`model=5` is a bare TypeError deep in the reader (translate_request) or a Request whose `model`
is the int 5 (decode_request: a typed str field holding an int); `stream=1` or `"yes"` is written
into a Responses body as `"stream": 1` / `"stream": "yes"`, which the API refuses (a boolean)."""
from __future__ import annotations

import json
import sys

import lmcodec as lc

BODY = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "hi"}]}).encode()
REQ = lc.Request(model="gpt-4o", messages=(lc.Message.user("hi"),))


def attempt(label, call):
    try:
        got = call()
    except lc.LmcodecError as exc:
        print(f"ok    {label}: lc error {type(exc).__name__}: {str(exc)[:90]}")
        return 0
    except (TypeError, ValueError) as exc:
        if "model" in str(exc) or "stream" in str(exc):
            print(f"ok    {label}: {type(exc).__name__} naming the argument: {exc}")
            return 0
        print(f"WRONG {label}: bare {type(exc).__name__} that names no argument: {exc}")
        return 1
    print(f"WRONG {label}: accepted -> {got}")
    return 1


def main() -> int:
    bad = 0
    bad += attempt('translate_request(..., "gemini", model="")',
                   lambda: lc.translate_request("openai_chat", "gemini", BODY, model="").path)
    bad += attempt('translate_request(..., "openai", model="")',
                   lambda: json.loads(lc.translate_request("openai_chat", "openai", BODY, model="").body)["model"].__repr__())
    bad += attempt('translate_request(..., model=5)', lambda: lc.translate_request("openai_chat", "openai", BODY, model=5))
    bad += attempt('decode_request(..., model=5)', lambda: f"Request.model = {lc.decode_request('openai_chat', BODY, model=5).model!r}")
    bad += attempt('translate_request(..., "openai", stream=1)',
                   lambda: lc.translate_request("openai_chat", "openai", BODY, stream=1).body[-14:])
    bad += attempt('build_request("openai", ..., stream="yes")', lambda: lc.build_request("openai", REQ, stream="yes").body[-18:])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
