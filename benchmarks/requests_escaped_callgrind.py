"""Callgrind instructions of ``lc.translate_request`` on a 100k-character French user message written
with json.dumps' default ``\\u00XX`` escapes and as UTF-8, beside the floor (msgspec's untyped
decode of the same bytes, then encode): red team 29 F01, a Python step per escaped letter.

``PYTHONHASHSEED=0 python3 benchmarks/requests_escaped_callgrind.py`` (needs valgrind).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from callgrind_support import between_markers, marked_dumps, total

BASE = "Le cœur a ses raisons que la raison ne connaît point; on le sait en mille choses. Élève, déjà. "
TEXT = (BASE * 1000)[:100_000]
PAIRS = [("openai_chat", "anthropic"), ("openai", "openai_chat"), ("anthropic", "openai")]
CALLS = 3


def body(source: str, escaped: bool) -> bytes:
    """A one-message body in ``source``'s dialect, its text escaped as json.dumps does by default."""
    key = "input" if source == "openai" else "messages"
    value: dict[str, object] = {"model": "m", key: [{"role": "user", "content": TEXT}]}
    if source == "anthropic":
        value["max_tokens"] = 10
    return json.dumps(value, ensure_ascii=escaped).encode()


def runs() -> list[Callable[[], object]]:
    """For each pair and spelling: translate_request, then the floor."""
    import msgspec

    import lmcodec as lc

    out: list[Callable[[], object]] = []
    for source, destination in PAIRS:
        for escaped in (True, False):
            data = body(source, escaped)
            out.append(lambda s=source, d=destination, b=data: lc.translate_request(s, d, b))
            out.append(lambda b=data: msgspec.json.encode(msgspec.json.decode(b)))
    return out


def main() -> None:
    if sys.argv[1:2] == ["--inner"]:
        for run in runs():
            between_markers(run, CALLS)
        return
    with marked_dumps(__file__) as dump:
        counts = [total(dump(2 * (k + 1))) // CALLS for k in range(len(PAIRS) * 4)]
    print("| pair | text | translate_request | floor | / floor |")
    print("|---|---|---:|---:|---:|")
    for i, (source, destination) in enumerate(PAIRS):
        for j, spelling in enumerate(("escaped", "UTF-8")):
            mine, floor = counts[4 * i + 2 * j], counts[4 * i + 2 * j + 1]
            print(f"| {source} -> {destination} | {spelling} | {mine:,} | {floor:,} | {mine / floor:.2f}x |")


if __name__ == "__main__":
    main()
