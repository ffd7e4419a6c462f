"""Shared helpers for red team 52's probes and reproducers."""
from __future__ import annotations

import json
import os
import random
import sys
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.environ.get("LMCODEC_SRC", os.path.join(ROOT, "src")))
sys.path.insert(0, ROOT)

import lmcodec as lc  # noqa: E402

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")


def frame(event: dict[str, Any]) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


def chunkings(frames: list[bytes], seed: int = 0) -> dict[str, list[bytes]]:
    data = b"".join(frames)
    rng = random.Random(seed)
    rand, i = [], 0
    while i < len(data):
        n = rng.randint(1, 40)
        rand.append(data[i:i + n])
        i += n
    return {"whole": [data], "per event": frames, "1 byte": [data[i:i + 1] for i in range(len(data))],
            "random": rand}


def view(resp: Any) -> tuple:
    out = []
    for p in resp.message.parts:
        k = type(p).__name__
        if isinstance(p, lc.TextPart):
            out.append(("text", p.text))
        elif isinstance(p, lc.ToolCallPart):
            out.append(("call", p.id, p.name, p.input))
        elif isinstance(p, lc.ThinkingPart):
            out.append(("thinking", p.text))
        else:
            out.append((k,))
    return tuple(out)


def answer(dialect: str, chunks: list[bytes]) -> Any:
    try:
        return view(lc.assemble(lc.stream.decode(dialect, chunks, request=REQUEST), request=REQUEST))
    except lc.LmcodecError as exc:
        return f"{type(exc).__name__}"


def translated(src: str, dst: str, chunks: list[bytes]) -> Any:
    try:
        out = b"".join(lc.stream.translate(src, dst, chunks, request=REQUEST))
    except lc.LmcodecError as exc:
        return f"raised {type(exc).__name__}: {exc}"
    except Exception as exc:  # noqa: BLE001
        return f"BARE {type(exc).__name__}: {exc}"
    return answer(dst, [out])
