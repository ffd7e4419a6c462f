"""F02: lc.dask.to_parquet / lc.dask.convert with overwrite=True delete every *.parquet in
DEST when the graph is built -- before any record is read, with compute=False too, files lmcodec
never wrote included -- so a conversion that then fails (or is never computed) leaves DEST
without its previous content. lmcodec's single-file writers keep the old file on any failure
(docs/hostile-input.md L16, C3); dask's own to_parquet(overwrite=True) refuses the working
directory and a path the graph reads from. Prints each failure; exits 1 while the bug is there.
"""

from __future__ import annotations

import os
import sys
import tempfile

import dask

import lmcodec as lc
from lmcodec import dask as lcd

dask.config.set(scheduler="synchronous")
TURN = lc.Turn(
    request=lc.Request(model="m", messages=(lc.Message.user("hi"),)),
    response=lc.Response(
        id="r", model="m", message=lc.Message.assistant("yo"), finish_reason="stop", usage=lc.Usage()
    ),
)
failures: list[str] = []
with tempfile.TemporaryDirectory() as tmp:
    os.chdir(tmp)
    with open("good.jsonl", "wb") as fh:
        fh.write(lc.encode(TURN) + b"\n")
    with open("bad.jsonl", "wb") as fh:
        fh.write(lc.encode(TURN) + b"\n" + b'{"request": 1}\n')
    os.mkdir("out")
    lc.arrow.write_parquet([TURN] * 3, "out/curated.parquet")  # the user's own table, not lmcodec's part-*

    # 1. Built lazily, never computed: the directory is emptied at once.
    lcd.to_parquet(lcd.read(["good.jsonl"]), "out", overwrite=True, compute=False)
    if not os.path.exists("out/curated.parquet"):
        failures.append(
            "to_parquet(..., overwrite=True, compute=False) deleted out/curated.parquet "
            "while building the graph (nothing was computed)"
        )

    # 2. A conversion that fails loses the previous output.
    lcd.convert(["good.jsonl"], "out2")
    before = sorted(os.listdir("out2"))
    try:
        lcd.convert(["good.jsonl", "bad.jsonl"], "out2", on_error="raise", overwrite=True)
    except lc.LmcodecError as exc:
        print(f"the second conversion failed as asked: {type(exc).__name__}: {exc}")
    after = sorted(os.listdir("out2"))
    if after != before and not set(before) <= set(after):
        failures.append(f"a failed convert(overwrite=True) took out2 from {before} to {after}")

    # 3. The working directory: every *.parquet in it goes.
    lc.arrow.write_parquet([TURN], "mine.parquet")
    lcd.convert(["good.jsonl"], ".", overwrite=True)
    if not os.path.exists("mine.parquet"):
        failures.append(
            "convert(..., '.', overwrite=True) deleted ./mine.parquet (dask's to_parquet refuses "
            "to clear the working directory)"
        )

for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
