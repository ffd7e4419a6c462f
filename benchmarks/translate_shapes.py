"""Long provider streams of the shapes red team 14 F09 measured translate on, one SSE event each.

``streams_data.synth`` streams are text deltas and tool calls; a gateway also carries answers
whose destination writes more, and bigger, events than the source sends (F09: "per-event Python
overhead, no single hot spot"):

- ``anthropic_cited``: 1,000 text blocks of one sentence and one ``web_search_result_location``
  citation each (a web-search answer): each block is an output item of its own on Responses, a
  chunk with ``groundingMetadata`` on Gemini;
- ``responses_summary``: a Responses reasoning item whose summary streams as 5,000
  ``reasoning_summary_text.delta`` events (with their ``obfuscation``), then a short message;
- ``gemini_thoughts``: 3,000 thought chunks, a signature, 200 answer chunks and the finish.

Each is a list of SSE events (one chunk per event, as a network read delivers a live stream), the
frames in the provider's format (compact JSON, the lifecycle frames around the content).

    chunks = SHAPES["anthropic_cited"].chunks()
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

__all__ = ["SHAPES", "Shape"]


def _event(frame: dict[str, Any], name: str | None = None) -> bytes:
    data = json.dumps(frame, separators=(",", ":"))
    return ((f"event: {name}\n" if name else "") + f"data: {data}\n\n").encode()


def anthropic_cited(blocks: int = 1000) -> list[bytes]:
    """An Anthropic answer of ``blocks`` cited sentences (a web search's), each a text block."""
    usage = {"input_tokens": 25, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0}
    start = {
        "type": "message_start",
        "message": {
            "id": "msg_01",
            "type": "message",
            "role": "assistant",
            "model": "claude-sonnet-4-5-20250929",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {**usage, "output_tokens": 1, "service_tier": "standard"},
        },
    }
    frames = [start]
    for i in range(blocks):
        citation = {
            "type": "web_search_result_location",
            "cited_text": f"cited {i} " * 10,
            "url": f"https://example.com/{i}",
            "title": "Paris",
            "encrypted_index": "Eo8B",
        }
        frames += [
            {
                "type": "content_block_start",
                "index": i,
                "content_block": {"type": "text", "text": "", "citations": []},
            },
            {
                "type": "content_block_delta",
                "index": i,
                "delta": {"type": "text_delta", "text": f"Fact {i}. "},
            },
            {
                "type": "content_block_delta",
                "index": i,
                "delta": {"type": "citations_delta", "citation": citation},
            },
            {"type": "content_block_stop", "index": i},
        ]
    frames += [
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn", "stop_sequence": None},
            "usage": {**usage, "output_tokens": 120, "server_tool_use": {"web_search_requests": 1}},
        },
        {"type": "message_stop"},
    ]
    return [_event(frame, frame["type"]) for frame in frames]


def _response(status: str, output: list[Any], usage: Any) -> dict[str, Any]:
    return {
        "id": "resp_0a1b",
        "object": "response",
        "created_at": 1759000000,
        "status": status,
        "model": "gpt-5-2025-08-07",
        "output": output,
        "usage": usage,
    }


