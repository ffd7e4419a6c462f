"""Callgrind instructions of the body entry points on answers of many parts (red team 47 F03), and
on the corpus's complete bodies (the ordinary bodies a change here must not slow down).

Shapes (an assistant answer of N parts): ``text`` (text parts), ``thinking`` (thinking parts),
``calls`` (tool calls, two arguments each), ``mixed`` (thinking and text in turn, F03's shape).
Entries: ``encode_response(d, r)``, ``decode_response(d, body)``, ``translate_response(s, d, body)``
(each source to the next dialect), and ``lc.encode`` / ``lc.decode`` of the canonical Response.
The floor: msgspec's untyped decode of the bytes read, plus msgspec's encode of the plain object
of the bytes written. ``corpus``: every complete corpus body of each dialect (../shared/corpus,
read in place) through decode_response, encode_response of that Response, and translate_response
to each other dialect, summed. Each entry runs once to warm up, then once between two
``os.getppid`` markers; PYTHONHASHSEED=0, GC off. The tree measured is the ``lmcodec`` on
``PYTHONPATH``.

Run: python3 benchmarks/bodies_many_parts_callgrind.py [N] [WORD...]   (N default 1000; WORD: only
     the rows whose name holds every WORD, e.g. ``gemini encode``; ``corpus`` for the corpus rows)
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from callgrind_support import marked_dumps, total

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
SHAPES = ("text", "thinking", "calls", "mixed")
MODELS = {"openai": "gpt-4.1-mini", "openai_chat": "gpt-4.1-mini", "anthropic": "claude-sonnet-4-5",
          "gemini": "gemini-2.5-flash"}  # fmt: skip
BODIES = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "lm15-contract" / "bodies"
ENC = msgspec.json.Encoder().encode
DEC = msgspec.json.Decoder().decode
Run = Callable[[], Any]


def answer(shape: str, n: int) -> Any:
    """A Response whose message holds ``n`` parts of ``shape``."""
    import lmcodec as lc

    parts: list[Any]
    if shape == "text":
        parts = [lc.TextPart(f"para {i}. ") for i in range(n)]
    elif shape == "thinking":
        parts = [lc.ThinkingPart(f"thought {i}") for i in range(n)]
    elif shape == "calls":
        parts = [lc.ToolCallPart(f"call_{i}", "lookup", {"q": f"item {i}", "page": i}) for i in range(n)]
    else:
        parts = [lc.TextPart(f"p{i % 10} ") if i % 2 else lc.ThinkingPart(f"t{i % 10}") for i in range(n)]
    finish = "tool_call" if shape == "calls" else "stop"
    message = lc.Message("assistant", tuple(parts))
    return lc.Response("resp_1", "gpt-4.1-mini", message, finish, lc.Usage(10, 5, 15))


def shape_rows(n: int) -> dict[str, tuple[Run, Run]]:
    """name -> (floor, lc) of every many-part row."""
    import lmcodec as lc

    rows: dict[str, tuple[Run, Run]] = {}
    for shape in SHAPES:
        response = answer(shape, n)
        data = lc.encode(response)
        plain_data = DEC(data)
        rows[f"{shape} lc.encode"] = (lambda p=plain_data: ENC(p), lambda r=response: lc.encode(r))
        rows[f"{shape} lc.decode"] = (lambda d=data: DEC(d), lambda d=data: lc.decode(d, lc.Response))
        for k, dialect in enumerate(DIALECTS):
            request = lc.Request(MODELS[dialect], [lc.Message.user("hi")])
            body = lc.encode_response(dialect, response)
            plain = DEC(body)
            rows[f"{shape} {dialect} encode"] = (
                lambda p=plain: ENC(p),
                lambda d=dialect, r=response: lc.encode_response(d, r),
            )
            rows[f"{shape} {dialect} decode"] = (
                lambda b=body: DEC(b),
                lambda d=dialect, b=body, q=request: lc.decode_response(d, b, request=q),
            )
            dst = DIALECTS[(k + 1) % len(DIALECTS)]
            out = DEC(lc.translate_response(dialect, dst, body, request=request))
            rows[f"{shape} {dialect} translate {dst}"] = (
                lambda b=body, o=out: (DEC(b), ENC(o)),
                lambda s=dialect, d=dst, b=body, q=request: lc.translate_response(s, d, b, request=q),
            )
    return rows


def corpus_rows() -> dict[str, tuple[Run, Run]]:
    """name -> (floor, lc) of each dialect's corpus row: every complete body read, written, translated."""
    import lmcodec as lc

    request = lc.Request("m-1", [lc.Message.user("hi")])
    rows: dict[str, tuple[Run, Run]] = {}
    for dialect in DIALECTS:
        bodies = []
        for path in sorted(BODIES.glob(f"{dialect}.*/*")):
            body = path.read_bytes()
            if body.lstrip()[:1] != b"{":
                continue
            try:
                response = lc.decode_response(dialect, body, request=request)
                outs = [lc.translate_response(dialect, d, body, request=request) for d in DIALECTS]
            except lc.LmcodecError:
                continue
            bodies.append((body, response, outs))
        if not bodies:
            continue

        def floor(bodies: list[Any] = bodies) -> None:
            for body, _, outs in bodies:
                DEC(body)
                for out in outs:
                    ENC(DEC(out))

        def run(bodies: list[Any] = bodies, dialect: str = dialect) -> None:
            for body, response, _ in bodies:
                lc.decode_response(dialect, body, request=request)
                lc.encode_response(dialect, response)
                for d in DIALECTS:
                    lc.translate_response(dialect, d, body, request=request)

        rows[f"corpus {dialect} ({len(bodies)} bodies)"] = (floor, run)
    return rows


def chosen(n: int, words: list[str]) -> dict[str, tuple[Run, Run]]:
    rows = {**(corpus_rows() if "corpus" in words or not words else {}), **shape_rows(n)}
    return {name: row for name, row in rows.items() if all(w in name for w in words if w != "corpus")
            and ("corpus" not in words or name.startswith("corpus"))}  # fmt: skip


def inner(n: int, words: list[str]) -> None:
    rows = chosen(n, words)
    gc.disable()
    for floor, run in rows.values():
        for contestant in (floor, run):
            contestant()
            os.getppid()
            contestant()
            os.getppid()


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        inner(int(argv[1]), argv[2:])
        return
    n = int(argv[0]) if argv and argv[0].isdigit() else 1000
    words = argv[1:] if argv and argv[0].isdigit() else argv
    names = list(chosen(n, words))
    with marked_dumps(__file__, str(n), *words) as dump:
        print(f"callgrind instructions, N = {n}: lc / floor (lc, floor)")
        for k, name in enumerate(names):
            floor, lc_count = total(dump(2 + 4 * k)), total(dump(4 + 4 * k))
            print(f"  {name:40s} {lc_count / floor:6.2f}x  ({lc_count:>13,d} {floor:>12,d})", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
