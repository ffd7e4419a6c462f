"""F06: `lmcodec assemble` hands lm15's parity outcome to the user unexplained, on valid streams.

1. A Responses stream ending with `response.failed` (the provider's error "boom") or
   `response.incomplete` (max_output_tokens): "Stream ended without an end event: its finish
   reason and usage never arrived" -- false, and "boom" is never shown -- though
   lc.stream.translate reads that very end (stream/_incomplete.py).
2. An Anthropic web-search stream (server_tool_use): the command blames "the adapter that
   produced this stream" for a missing tool name.
3. A Chat stream of two choices (n=2): one merged answer "Yes.No.", the second choice's finish,
   status 0, nothing said (translate refuses it in-band; lm15's whole-body reader refuses n > 1).
lc.assemble must keep lm15's outcome; the command adds hints of its own (the dialect one) and
could name these. Prints each failure; exits 1 while the bug is there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile


def sse(frames: list[dict[str, object]]) -> bytes:
    return b"".join(f"event: {f['type']}\ndata: {json.dumps(f)}\n\n".encode() for f in frames)


def response(status: str, **extra: object) -> dict[str, object]:
    return {
        "id": "resp_1",
        "object": "response",
        "created_at": 1,
        "status": status,
        "model": "gpt-5",
        "output": [],
        "usage": {"input_tokens": 3, "output_tokens": 5, "total_tokens": 8},
        **extra,
    }


HEAD = [
    {"type": "response.created", "sequence_number": 0, "response": response("in_progress")},
    {
        "type": "response.output_item.added",
        "sequence_number": 1,
        "output_index": 0,
        "item": {"type": "message", "id": "m1", "status": "in_progress", "role": "assistant", "content": []},
    },
    {
        "type": "response.output_text.delta",
        "sequence_number": 2,
        "item_id": "m1",
        "output_index": 0,
        "content_index": 0,
        "delta": "par",
        "logprobs": [],
    },
]
ENDS = {
    "response.failed": (
        {
            "type": "response.failed",
            "sequence_number": 3,
            "response": response("failed", error={"code": "server_error", "message": "boom"}),
        },
        "boom",
    ),
    "response.incomplete": (
        {
            "type": "response.incomplete",
            "sequence_number": 3,
            "response": response("incomplete", incomplete_details={"reason": "max_output_tokens"}),
        },
        "max_output_tokens",
    ),
}
failures = []
with tempfile.TemporaryDirectory() as tmp:
    for name, (end, said) in ENDS.items():
        path = os.path.join(tmp, f"{name}.sse")
        with open(path, "wb") as fh:
            fh.write(sse([*HEAD, end]))
        run = subprocess.run(
            [sys.executable, "-m", "lmcodec", "assemble", "openai", path], capture_output=True, text=True
        )
        print(f"{name}: status {run.returncode}: {run.stderr.strip()}")
        if "without an end event" in run.stderr or said not in run.stderr:
            failures.append(f"{name}: the command says the stream has no end event and does not say {said!r}")
# The same command on a valid Anthropic web-search stream (server_tool_use + its result + cited
# text) blames "the adapter that produced this stream" for a missing tool name.
A = [
    {
        "type": "message_start",
        "message": {
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-x",
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": {"input_tokens": 10, "output_tokens": 1},
        },
    },
    {
        "type": "content_block_start",
        "index": 0,
        "content_block": {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}},
    },
    {
        "type": "content_block_delta",
        "index": 0,
        "delta": {"type": "input_json_delta", "partial_json": '{"query": "q"}'},
    },
    {"type": "content_block_stop", "index": 0},
    {
        "type": "content_block_start",
        "index": 1,
        "content_block": {
            "type": "web_search_tool_result",
            "tool_use_id": "srvtoolu_1",
            "content": [
                {
                    "type": "web_search_result",
                    "title": "T",
                    "url": "https://x.example",
                    "encrypted_content": "E",
                }
            ],
        },
    },
    {"type": "content_block_stop", "index": 1},
    {"type": "content_block_start", "index": 2, "content_block": {"type": "text", "text": ""}},
    {"type": "content_block_delta", "index": 2, "delta": {"type": "text_delta", "text": "See"}},
    {"type": "content_block_stop", "index": 2},
    {
        "type": "message_delta",
        "delta": {"stop_reason": "end_turn", "stop_sequence": None},
        "usage": {"output_tokens": 20},
    },
    {"type": "message_stop"},
]
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "web_search.sse")
    with open(path, "wb") as fh:
        fh.write(sse(A))
    run = subprocess.run(
        [sys.executable, "-m", "lmcodec", "assemble", "anthropic", path], capture_output=True, text=True
    )
    print(f"anthropic web search: status {run.returncode}: {run.stderr.strip()}")
    if "the adapter that produced this stream" in run.stderr:
        failures.append(
            "a valid Anthropic web-search stream: the command blames the adapter for a missing tool name"
        )


# Chat with n=2 (two choices, as OpenAI streams them): the texts are merged into one answer, the
# last choice's finish taken, status 0 and nothing said (translate refuses this stream in-band;
# lm15's whole-body reader refuses n > 1 with UnsupportedFeatureError).
def chunk(index: int, delta: dict[str, object], finish: object = None) -> dict[str, object]:
    return {
        "id": "c1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4o",
        "choices": [{"index": index, "delta": delta, "finish_reason": finish}],
    }


CHAT = [
    chunk(0, {"role": "assistant", "content": ""}),
    chunk(1, {"role": "assistant", "content": ""}),
    chunk(0, {"content": "Yes."}),
    chunk(1, {"content": "No."}),
    chunk(0, {}, "stop"),
    chunk(1, {}, "length"),
]
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "n2.sse")
    with open(path, "wb") as fh:
        fh.write(b"".join(f"data: {json.dumps(c)}\n\n".encode() for c in CHAT) + b"data: [DONE]\n\n")
    run = subprocess.run(
        [sys.executable, "-m", "lmcodec", "assemble", "openai_chat", path], capture_output=True, text=True
    )
    print(f"chat n=2: status {run.returncode}: {run.stdout.strip()} {run.stderr.strip()}")
    if run.returncode == 0 and "Yes.No." in run.stdout and not run.stderr.strip():
        failures.append(
            "a Chat stream of two choices: one answer 'Yes.No.' (finish of the second), status 0, no word"
        )
for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