def responses_summary(deltas: int = 5000) -> list[bytes]:
    """A Responses stream: a reasoning item whose summary comes in ``deltas`` word deltas, then a
    one-delta message."""
    words = [f"word{i} " for i in range(deltas)]
    summary = "".join(words)
    reasoning = {
        "id": "rs_1",
        "type": "reasoning",
        "summary": [{"type": "summary_text", "text": summary}],
        "encrypted_content": "gAAAAB" + "x" * 20000,
    }
    at = {"item_id": "rs_1", "output_index": 0, "summary_index": 0}
    message_part = {"type": "output_text", "annotations": [], "logprobs": [], "text": "Done."}
    message = {
        "id": "msg_1",
        "type": "message",
        "status": "completed",
        "role": "assistant",
        "content": [message_part],
    }
    where = {"item_id": "msg_1", "output_index": 1, "content_index": 0}
    usage = {
        "input_tokens": 20,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 6000,
        "output_tokens_details": {"reasoning_tokens": 5990},
        "total_tokens": 6020,
    }
    frames: list[dict[str, Any]] = [
        {"type": "response.created", "response": _response("in_progress", [], None)},
        {"type": "response.in_progress", "response": _response("in_progress", [], None)},
        {
            "type": "response.output_item.added",
            "output_index": 0,
            "item": {"id": "rs_1", "type": "reasoning", "summary": []},
        },
        {"type": "response.reasoning_summary_part.added", **at, "part": {"type": "summary_text", "text": ""}},
    ]
    frames += [
        {"type": "response.reasoning_summary_text.delta", **at, "delta": word, "obfuscation": "abc"}
        for word in words
    ]
    frames += [
        {"type": "response.reasoning_summary_text.done", **at, "text": summary},
        {
            "type": "response.reasoning_summary_part.done",
            **at,
            "part": {"type": "summary_text", "text": summary},
        },
        {"type": "response.output_item.done", "output_index": 0, "item": reasoning},
        {
            "type": "response.output_item.added",
            "output_index": 1,
            "item": {**message, "status": "in_progress", "content": []},
        },
        {"type": "response.content_part.added", **where, "part": {**message_part, "text": ""}},
        {"type": "response.output_text.delta", **where, "delta": "Done.", "logprobs": []},
        {"type": "response.output_text.done", **where, "text": "Done.", "logprobs": []},
        {"type": "response.content_part.done", **where, "part": message_part},
        {"type": "response.output_item.done", "output_index": 1, "item": message},
        {"type": "response.completed", "response": _response("completed", [reasoning, message], usage)},
    ]
    return [_event({**frame, "sequence_number": n}, frame["type"]) for n, frame in enumerate(frames)]


def _gemini_chunk(parts: list[dict[str, Any]], **extra: Any) -> bytes:
    candidate: dict[str, Any] = {"content": {"parts": parts, "role": "model"}, "index": 0}
    if "finishReason" in extra:
        candidate["finishReason"] = extra.pop("finishReason")
    frame = {"candidates": [candidate], **extra, "modelVersion": "gemini-2.5-pro", "responseId": "resp-1"}
    return _event(frame)


def gemini_thoughts(thoughts: int = 3000, answer: int = 200) -> list[bytes]:
    """A Gemini stream: ``thoughts`` thought chunks, their signature, ``answer`` text chunks, the finish."""
    signature = base64.b64encode(b"s" * 2000).decode()
    usage = {
        "promptTokenCount": 30,
        "candidatesTokenCount": 40,
        "totalTokenCount": 170,
        "thoughtsTokenCount": 100,
    }
    chunks = [_gemini_chunk([{"text": f"thinking {i} ", "thought": True}]) for i in range(thoughts)]
    chunks.append(_gemini_chunk([{"text": "", "thought": True, "thoughtSignature": signature}]))
    chunks += [_gemini_chunk([{"text": f"answer {i} "}]) for i in range(answer)]
    chunks.append(_gemini_chunk([{"text": ""}], finishReason="STOP", usageMetadata=usage))
    return chunks


@dataclass(frozen=True)
class Shape:
    """A source stream and the destinations F09 measured it into."""

    src: str
    dsts: tuple[str, ...]
    make: Callable[[], list[bytes]]

    def chunks(self) -> list[bytes]:
        return list(_chunks(self.make))


@cache
def _chunks(make: Callable[[], list[bytes]]) -> list[bytes]:
    return make()


SHAPES: dict[str, Shape] = {
    "anthropic_cited": Shape("anthropic", ("openai", "gemini", "openai_chat"), anthropic_cited),
    "responses_summary": Shape("openai", ("gemini", "openai_chat"), responses_summary),
    "gemini_thoughts": Shape("gemini", ("gemini", "openai_chat"), gemini_thoughts),
}
