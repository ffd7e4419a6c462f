"""Callgrind instruction counts of ``translate_request`` to Gemini, Chat and Anthropic with and
without the response-turn pass (``providers/_crossing_call_turns.response_turns_joined``), per call.

Bodies: a tool loop of ``ROUNDS`` rounds of two parallel calls, each dialect writing each round's
results as its clients usually do (one Anthropic user turn, one Chat tool row a result, Responses
``function_call_output`` items): ordinary translations, which the pass gives back unchanged; the
Anthropic loop with each result its own user turn, which the pass joins for Gemini; and the
Responses loop with a reasoning item before each call (the two calls of a round apart), which the
pass joins for Chat and Anthropic. Stages, each run ``CALLS`` times after as many warm-up calls,
between two ``os.getppid`` markers:

- ``floor``: msgspec's untyped decode of the body + encode of the plain objects;
- ``pass``: ``lc.translate_request(src, destination, body, model=...)``;
- ``identity``: the same with the pass replaced by one that gives the request back (the cost
  without it; on the split body that is the body Gemini refuses).

Run: python3 benchmarks/gemini_response_turns_callgrind.py [WORD ...] (the rows whose label holds one)
"""

from __future__ import annotations

import json
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

from callgrind_support import between_markers, marked_dumps, total

CALLS = 20
ROUNDS = 20
SCHEMA = {"type": "object", "properties": {"q": {"type": "string"}}}


def _anthropic(split: bool) -> bytes:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "look things up"}]
    for r in range(ROUNDS):
        ids = (f"toolu_{r}a", f"toolu_{r}b")
        messages.append(
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": f"Looking up round {r}."},
                    *({"type": "tool_use", "id": i, "name": "lookup", "input": {"q": i}} for i in ids),
                ],
            }
        )
        results = [{"type": "tool_result", "tool_use_id": i, "content": f"result {i}"} for i in ids]
        if split:
            messages.extend({"role": "user", "content": [result]} for result in results)
        else:
            messages.append({"role": "user", "content": results})
    tools = [{"name": "lookup", "input_schema": SCHEMA}]
    body = {"model": "claude-sonnet-4-5", "max_tokens": 1000, "tools": tools, "messages": messages}
    return json.dumps(body).encode()


def _chat() -> bytes:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "look things up"}]
    for r in range(ROUNDS):
        ids = (f"call_{r}a", f"call_{r}b")
        calls = [
            {"id": i, "type": "function", "function": {"name": "lookup", "arguments": json.dumps({"q": i})}}
            for i in ids
        ]
        messages.append({"role": "assistant", "content": f"Looking up round {r}.", "tool_calls": calls})
        messages.extend({"role": "tool", "tool_call_id": i, "content": f"result {i}"} for i in ids)
    tools = [{"type": "function", "function": {"name": "lookup", "parameters": SCHEMA}}]
    return json.dumps({"model": "gpt-4.1", "tools": tools, "messages": messages}).encode()


def _responses(reasoning: bool = False) -> bytes:
    items: list[dict[str, Any]] = [{"role": "user", "content": "look things up"}]
    for r in range(ROUNDS):
        ids = (f"call_{r}a", f"call_{r}b")
        items.append({"role": "assistant", "content": f"Looking up round {r}."})
        for i in ids:
            if reasoning:
                items.append(
                    {"type": "reasoning", "id": f"rs_{i}", "summary": [], "encrypted_content": "gAAA"}
                )
            call = {
                "type": "function_call",
                "call_id": i,
                "name": "lookup",
                "arguments": json.dumps({"q": i}),
            }
            items.append(call)
        items.extend({"type": "function_call_output", "call_id": i, "output": f"result {i}"} for i in ids)
    tools = [{"type": "function", "name": "lookup", "parameters": SCHEMA, "strict": False}]
    return json.dumps({"model": "gpt-4.1", "tools": tools, "input": items}).encode()


BODIES = {
    "anthropic -> gemini": ("anthropic", "gemini", lambda: _anthropic(split=False)),
    "openai_chat -> gemini": ("openai_chat", "gemini", _chat),
    "openai -> gemini": ("openai", "gemini", _responses),
    "anthropic, results apart -> gemini": ("anthropic", "gemini", lambda: _anthropic(split=True)),
    "anthropic -> openai_chat": ("anthropic", "openai_chat", lambda: _anthropic(split=False)),
    "openai -> openai_chat": ("openai", "openai_chat", _responses),
    "openai, reasoning between calls -> openai_chat": ("openai", "openai_chat", lambda: _responses(True)),
    "openai_chat -> anthropic": ("openai_chat", "anthropic", _chat),
    "openai -> anthropic": ("openai", "anthropic", _responses),
    "openai, reasoning between calls -> anthropic": ("openai", "anthropic", lambda: _responses(True)),
}


def _stages(source: str, destination: str, body: bytes) -> dict[str, Any]:
    import msgspec

    import lmcodec as lc

    untyped = msgspec.json.Decoder().decode
    encode = msgspec.json.Encoder().encode

    def translate() -> Any:
        return lc.translate_request(source, destination, body, model="gemini-2.5-flash")

    return {"floor": lambda: encode(untyped(body)), "pass": translate, "identity": translate}


def _inner(path: str) -> None:
    """Inside valgrind: each stage warmed up, then run between two markers; the ``identity``
    stage with the pass replaced for the whole stage (its warm-up included)."""
    from lmcodec.providers import _translate_request

    joined = _translate_request.response_turns_joined
    source, destination, body = pickle.loads(Path(path).read_bytes())
    for name, run in _stages(source, destination, body).items():
        if name == "identity":
            _translate_request.response_turns_joined = lambda request, in_order, destination: (request, ())
        between_markers(run, CALLS)
        _translate_request.response_turns_joined = joined


def measure(source: str, destination: str, body: bytes) -> dict[str, float]:
    """Instructions per call of each stage."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "body.pickle"
        data.write_bytes(pickle.dumps((source, destination, body)))
        with marked_dumps(__file__, str(data)) as dump:
            return {
                name: total(dump(2 + 2 * i)) / CALLS for i, name in enumerate(("floor", "pass", "identity"))
            }


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        _inner(argv[1])
        return
    print(
        "| body -> destination | bytes | floor | with the pass | without | ratio | (with - without) / floor |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for label, (source, destination, make) in BODIES.items():
        if argv and not any(word in label for word in argv):  # (rows named by a word of theirs)
            continue
        body = make()
        counts = measure(source, destination, body)
        floor, with_pass, without = counts["floor"], counts["pass"], counts["identity"]
        print(
            f"| {label} | {len(body):,} | {floor:,.0f} | {with_pass:,.0f} | {without:,.0f} | "
            f"{with_pass / without:.4f} | {(with_pass - without) / floor:.3f}x |",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
