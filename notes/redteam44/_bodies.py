"""SDK readers of whole (non-streamed) bodies: each provider's real client on an offline transport
answering with the body, and its view (text, thinking, calls, finish, usage)."""
from __future__ import annotations

import base64
import json
import os
import sys
import warnings

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, ROOT)
import lmcodec as lc  # noqa: E402
from tests.stream.write_support import REQUEST, _client  # noqa: E402
from tests.providers.sdk_readers import _transport, anthropic, genai  # noqa: E402
from tests.providers.gateway_support import genai_http_options  # noqa: E402


def sdk_body(wire: str, body: bytes):
    if wire == "openai_chat":
        c = _client(body, "application/json").chat.completions.create(model="m-1", messages=[{"role": "user", "content": "hi"}])
        m = c.choices[0].message
        return {"text": (m.content or "") + (m.refusal or ""), "thinking": (m.model_extra or {}).get("reasoning_content") or "",
                "calls": [(t.function.name, json.loads(t.function.arguments or "{}")) for t in m.tool_calls or []],
                "finish": c.choices[0].finish_reason, "usage": c.usage and (c.usage.prompt_tokens, c.usage.completion_tokens)}
    if wire == "openai":
        r = _client(body, "application/json").responses.create(model="m-1", input="hi")
        text, th, calls = [], [], []
        for it in r.output:
            if it.type == "message":
                for c in it.content:
                    text.append(getattr(c, "text", None) or getattr(c, "refusal", None) or "")
            elif it.type == "reasoning":
                th.extend(s.text for s in it.summary)
            elif it.type == "function_call":
                calls.append((it.name, json.loads(it.arguments or "{}")))
        return {"text": "".join(text), "thinking": "".join(th), "calls": calls, "finish": r.status,
                "usage": r.usage and (r.usage.input_tokens, r.usage.output_tokens)}
    if wire == "anthropic":
        cl = anthropic.Anthropic(api_key="k", http_client=_transport(body, "application/json"), max_retries=0)
        m = cl.messages.create(model="m-1", max_tokens=16, messages=[{"role": "user", "content": "hi"}])
        text, th, calls, sigs, cits = [], [], [], [], []
        for b in m.content:
            if b.type == "text":
                text.append(b.text)
                cits.extend(c.cited_text for c in b.citations or [])
            elif b.type == "thinking":
                th.append(b.thinking); sigs.append(b.signature)
            elif b.type == "redacted_thinking":
                sigs.append(b.data)
            elif b.type == "tool_use":
                calls.append((b.name, b.input))
        return {"text": "".join(text), "thinking": "".join(th), "calls": calls, "finish": m.stop_reason,
                "usage": (m.usage.input_tokens, m.usage.output_tokens), "signatures": sigs, "citations": cits}
    cl = genai.Client(api_key="k", http_options=genai_http_options(_transport(body, "application/json")))
    r = cl.models.generate_content(model="gemini-test", contents="hi")
    text, th, calls, sigs = [], [], [], []
    for cand in r.candidates or []:
        for p in (cand.content.parts if cand.content else None) or []:
            if p.thought_signature:
                sigs.append(base64.b64encode(p.thought_signature).decode())
            if p.function_call:
                calls.append((p.function_call.name, p.function_call.args or {}))
            elif p.text is not None:
                (th if p.thought else text).append(p.text)
    u = r.usage_metadata
    return {"text": "".join(text), "thinking": "".join(th), "calls": calls,
            "finish": r.candidates and r.candidates[0].finish_reason, "usage": u and (u.prompt_token_count, u.candidates_token_count),
            "signatures": sigs}


def view(r: lc.Response):
    ps = r.message.parts
    return {
        "text": "".join(getattr(p, "text", "") for p in ps if isinstance(p, (lc.TextPart, lc.RefusalPart)) or type(p).__name__ == "RefusalPart"),
        "thinking": "".join(p.text for p in ps if isinstance(p, lc.ThinkingPart)),
        "calls": [(p.name, p.input) for p in ps if isinstance(p, lc.ToolCallPart)],
    }
