"""SDK readings of a body and a stream per dialect: {text, calls, finish}, through the real clients
on an httpx.MockTransport (openai, anthropic), google-genai's types for Gemini."""
from __future__ import annotations
import json
from typing import Any

import anthropic
import httpx
import httpx2
import openai
from google.genai import types as gt
from openai.lib.streaming.chat import ChatCompletionStreamState


def _t(body: bytes, ct: str) -> httpx.Client:
    return httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(200, headers={"content-type": ct}, content=body)))


def oai(body: bytes, ct: str) -> openai.OpenAI:
    return openai.OpenAI(api_key="k", base_url="http://x.test/v1", http_client=_t(body, ct), max_retries=0)


def anth(body: bytes, ct: str) -> anthropic.Anthropic:
    c = httpx2.Client(transport=httpx2.MockTransport(lambda r: httpx2.Response(200, headers={"content-type": ct}, content=body)))
    return anthropic.Anthropic(api_key="k", base_url="http://x.test", http_client=c, max_retries=0)


def _chat(c: Any) -> dict[str, Any]:
    ch = c.choices[0]
    return {"text": ch.message.content or "", "refusal": ch.message.refusal,
            "calls": [(t.function.name, t.function.arguments) for t in (ch.message.tool_calls or [])], "finish": ch.finish_reason}


def _resp(r: Any) -> dict[str, Any]:
    return {"text": r.output_text, "refusal": [c.refusal for o in r.output if o.type == "message" for c in o.content if c.type == "refusal"],
            "calls": [(o.name, o.arguments) for o in r.output if o.type == "function_call"],
            "finish": (r.status, r.incomplete_details.reason if r.incomplete_details else None)}


def _msg(m: Any) -> dict[str, Any]:
    return {"text": "".join(b.text for b in m.content if b.type == "text"),
            "calls": [(b.name, json.dumps(b.input)) for b in m.content if b.type == "tool_use"], "finish": m.stop_reason}


def _gem(g: Any, acc: dict[str, Any] | None = None) -> dict[str, Any]:
    acc = acc or {"text": "", "calls": [], "finish": (None, None)}
    c = g.candidates[0] if g.candidates else None
    parts = c.content.parts if c and c.content and c.content.parts else []
    acc["text"] += "".join(p.text or "" for p in parts if not p.thought)
    acc["calls"] += [(p.function_call.name, json.dumps(p.function_call.args)) for p in parts if p.function_call]
    if (c and c.finish_reason) or g.prompt_feedback:
        acc["finish"] = (str(c.finish_reason) if c else None, str(g.prompt_feedback.block_reason) if g.prompt_feedback else None)
    return acc


def read_body(dst: str, body: bytes) -> dict[str, Any]:
    ct = "application/json"
    if dst == "openai_chat":
        return _chat(oai(body, ct).chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}]))
    if dst == "openai":
        return _resp(oai(body, ct).responses.create(model="m", input="hi"))
    if dst == "anthropic":
        return _msg(anth(body, ct).messages.create(model="m", max_tokens=9, messages=[{"role": "user", "content": "hi"}]))
    return _gem(gt.GenerateContentResponse.model_validate(json.loads(body)))


def read_stream(dst: str, body: bytes) -> dict[str, Any]:
    ct = "text/event-stream"
    if dst == "openai_chat":
        st = ChatCompletionStreamState()
        with oai(body, ct).chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], stream=True) as s:
            for ch in s:
                st.handle_chunk(ch)
        return _chat(st.current_completion_snapshot)
    if dst == "openai":
        final = None
        with oai(body, ct).responses.stream(model="m", input="hi") as s:
            for e in s:
                if e.type in ("response.completed", "response.incomplete", "response.failed"):
                    final = e.response
        return _resp(final)
    if dst == "anthropic":
        with anth(body, ct).messages.stream(model="m", max_tokens=9, messages=[{"role": "user", "content": "hi"}]) as s:
            for _ in s:
                pass
            return _msg(s.get_final_message())
    acc = None
    for line in body.decode().splitlines():
        if line.startswith("data: "):
            acc = _gem(gt.GenerateContentResponse.model_validate(json.loads(line[6:])), acc)
    return acc or {}
