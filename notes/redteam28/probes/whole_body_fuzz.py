"""framing._sse_fields.whole_body_events (the whole-body path of lc.stream.decode) against lm15's
parse_sse over mixed LF/CR/CRLF bodies: where it answers, the answer must be lm15's."""

from __future__ import annotations

import random
import sys

sys.path.insert(0, "notes/redteam28/probes")
from framing_fuzz import body_of, oracle  # noqa: E402

from lmcodec.framing._sse_fields import whole_body_events


def main(n: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = answered = 0
    for _ in range(n):
        body = body_of(rng, rng.choice(["one", "mixed"]))
        if rng.random() < 0.5:
            body = body.rstrip(b"\r\n") + rng.choice([b"\n\n", b"\r\n\r\n", b"\n\r\n", b"\r\n\n", b"\r\r", b"\n\r"])
        try:
            got = whole_body_events(body)
        except Exception as exc:  # noqa: BLE001
            got = [f"raised {exc!r}".encode()]
        if got is None:
            continue
        answered += 1
        want = oracle(body)
        if [g.decode("utf-8", "replace").encode() for g in got] != want:
            bad += 1
            if bad <= 5:
                print(f"MISMATCH {body!r}\n  got ={got!r}\n  want={want!r}")
    print(f"{n} bodies, {answered} answered, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 20000, int(sys.argv[2]) if len(sys.argv) > 2 else 0))
