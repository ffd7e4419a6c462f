"""Seconds of CPU per megabyte of far floats (``1e300``: msgspec 0.23's slow path) in the typed
``float`` positions an untrusted input reaches, at each entry point, beside ``json.loads`` of the
same bytes (benchmarks/NOTES.md "## floats26").

Each row builds one input holding ``N`` far floats where the entry point reads a typed float
(logprobs, config floats, llm options), runs the entry point once untimed and then ``REPEAT``
times, and prints CPU seconds (``time.process_time``, robust enough on a shared host for the
orders of magnitude this tells apart: ~1 s/MB against ~0.05 s/MB) per MB, with the same input
with ``-0.5`` in place of each far float as the ordinary reference. The entry point may accept or
refuse the input (a refusal is read to its error): the time is what a server pays either way.

Run: python3 benchmarks/far_floats_typed.py [ROW-SUBSTRING ...]
"""

from __future__ import annotations

import io
import json
import sys
import time
from collections.abc import Callable
from typing import Any

import lmcodec as lc

N = 2000
REPEAT = 3
FAR = b"1e300"
NEAR = b"-0.5"


def _lp(k: str, top: int) -> str:
    tops = ",".join(f'{{"token":"b","{k}":@,"bytes":[98]}}' for _ in range(top))
    return f'{{"token":"a","{k}":@,"bytes":[97],"top_logprobs":[{tops}]}}'


