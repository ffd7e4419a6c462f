"""F01: ``lc.StreamError`` (what ``lc.assemble`` raises for a stream that reported a failure: a
rate limit, an overload, a server error mid-stream) cannot be unpickled: its ``__init__`` takes the
ErrorDetail, while the default exception pickling calls it again with the message string
(``AttributeError: 'str' object has no attribute 'message'``).

So the error cannot cross a process boundary. Raised in a ``concurrent.futures.ProcessPoolExecutor``
worker, the pool is broken (``BrokenProcessPool`` for this and every pending future); in a
``multiprocessing.Pool`` the result thread dies and ``map`` waits forever. lm15's own RateLimitError
does not pickle either, but it fails in the worker, at ``dumps``: the pool reports a TypeError and
stays usable. The errors of 8 other failing calls (7 classes) round-trip (probe p11).

Exits 1 while the StreamError does not round-trip through pickle with its ``error`` (and a pool's
future does not give it back), 0 once it does."""
from __future__ import annotations

import concurrent.futures as cf
import multiprocessing as mp
import os
import pickle
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import lc  # noqa: E402

BODY = (
    b'data: {"id":"c1","object":"chat.completion.chunk","created":1,"model":"m",'
    b'"choices":[{"index":0,"delta":{"role":"assistant","content":"hi"}}]}\n\n'
    b'data: {"error":{"message":"slow down","type":"rate_limit_exceeded","code":"rate_limit_exceeded"}}\n\n'
)


def assemble(_: int) -> lc.Response:
    return lc.assemble(lc.stream.decode("openai_chat", [BODY]))


def main() -> int:
    try:
        assemble(0)
        print("no error raised: the probe's stream no longer fails")
        return 1
    except lc.StreamError as exc:
        raised = exc
    print(f"in-process: {type(raised).__name__}: {raised} (code {raised.code!r})")
    bad = 0
    try:
        back = pickle.loads(pickle.dumps(raised))
        same = type(back) is lc.StreamError and back.error == raised.error and str(back) == str(raised)
        print("pickle round trip:", "the same error" if same else f"a different value: {back!r}")
        bad += not same
    except Exception as exc:  # noqa: BLE001
        print(f"pickle round trip: {type(exc).__name__}: {exc}")
        bad += 1
    with cf.ProcessPoolExecutor(1, mp_context=mp.get_context("fork")) as pool:
        try:
            pool.submit(assemble, 0).result(timeout=60)
        except lc.StreamError as exc:
            print(f"ProcessPoolExecutor: the worker's {type(exc).__name__} ({exc.code})")
        except Exception as exc:  # noqa: BLE001
            print(f"ProcessPoolExecutor: {type(exc).__name__}: {exc}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
