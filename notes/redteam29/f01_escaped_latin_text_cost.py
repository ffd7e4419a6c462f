"""F01: translate_request on a body whose non-ASCII text is written as JSON \\u00XX escapes (Python's
json.dumps default, so `requests.post(json=...)` / aiohttp) costs 10-50x the same body written as
UTF-8, and 20-100x msgspec's decode of the same bytes (the floor): `_key_marks.ascii_escaped` walks
every `\\u00` escape in Python (one loop turn per accented letter), once or twice a call.

Prints, per pair, the median over interleaved rounds of (escaped body time / UTF-8 body time) and of
(escaped body time / msgspec.json.decode of the escaped bytes), and, as the deterministic check, how
many `bytes.find` calls one translate_request makes on the escaped body (one a `\\u00` escape when the
search walks them in Python; a handful on the UTF-8 body). Exits 1 when a call makes over 1,000."""

from __future__ import annotations

import json
import statistics
import sys
import time

import msgspec

import lmcodec as lc

BASE = "Le cœur a ses raisons que la raison ne connaît point; on le sait en mille choses. Élève, déjà, où, à, ça. "
TEXT = (BASE * 4000)[:400_000]  # 400k characters of French, ~11% accented letters


def body(source: str, ensure_ascii: bool) -> bytes:
    if source == "openai_chat":
        value: dict = {"model": "m", "messages": [{"role": "user", "content": TEXT}]}
    elif source == "anthropic":
        value = {"model": "m", "max_tokens": 10, "messages": [{"role": "user", "content": TEXT}]}
    else:
        value = {"model": "m", "input": [{"role": "user", "content": TEXT}]}
    return json.dumps(value, ensure_ascii=ensure_ascii).encode()


def clock(run) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def finds(run) -> int:
    """The bytes.find calls (C calls seen by the profiler) made while ``run`` runs."""
    count = 0

    def hook(frame, event, arg) -> None:  # noqa: ANN001
        nonlocal count
        if event == "c_call" and getattr(arg, "__name__", "") == "find" and getattr(arg, "__self__", None).__class__ is bytes:
            count += 1

    sys.setprofile(hook)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


def main() -> int:
    worst = 0.0
    most_finds = 0
    for source in ("openai_chat", "openai", "anthropic"):
        escaped, utf8 = body(source, True), body(source, False)
        assert json.loads(escaped) == json.loads(utf8)
        for destination in ("openai", "openai_chat", "anthropic", "gemini"):
            vs_utf8, vs_floor = [], []
            for _ in range(9):
                e = clock(lambda: lc.translate_request(source, destination, escaped))
                u = clock(lambda: lc.translate_request(source, destination, utf8))
                f = clock(lambda: msgspec.json.decode(escaped))
                vs_utf8.append(e / u)
                vs_floor.append(e / f)
            ratio = statistics.median(vs_utf8)
            worst = max(worst, ratio)
            n_escaped = finds(lambda: lc.translate_request(source, destination, escaped))
            n_utf8 = finds(lambda: lc.translate_request(source, destination, utf8))
            most_finds = max(most_finds, n_escaped)
            print(
                f"{source:12} -> {destination:12} escaped / UTF-8 {ratio:5.1f}x   escaped / floor "
                f"{statistics.median(vs_floor):6.1f}x   bytes.find calls {n_escaped:6} (UTF-8 body {n_utf8})"
            )
    print(f"worst escaped / UTF-8: {worst:.1f}x (the same request); most bytes.find calls in one call: {most_finds}")
    if most_finds > 1000:
        print("FAIL: the escape search walks the body's \\u00XX escapes one Python loop turn each")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