def _openai_lps(n: int) -> str:
    return ",".join(_lp("logprob", 2) for _ in range(n // 3))


def _canonical_lps(n: int) -> str:
    one = '{"token":"a","logprob":@,"top":[{"token":"b","logprob":@},{"token":"c","logprob":@}]}'
    return ",".join(one for _ in range(n // 3))


def _gemini_lr(n: int) -> str:
    chosen = ",".join('{"token":"a","logProbability":@}' for _ in range(n // 2))
    top = ",".join('{"candidates":[{"token":"b","logProbability":@}]}' for _ in range(n // 2))
    return f'{{"chosenCandidates":[{chosen}],"topCandidates":[{top}]}}'


def _sse(*frames: str) -> bytes:
    return b"".join(b"data: " + f.encode() + b"\n\n" for f in frames)


def inputs() -> dict[str, tuple[str, Callable[[bytes], Any]]]:
    """row -> (the input, '@' where a far float goes; the entry point)."""
    msg = '{"role":"assistant","parts":[{"type":"text","text":"x"}]}'
    response = (
        f'{{"id":"r","model":"m","message":{msg},"finish_reason":"stop","logprobs":[{_canonical_lps(N)}]}}'
    )
    delta = (
        '{"type":"delta","delta":{"type":"text","part_index":0,"text":"x",'
        f'"logprobs":[{_canonical_lps(N)}]}}}}'
    )
    turn = (
        '{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]},"response":'
        + response
        + "}"
    )
    options = ",".join(f'"o{i}":@' for i in range(N))
    llm = (
        '{"model":"m","prompt":{"messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}],'
        f'"options":{{{options}}}}},"messages":[{{"role":"assistant","parts":[{{"type":"text","text":"x"}}]}}]}}'
    )
    oa_delta = (
        '{"type":"response.output_text.delta","item_id":"m","output_index":0,"content_index":0,"delta":"x",'
        f'"logprobs":[{_openai_lps(N)}]}}'
    )
    oa_start = '{"type":"response.created","response":{"id":"r","model":"m","output":[]}}'
    usage = '"usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}'
    oa_end = (
        '{"type":"response.completed","response":{"id":"r","model":"m","status":"completed","output":[],'
        + usage
        + "}}"
    )
    oa_body = (
        '{"id":"r","object":"response","model":"m","status":"completed",'
        '"output":[{"type":"message","id":"m","role":"assistant",'
        f'"content":[{{"type":"output_text","text":"x","annotations":[],"logprobs":[{_openai_lps(N)}]}}]}}],'
        '"usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}'
    )
    chat_chunk = (
        '{"id":"c","object":"chat.completion.chunk","model":"m","choices":[{"index":0,"delta":{"content":"x"},'
        f'"logprobs":{{"content":[{_openai_lps(N)}]}},"finish_reason":null}}]}}'
    )
    chat_head = '{"id":"c","object":"chat.completion.chunk","model":"m","choices":[{"index":0,'
    chat_end = chat_head + '"delta":{},"finish_reason":"stop"}]}'
    chat_body = (
        '{"id":"c","object":"chat.completion","model":"m",'
        '"choices":[{"index":0,"message":{"role":"assistant","content":"x"},'
        f'"logprobs":{{"content":[{_openai_lps(N)}]}},"finish_reason":"stop"}}]}}'
    )
    gem = (
        '{"candidates":[{"content":{"parts":[{"text":"x"}],"role":"model"},"finishReason":"STOP","index":0,'
        f'"logprobsResult":{_gemini_lr(N)}}}],"modelVersion":"m"}}'
    )
    dup = ",".join('"temperature":@' for _ in range(N))
    chat_req = '{"model":"m","messages":[{"role":"user","content":"hi"}],' + dup + "}"
    oa_req = '{"model":"m","input":"hi",' + dup + "}"
    an_req = '{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}],' + dup + "}"
    gem_req = '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"generationConfig":{' + dup + "}}"

    def stream(provider: str, *frames: str) -> tuple[str, Callable[[bytes], Any]]:
        return "\x00".join(frames), lambda b: list(
            lc.stream.decode(provider, [_sse(*b.decode().split("\x00"))])
        )

    def translate(src: str, dst: str, *frames: str) -> tuple[str, Callable[[bytes], Any]]:
        return "\x00".join(frames), lambda b: list(
            lc.stream.translate(
                src,
                dst,
                [_sse(*b.decode().split("\x00"))],
                request=lc.Request(model="m", messages=(lc.Message.user("hi"),)),
            )
        )

    return {
        "lc.decode Response logprobs": (response, lambda b: lc.decode(b, lc.Response)),
        "lc.decode StreamEvent delta logprobs": (delta, lambda b: lc.decode(b, lc.StreamEvent)),
        "lc.jsonl.read Turn logprobs": (turn, lambda b: list(lc.jsonl.read(io.BytesIO(b + b"\n"), lc.Turn))),
        "lc.llm.decode Response options": (llm, lambda b: lc.llm.decode(b)),
        "stream.decode openai delta logprobs": stream("openai", oa_start, oa_delta, oa_end),
        "stream.decode openai_chat chunk logprobs": stream("openai_chat", chat_chunk, chat_end),
        "stream.decode gemini chunk logprobsResult": stream("gemini", gem),
        "translate openai -> openai_chat": translate("openai", "openai_chat", oa_start, oa_delta, oa_end),
        "translate openai_chat -> openai": translate("openai_chat", "openai", chat_chunk, chat_end),
        "translate gemini -> openai": translate("gemini", "openai", gem),
        "decode_response openai logprobs": (oa_body, lambda b: lc.decode_response("openai", b)),
        "decode_response openai_chat logprobs": (chat_body, lambda b: lc.decode_response("openai_chat", b)),
        "decode_response gemini logprobsResult": (gem, lambda b: lc.decode_response("gemini", b)),
        "decode_request openai_chat temperature x N": (
            chat_req,
            lambda b: lc.decode_request("openai_chat", b),
        ),
        "decode_request openai temperature x N": (oa_req, lambda b: lc.decode_request("openai", b)),
        "decode_request anthropic temperature x N": (an_req, lambda b: lc.decode_request("anthropic", b)),
        "decode_request gemini temperature x N": (gem_req, lambda b: lc.decode_request("gemini", b)),
        "translate_request openai_chat -> anthropic temperature x N": (
            chat_req,
            lambda b: lc.translate_request("openai_chat", "anthropic", b),
        ),
    }


def _cpu(run: Callable[[bytes], Any], data: bytes) -> tuple[float, str]:
    outcome = "ok"
    for i in range(REPEAT + 1):
        if i == 1:
            start = time.process_time()
        try:
            run(data)
        except lc.LmcodecError as exc:
            outcome = type(exc).__name__
    return (time.process_time() - start) / REPEAT, outcome


def main(argv: list[str]) -> None:
    print("| entry point | far floats | MB | far s/MB | outcome | -0.5 s/MB | json.loads s/MB (far) |")
    print("|---|---:|---:|---:|---|---:|---:|")
    for name, (template, run) in inputs().items():
        if argv and not any(a in name for a in argv):
            continue
        far = template.encode().replace(b"@", FAR)
        near = template.encode().replace(b"@", NEAR)
        mb = len(far) / 1e6
        t_far, outcome = _cpu(run, far)
        t_near, _ = _cpu(run, near)
        t_json, _ = _cpu(lambda b: [json.loads(p) for p in b.split(b"\x00")], far)
        row = [name, str(far.count(FAR)), f"{mb:.3f}", f"{t_far / mb:.3f}", outcome, f"{t_near / mb:.3f}"]
        print("| " + " | ".join([*row, f"{t_json / mb:.3f}"]) + " |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
