"""Probe: lc.translate_response(src, dst, body) on every non-streamed corpus body, every dst: no bare
exception; the dst body read back by lmcodec (decode_response) says what decode_response(src) says
(text, calls, finish, usage counts), usage counted apart (dialects count cache reads differently)."""
from __future__ import annotations
import json
from pathlib import Path
import lmcodec as lc
import anthropic.types as at
import openai.types.chat as oc
import openai.types.responses as orr
from google.genai import types as gt

BODIES = Path(__file__).resolve().parents[4] / "shared/corpus/lm15-contract/bodies"
DIALECT = {"anthropic": "anthropic", "gemini": "gemini", "openai": "openai", "openai_chat": "openai_chat", "openai-chat": "openai_chat", "openai_responses": "openai"}
SDK = {"anthropic": at.Message.model_validate, "openai_chat": oc.ChatCompletion.model_validate,
       "openai": orr.Response.model_validate, "gemini": gt.GenerateContentResponse.model_validate}
def said(r):
    parts = []
    for p in r.message.parts:
        n = type(p).__name__
        parts.append((n, getattr(p, "text", None), getattr(p, "name", None), getattr(p, "input", None)))
    u = r.usage
    return (r.finish_reason, parts, u.input_tokens, u.output_tokens)
counts = {"runs": 0, "bare": 0, "differ": 0, "refused": 0}
kinds: dict = {}
for d in sorted(BODIES.iterdir()):
    prefix = d.name.split(".")[0]
    src = DIALECT.get(prefix)
    if src is None or "stream" in d.name:
        continue
    for f in sorted(d.glob("*.txt")):
        raw = f.read_bytes()
        try:
            want = said(lc.decode_response(src, raw))
        except lc.LmcodecError:
            continue
        for dst in ("anthropic", "openai_chat", "openai", "gemini"):
            counts["runs"] += 1
            try:
                out = lc.translate_response(src, dst, raw)
            except lc.LmcodecError as e:
                counts["refused"] += 1
                print("REFUSED", d.name, dst, str(e)[:120]); continue
            except Exception as e:
                counts["bare"] += 1
                print("BARE", d.name, dst, type(e).__name__, e); continue
            got = said(lc.decode_response(dst, out))
            if got[:2] != want[:2]:
                counts["differ"] += 1
                print("DIFFER", d.name, f.name, src, "->", dst, "\n   src:", str(want[:2])[:400], "\n   dst:", str(got[:2])[:400])
            elif got != want:
                counts["usage"] = counts.get("usage", 0) + 1
                kinds[(src, dst)] = kinds.get((src, dst), 0) + 1
print(counts)
print("usage counts differ (src, dst):", kinds)
