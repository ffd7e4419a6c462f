"""The fixed cost of small requests (issue #15): one user message, a model, maybe a max_tokens.

A one-message body is ~50-130 bytes: msgspec's untyped decode + encode of it (the floor) takes
~1 us, so what lmcodec spends per call beyond that is fixed cost (the entry's checks, the
reader's passes, the model-family lookups, the build, the notes). Two shapes, each dialect's
body being lm15's build of the same canonical Request: ``bare`` (the message and the model) and
``capped`` (with max_tokens 256).

Rows, every contestant of a row once per round in turn (``test_bench_requests._rounds``: GC
off, CPU time), ratios the medians of per-round ratios:

- per dialect: ``decode_request``, ``build_request`` of what it read, both, against the floor;
- per ordered pair (same dialect too): ``decode_request`` + ``build_request`` and
  ``translate_request``, against the floor of the source body;
- ``typed floor``: the least a typed Python pipeline does for the same call: a msgspec decode
  of the body into a small typed Struct, a canonical ``Request`` made of it, and the
  destination's body encoded from a dict (no checks, no notes, no lookups).

    python3 benchmarks/requests_tiny.py [ROUNDS]              # interleaved table
    python3 benchmarks/requests_tiny.py --callgrind [SRC ...]  # instructions per call, per stage
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from functools import cache
from typing import Any

import msgspec

import lmcodec as lc
from lmcodec.lm15 import to_lm15
from test_bench_requests import MODELS, PROVIDERS, _ratio, _rounds, lm15_build

SHAPES = ("bare", "capped")
_untyped = msgspec.json.Decoder().decode
_encode = msgspec.json.Encoder().encode


@cache
def tiny_body(provider: str, shape: str = "bare") -> bytes:
    """lm15's body for one user message to ``provider``'s model (``capped``: max_tokens 256)."""
    request = lc.Request(
        model=MODELS[provider],
        messages=(lc.Message.user("What is the capital of France?"),),
        config=lc.Config(max_tokens=256) if shape == "capped" else lc.Config(),
    )
    return lm15_build(provider, to_lm15(request))


def floor(body: bytes) -> bytes:
    """msgspec's untyped decode of the body to plain objects, then encode."""
    return _encode(_untyped(body))


class _Text(msgspec.Struct):
    text: str


class _Message(msgspec.Struct):
    role: str
    content: str | list[_Text] = ""
    parts: list[_Text] = []


class _Input(msgspec.Struct):
    role: str
    content: str | list[_Text]


class _Body(msgspec.Struct):
    """Enough of every dialect's one-message body to read its text and model."""

    model: str = ""
    messages: list[_Message] = []
    input: str | list[_Input] = ""
    contents: list[_Message] = []


_typed = msgspec.json.Decoder(_Body).decode


def _text(body: _Body) -> str:
    if body.messages:
        content = body.messages[0].content
    elif body.contents:
        content = body.contents[0].parts
    else:
        content = body.input if isinstance(body.input, str) else body.input[0].content
    return content if isinstance(content, str) else content[0].text


_TEXT = lc.TextPart(text="-")
_MESSAGE = lc.Message(role="user", parts=(_TEXT,))
_REQUEST = lc.Request(model="-", messages=(_MESSAGE,))
_replace = msgspec.structs.replace


