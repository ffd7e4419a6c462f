"""Lone-CR line ends and pretty-printed events, against the plain stream and the floor (issue #13).

Each row is one stream of the plain generator (``streams_varied.generate``) fed whole, one chunk per
event, or in random cuts (sizes 1-600, a fixed seed): its LF form (CRLF for Gemini, its native line
end) and the same with every line end a lone ``\\r``; and the Chat stream of red team 25's F02 one
chunk per event, pretty-printed (``indent=2``, one ``data:`` line per line) and compact. The
contestant is ``lc.assemble(lc.stream.decode(...))``; the floor reads the same chunks with every
line end made ``\\n`` (one replacement a chunk), then splits on blank lines and decodes each
event's data untyped (``streams_varied_contestants.floor_runner``).

Rows fed ``feed`` go to a ``lc.stream.Decoder`` one chunk per ``feed`` call (its events); ``per-event``
hands the list of chunks to ``decode``. LMCODEC_ROWS=substring picks the rows.

Run: python3 benchmarks/streams_cr_framing.py            (interleaved CPU time, median of per-round ratios)
     python3 benchmarks/streams_cr_framing.py --callgrind (instructions, PYTHONHASHSEED=0; a few minutes)
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import msgspec

TEXTS = 600
FEEDINGS = ("whole", "per-event", "cuts", "feed")
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")


def _cuts(body: bytes, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    out = []
    at = 0
    while at < len(body):
        step = rng.randint(1, 600)
        out.append(body[at : at + step])
        at += step
    return out


def _fed(events: tuple[bytes, ...] | list[bytes], feeding: str) -> list[bytes]:
    body = b"".join(events)
    if feeding == "whole":
        return [body]
    if feeding in ("per-event", "feed"):
        return list(events)
    return _cuts(body, 7)


def _pretty_chat(shape: str) -> list[bytes]:
    """Red team 25 F02's Chat deltas, one chunk per event: ``indent=2`` one data line per line, or compact."""
    end = [
        {"model": "m", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
        {
            "model": "m",
            "choices": [],
            "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12},
        },
    ]
    chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    objs = [
        {**chunk, "choices": [{"index": 0, "delta": {"content": f" word{i}"}, "finish_reason": None}]}
        for i in range(TEXTS)
    ] + end
    out = []
    for obj in objs:
        text = json.dumps(obj, indent=2) if shape == "indent" else json.dumps(obj, separators=(",", ":"))
        out.append("".join("data: " + line + "\n" for line in text.split("\n")) + "\n")
    return [e.encode() for e in out] + [b"data: [DONE]\n\n"]


def rows() -> dict[str, tuple[str, list[bytes]]]:
    """Row name -> (dialect, chunks)."""
    import streams_varied as sv

    out: dict[str, tuple[str, list[bytes]]] = {}
    for provider in DIALECTS:
        events = sv.generate(provider, texts=TEXTS).events
        native = b"\r\n" if provider == "gemini" else b"\n"
        cr = tuple(e.replace(native, b"\r") for e in events)
        for feeding in FEEDINGS:
            out[f"{provider} plain {feeding}"] = (provider, _fed(events, feeding))
            out[f"{provider} CR {feeding}"] = (provider, _fed(cr, feeding))
    for shape in ("compact", "indent"):
        out[f"openai_chat {shape} per-event"] = ("openai_chat", _pretty_chat(shape))
        out[f"openai_chat {shape} feed"] = ("openai_chat", _pretty_chat(shape))
        out[f"openai_chat {shape} whole"] = ("openai_chat", [b"".join(_pretty_chat(shape))])
    return out


def floor_runner(sep: bytes, cr: bool) -> Callable[[list[bytes]], list[Any]]:
    """``streams_varied_contestants.floor_runner`` with the blank line given (a cut first chunk may
    hold none), each chunk's lone ``\r`` made ``\n`` first when ``cr``."""
    decode = msgspec.json.decode

    def run(chunks: list[bytes]) -> list[Any]:
        out: list[Any] = []
        append = out.append
        tail = b""
        for chunk in chunks:
            if cr:
                chunk = chunk.replace(b"\r", b"\n")
            *blocks, tail = (tail + chunk).split(sep)
            for block in blocks:
                at = block.find(b"data:")
                if at < 0:
                    continue  # a comment block
                if block.find(b"\ndata:", at) >= 0:  # one JSON object over several data: lines
                    lines = block.splitlines()
                    data = b"\n".join(line[5:] for line in lines if line.startswith(b"data:"))
                else:
                    data = block[at + 5 :]
                if data.strip() != b"[DONE]":
                    append(decode(data))
        return out

    return run


def _fed_one_at_a_time(provider: str) -> Callable[[list[bytes]], list[Any]]:
    """A ``lc.stream.Decoder`` fed each chunk by its own ``feed`` call (a transport's reads), its events."""
    import lmcodec as lc

    def run(chunks: list[bytes]) -> list[Any]:
        decoder = lc.stream.Decoder(provider)
        out: list[Any] = []
        for chunk in chunks:
            out += decoder.feed(chunk)
        return out + decoder.close()

    return run


def runners() -> dict[str, tuple[Callable[[], Any], Callable[[], Any]]]:
    """Row name -> (lmcodec, floor), each reading the row's chunks."""
    import streams_varied_contestants as C

    out: dict[str, tuple[Callable[[], Any], Callable[[], Any]]] = {}
    for name, (provider, chunks) in rows().items():
        ours = _fed_one_at_a_time(provider) if name.endswith(" feed") else C.lmcodec_runner(provider)
        cr = " CR " in name
        floor = floor_runner(b"\r\n\r\n" if b"\r\n" in chunks[0] + chunks[-1] else b"\n\n", cr)
        out[name] = (lambda o=ours, c=chunks: o(c), lambda f=floor, c=chunks: f(c))
    return out


def _selected() -> dict[str, tuple[Callable[[], Any], Callable[[], Any]]]:
    """The rows whose name holds the LMCODEC_ROWS substring (every row when unset)."""
    wanted = os.environ.get("LMCODEC_ROWS", "")
    return {name: pair for name, pair in runners().items() if wanted in name}


def _inner() -> None:
    todo = _selected()
    for ours, floor in todo.values():  # warm: imports, compiled patterns
        ours()
        floor()
    os.getppid()
    for ours, floor in todo.values():
        ours()
        os.getppid()
        floor()
        os.getppid()


def _callgrind() -> None:
    from callgrind_support import marked_dumps, total

    wanted = os.environ.get("LMCODEC_ROWS", "")
    names = [name for name in rows() if wanted in name]
    with marked_dumps(__file__) as dump:
        for i, name in enumerate(names):
            ours, floor = total(dump(2 + 2 * i)), total(dump(3 + 2 * i))
            print(f"| {name} | {ours / 1e6:.2f} M | {floor / 1e6:.2f} M | {ours / floor:.2f}x |", flush=True)


def _interleaved(rounds: int = 9) -> None:
    import gc

    todo = _selected()
    for name, (ours, floor) in todo.items():
        ratios = []
        for r in range(rounds + 1):
            gc.collect()
            gc.disable()
            try:
                pair = [("ours", ours), ("floor", floor)]
                if r % 2:
                    pair.reverse()
                t = {}
                for key, fn in pair:
                    t0 = time.process_time()
                    fn()
                    t[key] = time.process_time() - t0
            finally:
                gc.enable()
            if r:
                ratios.append(t["ours"] / t["floor"])
        print(f"| {name} | {statistics.median(ratios):.2f}x |", flush=True)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    if sys.argv[1:] == ["--inner"]:
        _inner()
    elif sys.argv[1:] == ["--callgrind"]:
        print("| row | lmcodec | floor | lmcodec / floor |\n|---|---:|---:|---:|")
        _callgrind()
    else:
        print("| row | lmcodec / floor (time) |\n|---|---:|")
        _interleaved()
