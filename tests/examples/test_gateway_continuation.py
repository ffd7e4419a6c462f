"""examples/gateway.py: an OpenAI Chat client in front of an Anthropic backend with thinking and tools
sends the signed thinking back, through the ``thinking_blocks`` extension (openai_chat/_thinking_blocks.py).

Turn 1 streams Anthropic thinking (with its signature and a redacted block) and a tool call to the
official openai client through the gateway; turn 2 sends the client's assistant message back with
the ``thinking_blocks`` its SDK accumulated, and the Anthropic request the backend receives holds
the blocks verbatim, before the tool call, as Anthropic requires.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from .test_gateway import gateway

httpx = pytest.importorskip("httpx", reason="the gateway's backend client")
openai = pytest.importorskip("openai", reason="the official OpenAI client")

SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds+"
REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB5URj"


def _sse(frames: list[dict[str, Any]]) -> bytes:
    return b"".join(
        b"event: " + frame["type"].encode() + b"\ndata: " + json.dumps(frame).encode() + b"\n\n"
        for frame in frames
    )


TURN_1 = _sse(
    [
        {
            "type": "message_start",
            "message": {
                "id": "msg_01Think",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": {"input_tokens": 40, "output_tokens": 1},
            },
        },
        {"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": ""}},
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "thinking_delta", "thinking": "The user "},
        },
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "thinking_delta", "thinking": "wants weather."},
        },
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "signature_delta", "signature": SIGNATURE},
        },
        {"type": "content_block_stop", "index": 0},
        {
            "type": "content_block_start",
            "index": 1,
            "content_block": {"type": "redacted_thinking", "data": REDACTED},
        },
        {"type": "content_block_stop", "index": 1},
        {
            "type": "content_block_start",
            "index": 2,
            "content_block": {
                "type": "tool_use",
                "id": "toolu_01Weather",
                "name": "get_weather",
                "input": {},
            },
        },
        {
            "type": "content_block_delta",
            "index": 2,
            "delta": {"type": "input_json_delta", "partial_json": '{"city": "Paris"}'},
        },
        {"type": "content_block_stop", "index": 2},
        {
            "type": "message_delta",
            "delta": {"stop_reason": "tool_use", "stop_sequence": None},
            "usage": {"output_tokens": 30},
        },
        {"type": "message_stop"},
    ]
)
TURN_2 = _sse(
    [
        {
            "type": "message_start",
            "message": {
                "id": "msg_02Answer",
                "type": "message",
                "role": "assistant",
                "model": "claude-sonnet-4-5",
                "content": [],
                "stop_reason": None,
                "stop_sequence": None,
                "usage": {"input_tokens": 90, "output_tokens": 1},
            },
        },
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {
            "type": "content_block_delta",
            "index": 0,
            "delta": {"type": "text_delta", "text": "Sunny in Paris."},
        },
        {"type": "content_block_stop", "index": 0},
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn", "stop_sequence": None},
            "usage": {"output_tokens": 5},
        },
        {"type": "message_stop"},
    ]
)
TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_weather",
            "description": "Weather",
            "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
        },
    }
]


@pytest.mark.parametrize("replay", ["picked", "as-returned"])
def test_a_chat_client_sends_anthropic_thinking_signatures_back(replay: str) -> None:
    """``picked``: the client sends the keys it needs; ``as-returned``: it appends the SDK's
    message as it is (``content: ""``, ``reasoning_content``, ``parsed``... beside the blocks)."""
    sent: list[dict[str, Any]] = []  # the Anthropic request bodies the backend received

    def backend(request: Any) -> Any:
        sent.append(json.loads(request.content))
        body = TURN_1 if len(sent) == 1 else TURN_2
        return httpx.Response(200, content=body, headers={"content-type": "text/event-stream"})

    async def run() -> tuple[Any, Any]:
        upstream = httpx.AsyncClient(transport=httpx.MockTransport(backend), base_url="http://anthropic.test")
        app = gateway.create_app(gateway.Backend("anthropic", client=upstream))
        http = httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gateway.test")
        client = openai.AsyncOpenAI(api_key="sk-test", base_url="http://gateway.test/v1", http_client=http)
        question = {"role": "user", "content": "Weather in Paris?"}
        async with client.chat.completions.stream(
            model="claude-sonnet-4-5", messages=[question], tools=TOOLS, max_tokens=2000
        ) as stream:
            first = await stream.get_final_completion()
        message = first.choices[0].message
        call = message.tool_calls[0]
        assistant = {
            "role": "assistant",
            "content": message.content or None,  # "" (the role chunk's) would replay as an empty text block
            "tool_calls": [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.function.name, "arguments": call.function.arguments},
                }
            ],
            "thinking_blocks": message.thinking_blocks,  # the extra field the SDK kept
        }
        result = {"role": "tool", "tool_call_id": call.id, "content": "sunny"}
        history = [question, assistant if replay == "picked" else message, result]
        async with client.chat.completions.stream(
            model="claude-sonnet-4-5", messages=history, tools=TOOLS, max_tokens=2000
        ) as stream:
            second = await stream.get_final_completion()
        await http.aclose()
        await upstream.aclose()
        return first, second

    first, second = asyncio.run(run())
    message = first.choices[0].message
    assert message.tool_calls[0].id == "toolu_01Weather"
    assert [(b["type"], b.get("signature"), b.get("data")) for b in message.thinking_blocks] == [
        ("thinking", SIGNATURE, None),
        ("redacted_thinking", None, REDACTED),
    ]
    assert message.thinking_blocks[0]["thinking"] == "The user wants weather."
    assert second.choices[0].message.content == "Sunny in Paris."

    replayed = sent[1]["messages"][1]
    assert replayed == {
        "role": "assistant",
        "content": [
            {"type": "thinking", "thinking": "The user wants weather.", "signature": SIGNATURE},
            {"type": "redacted_thinking", "data": REDACTED},
            {"type": "tool_use", "id": "toolu_01Weather", "name": "get_weather", "input": {"city": "Paris"}},
        ],
    }
