"""Red team 14's long events as rows of the varied workload (``streams_varied_paired.py --tables long``).

Beside :mod:`streams_varied` (its :class:`~streams_varied.Varied` rows), not in it: that module
generates the feature matrix, these are fixed shapes of a few events each.
"""

from __future__ import annotations

import json
from typing import Any

from streams_varied import Varied


def _sse_event(event: str, data: dict[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


def _anthropic_long_events(blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]]) -> tuple[bytes, ...]:
    """An Anthropic stream of the given content blocks (start block, deltas), as the API frames it."""
    start = {
        "id": "msg_long",
        "type": "message",
        "role": "assistant",
        "model": "claude-sonnet-4-5",
        "content": [],
        "stop_reason": None,
        "usage": {"input_tokens": 12, "output_tokens": 1},
    }
    events = [_sse_event("message_start", {"type": "message_start", "message": start})]
    for index, (block, deltas) in enumerate(blocks):
        events.append(
            _sse_event(
                "content_block_start", {"type": "content_block_start", "index": index, "content_block": block}
            )
        )
        for delta in deltas:
            events.append(
                _sse_event(
                    "content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}
                )
            )
        events.append(_sse_event("content_block_stop", {"type": "content_block_stop", "index": index}))
    end = {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 90}}
    events += [_sse_event("message_delta", end), _sse_event("message_stop", {"type": "message_stop"})]
    return tuple(events)


def _responses_image_events(size: int) -> tuple[bytes, ...]:
    """A Responses image generation: three partial images and the result of ``size`` base64 bytes."""
    image = "iVBORw0KGgo" + "A" * size
    item = {
        "id": "ig_1",
        "type": "image_generation_call",
        "status": "completed",
        "result": image,
        "revised_prompt": "a cat",
        "output_format": "png",
        "size": "1024x1024",
    }
    text = {"type": "output_text", "text": "Here is your image.", "annotations": []}
    message = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "status": "completed",
        "content": [text],
    }
    response = {
        "id": "resp_long",
        "object": "response",
        "model": "gpt-5.4",
        "status": "in_progress",
        "output": [],
    }
    usage = {"input_tokens": 20, "output_tokens": 1500, "total_tokens": 1520}
    frames: list[dict[str, Any]] = [
        {"type": "response.created", "response": response},
        {
            "type": "response.output_item.added",
            "output_index": 0,
            "item": {"id": "ig_1", "type": "image_generation_call", "status": "in_progress", "result": None},
        },
        {"type": "response.image_generation_call.generating", "output_index": 0, "item_id": "ig_1"},
        *(
            {
                "type": "response.image_generation_call.partial_image",
                "output_index": 0,
                "item_id": "ig_1",
                "partial_image_index": i,
                "partial_image_b64": image,
            }
            for i in range(3)
        ),
        {"type": "response.image_generation_call.completed", "output_index": 0, "item_id": "ig_1"},
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.output_item.added", "output_index": 1, "item": dict(message, content=[])},
        {
            "type": "response.output_text.delta",
            "output_index": 1,
            "item_id": "msg_1",
            "content_index": 0,
            "delta": text["text"],
        },
        {"type": "response.output_item.done", "output_index": 1, "item": message},
        {
            "type": "response.completed",
            "response": dict(response, status="completed", output=[item, message], usage=usage),
        },
    ]
    return tuple(_sse_event(f["type"], f) for f in frames)


def long_events() -> dict[str, Varied]:
    """Red team 14's shapes of long events (notes/redteam14 on branch redteam14): F03, one long event
    (a 3 MB Anthropic thinking delta; a Responses image generation, three 1 MB partial images that
    lm15 passes by and the result twice), which an HTTP client hands over in 64 KiB reads; F04, an
    Anthropic answer with 30 web_search_tool_result blocks of 10 results (4 KB of encrypted content
    each), a cited text after each."""
    thinking = "t" * 3_000_000
    think = _anthropic_long_events(
        [
            (
                {"type": "thinking", "thinking": "", "signature": ""},
                [
                    {"type": "thinking_delta", "thinking": thinking},
                    {"type": "signature_delta", "signature": "EqQB"},
                ],
            ),
            ({"type": "text", "text": ""}, [{"type": "text_delta", "text": "Done."}]),
        ]
    )
    blocks: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    for i in range(30):
        results = [
            {
                "type": "web_search_result",
                "title": f"Result {j}",
                "url": f"https://example.com/{i}/{j}",
                "encrypted_content": "E" * 4000,
                "page_age": "2025-01-01",
            }
            for j in range(10)
        ]
        citation = {
            "type": "web_search_result_location",
            "cited_text": f"cited {i}",
            "url": f"https://example.com/{i}/0",
            "title": "Result 0",
            "encrypted_index": "Eo8B",
        }
        blocks.append(
            ({"type": "web_search_tool_result", "tool_use_id": f"srvtoolu_{i}", "content": results}, [])
        )
        blocks.append(
            (
                {"type": "text", "text": ""},
                [
                    {"type": "text_delta", "text": f"Fact {i}. "},
                    {"type": "citations_delta", "citation": citation},
                ],
            )
        )
    return {
        "anthropic 3 MB thinking delta": Varied("anthropic", "long thinking", think, "Done.", thinking, ()),
        "openai 3 partial images of 1 MB": Varied(
            "openai", "image generation", _responses_image_events(1_000_000), "Here is your image.", "", ()
        ),
        "anthropic 30 web search result blocks": Varied(
            "anthropic",
            "server results",
            _anthropic_long_events(blocks),
            "".join(f"Fact {i}. " for i in range(30)),
            "",
            (),
        ),
    }
