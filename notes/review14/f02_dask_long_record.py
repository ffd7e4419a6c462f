"""F02: lc.dask.read cannot read back a record longer than 64 MiB that lc.jsonl.write wrote.

rtfix23 (ca2cd7c, red team 23 F03) bounds every JSONL line by max_line_bytes (64 MiB) and says a
longer record "reads back with max_line_bytes=None" (docs/hostile-input.md L17). lc.dask.read calls
jsonl.read without max_line_bytes and takes no such parameter, so such a record is now a bad line
there with no way to lift the bound (on 58c3527 a line starting with '{' was read whole).
Writes a ~65 MiB file in a temporary directory (removed at the end). Exits 1 while the bug is there.
"""

import inspect
import os
import sys
import tempfile

import lmcodec as lc

with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "big.jsonl")
    big = lc.Request("gpt-4.1-mini", [lc.Message.user("a" * (65 << 20))])
    lc.jsonl.write(path, [big])
    assert len(list(lc.jsonl.read(path, lc.Request, max_line_bytes=None))) == 1  # the documented way
    takes_bound = "max_line_bytes" in inspect.signature(lc.dask.read).parameters
    try:
        got = lc.dask.read(path, lc.Request, on_error="raise").records.compute(scheduler="sync")
        outcome = f"{len(got)} record(s)"
    except Exception as exc:
        outcome = f"{type(exc).__name__}: {str(exc)[:160]}"
    print(
        f"lc.dask.read of the record lc.jsonl.write wrote: {outcome}; "
        f"dask.read takes max_line_bytes: {takes_bound}"
    )
    if outcome != "1 record(s)" and not takes_bound:
        print(
            "FAIL: a record lc.jsonl.write wrote cannot be read by lc.dask.read, "
            "and the bound cannot be lifted"
        )
        sys.exit(1)
print("ok")
