"""F04: typed float fields still read far literals on msgspec's slow path (rtfix55's Left, measured
here): the float hook is called only at untyped positions, so ``TokenLogprob.logprob`` (canonical
``lc.decode`` of a delta, a Response, a Turn in a log; the Chat and Responses stream readers'
typed views) costs ~8 us a number for ``-1e300`` against ~0.2 us for ``-1.5``: a log or a
backend's stream of such logprobs is read 6-10x slower than the same bytes of ordinary numbers
(json.loads reads both at one speed). Exits 1 while the far body costs more than 3x the ordinary
one (+10 ms), best of 3 CPU times; 0 once far literals cost what ordinary ones do."""
from __future__ import annotations

import json
import os
import sys
import time
import warnings

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
import lmcodec as lc  # noqa: E402

N = 20_000


def delta_event(literal: str) -> bytes:
    logprobs = ",".join('{"token":"a","logprob":%s}' % literal for _ in range(N))
    return ('{"type":"delta","delta":{"type":"text","text":"%s","part_index":0,"logprobs":[%s]}}'
            % ("a" * N, logprobs)).encode()


def chat_chunk(literal: str) -> bytes:
    logprobs = ",".join('{"token":"a","logprob":%s,"bytes":[97],"top_logprobs":[]}' % literal for _ in range(N))
    return ('data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,'
            '"delta":{"content":"%s"},"logprobs":{"content":[%s]},"finish_reason":null}]}\n\n'
            % ("a" * N, logprobs)).encode()


def cpu(run, data: bytes) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run(data)
        best = min(best, time.process_time() - start)
    return best


def main() -> int:
    rows = {
        "lc.decode(StreamEvent)": (delta_event, lambda d: lc.decode(d, lc.StreamEvent)),
        "lc.stream.decode('openai_chat')": (chat_chunk, lambda d: list(lc.stream.decode("openai_chat", [d]))),
    }
    slow = 0
    for name, (build, run) in rows.items():
        plain, far = build("-1.5"), build("-1.7976931348623157e308")
        assert run(far) is not None
        t_plain, t_far = cpu(run, plain), cpu(run, far)
        t_json = cpu(lambda d: json.loads(d.removeprefix(b"data: ")), far)
        over = t_far > 3 * t_plain + 0.010
        slow += over
        print(f"{name}: {N} logprobs -1.5 {t_plain * 1e3:.1f} ms, far {t_far * 1e3:.1f} ms "
              f"({t_far / t_plain:.1f}x; json.loads of the far body {t_json * 1e3:.1f} ms)" + ("  SLOW" if over else ""))
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
