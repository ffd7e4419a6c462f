"""The Anthropic and Gemini SDKs as readers of written streams, what each wire can carry of a
canonical Response, and the source streams the anthropic/gemini writer tests write.

The readers are the real clients on an offline transport: ``anthropic.Anthropic`` with
``client.messages.stream(...)`` and ``get_final_message()`` (its MessageStream accumulator), and
``google.genai.Client`` with ``models.generate_content_stream`` (its SSE line decoder and
``GenerateContentResponse`` parsing), each answered by an ``httpx2.MockTransport`` serving the
written bytes.
"""

from __future__ import annotations

import base64
import itertools
import json
from typing import Any

import pytest

import lmcodec as lc

from ..stream.write_support import REQUEST, corpus_id, corpus_streams, synthesized
from .gateway_support import genai_http_options
from .provider_support import SEEDS, assert_same_outcome, lc_stream, lm15_stream, requests_for, sse_body

anthropic = pytest.importorskip("anthropic", reason="the anthropic SDK reads the written streams")
httpx2 = pytest.importorskip("httpx2", reason="the SDKs' transport")
genai = pytest.importorskip("google.genai", reason="google-genai reads the written streams")

__all__ = [
    "REQUEST",
    "check_written",
    "corpus_id",
    "corpus_streams",
    "decoded_sources",
    "sdk_anthropic",
    "sdk_gemini",
    "source_streams",
]

SYNTHESIZED_ID = "<synthesized>"


# ── the SDK readers ───────────────────────────────────────────────────────────


def _transport(body: bytes, content_type: str) -> Any:
    def handler(request: Any) -> Any:
        return httpx2.Response(200, headers={"content-type": content_type}, content=body)

    return httpx2.Client(transport=httpx2.MockTransport(handler))


_STOP_REASONS = {
    "end_turn": "stop",
    "stop_sequence": "stop",
    "max_tokens": "length",
    "tool_use": "tool_call",
    "pause_turn": "tool_call",
    "refusal": "content_filter",
}


def sdk_anthropic(body: bytes) -> dict[str, Any]:
    """The anthropic SDK's final message for a Messages stream, as a view."""
    client = anthropic.Anthropic(
        api_key="sk-test", http_client=_transport(body, "text/event-stream"), max_retries=0
    )
    messages = [{"role": "user", "content": "hi"}]
    with client.messages.stream(model="m-1", max_tokens=16, messages=messages) as stream:
        message = stream.get_final_message()
    text, thinking, signatures, redacted, calls, citations = [], [], [], [], [], []
    for block in message.content:
        if block.type == "text":
            text.append(block.text)
            for c in block.citations or []:
                citations.append((c.cited_text or None, getattr(c, "url", None), getattr(c, "title", None)))
        elif block.type == "thinking":
            thinking.append(block.thinking)
            if block.signature:
                signatures.append(block.signature)
        elif block.type == "redacted_thinking":
            redacted.append(block.data)
        elif block.type == "tool_use":
            calls.append((block.id, block.name, block.input))
    usage = message.usage
    finish = _STOP_REASONS.get(message.stop_reason or "end_turn", "stop")
    return {
        "id": message.id,
        "model": message.model,
        "text": "".join(text),
        "thinking": "".join(thinking),
        "signatures": signatures,
        "redacted": redacted,
        "tool_calls": calls,
        "citations": citations,
        "finish_reason": "tool_call" if calls and finish == "stop" else finish,
        "usage": (
            usage.input_tokens,
            usage.output_tokens,
            usage.cache_read_input_tokens,
            usage.cache_creation_input_tokens,
        ),
    }


_FINISH_REASONS = {"STOP": "stop", "MAX_TOKENS": "length", "SAFETY": "content_filter"}


def gemini_chunks(body: bytes) -> list[Any]:
    """google-genai's GenerateContentResponse objects for a streamGenerateContent SSE body."""
    options = genai_http_options(_transport(body, "text/event-stream"))
    client = genai.Client(api_key="test-key", http_options=options)
    return list(client.models.generate_content_stream(model="gemini-test", contents="hi"))


