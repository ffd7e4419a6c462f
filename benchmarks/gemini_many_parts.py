"""Gemini answers of many parts in one body or one chunk (issue #13, red team 25 F07): what each
entry point costs against the floor, msgspec's untyped decode of the same bytes.

Shapes (N parts in one candidate, default 2,000): ``text`` (answer-text parts), ``calls``
(``functionCall`` parts, two args each, as F07's reproducer writes them) and ``mixed`` (text, a
signed thought, a call with nested, unicode and null args, in turn). Entries: ``decode_response``
of the body; the same body as the one chunk of an ``alt=sse`` stream through ``stream.decode``
(events listed), ``Decoder`` (fed, closed), ``assemble(stream.decode)``, and ``stream.translate``
to each dialect. ``decode_response`` is also split by stage: the untyped decode of the body (what
the floor is), the parts read from it, and the Response built around them.

Run: python3 benchmarks/gemini_many_parts.py [ROUNDS] [N]      interleaved CPU-time ratios (median
     of per-round ratios, GC off, rotating order)
     python3 benchmarks/gemini_many_parts.py --callgrind [N] [WORD]  instructions per call
     (PYTHONHASHSEED=0; WORD: only the entries whose name holds it, with the floor)
"""

from __future__ import annotations

import gc
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import msgspec

import lmcodec as lc

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
SHAPES = ("text", "calls", "mixed")


def _part(shape: str, i: int) -> dict[str, Any]:
    call = {"functionCall": {"name": f"lookup_{i % 7}", "args": {"query": f"item {i}", "limit": i % 50}}}
    if shape == "text":
        return {"text": f"para {i}. "}
    if shape == "calls":
        return call
    kind = i % 3
    if kind == 0:
        return {"text": f"para {i}. "}
    if kind == 1:
        return {"text": f"thinking {i}", "thought": True, "thoughtSignature": f"c2ln{i}"}
    args = {"q": {"deep": [1, 2.5, None, "é✅"], "n": 10**15}, "empty": {}, "s": "ü" * 3}
    return {"functionCall": {"name": f"lookup_{i % 7}", "args": args, "id": f"call_{i}"}}


def body(shape: str, n: int) -> bytes:
    """A generateContent body of ``n`` parts of ``shape`` in its one candidate."""
    return json.dumps(
        {
            "candidates": [
                {
                    "content": {"parts": [_part(shape, i) for i in range(n)], "role": "model"},
                    "finishReason": "STOP",
                    "index": 0,
                }
            ],
            "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 3, "totalTokenCount": 8},
            "modelVersion": "gemini-2.5-flash",
            "responseId": "r1",
        }
    ).encode()


def _drain(it: Any) -> None:
    for _ in it:
        pass


def _decoder(sse: bytes) -> Any:
    dec = lc.stream.Decoder("gemini")
    events = dec.feed(sse)
    events.extend(dec.close())
    return events


def entries(shape: str, n: int) -> dict[str, Callable[[], Any]]:
    """Each entry point on the shape, and its floor (``floor``)."""
    data = body(shape, n)
    sse = b"data: " + data + b"\r\n\r\n"
    out: dict[str, Callable[[], Any]] = {
        "floor": lambda: msgspec.json.decode(data),
        "decode_response": lambda: lc.decode_response("gemini", data),
        "stream.decode": lambda: list(lc.stream.decode("gemini", [sse])),
        "Decoder": lambda: _decoder(sse),
        "assemble(decode)": lambda: lc.assemble(lc.stream.decode("gemini", [sse])),
    }
    for dst in DIALECTS:
        out[f"translate -> {dst}"] = lambda dst=dst: _drain(lc.stream.translate("gemini", dst, [sse]))  # type: ignore[misc]
    return out


def stages(shape: str, n: int) -> dict[str, Callable[[], Any]]:
    """decode_response's stages: the untyped decode, the parts, the Response around them."""
    from lmcodec.providers.gemini import body as gemini_body

    data = body(shape, n)
    payload = msgspec.json.decode(data)
    parts = payload["candidates"][0]["content"]["parts"]
    return {
        "stage: untyped decode": lambda: msgspec.json.decode(data),
        "stage: parts": lambda: gemini_body._candidate_parts(parts, [], "p", True),
        "stage: parse (parts + Response)": lambda: gemini_body._parse(payload, None, None, True),
    }


def _interleaved(rounds: int, n: int) -> None:
    for shape in SHAPES:
        todo = entries(shape, n)
        names = list(todo)
        times: dict[str, list[float]] = {k: [] for k in names}
        for r in range(rounds + 1):
            gc.collect()
            gc.disable()
            try:
                for name in names[r % len(names) :] + names[: r % len(names)]:
                    t0 = time.process_time()
                    todo[name]()
                    if r:
                        times[name].append(time.process_time() - t0)
            finally:
                gc.enable()
        for name in names[1:]:
            ratio = statistics.median(a / b for a, b in zip(times[name], times["floor"], strict=True))
            ms = statistics.median(times[name]) * 1e3
            print(f"{shape:6s} {n} parts  {name:24s} {ms:8.2f} ms  {ratio:6.2f}x the floor")


def _chosen(n: int, word: str) -> list[tuple[str, Callable[[], Any]]]:
    """Each shape's entries and stages whose name holds ``word``, its floor first."""
    return [
        (f"{shape:6s} {k}", f)
        for shape in SHAPES
        for k, f in {**entries(shape, n), **stages(shape, n)}.items()
        if k == "floor" or word in k
    ]


def _inner(n: int, word: str) -> None:
    gc.disable()
    todo = _chosen(n, word)
    for _, run in todo:  # warm: imports, compiled constructors and patterns
        run()
    os.getppid()
    for _, run in todo:
        run()
        os.getppid()


def _callgrind(n: int, word: str) -> None:
    from callgrind_support import marked_dumps, total

    names = [name for name, _ in _chosen(n, word)]
    floors: dict[str, int] = {}
    with marked_dumps(__file__, str(n), word) as dump:
        for i, name in enumerate(names):
            count = total(dump(2 + i))
            shape = name.split()[0]
            if name.endswith(" floor"):
                floors[shape] = count
            print(f"{name:42s} {count / 1e6:8.2f} M instr  {count / floors[shape]:6.2f}x the floor")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--inner"]:
        _inner(int(args[1]), args[2])
    elif args[:1] == ["--callgrind"]:
        _callgrind(int(args[1]) if len(args) > 1 else 2000, args[2] if len(args) > 2 else "")
    else:
        _interleaved(int(args[0]) if args else 7, int(args[1]) if len(args) > 1 else 2000)
