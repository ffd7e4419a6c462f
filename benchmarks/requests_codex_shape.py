"""translate_request on a Codex-shaped Responses body, beside the floor (gwfloor11's finding).

Codex sends a Responses body the typed readers refuse as it comes: a custom (freeform)
``apply_patch`` tool, function tools with ``strict: false``, the GA ``{"type": "web_search"}`` tool,
and a history that replays reasoning items, assistant messages with a ``phase``, function calls and
custom tool calls with their outputs. Such a body goes through the gateway's passes (replayed
items, custom calls, web search tools), which share one decode of it and encode it once, then the
typed Responses reader (which takes the replayed ids and ``strict: false`` tools), with a note per
replayed item copied from a template: the worst translate_request shape measured so far
(benchmarks/NOTES.md, "Gateway translation, tenth round" and "eleventh round").

    python3 benchmarks/requests_codex_shape.py [ROUNDS]
    python3 benchmarks/requests_codex_shape.py --callgrind

``--callgrind``: instructions a call of each destination's ``translate_request`` and of the floor
(msgspec's untyped decode + encode of the body), 20 calls after 20 warm-up calls between two
``os.getppid`` markers under callgrind (PYTHONHASHSEED=0), as ``requests_callgrind.py`` counts.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import msgspec

import lmcodec as lc
from callgrind_support import between_markers, marked_dumps, total

PATCH = '*** Begin Patch\n*** Update File: a.py\n@@\n-print("hi")\n+print("he")\n*** End Patch'
_STRICT_OFF_PARAMETERS = {
    "type": "object",
    "properties": {
        "command": {"type": "array", "items": {"type": "string"}},
        "workdir": {"type": "string"},
        "timeout_ms": {"type": "number"},
    },
    "required": ["command"],
    "additionalProperties": False,
}
DESTINATIONS = {
    "openai": None,
    "openai_chat": None,
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-pro",
}


def codex_body(turns: int = 4) -> bytes:
    """A Codex session's request after ``turns`` rounds of look (shell) and edit (apply_patch)."""
    tools: list[dict[str, Any]] = [
        {
            "type": "custom",
            "name": "apply_patch",
            "description": "Use the apply_patch tool to edit files.",
            "format": {
                "type": "grammar",
                "syntax": "lark",
                "definition": "start: begin_patch hunk+ end_patch",
            },
        },
        {
            "type": "function",
            "name": "shell",
            "description": "Runs a shell command",
            "strict": False,
            "parameters": _STRICT_OFF_PARAMETERS,
        },
        {"type": "web_search"},
    ]
    items: list[dict[str, Any]] = [
        {
            "type": "message",
            "role": "developer",
            "content": [{"type": "input_text", "text": "You are Codex. " * 10}],
        },
        {
            "type": "message",
            "role": "user",
            "content": [{"type": "input_text", "text": "Fix the greeting in a.py"}],
        },
    ]
    for i in range(turns):
        items += [
            {
                "type": "reasoning",
                "id": f"rs_{i}",
                "summary": [{"type": "summary_text", "text": "thinking about it"}],
                "encrypted_content": "gAAAA" + "x" * 200,
            },
            {
                "type": "message",
                "role": "assistant",
                "id": f"msg_{i}",
                "phase": "commentary",
                "content": [{"type": "output_text", "text": "Let me look.", "annotations": []}],
            },
            {
                "type": "function_call",
                "id": f"fc_{i}",
                "call_id": f"call_s{i}",
                "name": "shell",
                "arguments": json.dumps({"command": ["cat", "a.py"]}),
            },
            {"type": "function_call_output", "call_id": f"call_s{i}", "output": "print('hi')\n"},
            {
                "type": "custom_tool_call",
                "id": f"ctc_{i}",
                "call_id": f"call_p{i}",
                "name": "apply_patch",
                "input": PATCH,
                "status": "completed",
            },
            {"type": "custom_tool_call_output", "call_id": f"call_p{i}", "output": "Success. Updated a.py"},
        ]
    body = {
        "model": "gpt-5-codex",
        "instructions": "You are Codex.",
        "input": items,
        "tools": tools,
        "tool_choice": "auto",
        "parallel_tool_calls": False,
        "reasoning": {"effort": "medium", "summary": "auto"},
        "store": False,
        "stream": True,
        "include": ["reasoning.encrypted_content"],
        "prompt_cache_key": "abc",
    }
    return json.dumps(body).encode()


CALLS = 20


def _stages(body: bytes) -> dict[str, Any]:
    """The floor, then ``translate_request`` to each destination, as callables."""
    decode, encode = msgspec.json.Decoder().decode, msgspec.json.Encoder().encode
    stages: dict[str, Any] = {"floor": lambda: encode(decode(body))}
    for destination, model in DESTINATIONS.items():
        stages[destination] = lambda d=destination, m=model: lc.translate_request("openai", d, body, model=m)
    return stages


def _inner() -> None:
    """Inside valgrind: each stage warmed up, then run between two markers."""
    for run in _stages(codex_body()).values():
        between_markers(run, CALLS)


def callgrind() -> None:
    names = list(_stages(codex_body()))
    with marked_dumps(__file__) as dump:
        counts = {name: total(dump(2 + 2 * i)) / CALLS for i, name in enumerate(names)}
    print("Callgrind instructions per call (PYTHONHASHSEED=0)")
    print()
    print("| stage | instructions | / floor |")
    print("|---|---:|---:|")
    for name, count in counts.items():
        print(f"| {name} | {count:,.0f} | {count / counts['floor']:.1f}x |")


def main(rounds: int = 7, inner: int = 50) -> None:
    from test_bench_requests import _ratio, _rounds

    body = codex_body()
    decode, encode = msgspec.json.Decoder().decode, msgspec.json.Encoder().encode
    print(f"Codex-shaped Responses body, {len(body):,} bytes; CPU time, {rounds} interleaved rounds")
    print()
    print("| destination | lmcodec µs | floor µs | lmcodec / floor |")
    print("|---|---:|---:|---:|")
    for destination, model in DESTINATIONS.items():
        contestants = {
            "lmcodec": lambda d=destination, m=model: lc.translate_request("openai", d, body, model=m),
            "floor": lambda: encode(decode(body)),
        }
        times = _rounds(contestants, rounds, inner)
        lmcodec_us = sorted(times["lmcodec"])[rounds // 2] * 1e6
        floor_us = sorted(times["floor"])[rounds // 2] * 1e6
        ratio = _ratio(times, "lmcodec", "floor")
        print(f"| {destination} | {lmcodec_us:.1f} | {floor_us:.1f} | {ratio:.1f}x |")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--inner"]:
        _inner()
    elif sys.argv[1:2] == ["--callgrind"]:
        callgrind()
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