def sdk_gemini(body: bytes) -> dict[str, Any]:
    """google-genai's view of a Gemini stream: parts joined over the chunks, the last finish and usage."""
    text, thinking, signatures, calls = [], [], [], []
    finish, usage, ids, models = None, None, set(), set()
    for chunk in gemini_chunks(body):
        ids.add(chunk.response_id)
        models.add(chunk.model_version)
        if chunk.usage_metadata is not None:
            usage = chunk.usage_metadata
        for candidate in chunk.candidates or []:
            if candidate.finish_reason is not None:
                finish = candidate.finish_reason.value
            for part in (candidate.content.parts if candidate.content else None) or []:
                if part.thought_signature is not None:
                    signatures.append(base64.b64encode(part.thought_signature).decode())
                if part.function_call is not None:
                    fc = part.function_call
                    calls.append((fc.id, fc.name, fc.args or {}))
                elif part.text is not None:
                    (thinking if part.thought else text).append(part.text)
    reason = _FINISH_REASONS.get(finish or "STOP", "stop")
    return {
        "ids": ids,
        "models": models,
        "text": "".join(text),
        "thinking": "".join(thinking),
        "signatures": signatures,
        "tool_calls": calls,
        "finish_reason": "tool_call" if calls and reason == "stop" else reason,
        "usage": None
        if usage is None
        else (
            usage.prompt_token_count,
            usage.candidates_token_count,
            usage.total_token_count,
            usage.thoughts_token_count,
            usage.cached_content_token_count,
        ),
    }


# ── what each wire carries of a canonical Response ────────────────────────────


def _states(parts: Any, provider: str, kind: str, key: str) -> list[Any]:
    """The ``key`` values of ``provider``'s ``kind`` states, each once, in order (the assembler
    puts a slot's states on every part of the slot)."""
    out: list[Any] = []
    for part in parts:
        for state in part.continuation:
            if state.provider == provider and state.kind == kind and state.data.get(key) not in out:
                out.append(state.data.get(key))
    return out


def expected_view(response: lc.Response, wire: str, wire_ids: set[str]) -> dict[str, Any]:
    """What ``wire`` can carry of ``response`` (see the writers' module docstrings for the limits).
    A tool-call id that is not in ``wire_ids`` (the ids the source stream named) was synthesized."""
    parts = response.message.parts
    usage = response.usage
    calls = [
        (p.id if p.id in wire_ids else SYNTHESIZED_ID, p.name, p.input)
        for p in parts
        if isinstance(p, lc.ToolCallPart)
    ]
    finish = "stop" if response.finish_reason == "error" else response.finish_reason
    view: dict[str, Any] = {
        "text": "".join(p.text for p in parts if isinstance(p, lc.TextPart)),
        "thinking": "".join(p.text for p in parts if isinstance(p, lc.ThinkingPart)),
        "tool_calls": calls,
        "finish_reason": finish,
    }
    if wire == "anthropic":
        thinking = [p for p in parts if isinstance(p, lc.ThinkingPart)]
        view["signatures"] = _states(thinking, "anthropic", "thinking_signature", "signature")
        view["redacted"] = _states(thinking, "anthropic", "redacted_thinking", "data")
        view["citations"] = [(p.text, p.url, p.title) for p in parts if isinstance(p, lc.CitationPart)]
        view["usage"] = (
            usage.input_tokens or 0,
            usage.output_tokens or 0,
            usage.cache_read_tokens,
            usage.cache_write_tokens,
        )
    else:
        view["signatures"] = _states(parts, "gemini", "thought_signature", "value")
        known = usage != lc.Usage()
        view["usage"] = (
            (
                usage.input_tokens,
                usage.output_tokens,
                usage.total_tokens,
                usage.reasoning_tokens,
                usage.cache_read_tokens,
            )
            if known
            else None
        )
    return view


def _sdk_view(wire: str, body: bytes, wire_ids: set[str]) -> dict[str, Any]:
    if wire == "anthropic":
        got = sdk_anthropic(body)
        for key in ("id", "model"):
            del got[key]
        got["tool_calls"] = [
            (i if i in wire_ids else SYNTHESIZED_ID if i.startswith("toolu_") else i, n, a)
            for i, n, a in got["tool_calls"]
        ]
        return got
    got = sdk_gemini(body)
    del got["ids"], got["models"]
    got["tool_calls"] = [(i if i is not None else SYNTHESIZED_ID, n, a) for i, n, a in got["tool_calls"]]
    return got


