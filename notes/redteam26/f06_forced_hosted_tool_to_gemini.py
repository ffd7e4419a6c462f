"""F06: a tool_choice forcing a hosted tool, to Gemini: lm15's ProviderError with no JSON path.

Responses `tool_choice: {"type": "web_search_preview"}` (openai SDK ToolChoiceTypesParam) with a
web_search tool, and Anthropic `tool_choice: {"type": "tool", "name": "web_search"}` with its
web_search server tool, translated to Gemini raise lmcodec.ProviderError "cannot force builtin
tools" from the builder: not a ValidationError, and no path into the client's body. The same
Responses body to Chat is sent with the choice `dropped` (a note). The claim: what cannot survive
raises lc.ValidationError with a JSON path (or is dropped with a note). Exits 1 while it raises
anything else.
"""

import json
import sys

import lmcodec as lc

bodies = {
    "openai": {"model": "gpt-5", "input": "news today?", "tools": [{"type": "web_search_preview"}],
               "tool_choice": {"type": "web_search_preview"}},
    "anthropic": {"model": "claude-sonnet-4-5", "max_tokens": 1000,
                  "messages": [{"role": "user", "content": "news today?"}],
                  "tools": [{"type": "web_search_20250305", "name": "web_search"}],
                  "tool_choice": {"type": "tool", "name": "web_search"}},
}
bad = 0
for src, body in bodies.items():
    for dst in ("openai_chat", "gemini"):
        try:
            out = lc.translate_request(src, dst, json.dumps(body).encode())
            notes = [(a.field, a.action) for a in out.adaptations if "tool" in a.field]
            print(f"{src} -> {dst}: sent, notes {notes}")
        except lc.ValidationError as exc:
            print(f"{src} -> {dst}: ValidationError {exc}")
        except lc.LmcodecError as exc:
            print(f"{src} -> {dst}: {type(exc).__name__} (no JSON path): {exc}")
            bad += 1
if bad:
    print(f"FAIL: {bad} translations raised a ProviderError with no path")
    sys.exit(1)
print("ok")
