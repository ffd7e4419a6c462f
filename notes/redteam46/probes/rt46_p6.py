"""lm15 1.5.0 where it has a say: each turn's client body (base loop, whole) read with
lc.decode_request, then built for the backend by lc.build_request and by lm15's adapter: the same
body (or the same refusal)? And the provider's checks on lm15's body, as on translate_request's."""
from __future__ import annotations

import collections
import copy
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import _loop as L  # noqa: E402

sys.path.insert(0, L.ROOT)
from tests.providers.request_support import lc_build, lm15_build  # noqa: E402

counts: collections.Counter[str] = collections.Counter()
for src in L.DIALECTS:
    for dst in L.DIALECTS:
        r = L.run(src, dst, False)
        assert not r.problems, r.problems
        for k, body in enumerate(r.gateway.received, start=1):
            try:
                req = L.lc.decode_request(src, body, model=L.MODEL[dst])
            except L.lc.LmcodecError as exc:
                counts["decode_request refuses"] += 1
                print(f"{src}->{dst} turn {k}: decode_request refuses: {str(exc)[:110]}")
                continue
            mine, theirs = lc_build(dst, req), lm15_build(dst, req)
            same = all(getattr(mine, f) == getattr(theirs, f) for f in ("headers", "body", "adaptations", "error"))
            counts["same build (path aside: lmcodec's is relative to /v1)" if same else "builds differ"] += 1
            if not same:
                print(f"{src}->{dst} turn {k}: lc.build_request and lm15 differ")
            if theirs.error is None and k > 1:
                judge = copy.deepcopy(r.providers[dst])
                judge.problems, judge.expect_kept = [], []
                getattr(judge, "_check_" + dst)(theirs.body_value)
                counts["lm15 body judged wrong" if judge.problems else "lm15 body judged right"] += 1
                for p in judge.problems[:2]:
                    print(f"{src}->{dst} turn {k}: lm15's body: {p}")
print(dict(counts))