def _readback_view(response: lc.Response, wire: str, wire_ids: set[str]) -> dict[str, Any]:
    view = expected_view(response, wire, wire_ids)
    if wire == "anthropic":  # a synthesized id is written as toolu_...; read back it is that id
        view["tool_calls"] = [
            (SYNTHESIZED_ID if i.startswith("toolu_") and i not in wire_ids else i, n, a)
            for i, n, a in view["tool_calls"]
        ]
    return view


def _as_lm15_reads(view: dict[str, Any], wire: str) -> dict[str, Any]:
    """``view`` as lm15 reads the wire back. Gemini: usage without a prompt or candidates count
    reads as 0 for it (``_gemini_usage``'s defaults) and the total as their sum when absent; a
    chunk with a function call finishes as ``tool_call`` whatever its finishReason."""
    if wire != "gemini":
        return view
    out = dict(view)
    if view["usage"] is not None:
        prompt, candidates, total, thoughts, cached = view["usage"]
        prompt, candidates = prompt or 0, candidates or 0
        out["usage"] = (prompt, candidates, prompt + candidates if total is None else total, thoughts, cached)
    if view["tool_calls"]:
        out["finish_reason"] = "tool_call"
    return out


def tool_ids(events: list[Any]) -> set[str]:
    """The tool-call ids a stream's events name."""
    return {
        e.delta.id
        for e in events
        if isinstance(e, lc.StreamDeltaEvent) and isinstance(e.delta, lc.ToolCallDelta) and e.delta.id
    }


def check_written(wire: str, events: list[Any]) -> bytes:
    """Write ``events`` as ``wire``; the SDK, lmcodec's decoder and lm15's adapter must read it back
    as what the wire carries of the canonical Response (lm15 and lmcodec event for event)."""
    body = b"".join(lc.stream.encode(wire, events))
    response = lc.assemble(events, request=REQUEST)
    ids = tool_ids(events)
    want = expected_view(response, wire, ids)
    assert _sdk_view(wire, body, ids) == want, body.decode()
    back = lc.assemble(lc.stream.decode(wire, [body], request=REQUEST), request=REQUEST)
    assert _readback_view(back, wire, ids) == _as_lm15_reads(want, wire)
    req15, reqlc = requests_for(REQUEST.model)
    assert_same_outcome(lc_stream(wire, [body], reqlc), lm15_stream(wire, body, req15), wire)
    return body


# ── the source streams ────────────────────────────────────────────────────────


def _d(delta: Any) -> lc.StreamDeltaEvent:
    return lc.StreamDeltaEvent(delta=delta)


ANTHROPIC_FULL = [
    {
        "type": "message_start",
        "message": {
            "id": "msg_full1",
            "type": "message",
            "role": "assistant",
            "model": "claude-full",
            "content": [],
            "usage": {"input_tokens": 30, "cache_read_input_tokens": 20, "output_tokens": 1},
        },
    },
    {
        "type": "content_block_start",
        "index": 0,
        "content_block": {"type": "thinking", "thinking": "", "signature": ""},
    },
    {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "Weigh "}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "it."}},
    {
        "type": "content_block_delta",
        "index": 0,
        "delta": {"type": "signature_delta", "signature": "EqQBsig=="},
    },
    {"type": "content_block_stop", "index": 0},
    {
        "type": "content_block_start",
        "index": 1,
        "content_block": {"type": "redacted_thinking", "data": "EmwKredacted"},
    },
    {"type": "content_block_stop", "index": 1},
    {"type": "content_block_start", "index": 2, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "Per the docs, "}},
    {
        "type": "content_block_delta",
        "index": 2,
        "delta": {
            "type": "citations_delta",
            "citation": {
                "type": "web_search_result_location",
                "cited_text": "it works",
                "url": "https://example.com/a",
                "title": "A",
                "encrypted_index": "x",
            },
        },
    },
    {"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "it works."}},
    {"type": "content_block_stop", "index": 2},
    {
        "type": "content_block_start",
        "index": 3,
        "content_block": {"type": "tool_use", "id": "toolu_full1", "name": "lookup", "input": {}},
    },
    {
        "type": "content_block_delta",
        "index": 3,
        "delta": {"type": "input_json_delta", "partial_json": '{"q": "a\\'},
    },
    {
        "type": "content_block_delta",
        "index": 3,
        "delta": {"type": "input_json_delta", "partial_json": '"b\\u00'},
    },
    {
        "type": "content_block_delta",
        "index": 3,
        "delta": {"type": "input_json_delta", "partial_json": 'e9"}'},
    },
    {"type": "content_block_stop", "index": 3},
    {
        "type": "message_delta",
        "delta": {"stop_reason": "tool_use", "stop_sequence": None},
        "usage": {
            "input_tokens": 30,
            "cache_creation_input_tokens": 5,
            "cache_read_input_tokens": 20,
            "output_tokens": 40,
        },
    },
    {"type": "message_stop"},
]

