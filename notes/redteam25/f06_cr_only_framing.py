"""F06: an SSE body with lone-CR line ends costs 2-2.5x the same body with LF (1.1-1.5x the floor).

The SSE spec allows CR, LF or CRLF line ends. A lone "\\r" sends the bulk framer to its
line-by-line path; the LF body runs at ~0.6x the floor (README: 0.54-0.75x plain streams, 0.70-1.18x
varied). Rare on real servers (none of the four providers sends it), so LOW.

Exits 1 while the CR body costs more than 1.8x the LF body (each to its floor).
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent.parent / "benchmarks")]
from _common import interleave, ms, ratio, sse_floor  # noqa: E402

import lmcodec as lc  # noqa: E402

if __name__ == "__main__":
    import streams_varied as sv

    worst = 0.0
    for provider in ("anthropic", "openai"):
        lf = sv.generate(provider, texts=2000).body
        cr = lf.replace(b"\n", b"\r")
        t = interleave(
            {
                "lf": lambda: lc.assemble(lc.stream.decode(provider, [lf])),
                "cr": lambda: lc.assemble(lc.stream.decode(provider, [cr])),
                "floor lf": lambda: sse_floor([lf]),
                "floor cr": lambda: sse_floor([cr]),
            },
            5,
        )
        r_lf, r_cr = ratio(t, "lf", "floor lf"), ratio(t, "cr", "floor cr")
        worst = max(worst, r_cr / r_lf)
        print(
            f"{provider:9s} plain stream, whole: LF {ms(t, 'lf'):.1f} ms = {r_lf:.2f}x the floor, "
            f"CR {ms(t, 'cr'):.1f} ms = {r_cr:.2f}x (should be near the LF figure)"
        )
    sys.exit(1 if worst > 1.8 else 0)
