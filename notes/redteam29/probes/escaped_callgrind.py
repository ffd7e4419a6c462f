"""Callgrind instructions of translate_request on a 100k-character French user message written with
json.dumps' default \\u00XX escapes and as UTF-8, and of msgspec.json.decode of the escaped bytes
(the floor); run with PYTHONPATH naming the lmcodec tree to measure (F01)."""
from __future__ import annotations

import json
import sys

sys.path.insert(0, "benchmarks")
from callgrind_support import between_markers, marked_dumps, total  # noqa: E402

BASE = "Le cœur a ses raisons que la raison ne connaît point; on le sait en mille choses. Élève, déjà, où, à, ça. "
TEXT = (BASE * 1000)[:100_000]
PAIRS = [("openai_chat", "anthropic"), ("openai", "openai_chat"), ("anthropic", "openai")]


def body(source: str, ensure_ascii: bool) -> bytes:
    key = "input" if source == "openai" else "messages"
    value: dict = {"model": "m", key: [{"role": "user", "content": TEXT}]}
    if source == "anthropic":
        value["max_tokens"] = 10
    return json.dumps(value, ensure_ascii=ensure_ascii).encode()


def inner() -> None:
    import msgspec

    import lmcodec as lc

    for source, destination in PAIRS:
        for ascii_ in (True, False):
            data = body(source, ascii_)
            between_markers(lambda: lc.translate_request(source, destination, data), 3)
    data = body("openai_chat", True)
    between_markers(lambda: msgspec.json.decode(data), 3)


def main() -> None:
    with marked_dumps(__file__) as dump:
        # the j-th between_markers' measured stretch (1-based) is dump 2j
        for i, (source, destination) in enumerate(PAIRS):
            esc = total(dump(2 * (2 * i + 1))) // 3
            utf = total(dump(2 * (2 * i + 2))) // 3
            print(f"{source:12} -> {destination:12} escaped {esc:>12,}  UTF-8 {utf:>10,}  escaped/UTF-8 {esc / utf:5.1f}x")
        print(f"floor: msgspec.json.decode of the escaped Chat body {total(dump(2 * (2 * len(PAIRS) + 1))) // 3:,}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--inner"]:
        inner()
    else:
        main()