ANTHROPIC_ERROR = [
    ANTHROPIC_FULL[0],
    {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "partial"}},
    {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
]

GEMINI_THOUGHT_CALLS = [
    {
        "candidates": [
            {"content": {"parts": [{"text": "Plan", "thought": True}], "role": "model"}, "index": 0}
        ]
    },
    {
        "candidates": [
            {
                "content": {"parts": [{"text": " more.", "thought": True, "thoughtSignature": "c2lnMQ=="}]},
                "index": 0,
            }
        ]
    },
    {"candidates": [{"content": {"parts": [{"text": "Calling two tools."}], "role": "model"}, "index": 0}]},
    {
        "candidates": [
            {
                "content": {
                    "parts": [
                        {
                            "functionCall": {"name": "a", "args": {"x": 'é "q"'}},
                            "thoughtSignature": "c2lnMg==",
                        },
                        {"functionCall": {"name": "b", "args": {"y": [1, 2.5, None]}}},
                    ],
                    "role": "model",
                },
                "finishReason": "STOP",
                "index": 0,
            }
        ],
        "usageMetadata": {
            "promptTokenCount": 11,
            "candidatesTokenCount": 7,
            "totalTokenCount": 30,
            "thoughtsTokenCount": 12,
            "cachedContentTokenCount": 4,
        },
        "modelVersion": "gemini-x",
        "responseId": "resp-g1",
    },
]

GEMINI_ERROR = [
    GEMINI_THOUGHT_CALLS[2],
    {"error": {"code": 503, "message": "The model is overloaded.", "status": "UNAVAILABLE"}},
]


