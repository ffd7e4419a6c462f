"""F01 (HIGH): ``lc.decode(text, T)`` with a ``str`` (documented: ``Buffer = bytes | bytearray |
memoryview | str``) that fails validation raises a bare ``TypeError("string argument without an
encoding")`` from ``codecs/_last_value.py`` (``bytes(data)``), for every target but Config/Usage:
``'{}'`` as a Message, ``'[]'`` as a Turn, ``'{"role":"user","parts":[]}'`` ... The same text as
bytes is the documented ``ValidationError``. Found by fuzz.py (decode family, ~10% of cases with a
str input: 1,300+ hits in the first 20,000 decode cases).

Exits 1 while any of these escapes as something other than an lc error, 0 once all are lc errors."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import lc  # noqa: E402

CASES = [
    ("{}", lc.Message, {}),
    ("[]", lc.Turn, {}),
    ('{"role":"user","parts":[]}', lc.Message, {}),
    ('{"model":"m","messages":[]}', lc.Request, {"lenient": True}),
    ('{"type":"text","text":1}', lc.Part, {"unknown": "keep"}),
    ('{"type":"end","finish_reason":"nope"}', lc.StreamEvent, {}),
]


def main() -> int:
    bad = 0
    for text, tp, kw in CASES:
        try:
            lc.decode(text, tp, **kw)
            print(f"decoded?  {text!r}")
        except lc.LmcodecError as exc:
            print(f"ok   {type(exc).__name__}: {text!r}")
        except Exception as exc:  # noqa: BLE001 - the finding
            bad += 1
            print(f"BARE {type(exc).__name__}: {exc} <- lc.decode({text!r}, {kw})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
