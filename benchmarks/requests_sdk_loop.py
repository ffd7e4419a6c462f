"""translate_request on the body an openai-python tool loop sends (``input += response.output``).

The openai SDK sends each output item it got back as its pydantic model dumps it
(``model_dump(exclude_unset=True, mode="json")``: the keys the API sent, in the model's field
order) in compact JSON. Four rounds of [user question, reasoning item, function call, its output,
the assistant's answer], the output items either as the API returns them, dumped by the SDK's
types (``ids``: every reasoning item, call and message with its ``id`` and ``status``, the
answer's blocks with ``annotations`` and ``logprobs``) or as a client that builds its items by
hand writes them (``bare``: no call or message id, the reasoning item's id and state alone).
Responses to Responses must send each such item back as sent (fcid18), which is what this
measures; to Anthropic for comparison.

    python3 benchmarks/requests_sdk_loop.py [ROUNDS]
    python3 benchmarks/requests_sdk_loop.py --callgrind

``--callgrind``: instructions a call of each stage, 20 calls after 20 warm-up calls between two
``os.getppid`` markers under callgrind (PYTHONHASHSEED=0), as ``requests_codex_shape.py`` counts;
the floor is msgspec's untyped decode + encode of the same body.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import msgspec
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseReasoningItem

import lmcodec as lc
from callgrind_support import between_markers, marked_dumps, total

DESTINATIONS = {"openai": None, "anthropic": "claude-sonnet-4-5"}
CALLS = 20


def _dumped(model: Any, wire: dict[str, Any]) -> dict[str, Any]:
    """``wire`` (an output item as the API sends it) as the openai SDK sends it back."""
    dumped: dict[str, Any] = model.model_validate(wire).model_dump(exclude_unset=True, mode="json")
    return dumped


def loop_body(ids: bool, rounds: int = 4) -> bytes:
    """The SDK's body after ``rounds`` tool-loop rounds (``ids``: the output items as returned)."""
    items: list[dict[str, Any]] = []
    for n in range(rounds):
        items.append({"role": "user", "content": [{"type": "input_text", "text": f"question {n}"}]})
        reasoning = {"type": "reasoning", "id": f"rs_{n}", "summary": [], "encrypted_content": "gAAAA" * 20}
        call: dict[str, Any] = {"type": "function_call", "call_id": f"c{n}", "name": "f"}
        call["arguments"] = '{"q": 1}'
        block: dict[str, Any] = {"type": "output_text", "text": f"answer {n}"}
        answer: dict[str, Any] = {"type": "message", "role": "assistant", "content": [block]}
        if ids:
            reasoning["status"] = "completed"
            call.update(id=f"fc_{n}", status="completed")
            block.update(annotations=[], logprobs=[])
            answer.update(id=f"msg_{n}", status="completed")
            reasoning = _dumped(ResponseReasoningItem, reasoning)
            call = _dumped(ResponseFunctionToolCall, call)
            answer = _dumped(ResponseOutputMessage, answer)
        output = {"type": "function_call_output", "call_id": f"c{n}", "output": "ok"}
        items += [reasoning, call, output, answer]
    tools = [
        {
            "type": "function",
            "name": "f",
            "parameters": {"type": "object", "properties": {"q": {"type": "number"}}},
            "strict": True,
        }
    ]
    body = {"model": "gpt-5", "input": items, "tools": tools, "stream": True}
    return json.dumps(body, separators=(",", ":")).encode()


def _stages() -> dict[str, Any]:
    """Per body, the floor, then ``translate_request`` to each destination, as callables."""
    decode, encode = msgspec.json.Decoder().decode, msgspec.json.Encoder().encode
    stages: dict[str, Any] = {}
    for ids in (False, True):
        body = loop_body(ids)
        shape = "ids" if ids else "bare"
        stages[f"{shape} floor"] = lambda b=body: encode(decode(b))
        for destination, model in DESTINATIONS.items():
            stages[f"{shape} {destination}"] = lambda b=body, d=destination, m=model: lc.translate_request(
                "openai", d, b, model=m
            )
    return stages


def _inner() -> None:
    """Inside valgrind: each stage warmed up, then run between two markers."""
    for run in _stages().values():
        between_markers(run, CALLS)


def callgrind() -> None:
    names = list(_stages())
    with marked_dumps(__file__) as dump:
        counts = {name: total(dump(2 + 2 * i)) / CALLS for i, name in enumerate(names)}
    print("Callgrind instructions per call (PYTHONHASHSEED=0)")
    print()
    print("| stage | instructions | / floor |")
    print("|---|---:|---:|")
    for name, count in counts.items():
        floor = counts[name.split()[0] + " floor"]
        print(f"| {name} | {count:,.0f} | {count / floor:.2f}x |")


def main(rounds: int = 7, inner: int = 50) -> None:
    from test_bench_requests import _ratio, _rounds

    decode, encode = msgspec.json.Decoder().decode, msgspec.json.Encoder().encode
    print(f"openai SDK tool-loop body; CPU time, {rounds} interleaved rounds")
    print()
    print("| body | destination | lmcodec / floor |")
    print("|---|---|---:|")
    for ids in (False, True):
        body = loop_body(ids)
        for destination, model in DESTINATIONS.items():
            contestants = {
                "lmcodec": lambda b=body, d=destination, m=model: lc.translate_request(
                    "openai", d, b, model=m
                ),
                "floor": lambda b=body: encode(decode(b)),
            }
            ratio = _ratio(_rounds(contestants, rounds, inner), "lmcodec", "floor")
            print(f"| {'ids' if ids else 'bare'} | {destination} | {ratio:.2f}x |")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--inner"]:
        _inner()
    elif sys.argv[1:2] == ["--callgrind"]:
        callgrind()
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