def _chat(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return {"id": "chatcmpl-p1", "object": "chat.completion.chunk", "model": "gpt-p", "choices": [choice]}


def _call(index: int, arguments: str, call_id: str | None = None, name: str | None = None) -> dict[str, Any]:
    call: dict[str, Any] = {"index": index, "function": {"arguments": arguments}}
    if call_id:
        call["id"], call["type"], call["function"]["name"] = call_id, "function", name
    return {"tool_calls": [call]}


CHAT_PARALLEL = [
    _chat({"role": "assistant", "content": ""}),
    _chat({"content": "Both:"}),
    _chat(_call(0, "", "call_p0", "search")),
    _chat(_call(0, '{"q": "tab\\')),
    _chat(_call(0, "t and \\ud83d")),
    _chat(_call(0, '\\ude00"}')),
    _chat(_call(1, '{"path": "C:\\\\', "call_p1", "read")),
    _chat(_call(1, 'x"}')),
    _chat({}, "tool_calls"),
    {
        "id": "chatcmpl-p1",
        "object": "chat.completion.chunk",
        "model": "gpt-p",
        "choices": [],
        "usage": {"prompt_tokens": 9, "completion_tokens": 8, "total_tokens": 17},
    },
    "[DONE]",
]

SOURCE_BODIES: dict[str, tuple[str, bytes]] = {
    "anthropic_full": ("anthropic", sse_body(ANTHROPIC_FULL, events=[f["type"] for f in ANTHROPIC_FULL])),
    "anthropic_error": ("anthropic", sse_body(ANTHROPIC_ERROR, events=[f["type"] for f in ANTHROPIC_ERROR])),
    "gemini_thought_calls": ("gemini", sse_body(GEMINI_THOUGHT_CALLS)),
    "gemini_error": ("gemini", sse_body(GEMINI_ERROR)),
    "chat_parallel_escapes": ("openai_chat", sse_body(CHAT_PARALLEL)),
}
SOURCE_BODIES.update(
    {f"seed_{src}_{i}": (src, sse_body(seed)) for src, seeds in SEEDS.items() for i, seed in enumerate(seeds)}
)


def decoded_sources() -> dict[str, list[Any]]:
    """The synthesized source bodies, decoded (each in its own dialect)."""
    return {
        name: list(lc.stream.decode(src, [body], request=REQUEST))
        for name, (src, body) in SOURCE_BODIES.items()
    }


def source_streams() -> dict[str, list[Any]]:
    """Every synthesized stream: canonical event lists (shared with the openai writer tests) and
    the synthesized provider bodies above, decoded."""
    return {**synthesized(), **decoded_sources()}


def assembles(events: list[Any]) -> str | None:
    """None when ``events`` assemble into a Response, else why not."""
    try:
        lc.assemble(events, request=REQUEST)
    except lc.LmcodecError as exc:
        return f"{type(exc).__name__}: {exc}"
    return None


def frames(body: bytes) -> list[Any]:
    """The JSON data of every SSE event of ``body``."""
    return [json.loads(line[6:]) for line in body.splitlines() if line.startswith(b"data: {")]


# ── hypothesis: streams shaped as the providers shape them ────────────────────


def provider_shaped_streams() -> Any:
    """Streams as each source dialect lays its slots out: ``anthropic`` (thinking, text and each
    call in their own slots, an Anthropic signature), ``chat`` (reasoning and text in slot 0, calls
    by their index), ``responses`` (output items in order); optional Gemini signatures after a
    thought or a call; call arguments cut anywhere; any usage."""
    from hypothesis import strategies as st

    json_values = st.recursive(
        st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
        max_leaves=6,
    )

    def pieces(draw: Any, text: str) -> list[str]:
        cuts = sorted(draw(st.lists(st.integers(0, len(text)), max_size=4)))
        bounds = [0, *cuts, len(text)]
        return [text[a:b] for a, b in itertools.pairwise(bounds) if b > a] or [text]

    @st.composite
    def streams(draw: Any) -> list[Any]:
        style = draw(st.sampled_from(["anthropic", "chat", "responses"]))
        start_id = draw(st.sampled_from([None, "msg_h1", "resp_h1"]))
        events: list[Any] = [lc.StreamStartEvent(id=start_id, model="m-h")]
        slot = 0
        thinking = draw(st.none() | st.text(min_size=1, max_size=20))
        if thinking is not None:
            for piece in pieces(draw, thinking):
                events.append(_d(lc.ThinkingDelta(text=piece, part_index=0)))
            if style == "anthropic" and draw(st.booleans()):
                data = {"signature": draw(st.text(min_size=1, max_size=12))}
                events.append(
                    _d(
                        lc.ContinuationDelta(
                            provider="anthropic", kind="thinking_signature", data=data, part_index=0
                        )
                    )
                )
            if draw(st.booleans()):
                data = {"value": draw(st.sampled_from(["c2lnQQ==", "c2lnQg=="]))}
                events.append(
                    _d(
                        lc.ContinuationDelta(
                            provider="gemini", kind="thought_signature", data=data, part_index=0
                        )
                    )
                )
            slot = 0 if style == "chat" else 1
        text = draw(st.text(max_size=30))
        if text:
            for piece in pieces(draw, text):
                events.append(_d(lc.TextDelta(text=piece, part_index=slot)))
            slot = 0 if style == "chat" else slot + 1
        for k in range(draw(st.integers(0, 3))):
            index = k if style == "chat" else slot + k
            args = json.dumps(draw(st.dictionaries(st.text(max_size=6), json_values, max_size=3)))
            call_id = draw(st.sampled_from([None, f"call_h{k}"])) if style != "anthropic" else f"toolu_h{k}"
            fragments = pieces(draw, args)
            events.append(_d(lc.ToolCallDelta(input="", part_index=index, id=call_id, name=f"fn{k}")))
            events.extend(_d(lc.ToolCallDelta(input=piece, part_index=index)) for piece in fragments)
            if draw(st.booleans()):
                data = {"value": base64.b64encode(f"call signature {k}".encode()).decode()}
                events.append(
                    _d(
                        lc.ContinuationDelta(
                            provider="gemini", kind="thought_signature", data=data, part_index=index
                        )
                    )
                )
        counts = st.none() | st.integers(0, 10**5)
        usage = lc.Usage(
            input_tokens=draw(counts),
            output_tokens=draw(counts),
            cache_read_tokens=draw(counts),
            reasoning_tokens=draw(counts),
        )
        has_call = any(isinstance(e.delta, lc.ToolCallDelta) for e in events[1:])
        finish = draw(st.sampled_from(["tool_call" if has_call else "stop", "length"]))
        events.append(lc.StreamEndEvent(finish_reason=finish, usage=usage))
        return events

    return streams()
