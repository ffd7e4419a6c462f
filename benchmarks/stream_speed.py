"""Quick stream-decoding speed check: lmcodec.stream vs lm15 1.5.0 (not a test).

    python benchmarks/stream_speed.py [N [REPEAT]]

Synthesizes one long SSE body per provider wire (N text deltas plus the
provider's start/end frames, shaped like the captured bodies of the lm15
contract corpus), decodes it with lm15's adapter + coalesce_stream (the
contract harness path, body split into lines) and with
``lmcodec.stream.decode`` (body in 4 KiB chunks), checks that both give the
same events, and prints CPU µs per emitted event (best of REPEAT interleaved
rounds, which keeps the numbers usable on a shared machine).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from typing import Any


def _sse(frames: list[tuple[str | None, Any]]) -> bytes:
    out = []
    for name, payload in frames:
        data = payload if isinstance(payload, str) else json.dumps(payload, separators=(",", ":"))
        out.append((f"event: {name}\n" if name else "") + f"data: {data}\n\n")
    return "".join(out).encode()


def _words(n: int) -> list[str]:
    base = ["Hello", ",", " world", "!", " How", " can", " I", " help", " you", " today", "?", " é"]
    return [base[i % len(base)] for i in range(n)]


def synth_openai(n: int) -> bytes:
    rid = "resp_072beefdd7326c380069dcedfdfa148190abb31925db9f909c"
    mid = "msg_072beefdd7326c380069dcedfe8590819083f195fde60825fb"
    resp = {
        "id": rid,
        "object": "response",
        "status": "in_progress",
        "model": "gpt-4.1-mini-2025-04-14",
        "output": [],
        "usage": None,
        "metadata": {},
    }
    frames: list[tuple[str | None, Any]] = [
        ("response.created", {"type": "response.created", "response": resp, "sequence_number": 0}),
        ("response.in_progress", {"type": "response.in_progress", "response": resp, "sequence_number": 1}),
        (
            "response.output_item.added",
            {
                "type": "response.output_item.added",
                "item": {
                    "id": mid,
                    "type": "message",
                    "status": "in_progress",
                    "content": [],
                    "role": "assistant",
                },
                "output_index": 0,
                "sequence_number": 2,
            },
        ),
    ]
    for i, w in enumerate(_words(n)):
        frames.append(
            (
                "response.output_text.delta",
                {
                    "type": "response.output_text.delta",
                    "content_index": 0,
                    "delta": w,
                    "item_id": mid,
                    "logprobs": [],
                    "obfuscation": "qs6VZtkBLCw",
                    "output_index": 0,
                    "sequence_number": 3 + i,
                },
            )
        )
    done = dict(
        resp,
        status="completed",
        output=[
            {
                "id": mid,
                "type": "message",
                "status": "completed",
                "content": [{"type": "output_text", "text": "..."}],
                "role": "assistant",
            }
        ],
        usage={
            "input_tokens": 9,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": n,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 9 + n,
        },
    )
    frames.append(
        ("response.completed", {"type": "response.completed", "response": done, "sequence_number": n + 3})
    )
    return _sse(frames)


def synth_openai_chat(n: int) -> bytes:
    head = {
        "id": "chatcmpl-849f13fc8c60043a",
        "object": "chat.completion.chunk",
        "created": 1781119913,
        "model": "Qwen/Qwen3.5-0.8B",
    }
    frames: list[tuple[str | None, Any]] = [
        (
            None,
            dict(
                head,
                choices=[
                    {
                        "index": 0,
                        "delta": {"role": "assistant", "content": ""},
                        "logprobs": None,
                        "finish_reason": None,
                    }
                ],
            ),
        )
    ]
    for w in _words(n):
        frames.append(
            (
                None,
                dict(
                    head,
                    choices=[
                        {
                            "index": 0,
                            "delta": {"content": w},
                            "logprobs": None,
                            "finish_reason": None,
                            "token_ids": None,
                        }
                    ],
                ),
            )
        )
    frames.append(
        (
            None,
            dict(
                head,
                choices=[
                    {
                        "index": 0,
                        "delta": {"content": ""},
                        "logprobs": None,
                        "finish_reason": "stop",
                        "stop_reason": None,
                    }
                ],
            ),
        )
    )
    frames.append(
        (
            None,
            dict(
                head, choices=[], usage={"prompt_tokens": 12, "total_tokens": 12 + n, "completion_tokens": n}
            ),
        )
    )
    frames.append((None, "[DONE]"))
    return _sse(frames)


def synth_anthropic(n: int) -> bytes:
    frames: list[tuple[str | None, Any]] = [
        (
            "message_start",
            {
                "type": "message_start",
                "message": {
                    "model": "claude-haiku-4-5-20251001",
                    "id": "msg_011CefKAcwrxpVDgJAAkGQiB",
                    "type": "message",
                    "role": "assistant",
                    "content": [],
                    "stop_reason": None,
                    "stop_sequence": None,
                    "usage": {
                        "input_tokens": 573,
                        "cache_creation_input_tokens": 0,
                        "cache_read_input_tokens": 0,
                        "output_tokens": 1,
                    },
                },
            },
        ),
        (
            "content_block_start",
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        ),
        ("ping", {"type": "ping"}),
    ]
    for w in _words(n):
        frames.append(
            (
                "content_block_delta",
                {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": w}},
            )
        )
    frames += [
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        (
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                "usage": {
                    "input_tokens": 573,
                    "cache_creation_input_tokens": 0,
                    "cache_read_input_tokens": 0,
                    "output_tokens": n,
                },
            },
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return _sse(frames)


def synth_gemini(n: int) -> bytes:
    frames: list[tuple[str | None, Any]] = []
    for i, w in enumerate(_words(n)):
        cand: dict[str, Any] = {"content": {"parts": [{"text": w}], "role": "model"}, "index": 0}
        if i == n - 1:
            cand["finishReason"] = "STOP"
        frames.append(
            (
                None,
                {
                    "candidates": [cand],
                    "usageMetadata": {
                        "promptTokenCount": 3,
                        "candidatesTokenCount": i + 1,
                        "totalTokenCount": 4 + i,
                        "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 3}],
                    },
                    "modelVersion": "gemini-2.5-flash",
                    "responseId": "3-vcafiKJIrnugfawcH5Dg",
                },
            )
        )
    return _sse(frames)


SYNTH: dict[str, Callable[[int], bytes]] = {
    "openai": synth_openai,
    "openai_chat": synth_openai_chat,
    "anthropic": synth_anthropic,
    "gemini": synth_gemini,
}


def _best(fns: dict[str, Callable[[], Any]], repeat: int) -> dict[str, tuple[float, Any]]:
    """Best CPU time of each function over ``repeat`` interleaved rounds (robust on a busy machine)."""
    best: dict[str, tuple[float, Any]] = {name: (float("inf"), None) for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            t0 = time.process_time()
            out = fn()
            elapsed = time.process_time() - t0
            if elapsed < best[name][0]:
                best[name] = (elapsed, out)
    return best


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 7
    import lm15
    from lm15 import serde, vet

    lm15_request = lm15.types.Request(model="m-1", messages=(lm15.types.Message.user("hi"),))
    try:
        import lmcodec as lc
        from lmcodec import stream as lcs

        lc_request = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    except ImportError:  # before lmcodec.stream exists
        lcs = None
    header = ("provider", "events", "body KiB", "lm15 us/ev", "lmcodec us/ev", "speedup")
    print("{:<12} {:>7} {:>9} {:>11} {:>14} {:>8}".format(*header))
    for provider, synth in SYNTH.items():
        body = synth(n)
        lm = vet.adapter_for_provider(provider, vet._PARSE_ONLY_KEY)
        # 4 KiB chunks, as a socket delivers them; lmcodec's decode() consumes them as they come
        chunks = [body[i : i + 4096] for i in range(0, len(body), 4096)]
        fns: dict[str, Callable[[], Any]] = {
            "lm15": lambda: vet._parse_stream_body(lm, lm15_request, body),  # noqa: B023
        }
        if lcs is not None:
            fns["lmcodec"] = lambda: list(lcs.decode(provider, chunks, request=lc_request))  # noqa: B023
        best = _best(fns, repeat)
        t_lm, ev_lm = best["lm15"]
        row = f"{provider:<12} {len(ev_lm):>7} {len(body) / 1024:>9.0f} {t_lm / len(ev_lm) * 1e6:>11.2f}"
        if lcs is not None:
            t_lc, ev_lc = best["lmcodec"]
            assert [lc.to_builtins(e) for e in ev_lc] == [serde.stream_event_to_dict(e) for e in ev_lm]
            row += f" {t_lc / len(ev_lc) * 1e6:>14.2f} {t_lm / t_lc:>7.1f}x"
        print(row)


if __name__ == "__main__":
    main()
