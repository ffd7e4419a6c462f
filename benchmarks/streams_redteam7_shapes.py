"""Red team 7's stream shapes against lm15: one long event fed in small chunks, one long event in a
body given whole, usage on every Chat chunk.

Rows (CPU time, interleaved: each contestant once per round, median of per-round ratios):

- ``small chunks``: one Anthropic thinking delta of 16 / 64 KiB fed to ``lc.stream.Decoder.feed``
  1 and 16 bytes at a time, against lm15's pipeline over the same chunks (the framing was
  quadratic in the event up to 64 KiB: the 64 / 16 KiB growth says whether it is linear, 4x);
- ``one long event``: a 3 MB thinking delta / Chat tool-argument fragment in a body given whole to
  ``assemble(decode(p, [body]))``, against lm15 whole;
- ``usage on every chunk``: 10,000 Chat chunks each with usage, ``list(decode)`` and ``translate``
  to Anthropic, against the floor (blank-line split + msgspec per event).

Run: python3 benchmarks/streams_redteam7_shapes.py
"""

from __future__ import annotations

import gc
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

import lmcodec as lc
import streams_varied_contestants as C


def _sse(frames: list[dict[str, Any]], named: bool = False) -> bytes:
    out = []
    for f in frames:
        data = json.dumps(f, separators=(",", ":"))
        out.append(f"event: {f['type']}\ndata: {data}\n\n" if named else f"data: {data}\n\n")
    return "".join(out).encode()


def thinking(n: int) -> bytes:
    return _sse(
        [
            {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant",
                                                  "model": "claude", "content": [], "stop_reason": None,
                                                  "usage": {"input_tokens": 5, "output_tokens": 1}}},
            {"type": "content_block_start", "index": 0,
             "content_block": {"type": "thinking", "thinking": ""}},
            {"type": "content_block_delta", "index": 0,
             "delta": {"type": "thinking_delta", "thinking": "t" * n}},
            {"type": "content_block_stop", "index": 0},
            {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 9}},
            {"type": "message_stop"},
        ],
        named=True,
    )  # fmt: skip


def _chat(delta: dict[str, Any], finish: str | None = None, **extra: Any) -> dict[str, Any]:
    return {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "m",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], **extra}  # fmt: skip


def chat_arguments(n: int) -> bytes:
    call = {
        "index": 0,
        "id": "call_1",
        "type": "function",
        "function": {"name": "write_file", "arguments": ""},
    }
    fragment = {"index": 0, "function": {"arguments": json.dumps({"content": "x" * n})}}
    frames = [
        _chat({"role": "assistant", "tool_calls": [call]}),
        _chat({"tool_calls": [fragment]}),
        _chat({}, "tool_calls"),
    ]
    return _sse(frames) + b"data: [DONE]\n\n"


def chat_usage_every_chunk(n: int) -> bytes:
    usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    frames = [_chat({"content": "word "}, usage=usage) for _ in range(n)] + [_chat({}, "stop")]
    return _sse(frames) + b"data: [DONE]\n\n"


def interleave(contestants: dict[str, Callable[[], Any]], rounds: int = 5) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {k: [] for k in contestants}
    for run in contestants.values():
        run()
    for _ in range(rounds):
        for name, run in contestants.items():
            gc.collect()
            start = time.process_time()
            run()
            times[name].append(time.process_time() - start)
    return times


def ratio(times: dict[str, list[float]], a: str, b: str) -> float:
    return statistics.median(x / max(y, 1e-9) for x, y in zip(times[a], times[b], strict=True))


def row(label: str, times: dict[str, list[float]], ours: str, other: str) -> None:
    mine, theirs = statistics.median(times[ours]) * 1e3, statistics.median(times[other]) * 1e3
    print(f"| {label} | {mine:.1f} ms | {other} {theirs:.1f} ms | {ratio(times, ours, other):.2f}x |")


def pieces(body: bytes, step: int) -> list[bytes]:
    return [body[i : i + step] for i in range(0, len(body), step)]


def feed(chunks: list[bytes]) -> None:
    decoder = lc.stream.Decoder("anthropic")
    for chunk in chunks:
        decoder.feed(chunk)
    decoder.close()


def main() -> None:
    print("| row | lmcodec | lm15 or floor | lmcodec / other |")
    print("|---|---:|---:|---:|")
    theirs = C.lm15_runner("anthropic")
    for step in (1, 16):
        for size in (16 * 1024, 64 * 1024):
            chunks = pieces(thinking(size), step)
            t = interleave(
                {"lmcodec": lambda c=chunks: feed(c), "lm15": lambda c=chunks: theirs(c)}, rounds=3
            )
            row(
                f"small chunks: {size // 1024} KiB thinking delta, {step}-byte chunks, Decoder.feed",
                t,
                "lmcodec",
                "lm15",
            )
    for provider, make in (("anthropic", thinking), ("openai_chat", chat_arguments)):
        body = make(3_000_000)
        ours_run, lm15_run = C.lmcodec_runner(provider), C.lm15_runner(provider)
        assert C.same_response(lm15_run([body]), ours_run([body]))
        t = interleave(
            {"lmcodec": lambda b=body, r=ours_run: r([b]), "lm15": lambda b=body, r=lm15_run: r([b])}
        )
        row(f"one long event: {provider}, 3 MB, body given whole, assemble(decode)", t, "lmcodec", "lm15")
    body = chat_usage_every_chunk(10_000)
    chunks = pieces(body, 65536)
    low = C.floor_runner("openai_chat")
    t = interleave(
        {
            "floor": lambda: low(chunks),
            "list(decode)": lambda: list(lc.stream.decode("openai_chat", chunks)),
            "translate->anthropic": lambda: list(lc.stream.translate("openai_chat", "anthropic", chunks)),
        },
        rounds=3,
    )
    for name in ("list(decode)", "translate->anthropic"):
        row(f"usage on every chunk: 10,000 Chat chunks, 64 KiB, {name}", t, name, "floor")


if __name__ == "__main__":
    main()
