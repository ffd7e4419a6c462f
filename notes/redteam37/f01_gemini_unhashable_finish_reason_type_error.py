"""Red team 37 F01: a blocked Gemini answer (promptFeedback.blockReason) whose candidate's
finishReason is an object or a list (hostile or broken backend) makes lc.translate_response and
lc.stream.translate raise a bare TypeError ("unhashable type: 'dict'"): gemini/_filtered.py's
filtered_response and stream/_inband.py's tool_finish_error test `finishReason in TOOL_FINISHES`
(a frozenset) on any value. The project's rule: hostile input gets an lc error, never a bare
TypeError. lc.decode_response reads the same body as lm15 does (ProviderError "Prompt blocked").

Exits 1 while any of the 12 cases (2 finishReason values x 3 destinations x body/stream) raises
something that is no lc.LmcodecError, 0 once each gives a body/stream or an lc error.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam37/f01_gemini_unhashable_finish_reason_type_error.py"""
from __future__ import annotations

import json
import sys

import lmcodec as lc

REQUEST = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))


def main() -> int:
    bad = total = 0
    for reason in ({}, [1]):
        body = json.dumps({"promptFeedback": {"blockReason": "SAFETY"}, "candidates": [{"finishReason": reason}]}).encode()
        for dst in ("openai", "openai_chat", "anthropic"):
            for path in ("body", "stream"):
                total += 1
                try:
                    if path == "body":
                        lc.translate_response("gemini", dst, body, request=REQUEST)
                    else:
                        b"".join(lc.stream.translate("gemini", dst, [b"data: " + body + b"\r\n\r\n"], request=REQUEST))
                except lc.LmcodecError:
                    continue
                except Exception as exc:  # noqa: BLE001 - the finding
                    bad += 1
                    print(f"finishReason {reason!r} -> {dst} ({path}): {type(exc).__name__}: {exc}")
    print(f"{bad} of {total} raise no lc error")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
