"""F04: the README writes ``lc.translate_request(src, dst, body)`` and ``translate_response(src, dst,
body)``; ``translate_response``, ``lc.stream.translate`` and ``lc.stream.atranslate`` name their
first two parameters ``src`` and ``dst``, but ``translate_request`` names them ``source`` and
``destination``: ``lc.translate_request(src="openai_chat", dst="anthropic", body=b)``, as the README
spells it, is a bare TypeError. Exits 1 while the names differ; 0 once they agree."""

from __future__ import annotations

import inspect
import json
import sys

import lmcodec as lc

body = json.dumps({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).encode()
names = {
    f.__qualname__ if f.__module__ else str(f): list(inspect.signature(f).parameters)[:2]
    for f in (lc.translate_request, lc.translate_response, lc.stream.translate, lc.stream.atranslate)
}
print(names)
try:
    lc.translate_request(src="openai_chat", dst="anthropic", body=body)  # type: ignore[call-arg]
except TypeError as exc:
    print("translate_request(src=..., dst=..., body=...):", exc)
    sys.exit(1)
sys.exit(0 if len({tuple(v) for v in names.values()}) == 1 else 1)
