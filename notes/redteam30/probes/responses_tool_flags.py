"""Responses -> Responses: each tool goes back as sent (strict flags, the four keys); and toward the
others a note or a refusal, never a bare exception. Hostile table."""
from __future__ import annotations

import json
import sys

import lmcodec as lc

P = {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False}
P_OPEN = {"type": "object", "properties": {"a": {"type": "string"}}}


def fn(name, **kw):
    return {"type": "function", "name": name, "parameters": P, **kw}


def body(tools, **kw):
    return {"model": "gpt-5", "input": [{"role": "user", "content": "hi"}], "tools": tools, **kw}


NS = {"type": "namespace", "name": "crm", "description": "crm tools", "tools": [fn("lookup", strict=True)]}
cases = {
    "strict true": [fn("f", strict=True)],
    "strict true open schema": [{"type": "function", "name": "f", "parameters": P_OPEN, "strict": True}],
    "strict false": [fn("f", strict=False)],
    "strict absent + true": [fn("f"), fn("g", strict=True)],
    "namespace strict member, top-level same name unflagged": [fn("lookup"), NS],
    "namespace strict member only": [NS],
    "top-level strict, namespace same name unflagged": [fn("lookup", strict=True), {**NS, "tools": [fn("lookup")]}],
    "defer_loading + strict": [fn("f", strict=True, defer_loading=True), {"type": "tool_search"}],
    "output_schema nested": [fn("f", output_schema={"type": "object", "properties": {"x": {"type": "string"}}})],
    "allowed_callers programmatic": [fn("f", allowed_callers=["programmatic"])],
    "allowed_callers direct": [fn("f", allowed_callers=["direct"])],
    "async true": [fn("f", **{"async": True})],
    "async false": [fn("f", **{"async": False})],
    "keys null": [fn("f", defer_loading=None, output_schema=None, allowed_callers=None, **{"async": None})],
    "defer string": [fn("f", defer_loading="yes")],
    "allowed_callers string": [fn("f", allowed_callers="direct")],
    "allowed_callers dict": [fn("f", allowed_callers={"direct": True})],
    "strict true + custom tool": [fn("f", strict=True), {"type": "custom", "name": "raw"}],
    "strict true + web_search dated": [fn("f", strict=True), {"type": "web_search_2025_08_26"}],
    "strict true + web_search": [fn("f", strict=True), {"type": "web_search"}],
    "defer + web_search_preview": [fn("f", defer_loading=True), {"type": "web_search_preview"}],
    "strict true no params": [{"type": "function", "name": "f", "strict": True}],
    "strict true params null": [{"type": "function", "name": "f", "parameters": None, "strict": True}],
    "strict true description": [fn("f", strict=True, description="d")],
    "strict true escaped key": "ESC",
    "strict dup true,false": "DUP",
    "mcp + strict fn": [fn("f", strict=True), {"type": "mcp", "server_label": "s", "server_url": "https://m"}],
}
bad = 0
for name, tools in cases.items():
    if tools == "ESC":
        raw = json.dumps(body([fn("f", strict=True)])).replace('"strict"', '"\\u0073trict"').encode()
    elif tools == "DUP":
        raw = json.dumps(body([fn("f", strict=True)])).replace('"strict": true', '"strict": true, "strict": false').encode()
    else:
        raw = json.dumps(body(tools)).encode()
    sent = json.loads(raw)["tools"]
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        try:
            r = lc.translate_request("openai", dst, raw)
        except lc.LmcodecError as exc:
            if dst == "openai":
                print(f"{name:50s} {dst:12s} REFUSED {exc}"[:300])
            continue
        except Exception as exc:  # noqa: BLE001
            bad += 1
            print(f"{name:50s} {dst:12s} BARE {type(exc).__name__}: {exc}"[:300])
            continue
        if dst == "openai":
            got = json.loads(r.body).get("tools")
            if got != sent:
                bad += 1
                print(f"{name:50s} {dst:12s} NOT AS SENT\n   sent={json.dumps(sent)[:300]}\n   got ={json.dumps(got)[:300]}\n   notes={[(a.field, a.action) for a in r.adaptations]}")
print("bad", bad)
sys.exit(1 if bad else 0)
