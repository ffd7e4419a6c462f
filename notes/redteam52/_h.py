"""Shared helpers of red team 52's reproducers: lmcodec from this tree's src (or LMCODEC_SRC),
Responses frames, chunkings, and the openai SDK's reading of a Responses stream."""
from __future__ import annotations

import json
import os
import random
import sys
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.environ.get("LMCODEC_SRC", os.path.join(ROOT, "src")))
sys.path.insert(0, ROOT)

import lmcodec as lc  # noqa: E402

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
RESPONSE = {"id": "resp_1", "object": "response", "model": "gpt-4.1-mini", "created_at": 1}
USAGE = {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}
CREATED = {"type": "response.created", "response": dict(RESPONSE, status="in_progress", output=[])}


def completed(output: list[dict[str, Any]]) -> dict[str, Any]:
    return {"type": "response.completed", "response": dict(RESPONSE, status="completed", output=output, usage=USAGE)}


def frame(event: dict[str, Any]) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


def chunkings(frames: list[bytes]) -> dict[str, list[bytes]]:
    data = b"".join(frames)
    rng = random.Random(0)
    rand, i = [], 0
    while i < len(data):
        n = rng.randint(1, 40)
        rand.append(data[i : i + n])
        i += n
    return {"whole": [data], "per event": frames, "1 byte": [data[i : i + 1] for i in range(len(data))], "random": rand}


def view(response: Any) -> tuple[Any, ...]:
    out: list[Any] = []
    for p in response.message.parts:
        if isinstance(p, lc.TextPart):
            out.append(("text", p.text))
        elif isinstance(p, lc.ToolCallPart):
            out.append(("call", p.id, p.name, p.input))
        elif isinstance(p, lc.ThinkingPart):
            out.append(("thinking", p.text))
        else:
            out.append((type(p).__name__,))
    return tuple(out)


def answer(dialect: str, chunks: list[bytes]) -> Any:
    try:
        return view(lc.assemble(lc.stream.decode(dialect, chunks, request=REQUEST), request=REQUEST))
    except lc.LmcodecError as exc:
        return type(exc).__name__


def translated(src: str, dst: str, chunks: list[bytes]) -> bytes:
    return b"".join(lc.stream.translate(src, dst, chunks, request=REQUEST))


def sdk_responses(body: bytes) -> Any:
    """The openai SDK's final Response read from a Responses stream (its client and accumulator),
    or the exception it raised."""
    import httpx
    import openai

    def handler(request: Any) -> Any:
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body)

    client = openai.OpenAI(api_key="sk-test", base_url="http://sdk.test/v1",
                           http_client=httpx.Client(transport=httpx.MockTransport(handler)))
    try:
        with client.responses.stream(model="m-1", input="hi") as stream:
            for _ in stream:
                pass
            return stream.get_final_response()
    except Exception as exc:  # noqa: BLE001 (the SDK's refusal is the finding's evidence)
        return exc
    finally:
        client.close()
