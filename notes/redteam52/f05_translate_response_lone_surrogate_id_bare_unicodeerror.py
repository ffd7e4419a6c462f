"""F05 (MEDIUM): ``lc.providers.translate_response("gemini", "anthropic", body)`` of a Gemini body
whose ``responseId`` is a JSON escape of a lone surrogate (``"\\ud800"``, valid JSON that
``json.loads`` and msgspec read) and which holds a ``functionCall`` without an id raises a bare
``UnicodeEncodeError`` (``providers/anthropic/_frames.tool_id`` hashes ``message.encode()``;
``_gemini_call_ids.anthropic_call_ids`` calls it before the writer's surrogate check). The stream
route (``lc.stream.translate``) and ``encode_response`` of the decoded body give lmcodec's
``EncodeError`` ("a string holds a lone surrogate"). Also on 238314e (perf26a kept the hash).

Should: an lc error (the EncodeError the other routes give), never a bare UnicodeError.
Exits 1 while a bare exception escapes, 0 once an lc error (or a body) comes back.
Run: /work/venv/bin/python notes/redteam52/f05_translate_response_lone_surrogate_id_bare_unicodeerror.py
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import REQUEST, lc  # noqa: E402
import lmcodec.providers as lcp  # noqa: E402

BODY = json.dumps({
    "candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": "f", "args": {}}}]},
                    "finishReason": "STOP", "index": 0}],
    "responseId": "\ud800", "modelVersion": "g",
}).encode()


def main() -> int:
    try:
        lcp.translate_response("gemini", "anthropic", BODY, request=REQUEST)
    except lc.LmcodecError as exc:
        print("lc error:", type(exc).__name__, exc)
        return 0
    except Exception as exc:  # noqa: BLE001 (the finding)
        print("bare:", type(exc).__name__, exc)
        return 1
    print("a body")
    return 0


if __name__ == "__main__":
    sys.exit(main())