def typed_floor(body: bytes, destination: str) -> bytes:
    """A typed decode into a small Struct, the canonical Request made of it (routed to the
    destination's model; from prototypes by ``msgspec.structs.replace``, as the readers make
    theirs: the public constructors' checks cost ~10x that), the destination's body encoded
    from a dict shaped as lm15 writes it: what a call that builds a Request and encodes cannot
    do without."""
    part = _replace(_TEXT, text=_text(_typed(body)))
    request = _replace(_REQUEST, model=MODELS[destination], messages=(_replace(_MESSAGE, parts=(part,)),))
    text = request.messages[0].parts[0].text  # type: ignore[union-attr]
    if destination == "gemini":
        return _encode({"contents": [{"role": "user", "parts": [{"text": text}]}]})
    if destination == "openai":
        content: Any = [{"type": "input_text", "text": text}]
        return _encode(
            {"model": request.model, "input": [{"role": "user", "content": content}], "stream": False}
        )
    if destination == "anthropic":
        content = [{"type": "text", "text": text}]
        message = {"role": "user", "content": content}
        return _encode({"model": request.model, "messages": [message], "stream": False, "max_tokens": 64000})
    return _encode({"model": request.model, "messages": [{"role": "user", "content": text}]})


def main(rounds: int = 9, inner: int = 2000) -> None:
    for shape in SHAPES:
        print(f"#### {shape}: one user message{', max_tokens 256' if shape == 'capped' else ''}")
        print()
        print(
            "| dialect | bytes | floor µs | typed floor / floor | decode / floor | build / floor "
            "| decode+build / floor |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        for provider in PROVIDERS:
            body = tiny_body(provider, shape)
            request = lc.decode_request(provider, body, model=MODELS[provider])
            times = _rounds(
                {
                    "floor": lambda b=body: floor(b),
                    "typed": lambda b=body, p=provider: typed_floor(b, p),
                    "decode": lambda b=body, p=provider: lc.decode_request(p, b, model=MODELS[p]),
                    "build": lambda r=request, p=provider: lc.build_request(p, r),
                    "both": lambda b=body, p=provider: lc.build_request(
                        p, lc.decode_request(p, b, model=MODELS[p])
                    ),
                },
                rounds,
                inner,
            )
            print(
                f"| {provider} | {len(body)} | {statistics.median(times['floor']) * 1e6:.2f} "
                f"| {_ratio(times, 'typed', 'floor'):.2f}x | {_ratio(times, 'decode', 'floor'):.2f}x "
                f"| {_ratio(times, 'build', 'floor'):.2f}x | {_ratio(times, 'both', 'floor'):.2f}x |",
                flush=True,
            )
        print()
        print(
            "| pair | floor µs | typed floor / floor | decode+build µs | / floor "
            "| translate_request µs | / floor |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        for src in PROVIDERS:
            body = tiny_body(src, shape)
            for dst in PROVIDERS:
                contestants: dict[str, Callable[[], Any]] = {
                    "floor": lambda b=body: floor(b),
                    "typed": lambda b=body, d=dst: typed_floor(b, d),
                    "both": lambda s=src, d=dst, b=body: lc.build_request(
                        d, lc.decode_request(s, b, model=MODELS[d])
                    ),
                    "gateway": lambda s=src, d=dst, b=body: lc.translate_request(s, d, b, model=MODELS[d]),
                }
                times = _rounds(contestants, rounds, inner)
                print(
                    f"| {src} -> {dst} | {statistics.median(times['floor']) * 1e6:.2f} "
                    f"| {_ratio(times, 'typed', 'floor'):.2f}x "
                    f"| {statistics.median(times['both']) * 1e6:.2f} | {_ratio(times, 'both', 'floor'):.2f}x "
                    f"| {statistics.median(times['gateway']) * 1e6:.2f} "
                    f"| {_ratio(times, 'gateway', 'floor'):.2f}x |",
                    flush=True,
                )
        print()


def callgrind(sources: list[str]) -> None:
    """Instructions per call of requests_callgrind.py's stages on the bare one-message bodies."""
    from requests_callgrind import measure

    print("| stage | instructions / call | / floor |")
    print("|---|---:|---:|")
    for source in sources or list(PROVIDERS):
        counts = measure(source, tiny_body(source))
        for name, count in counts.items():
            label = name if "->" in name else f"{source} {name}"
            print(f"| {label} | {count:,.0f} | {count / counts['floor']:.2f}x |", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--callgrind"]:
        callgrind(sys.argv[2:])
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 9)
