"""Red team 46's multi-turn gateway loop: an official SDK client holds a conversation with a fake
provider of another (or the same) dialect through ``lc.translate_request`` and
``lc.translate_response`` / ``lc.stream.translate``; the provider judges each request it gets.

The client is the real SDK (openai Chat, openai Responses, anthropic, google-genai) over a mock
transport whose handler is the gateway; turn N+1 is built from what the SDK returned, as its docs
show (Chat: the message object appended, tool messages by ``tool_call_id``; Responses: ``input +=
response.output`` and ``function_call_output`` by ``call_id``; Anthropic: ``response.content`` as
the assistant turn, ``tool_result`` by ``tool_use_id``; Gemini: the candidate's content, then
``function_response`` parts by name and id). The provider answers each turn but the last with
signed thinking, text and two parallel calls (Gemini without ids), from the API references.
"""

from __future__ import annotations

import base64
import json
import os
import sys
import warnings
from dataclasses import dataclass, field
from typing import Any

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.environ.get("RT46_SRC") or os.path.join(ROOT, "src"))  # RT46_SRC: an older src
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

import lmcodec as lc  # noqa: E402

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODEL = {
    "openai": "gpt-5",
    "openai_chat": "gpt-4.1",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-3-pro-preview",
}
PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0" * 24).decode()
SYSTEM = ("You are terse.", "Answer in French.")
CALLS = (("get_weather", {"city": "Paris"}), ("get_time", {"tz": "CET"}))
PLACEHOLDER = base64.b64encode(b"skip_thought_signature_validator").decode()


def sse(event: dict[str, Any], named: bool = True) -> bytes:
    head = f"event: {event['type']}\n" if named else ""
    return (head + "data: " + json.dumps(event) + "\n\n").encode()


# ── the provider ──────────────────────────────────────────────────────────────


