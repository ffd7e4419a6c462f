"""F04: examples/gateway.py answers 400 to client requests that lc.translate_request translated
(deliberately) and the backend takes: after translate_request it reads the built body again with
the strict lc.decode_request(backend, built.body), which refuses what the gateway's reading carried.

Run against the real ASGI app (httpx.ASGITransport) over a fake backend that records what reaches it
and answers a one-word Chat or Anthropic body. Cases: (1) an OpenAI SDK client's strict function tool
(`strict: true`: the SDK's pydantic_function_tool and structured-output helpers write it) to a Chat
backend, the gateway's default (LMCODEC_BACKEND=openai_chat); (2) the same from an Anthropic client
(`strict: true` tool); (3) a Chat client's json_schema response_format with a `description` to a
Chat backend; (4) an Anthropic client's document with a `title` to an Anthropic backend.

Exits 1 while the gateway answers 400 to any of them without reaching the backend."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from pathlib import Path

import httpx

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "gateway.py"
spec = importlib.util.spec_from_file_location("gateway_example", EXAMPLE)
assert spec is not None and spec.loader is not None
gateway = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = gateway  # (its annotations are resolved in its module)
spec.loader.exec_module(gateway)

CHAT_ANSWER = {"id": "c", "object": "chat.completion", "created": 1, "model": "gpt-4.1",
               "choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}],
               "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}
ANTHROPIC_ANSWER = {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-sonnet-4-5",
                    "content": [{"type": "text", "text": "ok"}], "stop_reason": "end_turn", "stop_sequence": None,
                    "usage": {"input_tokens": 1, "output_tokens": 1}}
SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"], "additionalProperties": False}

CASES = [
    ("Chat client, strict tool -> Chat backend", "openai_chat", "/v1/chat/completions",
     {"model": "gpt-4.1", "messages": [{"role": "user", "content": "weather?"}],
      "tools": [{"type": "function", "function": {"name": "get_weather", "parameters": SCHEMA, "strict": True}}]}),
    ("Anthropic client, strict tool -> Chat backend", "openai_chat", "/v1/messages",
     {"model": "gpt-4.1", "max_tokens": 100, "messages": [{"role": "user", "content": "weather?"}],
      "tools": [{"name": "get_weather", "input_schema": SCHEMA, "strict": True}]}),
    ("Chat client, json_schema with a description -> Chat backend", "openai_chat", "/v1/chat/completions",
     {"model": "gpt-4.1", "messages": [{"role": "user", "content": "city?"}],
      "response_format": {"type": "json_schema", "json_schema": {"name": "city", "description": "a city", "schema": SCHEMA, "strict": True}}}),
    ("Anthropic client, titled document -> Anthropic backend", "anthropic", "/v1/messages",
     {"model": "claude-sonnet-4-5", "max_tokens": 100, "messages": [{"role": "user", "content": [
         {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0x"}, "title": "Q3 report"},
         {"type": "text", "text": "summarise"}]}]}),
]


async def run(backend_dialect: str, path: str, body: dict) -> tuple[int, str, int]:
    reached: list[bytes] = []

    def backend(request: httpx.Request) -> httpx.Response:
        reached.append(request.content)
        return httpx.Response(200, json=CHAT_ANSWER if backend_dialect == "openai_chat" else ANTHROPIC_ANSWER)

    client = httpx.AsyncClient(transport=httpx.MockTransport(backend), base_url="http://backend")
    app = gateway.create_app(gateway.Backend(backend_dialect, "http://backend", "k", client=client))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://gw") as front:
        answer = await front.post(path, content=json.dumps(body))
    return answer.status_code, answer.text, len(reached)


def main() -> int:
    bad = 0
    for name, dialect, path, body in CASES:
        status, text, reached = asyncio.run(run(dialect, path, body))
        print(f"{name}: status {status}, backend reached {reached} time(s)")
        if status == 400:
            bad += 1
            print(f"  FAIL {json.loads(text)['error']['message'] if text.startswith('{') else text}")
    print(f"{bad} of {len(CASES)} valid client requests answered 400 by the gateway")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
