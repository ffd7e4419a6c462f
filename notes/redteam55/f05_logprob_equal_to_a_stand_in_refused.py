"""F05 (LOW, pre-existing since round 26's far-logprob path; rtleft27's keep path shares it): a
Response whose logprobs hold a far value (past 1e288, which lc.encode writes and lc.decode reads
alone) and, elsewhere, a genuine logprob equal to the path's first stand-in (-4e-320, a negative
subnormal) is refused by every reader of lmcodec's own output: ``lc.decode``, ``lc.jsonl.read``,
``lc.msgpack.decode`` ("Expected `float` >= -1e+288" at the far one). With ``unknown="keep"`` and
``lenient=True``, a NaN logprob beside a genuine -4e-320 and an unknown part is a DecodeError
where the strict reader without the item reads it.

The stand-ins (``codecs/_nonfinite._FAR_STAND_IN - k * _STEP``) are in-band values: a genuine
one is counted as put back, so the count check fails and the far value's own error is raised.

Exit 1 while lc.encode's output is refused by lc.decode / msgpack; 0 once it reads back.
"""
from __future__ import annotations

import sys

from _h import lc, outcome

response = lc.Response(
    id="r", model="m", message=lc.Message(role="assistant", parts=(lc.TextPart(text="ab"),)), finish_reason="stop",
    usage=lc.Usage(), logprobs=(lc.TokenLogprob(token="a", logprob=-1e300), lc.TokenLogprob(token="b", logprob=-4e-320)))
bad = 0
for name, read in (("lc.decode", lambda: lc.decode(lc.encode(response), lc.Response)),
                   ("lc.msgpack.decode", lambda: lc.msgpack.decode(lc.msgpack.encode(response), lc.Response))):
    got = outcome(read)
    ok = not isinstance(got, tuple) and got.logprobs == response.logprobs
    bad += not ok
    print(("ok   " if ok else "FAIL ") + name + ("" if ok else f": {got}"))
keep = outcome(lambda: lc.decode(
    b'{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"a"},{"type":"zzz_new"}]},'
    b'"finish_reason":"stop","logprobs":[{"token":"a","logprob":NaN},{"token":"b","logprob":-4e-320}]}',
    lc.Response, unknown="keep", lenient=True))
print("keep + lenient, NaN beside -4e-320 and an unknown part:", keep if isinstance(keep, tuple) else "read")
bad += isinstance(keep, tuple)
sys.exit(1 if bad else 0)