@dataclass
class Provider:
    """One fake backend: what it issued (call ids, names, signatures) and what it found wrong."""

    dialect: str
    thinking: bool = True
    plan: tuple[int, ...] = ()
    same_name: bool = False
    split_calls: bool = False
    reuse_ids: bool = False  # call ids that repeat every turn (call_0, call_1: some Chat servers)
    redacted: bool = False  # a redacted_thinking block first
    interleaved: bool = False  # Claude's interleaved thinking: a thinking block before each tool_use
    layouts: list[list[tuple[str, str]]] = field(default_factory=list)
    expect_kept: list[str] = field(default_factory=list)  # strings every request must hold
    placeholders: int = 0
    issued_ids: dict[str, str] = field(default_factory=dict)  # call id -> name
    issued_sigs: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)
    bodies: list[dict[str, Any]] = field(default_factory=list)
    turn: int = 0

    def _check_kept(self, text: str) -> None:
        for k in self.expect_kept:
            want = json.dumps(k)[1:-1]
            if want not in text:
                self.problem(f"lost: {k[:50]!r}")

    def problem(self, text: str) -> None:
        self.problems.append(f"turn {self.turn}: {text}")

    def answer(self, body: dict[str, Any], stream: bool, turn: int) -> list[bytes]:
        self.turn = turn
        self.bodies.append(body)
        getattr(self, "_check_" + self.dialect)(body)
        self._check_kept(json.dumps(body))
        n = self.plan[self.turn - 1] if self.turn <= len(self.plan) else 0
        picks = [CALLS[i % len(CALLS)] if not self.same_name else CALLS[0] for i in range(n)]
        calls = [(str(i) if self.reuse_ids else f"{self.turn}{'abcdefgh'[i]}", name, dict(args, n=i) if self.same_name else args)
                 for i, (name, args) in enumerate(picks)]
        return getattr(self, "_answer_" + self.dialect)(calls, stream)

    # anthropic ---------------------------------------------------------------
    def _answer_anthropic(self, calls: list[Any], stream: bool) -> list[bytes]:
        sig = f"SIG-claude-{self.turn}"
        self.issued_sigs.add(sig)
        blocks: list[dict[str, Any]] = []
        if self.thinking and self.redacted:
            data = f"REDACTED-claude-{self.turn}"
            self.issued_sigs.add(data)
            blocks.append({"type": "redacted_thinking", "data": data})
        if self.thinking:
            blocks.append({"type": "thinking", "thinking": f"think {self.turn}", "signature": sig})
        blocks.append({"type": "text", "text": f"text {self.turn}", "citations": None})
        for n, (key, name, args) in enumerate(calls):
            cid = f"toolu_{key}"
            self.issued_ids[cid] = name
            if n and self.interleaved and self.thinking:
                isig = f"SIG-claude-{self.turn}-{n}"
                self.issued_sigs.add(isig)
                blocks.append({"type": "thinking", "thinking": f"then {n}", "signature": isig})
            blocks.append({"type": "tool_use", "id": cid, "name": name, "input": args})
        self.layouts.append([(b["type"], b.get("signature") or b.get("data") or b.get("id")) for b in blocks
                             if b["type"] in ("thinking", "redacted_thinking", "tool_use")])
        stop = "tool_use" if calls else "end_turn"
        usage = {"input_tokens": 10, "output_tokens": 5, "cache_read_input_tokens": 0,
                 "cache_creation_input_tokens": 0}
        if not stream:
            return [json.dumps({"id": f"msg_{self.turn}", "type": "message", "role": "assistant",
                                "model": MODEL["anthropic"], "content": blocks, "stop_reason": stop,
                                "stop_sequence": None, "usage": usage}).encode()]
        out = [sse({"type": "message_start", "message": {
            "id": f"msg_{self.turn}", "type": "message", "role": "assistant", "model": MODEL["anthropic"],
            "content": [], "stop_reason": None, "stop_sequence": None, "usage": dict(usage, output_tokens=1)}})]
        for i, b in enumerate(blocks):
            if b["type"] == "thinking":
                out.append(sse({"type": "content_block_start", "index": i,
                                "content_block": {"type": "thinking", "thinking": "", "signature": ""}}))
                out.append(sse({"type": "content_block_delta", "index": i,
                                "delta": {"type": "thinking_delta", "thinking": b["thinking"]}}))
                out.append(sse({"type": "content_block_delta", "index": i,
                                "delta": {"type": "signature_delta", "signature": b["signature"]}}))
            elif b["type"] == "redacted_thinking":
                out.append(sse({"type": "content_block_start", "index": i, "content_block": b}))
            elif b["type"] == "text":
                out.append(sse({"type": "content_block_start", "index": i,
                                "content_block": {"type": "text", "text": ""}}))
                out.append(sse({"type": "content_block_delta", "index": i,
                                "delta": {"type": "text_delta", "text": b["text"]}}))
            else:
                out.append(sse({"type": "content_block_start", "index": i, "content_block": {
                    "type": "tool_use", "id": b["id"], "name": b["name"], "input": {}}}))
                out.append(sse({"type": "content_block_delta", "index": i, "delta": {
                    "type": "input_json_delta", "partial_json": json.dumps(b["input"])}}))
            out.append(sse({"type": "content_block_stop", "index": i}))
        out.append(sse({"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
                        "usage": {"output_tokens": 5}}))
        out.append(sse({"type": "message_stop"}))
        return out

    def _check_anthropic(self, body: dict[str, Any]) -> None:
        msgs = body.get("messages", [])
        all_uses = [b["id"] for m in msgs if isinstance(m["content"], list) for b in m["content"]
                    if b["type"] == "tool_use"]
        if len(all_uses) != len(set(all_uses)):
            self.problem(f"tool_use ids repeat: {all_uses}")
        for m in msgs:
            if m["role"] != "assistant" or not isinstance(m["content"], list):
                continue
            got = [(b["type"], b.get("signature") or b.get("data") or b.get("id")) for b in m["content"]
                   if b["type"] in ("thinking", "redacted_thinking", "tool_use")]
            for layout in self.layouts:
                sigs = {x for t, x in layout if t != "tool_use"}
                if sigs & {x for t, x in got if t != "tool_use"} and got != layout:
                    self.problem(f"our turn's blocks came back as {got}, issued {layout}")
        for i, m in enumerate(msgs):
            content = m["content"] if isinstance(m["content"], list) else [{"type": "text", "text": m["content"]}]
            if m["role"] == "assistant":
                uses = [b["id"] for b in content if b["type"] == "tool_use"]
                for u in uses:
                    if u not in self.issued_ids:
                        self.problem(f"messages[{i}] tool_use id {u!r} never issued")
                if uses:
                    nxt = msgs[i + 1]["content"] if i + 1 < len(msgs) else []
                    results = [b.get("tool_use_id") for b in nxt if isinstance(b, dict) and b["type"] == "tool_result"]
                    if set(results) != set(uses):
                        self.problem(f"messages[{i}] tool_use {uses} answered by {results}")
                for b in content:
                    if b["type"] == "redacted_thinking" and b.get("data") not in self.issued_sigs:
                        self.problem(f"messages[{i}] redacted_thinking data {b.get('data')!r} not ours")
                    if b["type"] == "thinking" and b.get("signature") not in self.issued_sigs:
                        self.problem(f"messages[{i}] thinking signature {b.get('signature')!r} not ours")
            else:
                for b in content:
                    if b["type"] == "tool_result" and b["tool_use_id"] not in self.issued_ids:
                        self.problem(f"messages[{i}] tool_result for unknown {b['tool_use_id']!r}")
        # thinking on: the assistant turn of the current tool loop (from the last user message that
        # is not only tool results) must start with thinking (Anthropic's "toggling thinking" rule)
        if body.get("thinking", {}).get("type") == "enabled":
            start = 0
            for i, m in enumerate(msgs):
                c = m["content"]
                if m["role"] == "user" and (isinstance(c, str) or any(b["type"] != "tool_result" for b in c)):
                    start = i + 1
            loop = msgs[start:]
            if any(isinstance(m["content"], list) and any(b["type"] == "tool_use" for b in m["content"])
                   for m in loop if m["role"] == "assistant"):
                head = next(m for m in loop if m["role"] == "assistant")["content"][0]
                if head["type"] not in ("thinking", "redacted_thinking"):
                    self.problem(f"tool loop's first assistant turn starts with {head['type']}, not thinking")

    # openai Responses --------------------------------------------------------
    def _answer_openai(self, calls: list[Any], stream: bool) -> list[bytes]:
        enc = f"ENC-openai-{self.turn}"
        self.issued_sigs.add(enc)
        items: list[dict[str, Any]] = []
        if self.thinking:
            items.append({"type": "reasoning", "id": f"rs_{self.turn}", "status": None,
                          "summary": [{"type": "summary_text", "text": f"think {self.turn}"}],
                          "encrypted_content": enc})
        items.append({"type": "message", "id": f"msg_{self.turn}", "role": "assistant", "status": "completed",
                      "content": [{"type": "output_text", "text": f"text {self.turn}", "annotations": []}]})
        for key, name, args in calls:
            cid = f"call_{key}"
            self.issued_ids[cid] = name
            self.issued_ids["fc_" + key] = name
            items.append({"type": "function_call", "id": f"fc_{key}", "call_id": cid, "name": name,
                          "arguments": json.dumps(args), "status": "completed"})
        base = {"id": f"resp_{self.turn}", "object": "response", "created_at": 1, "status": "in_progress",
                "error": None, "incomplete_details": None, "model": MODEL["openai"], "output": [],
                "usage": None, "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
                "instructions": None, "metadata": {}, "temperature": 1.0, "top_p": 1.0}
        usage = {"input_tokens": 10, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 5,
                 "output_tokens_details": {"reasoning_tokens": 2}, "total_tokens": 15}
        done = dict(base, status="completed", output=items, usage=usage)
        if not stream:
            return [json.dumps(done).encode()]
        seq = iter(range(1000))
        out = [sse({"type": "response.created", "response": base, "sequence_number": next(seq)})]
        for n, it in enumerate(items):
            if it["type"] == "reasoning":
                out.append(sse({"type": "response.output_item.added", "output_index": n,
                                "item": dict(it, summary=[], encrypted_content=None), "sequence_number": next(seq)}))
            elif it["type"] == "message":
                out.append(sse({"type": "response.output_item.added", "output_index": n,
                                "item": dict(it, content=[], status="in_progress"), "sequence_number": next(seq)}))
                part = {"type": "output_text", "text": "", "annotations": []}
                out.append(sse({"type": "response.content_part.added", "item_id": it["id"], "output_index": n,
                                "content_index": 0, "part": part, "sequence_number": next(seq)}))
                text = it["content"][0]["text"]
                out.append(sse({"type": "response.output_text.delta", "item_id": it["id"], "output_index": n,
                                "content_index": 0, "delta": text, "logprobs": [], "sequence_number": next(seq)}))
                out.append(sse({"type": "response.output_text.done", "item_id": it["id"], "output_index": n,
                                "content_index": 0, "text": text, "logprobs": [], "sequence_number": next(seq)}))
                out.append(sse({"type": "response.content_part.done", "item_id": it["id"], "output_index": n,
                                "content_index": 0, "part": it["content"][0], "sequence_number": next(seq)}))
            else:
                out.append(sse({"type": "response.output_item.added", "output_index": n,
                                "item": dict(it, arguments="", status="in_progress"), "sequence_number": next(seq)}))
                out.append(sse({"type": "response.function_call_arguments.delta", "item_id": it["id"],
                                "output_index": n, "delta": it["arguments"], "sequence_number": next(seq)}))
                out.append(sse({"type": "response.function_call_arguments.done", "item_id": it["id"],
                                "output_index": n, "arguments": it["arguments"], "name": it["name"],
                                "sequence_number": next(seq)}))
            out.append(sse({"type": "response.output_item.done", "output_index": n, "item": it,
                            "sequence_number": next(seq)}))
        out.append(sse({"type": "response.completed", "response": done, "sequence_number": next(seq)}))
        return out

    def _check_openai(self, body: dict[str, Any]) -> None:
        items = body.get("input", [])
        if isinstance(items, str):
            return
        call_list = [it.get("call_id") for it in items if it.get("type") == "function_call"]
        if len(call_list) != len(set(call_list)):
            self.problem(f"function_call call_ids repeat: {call_list}")
        call_ids = set(call_list)
        reasoning_ids = [it.get("id") for it in items if it.get("type") == "reasoning"]
        for i, it in enumerate(items):
            t = it.get("type")
            if t == "function_call_output" and it.get("call_id") not in call_ids:
                self.problem(f"input[{i}] function_call_output for unknown call_id {it.get('call_id')!r}")
            if t == "function_call":
                if it.get("call_id") not in self.issued_ids:
                    self.problem(f"input[{i}] function_call call_id {it.get('call_id')!r} never issued")
                fid = it.get("id")
                if fid is not None and fid not in self.issued_ids:
                    self.problem(f"input[{i}] function_call id {fid!r} never issued")
                # a call item we issued after a reasoning item needs that item (the API's 400)
                if fid is not None and self.thinking and not self.reuse_ids:
                    turn = fid[3:-1]
                    if f"rs_{turn}" not in reasoning_ids:
                        self.problem(f"input[{i}] {fid} without its reasoning item rs_{turn}")
            if t == "reasoning":
                enc = it.get("encrypted_content")
                if enc is not None and enc not in self.issued_sigs:
                    self.problem(f"input[{i}] reasoning encrypted_content {enc[:40]!r} not ours")

    # openai Chat -------------------------------------------------------------
    def _answer_openai_chat(self, calls: list[Any], stream: bool) -> list[bytes]:
        tool_calls = []
        for key, name, args in calls:
            cid = f"call_{key}"
            self.issued_ids[cid] = name
            tool_calls.append({"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps(args)}})
        finish = "tool_calls" if calls else "stop"
        usage = {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
        head = {"id": f"chatcmpl-{self.turn}", "created": 1, "model": MODEL["openai_chat"]}
        if not stream:
            msg: dict[str, Any] = {"role": "assistant", "content": f"text {self.turn}", "refusal": None}
            if tool_calls:
                msg["tool_calls"] = tool_calls
            return [json.dumps(dict(head, object="chat.completion", choices=[
                {"index": 0, "message": msg, "finish_reason": finish, "logprobs": None}], usage=usage)).encode()]

        def chunk(delta: dict[str, Any], finish: str | None = None, usage: Any = None, choices: bool = True) -> bytes:
            c = dict(head, object="chat.completion.chunk",
                     choices=[{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}] if choices else [])
            if usage is not None:
                c["usage"] = usage
            return b"data: " + json.dumps(c).encode() + b"\n\n"

        out = [chunk({"role": "assistant", "content": ""}), chunk({"content": f"text {self.turn}"})]
        for i, tc in enumerate(tool_calls):
            out.append(chunk({"tool_calls": [{"index": i, "id": tc["id"], "type": "function",
                                              "function": {"name": tc["function"]["name"], "arguments": ""}}]}))
            out.append(chunk({"tool_calls": [{"index": i, "function": {"arguments": tc["function"]["arguments"]}}]}))
        out.append(chunk({}, finish))
        out.append(chunk({}, usage=usage, choices=False))
        out.append(b"data: [DONE]\n\n")
        return out

    def _check_openai_chat(self, body: dict[str, Any]) -> None:
        msgs = body.get("messages", [])
        for i, m in enumerate(msgs):
            if m["role"] == "assistant" and m.get("tool_calls"):
                ids = [tc["id"] for tc in m["tool_calls"]]
                for u in ids:
                    if u not in self.issued_ids:
                        self.problem(f"messages[{i}] tool_call id {u!r} never issued")
                answered = []
                j = i + 1
                while j < len(msgs) and msgs[j]["role"] == "tool":
                    answered.append(msgs[j]["tool_call_id"])
                    j += 1
                if set(answered) != set(ids):
                    self.problem(f"messages[{i}] tool_calls {ids} answered by {answered}")
            if m["role"] == "tool" and m["tool_call_id"] not in self.issued_ids:
                self.problem(f"messages[{i}] tool message for unknown {m['tool_call_id']!r}")

    # gemini ------------------------------------------------------------------
    def _answer_gemini(self, calls: list[Any], stream: bool) -> list[bytes]:
        sig = base64.b64encode(f"SIG-gemini-{self.turn}".encode()).decode()
        self.issued_sigs.add(sig)
        parts: list[dict[str, Any]] = []
        if self.thinking:
            parts.append({"text": f"think {self.turn}", "thought": True})
        parts.append({"text": f"text {self.turn}"})
        for n, (key, name, args) in enumerate(calls):
            p: dict[str, Any] = {"functionCall": {"name": name, "args": args}}
            self.issued_ids[name] = name
            if n == 0:
                p["thoughtSignature"] = sig
            parts.append(p)
        if not calls:
            parts[-1]["thoughtSignature"] = sig
        usage = {"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15}
        head = {"modelVersion": MODEL["gemini"], "responseId": f"r{self.turn}"}
        if not stream:
            return [json.dumps(dict(head, candidates=[{"content": {"role": "model", "parts": parts},
                                                       "finishReason": "STOP", "index": 0}],
                                    usageMetadata=usage)).encode()]
        out = []
        groups = [parts[:1], parts[1:2], parts[2:]] if len(parts) > 2 else [parts]
        if self.split_calls and len(parts) > 2:
            groups = [parts[:1], parts[1:2]] + [[p] for p in parts[2:]]
        groups = [g for g in groups if g]
        for n, g in enumerate(groups):
            cand: dict[str, Any] = {"content": {"role": "model", "parts": g}, "index": 0}
            chunk: dict[str, Any] = dict(head, candidates=[cand])
            if n == len(groups) - 1:
                cand["finishReason"] = "STOP"
                chunk["usageMetadata"] = usage
            out.append(b"data: " + json.dumps(chunk).encode() + b"\r\n\r\n")
        return out

    def _check_gemini(self, body: dict[str, Any]) -> None:
        contents = body.get("contents", [])
        for i, c in enumerate(contents):
            parts = c.get("parts", [])
            if c.get("role") == "model":
                fcs = [p["functionCall"] for p in parts if "functionCall" in p]
                if fcs:
                    nxt = contents[i + 1].get("parts", []) if i + 1 < len(contents) else []
                    frs = [p["functionResponse"] for p in nxt if "functionResponse" in p]
                    if len(frs) != len(fcs) or sorted(f["name"] for f in frs) != sorted(f["name"] for f in fcs):
                        self.problem(f"contents[{i}] calls {[f['name'] for f in fcs]} answered by "
                                     f"{[f.get('name') for f in frs]}")
                    for f in frs:
                        if "id" in f and f["id"] not in {fc.get("id") for fc in fcs}:
                            self.problem(f"contents[{i + 1}] functionResponse id {f['id']!r} matches no call id")
                    first = next(p for p in parts if "functionCall" in p)
                    s = first.get("thoughtSignature")
                    if s == PLACEHOLDER:
                        self.placeholders += 1
                    elif s not in self.issued_sigs:
                        self.problem(f"contents[{i}] first functionCall thoughtSignature {s!r} not ours")
                for p in parts:
                    s = p.get("thoughtSignature")
                    if s is not None and s not in self.issued_sigs and s != PLACEHOLDER:
                        self.problem(f"contents[{i}] thoughtSignature {s[:30]!r} not ours")


# ── the gateway ───────────────────────────────────────────────────────────────


@dataclass
class Gateway:
    src: str
    route: tuple[str, ...]  # the backend of each turn (one dialect, or a failover)
    providers: dict[str, Provider]
    builts: list[Any] = field(default_factory=list)
    answers: list[bytes] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    received: list[bytes] = field(default_factory=list)
    turn: int = 0

    def serve(self, body: bytes, stream: bool, client_model: str) -> bytes:
        self.turn += 1
        self.received.append(body)
        dst = self.route[min(self.turn, len(self.route)) - 1]
        built = lc.translate_request(self.src, dst, body, stream=stream, model=MODEL[dst])
        self.builts.append(built)
        upstream = self.providers[dst].answer(json.loads(built.body), stream, self.turn)
        request = lc.Request(model=client_model, messages=(lc.Message.user(""),))
        if stream:
            out = b"".join(lc.stream.translate(dst, self.src, upstream, request=request,
                                               adaptations=built.adaptations))
        else:
            out = lc.translate_response(dst, self.src, b"".join(upstream), request=request,
                                        adaptations=built.adaptations)
        self.answers.append(out)
        return out


def _handler(hx: Any, gw: Gateway, client_model: str | None = None) -> Any:
    def handle(request: Any) -> Any:
        body = request.content
        url = str(request.url)
        if gw.src == "gemini":
            stream = "streamGenerateContent" in url
            model = url.split("/models/")[1].split(":")[0]
        else:
            stream = bool(json.loads(body).get("stream"))
            model = json.loads(body)["model"]
        try:
            out = gw.serve(body, stream, model)
        except lc.LmcodecError as exc:
            gw.refusals.append(f"gateway refused turn {gw.turn}: {type(exc).__name__}: {str(exc)[:300]}")
            raise
        ctype = "text/event-stream" if stream else "application/json"
        return hx.Response(200, headers={"content-type": ctype}, content=out)

    return handle


# ── the clients ───────────────────────────────────────────────────────────────

TOOLS_OPENAI_CHAT = [
    {"type": "function", "function": {"name": n, "description": f"{n} tool", "parameters": {
        "type": "object", "properties": {k: {"type": "string"} for k in a}, "required": list(a)}}}
    for n, a in CALLS
]
TOOLS_RESPONSES = [dict(t["function"], type="function", strict=False) for t in TOOLS_OPENAI_CHAT]
TOOLS_ANTHROPIC = [{"name": t["function"]["name"], "description": t["function"]["description"],
                    "input_schema": t["function"]["parameters"]} for t in TOOLS_OPENAI_CHAT]
TOOLS_ANTHROPIC[-1]["cache_control"] = {"type": "ephemeral"}


def _result(name: str) -> str:
    return json.dumps({"tool": name, "ok": True})


@dataclass
class Run:
    src: str
    route: tuple[str, ...]
    stream: bool
    plan: tuple[int, ...]
    providers: dict[str, Provider]
    gateway: Gateway
    reverse_results: bool = False
    plain_replay: bool = False  # the client keeps only what every SDK user keeps (no extensions, no ids it need not)
    client_errors: list[str] = field(default_factory=list)
    seen: list[Any] = field(default_factory=list)  # what the client's SDK returned each turn

    @property
    def turns(self) -> int:
        return len(self.plan)

    @property
    def provider(self) -> Provider:
        return self.providers[self.route[0]]

    @property
    def problems(self) -> list[str]:
        out = [p for d in self.providers.values() for p in d.problems]
        return out + self.gateway.refusals + self.client_errors

    @property
    def placeholders(self) -> int:
        return sum(p.placeholders for p in self.providers.values())


FOLLOW_UP = "And tomorrow?"


def run(src: str, dst: str | tuple[str, ...], stream: bool, plan: tuple[int, ...] = (2, 2, 0), *,
        thinking: bool = True, same_name: bool = False, reverse_results: bool = False,
        split_calls: bool = False, plain_replay: bool = False, reuse_ids: bool = False,
        interleaved: bool = False, redacted: bool = False,
        kept: tuple[str, ...] = (*SYSTEM, PNG)) -> Run:
    route = (dst,) if isinstance(dst, str) else tuple(dst)
    providers = {d: Provider(d, thinking=thinking, plan=plan, same_name=same_name, expect_kept=list(kept),
                             split_calls=split_calls, reuse_ids=reuse_ids, interleaved=interleaved,
                             redacted=redacted)
                 for d in route}
    gw = Gateway(src, route, providers)
    r = Run(src, route, stream, plan, providers, gw, reverse_results=reverse_results, plain_replay=plain_replay)
    try:
        globals()["_client_" + src](r, thinking)
    except Exception as exc:  # noqa: BLE001 - a red team records what broke
        r.client_errors.append(f"client stopped after turn {gw.turn}: {type(exc).__name__}: {str(exc)[:300]}")
    return r


def _order(r: Run, xs: list[Any]) -> list[Any]:
    return xs[::-1] if r.reverse_results else xs


def _client_openai_chat(r: Run, thinking: bool) -> None:
    import httpx
    import openai

    client = openai.OpenAI(api_key="x", base_url="http://gw/v1", max_retries=0,
                           http_client=httpx.Client(transport=httpx.MockTransport(_handler(httpx, r.gateway))))
    messages: list[Any] = [
        {"role": "system", "content": [{"type": "text", "text": s} for s in SYSTEM]},
        {"role": "user", "content": [{"type": "text", "text": "Weather and time?"},
                                     {"type": "image_url", "image_url": {"url": f"data:image/png;base64,{PNG}"}}]},
    ]
    extra = {"reasoning_effort": "medium"} if thinking else {}
    for _ in range(r.turns):
        if r.stream:
            with client.chat.completions.stream(model=MODEL["openai_chat"], messages=messages,
                                                tools=TOOLS_OPENAI_CHAT, **extra) as s:
                for _e in s:
                    pass
                completion = s.get_final_completion()
        else:
            completion = client.chat.completions.create(model=MODEL["openai_chat"], messages=messages,
                                                        tools=TOOLS_OPENAI_CHAT, **extra)
        message = completion.choices[0].message
        r.seen.append(message)
        if r.plain_replay:
            plain: dict[str, Any] = {"role": "assistant", "content": message.content}
            if message.tool_calls:
                plain["tool_calls"] = [{"id": tc.id, "type": "function", "function": {
                    "name": tc.function.name, "arguments": tc.function.arguments}} for tc in message.tool_calls]
            messages.append(plain)
        else:
            messages.append(message)
        for tc in _order(r, list(message.tool_calls or [])):
            messages.append({"role": "tool", "tool_call_id": tc.id, "content": _result(tc.function.name)})
        if not message.tool_calls:
            messages.append({"role": "user", "content": FOLLOW_UP})


def _client_openai(r: Run, thinking: bool) -> None:
    import httpx
    import openai

    client = openai.OpenAI(api_key="x", base_url="http://gw/v1", max_retries=0,
                           http_client=httpx.Client(transport=httpx.MockTransport(_handler(httpx, r.gateway))))
    items: list[Any] = [
        {"role": "system", "content": [{"type": "input_text", "text": s} for s in SYSTEM]},
        {"role": "user", "content": [{"type": "input_text", "text": "Weather and time?"},
                                     {"type": "input_image", "detail": "auto",
                                      "image_url": f"data:image/png;base64,{PNG}"}]},
    ]
    extra: dict[str, Any] = {"store": False}
    if thinking:
        extra.update(reasoning={"effort": "medium", "summary": "auto"}, include=["reasoning.encrypted_content"])
    for _ in range(r.turns):
        if r.stream:
            with client.responses.stream(model=MODEL["openai"], input=items, tools=TOOLS_RESPONSES, **extra) as s:
                for _e in s:
                    pass
                response = s.get_final_response()
        else:
            response = client.responses.create(model=MODEL["openai"], input=items, tools=TOOLS_RESPONSES, **extra)
        r.seen.append(response)
        items += response.output
        calls = [it for it in response.output if it.type == "function_call"]
        for c in _order(r, calls):
            items.append({"type": "function_call_output", "call_id": c.call_id, "output": _result(c.name)})
        if not calls:
            items.append({"role": "user", "content": FOLLOW_UP})


def _client_anthropic(r: Run, thinking: bool) -> None:
    import anthropic
    import httpx2

    client = anthropic.Anthropic(api_key="x", base_url="http://gw", max_retries=0,
                                 http_client=httpx2.Client(transport=httpx2.MockTransport(_handler(httpx2, r.gateway))))
    system = [{"type": "text", "text": s} for s in SYSTEM]
    system[-1]["cache_control"] = {"type": "ephemeral"}
    messages: list[Any] = [{"role": "user", "content": [
        {"type": "text", "text": "Weather and time?"},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}]}]
    extra: dict[str, Any] = {"thinking": {"type": "enabled", "budget_tokens": 1024}} if thinking else {}
    for _ in range(r.turns):
        kw = dict(model=MODEL["anthropic"], max_tokens=4096, system=system, messages=messages,
                  tools=TOOLS_ANTHROPIC, **extra)
        if r.stream:
            with client.messages.stream(**kw) as s:
                message = s.get_final_message()
        else:
            message = client.messages.create(**kw)
        r.seen.append(message)
        messages.append({"role": "assistant", "content": message.content})
        uses = [b for b in message.content if b.type == "tool_use"]
        if not uses:
            messages.append({"role": "user", "content": FOLLOW_UP})
            continue
        messages.append({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": b.id, "content": _result(b.name)} for b in _order(r, uses)]})


def _client_gemini(r: Run, thinking: bool) -> None:
    import httpx
    from google import genai
    from google.genai import types

    sys.path.insert(0, ROOT)
    from tests.providers.gateway_support import genai_http_options

    hx = httpx.Client(transport=httpx.MockTransport(_handler(httpx, r.gateway)))
    client = genai.Client(api_key="x", http_options=genai_http_options(hx, base_url="http://gw", retry_options=None))
    config = types.GenerateContentConfig(
        system_instruction=types.Content(parts=[types.Part(text=s) for s in SYSTEM]),
        tools=[types.Tool(function_declarations=[types.FunctionDeclaration(
            name=t["name"], description=t["description"], parameters_json_schema=t["input_schema"])
            for t in TOOLS_ANTHROPIC])],
        thinking_config=types.ThinkingConfig(include_thoughts=True, thinking_budget=1024) if thinking else None,
    )
    contents: list[Any] = [types.Content(role="user", parts=[
        types.Part(text="Weather and time?"),
        types.Part(inline_data=types.Blob(mime_type="image/png", data=base64.b64decode(PNG)))])]
    for _ in range(r.turns):
        if r.stream:
            parts: list[Any] = []
            for chunk in client.models.generate_content_stream(model=MODEL["gemini"], contents=contents, config=config):
                if chunk.candidates and chunk.candidates[0].content and chunk.candidates[0].content.parts:
                    parts.extend(chunk.candidates[0].content.parts)
            content = types.Content(role="model", parts=parts)
        else:
            response = client.models.generate_content(model=MODEL["gemini"], contents=contents, config=config)
            content = response.candidates[0].content
        r.seen.append(content)
        contents.append(content)
        fcs = [p.function_call for p in content.parts or [] if p.function_call is not None]
        if not fcs:
            contents.append(types.Content(role="user", parts=[types.Part(text=FOLLOW_UP)]))
            continue
        if r.plain_replay:
            contents.append(types.Content(role="user", parts=[
                types.Part.from_function_response(name=fc.name or "", response={"result": _result(fc.name or "")})
                for fc in _order(r, fcs)]))
            continue
        contents.append(types.Content(role="user", parts=[
            types.Part(function_response=types.FunctionResponse(id=fc.id, name=fc.name,
                                                                 response={"result": _result(fc.name or "")}))
            for fc in _order(r, fcs)]))


if __name__ == "__main__":
    for stream in (False, True):
        for src in DIALECTS:
            for dst in DIALECTS:
                r = run(src, dst, stream)
                mark = "OK " if not r.problems else "BAD"
                print(f"{mark} {'stream' if stream else 'whole '} {src:>11} -> {dst:<11} turns={r.gateway.turn}"
                      f" placeholders={r.placeholders}")
                for p in r.problems:
                    print("      ", p)
