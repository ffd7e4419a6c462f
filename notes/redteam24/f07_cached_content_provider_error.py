"""F07: a Gemini body naming a stored cache (`cachedContent`, what google-genai sends for
GenerateContentConfig(cached_content=...)) to another dialect is refused by lm15's builder with a
ProviderError that names no path in the client's body; a Responses body naming server-side state
(previous_response_id, conversation) is refused with lc.ValidationError at that key, before the
builders. Exits 1 while the refusal is not a ValidationError at $.cachedContent."""

import sys

from _sdk import gemini_body
from google.genai import types as T

import lmcodec as lc

body = gemini_body(contents="hi", config=T.GenerateContentConfig(cached_content="cachedContents/abc123"))
bad = False
for destination in ("openai", "openai_chat", "anthropic"):
    try:
        lc.translate_request("gemini", destination, body, model="m")
        print(f"-> {destination}: sent (the cached prefix silently missing)")
        bad = True
    except lc.ValidationError as exc:
        print(f"-> {destination}: ValidationError: {exc}")
        bad = bad or "cachedContent" not in str(exc)
    except Exception as exc:
        print(f"FAIL -> {destination}: {type(exc).__module__}.{type(exc).__name__}: {exc}")
        bad = True
sys.exit(1 if bad else 0)
