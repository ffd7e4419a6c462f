"""Callgrind instruction counts of ``lc.translate_request`` from a Responses body, per call, where
the tools' strictness crosses (``providers/_crossing_strict.py``).

The bodies are ``test_bench_requests.py``'s Responses body (3 function tools without ``strict``)
and variants of it: 5 tools (2 flagged ``strict: true``), 8 tools (all flagged), 8 tools without
the flag, and no tools. For each body one valgrind run executes each stage 20 times after 20
warm-up calls, between two calls of ``os.getppid`` (``callgrind_support.marked_dumps``):
``floor`` (msgspec's untyped decode of the body + encode) and ``gateway openai->dst`` for the
four destinations.

Run: python benchmarks/strict_handoff_callgrind.py [BODY ...]   (default: every body)
"""

from __future__ import annotations

import copy
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

from callgrind_support import between_markers, marked_dumps, total

HERE = Path(__file__).resolve().parent
DIALECTS = ("openai_chat", "anthropic", "gemini", "openai")
MODELS = {
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
CALLS = 20


def _tool(i: int, strict: bool | None) -> dict[str, Any]:
    tool: dict[str, Any] = {
        "type": "function",
        "name": f"lookup_{i}",
        "description": f"Look up record {i}.",
        "parameters": {
            "type": "object",
            "properties": {"key": {"type": "string"}},
            "required": ["key"],
            "additionalProperties": False,
        },
    }
    if strict is not None:
        tool["strict"] = strict
    return tool


def bodies() -> dict[str, bytes]:
    """The Responses bodies measured, by name."""
    import msgspec

    sys.path.insert(0, str(HERE))
    from test_bench_requests import source_body

    base = msgspec.json.decode(source_body("openai"))
    five = copy.deepcopy(base)
    five["tools"][0]["strict"] = True
    five["tools"] += [_tool(3, True), _tool(4, None)]
    eight_flagged = copy.deepcopy(base)
    for tool in eight_flagged["tools"]:
        tool["strict"] = True
    eight_flagged["tools"] += [_tool(i, True) for i in range(3, 8)]
    eight_plain = copy.deepcopy(base)
    eight_plain["tools"] += [_tool(i, None) for i in range(3, 8)]
    no_tools = {key: value for key, value in base.items() if key not in ("tools", "tool_choice")}
    no_tools.pop("parallel_tool_calls", None)
    return {
        "3 tools, no flag": msgspec.json.encode(base),
        "5 tools, 2 strict": msgspec.json.encode(five),
        "8 tools, all strict": msgspec.json.encode(eight_flagged),
        "8 tools, no flag": msgspec.json.encode(eight_plain),
        "no tools": msgspec.json.encode(no_tools),
    }


def _stages(body: bytes) -> dict[str, Any]:
    import msgspec

    import lmcodec as lc

    untyped = msgspec.json.Decoder().decode
    encode = msgspec.json.Encoder().encode
    stages: dict[str, Any] = {"floor": lambda: encode(untyped(body))}
    for dst in DIALECTS:
        stages[f"gateway openai->{dst}"] = lambda d=dst: lc.translate_request(
            "openai", d, body, model=MODELS[d]
        )
    return stages


def _inner(path: str) -> None:
    body = pickle.loads(Path(path).read_bytes())
    for run in _stages(body).values():
        between_markers(run, CALLS)


def measure(body: bytes) -> dict[str, float]:
    """Instructions per call of each stage on ``body``."""
    names = list(_stages(body))
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "body.pickle"
        data.write_bytes(pickle.dumps(body))
        with marked_dumps(__file__, str(data)) as dump:
            return {name: total(dump(2 + 2 * i)) / CALLS for i, name in enumerate(names)}


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        _inner(argv[1])
        return
    print("| body | stage | instructions / call | / floor |")
    print("|---|---|---:|---:|")
    for name, body in bodies().items():
        if argv and name not in argv:
            continue
        counts = measure(body)
        for stage, count in counts.items():
            print(f"| {name} | {stage} | {count:,.0f} | {count / counts['floor']:.2f}x |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
