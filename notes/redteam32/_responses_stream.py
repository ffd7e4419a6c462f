"""A Responses SSE stream built event by event from a response body (shared by F02 and F03)."""
from __future__ import annotations

import json

BASE = {"id": "resp_abc", "object": "response", "created_at": 1776091481, "status": "completed", "error": None,
        "incomplete_details": None, "model": "gpt-5", "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
        "usage": {"input_tokens": 5, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 7,
                  "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 12}}


def body(output: list[dict]) -> dict:
    return dict(BASE, output=output)


def sse(name: str, data: dict) -> bytes:
    return f"event: {name}\ndata: {json.dumps(data)}\n\n".encode()


def stream_of(resp: dict) -> list[bytes]:
    n = iter(range(10_000))
    out = [sse("response.created", {"type": "response.created", "response": dict(resp, status="in_progress", output=[], usage=None), "sequence_number": next(n)})]
    for i, item in enumerate(resp["output"]):
        bare = dict(item, status="in_progress")
        if item["type"] == "message":
            bare["content"] = []
        if item["type"] == "function_call":
            bare["arguments"] = ""
        out.append(sse("response.output_item.added", {"type": "response.output_item.added", "output_index": i, "item": bare, "sequence_number": next(n)}))
        if item["type"] == "message":
            for k, part in enumerate(item["content"]):
                common = {"item_id": item["id"], "output_index": i, "content_index": k}
                out.append(sse("response.content_part.added", {"type": "response.content_part.added", **common, "part": dict(part, text=""), "sequence_number": next(n)}))
                out.append(sse("response.output_text.delta", {"type": "response.output_text.delta", **common, "delta": part["text"], "logprobs": [], "sequence_number": next(n)}))
                out.append(sse("response.output_text.done", {"type": "response.output_text.done", **common, "text": part["text"], "logprobs": [], "sequence_number": next(n)}))
                out.append(sse("response.content_part.done", {"type": "response.content_part.done", **common, "part": part, "sequence_number": next(n)}))
        if item["type"] == "function_call":
            common = {"item_id": item["id"], "output_index": i}
            out.append(sse("response.function_call_arguments.delta", {"type": "response.function_call_arguments.delta", **common, "delta": item["arguments"], "sequence_number": next(n)}))
            out.append(sse("response.function_call_arguments.done", {"type": "response.function_call_arguments.done", **common, "arguments": item["arguments"], "sequence_number": next(n)}))
        out.append(sse("response.output_item.done", {"type": "response.output_item.done", "output_index": i, "item": item, "sequence_number": next(n)}))
    out.append(sse("response.completed", {"type": "response.completed", "response": resp, "sequence_number": next(n)}))
    return out


def events(raw: bytes) -> list[tuple[str, dict]]:
    out = []
    for block in raw.replace(b"\r\n", b"\n").split(b"\n\n"):
        name, data = None, None
        for line in block.split(b"\n"):
            if line.startswith(b"event: "):
                name = line[7:].decode()
            elif line.startswith(b"data: "):
                data = json.loads(line[6:])
        if name and data is not None:
            out.append((name, data))
    return out


MESSAGE = {"id": "msg_source_1", "type": "message", "status": "completed", "role": "assistant",
           "content": [{"type": "output_text", "annotations": [], "logprobs": [], "text": "Done."}]}
CALL = {"id": "fc_source_1", "type": "function_call", "status": "completed", "arguments": "{\"q\":1}", "call_id": "call_1", "name": "lookup"}
REASONING = {"id": "rs_source_1", "type": "reasoning", "summary": [], "encrypted_content": "gAAA"}
CODE = {"id": "ci_source_1", "type": "code_interpreter_call", "status": "completed", "code": "print(1)",
        "container_id": "cntr_1", "outputs": None}
