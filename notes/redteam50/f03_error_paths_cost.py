"""F03 (LOW): refusing some hostile inputs costs 30-280x msgspec's untyped parse of the same
bytes (CPU time, best of 5). Time is linear (n -> 2n doubles it: 25-60 ns/byte, far under 50 us/byte);
the ratio exceeds the 20x bound. Seen by fuzz.py as ``slow`` in the decode family (cases 787, 5453,
8424, 20072 of seed 50 kept after re-judging in CPU time; ~75 other wall-clock flags were noise).

- ``deep_keep``: ``lc.decode(..., unknown="keep")`` of a Delta whose ``part_index`` is an object
  nested 10,000+ deep: the strict decoder stops at the depth bound at once, then the keep reader
  walks the whole text again (60 ns/byte; msgspec's untyped parse stops at the bound: 90-280x).
- ``dup_keep`` / ``dup_strict``: a Part whose ``detail`` is repeated, the second value 1 MiB: the
  refusal, the repeated-key rewrite (``codecs/_last_value``) and its re-decode, and (keep) the keep
  reader: 30-60x.
- ``enum_value``: a 1 MiB ``finish_reason``: ~16x here, but its message is the whole value (F04).

Exits 1 while any shape costs over 20x msgspec's untyped parse at its first size, 0 once all are under."""
from __future__ import annotations

import os
import sys
import time

import msgspec

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import lc  # noqa: E402


def enum_value(n: int) -> tuple[bytes, object]:
    data = b'{"type":"end","finish_reason":"' + b"A" * n + b'"}'
    return data, lambda: lc.decode(data, lc.StreamEvent)


def escaped_count(n: int) -> tuple[bytes, object]:
    esc = b"\\u00e9" * (n // 6)
    data = (b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]},'
            b'"response":{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"x"}]},'
            b'"finish_reason":"stop","usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2,'
            b'"cache_read_tokens":"' + esc + b'"}}}')
    return data, lambda: lc.decode(data, lc.Turn, unknown="keep")


def deep_keep(n: int) -> tuple[bytes, object]:
    levels = n // 6
    data = b'{"type":"audio","part_index":' + b'{"a":' * levels + b"1" + b"}" * levels + b"}"
    return data, lambda: lc.decode(data, lc.Delta, unknown="keep")


def _dup(n: int) -> bytes:
    return (b'{"type":"image","media_type":"image/jpeg","url":"https://e.com/a.jpg","detail":"auto",'
            b'"detail":"' + b"A" * n + b'"}')


def dup_keep(n: int) -> tuple[bytes, object]:
    data = _dup(n)
    return data, lambda: lc.decode(data, lc.Part, unknown="keep")


def dup_strict(n: int) -> tuple[bytes, object]:
    data = _dup(n)
    return data, lambda: lc.decode(data, lc.Part)


def best(call: object, runs: int = 5) -> float:
    out = 9e9
    for _ in range(runs):
        t = time.process_time()
        try:
            call()  # type: ignore[operator]
        except lc.LmcodecError:
            pass
        out = min(out, time.process_time() - t)
    return max(out, 1e-6)


def main() -> int:
    worst = 0.0
    for shape, sizes in ((deep_keep, (60_000, 120_000)), (dup_keep, (1 << 20, 2 << 20)),
                         (dup_strict, (1 << 20, 2 << 20)), (enum_value, (1 << 20, 2 << 20)),
                         (escaped_count, (1 << 20, 2 << 20))):
        row = []
        for n in sizes:
            data, call = shape(n)
            try:
                call()  # type: ignore[operator]
                print(f"{shape.__name__}: accepted?")
            except lc.LmcodecError:
                pass

            def untyped(data: bytes = data) -> None:
                try:
                    msgspec.json.decode(data)
                except (msgspec.DecodeError, RecursionError):
                    pass

            ours, base = best(call), best(untyped)
            ratio = ours / base
            if n == sizes[0] and shape is not escaped_count:
                worst = max(worst, ratio)
            row.append(f"{len(data)} B: {ours * 1e3:.1f} ms vs msgspec {base * 1e3:.2f} ms = {ratio:.0f}x")
        print(f"{shape.__name__:14} " + " | ".join(row))
    return 1 if worst > 20 else 0


if __name__ == "__main__":
    sys.exit(main())
