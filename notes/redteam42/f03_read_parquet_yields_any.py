"""F03: ``lc.arrow.read_parquet(path, lc.Turn)`` is typed ``Iterator[Any]`` (its ``type`` parameter
``Any``), where ``lc.jsonl.read(path, lc.Turn)`` is a ``Reader[Turn]`` and
``lc.msgpack.read_stream(path, lc.Turn)`` a ``StreamReader[Turn]``: a misspelt field on a record
read from Parquet passes ``mypy --strict`` and pyright strict (an explicit Any is not "unknown"),
and fails only at run time. Exits 1 while mypy accepts the misspelling; 0 once it flags it."""

from __future__ import annotations

import sys

from _mypy_check import mypy_errors

SNIPPET = """\
import lmcodec as lc
for a in lc.jsonl.read("log.jsonl", lc.Turn):
    print(a.reqest)  # control: mypy flags this one
for b in lc.arrow.read_parquet("log.parquet", lc.Turn):
    print(b.reqest)
"""
errors = mypy_errors(SNIPPET)
flagged = {int(e.split(":")[1]) for e in errors}
if 3 not in flagged:
    print("mypy did not flag the control line: the check itself is broken", errors)
    sys.exit(2)
print(
    "jsonl.read's misspelt field: flagged; read_parquet's:", "flagged" if 5 in flagged else "accepted (Any)"
)
sys.exit(0 if 5 in flagged else 1)
