"""Callgrind instruction counts of request reading and gateway translation, per call.

For each source dialect, on ``test_bench_requests.py``'s bodies (the Chat fixture and lm15's body
for the same Request in the other dialects), one valgrind run executes each stage 20 times after
20 warm-up calls, between two calls of ``os.getppid`` (``--dump-before=os_getppid`` writes one
profile per stage):

- ``floor``: msgspec's untyped decode of the body + encode of the plain objects;
- ``view``: the reader's one-pass typed decode alone (its views, no mapping);
- ``decode``: ``lc.decode_request(src, body, model=...)``, the model routed as a gateway routes it;
- ``build``: ``lc.build_request(src, ...)`` of what ``decode`` read;
- ``src->dst``: ``decode_request`` + ``build_request(dst, ...)``, the benchmark's translate;
- ``gateway src->dst``: ``lc.translate_request(src, dst, body, model=...)`` (foreign extensions
  out, content losses noted), the same dialect too.

Instruction counts do not move with the machine's load; CPython's interpreter runs fewer
instructions a cycle than msgspec's C, so a ratio in time is larger than the same ratio here.

Run: python3 benchmarks/requests_callgrind.py [SRC ...]   (default: all four dialects)
"""

from __future__ import annotations

import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

from callgrind_support import between_markers, marked_dumps, total

HERE = Path(__file__).resolve().parent
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
CALLS = 20


def _stages(source: str, body: bytes) -> dict[str, Any]:
    """The stages of one source dialect, as callables (inside valgrind)."""
    import msgspec

    import lmcodec as lc
    from lmcodec.providers.anthropic import read as anthropic_read
    from lmcodec.providers.gemini import _read_typed as gemini_typed
    from lmcodec.providers.openai import _read_typed as openai_typed
    from lmcodec.providers.openai_chat import read as chat_read

    views = {
        "openai": openai_typed._BODY,
        "openai_chat": chat_read._BODY,
        "anthropic": anthropic_read._BODY,
        "gemini": gemini_typed._BODY,
    }
    request = lc.decode_request(source, body, model=MODELS[source])
    untyped = msgspec.json.Decoder().decode
    encode = msgspec.json.Encoder().encode
    stages: dict[str, Any] = {
        "floor": lambda: encode(untyped(body)),
        "view": lambda: views[source].decode(body),
        "decode": lambda: lc.decode_request(source, body, model=MODELS[source]),
        "build": lambda: lc.build_request(source, request),
    }
    for dst in DIALECTS:
        if dst != source:
            stages[f"{source}->{dst}"] = lambda d=dst: lc.build_request(
                d, lc.decode_request(source, body, model=MODELS[d])
            )
    for dst in DIALECTS:
        stages[f"gateway {source}->{dst}"] = lambda d=dst: lc.translate_request(
            source, d, body, model=MODELS[d]
        )
    return stages


def _inner(path: str) -> None:
    """Inside valgrind: each stage warmed up, then run between two markers."""
    source, body = pickle.loads(Path(path).read_bytes())
    for run in _stages(source, body).values():
        between_markers(run, CALLS)


def measure(source: str, body: bytes) -> dict[str, float]:
    """Instructions per call of each stage of one source dialect."""
    names = list(_stages(source, body))
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "body.pickle"
        data.write_bytes(pickle.dumps((source, body)))
        with marked_dumps(__file__, str(data)) as dump:
            # Dumps: 1 = start-up .. first marker; then (measured, next warm-up) per stage.
            return {name: total(dump(2 + 2 * i)) / CALLS for i, name in enumerate(names)}


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        _inner(argv[1])
        return
    sys.path.insert(0, str(HERE))
    from test_bench_requests import source_body

    print("| stage | instructions / call | / floor |")
    print("|---|---:|---:|")
    for source in argv or DIALECTS:
        counts = measure(source, source_body(source))
        for name, count in counts.items():
            label = name if "->" in name else f"{source} {name}"
            print(f"| {label} | {count:,.0f} | {count / counts['floor']:.2f}x |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
