"""Decoder.feed of one long event (a big data line: an image, a server tool result) in small reads,
and of many tiny events, at n and 4n: time per byte must stay flat (linear), for every provider."""
from __future__ import annotations

import json
import sys
import time

import lmcodec as lc

def long_event(provider: str, n: int) -> bytes:
    text = "x" * n
    if provider == "openai":
        return b'data: ' + json.dumps({"type": "response.output_text.delta", "item_id": "m", "output_index": 0, "content_index": 0, "delta": text}).encode() + b"\n\n"
    if provider == "openai_chat":
        return b'data: ' + json.dumps({"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [{"index": 0, "delta": {"content": text}}]}).encode() + b"\n\n"
    if provider == "anthropic":
        return (b'event: message_start\ndata: {"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"m","content":[],"usage":{"input_tokens":1,"output_tokens":1}}}\n\n'
                b'event: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
                b'event: content_block_delta\ndata: ' + json.dumps({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": text}}).encode() + b"\n\n")
    return b'data: ' + json.dumps({"candidates": [{"content": {"parts": [{"text": text}], "role": "model"}}]}).encode() + b"\r\n\r\n"


def feed(provider: str, body: bytes, size: int) -> float:
    d = lc.stream.Decoder(provider, request=lc.Request("m", [lc.Message.user("hi")]))
    start = time.perf_counter()
    for i in range(0, len(body), size):
        d.feed(body[i:i + size])
    d.close()
    return time.perf_counter() - start


def main() -> int:
    bad = 0
    for provider in ("openai", "openai_chat", "anthropic", "gemini"):
        for size in (16, 1500):
            small = long_event(provider, 250_000)
            big = long_event(provider, 1_000_000)
            a = min(feed(provider, small, size) for _ in range(2))
            b = min(feed(provider, big, size) for _ in range(2))
            ratio = b / a
            flag = "NONLINEAR " if ratio > 6 else ""
            bad += bool(flag)
            print(f"{flag}{provider:12} long event, {size}-byte reads: 250 kB {a*1e3:7.1f} ms, 1 MB {b*1e3:7.1f} ms, 4n/n {ratio:.1f}")
    print("bad", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
