"""F01: lc.dask.to_parquet(overwrite=False) checks DEST for Parquet files when the graph is built,
but its commit task (rtfix23 F02) removes every part-NNNNN.parquet it did not write, whatever
`overwrite` says. Two conversions to one DEST (two graphs built with compute=False, or two jobs
running at once): the second one, overwrite=False, deletes the first one's output.
Exits 1 while a part written by another run is deleted under overwrite=False."""

import json
import os
import sys
import tempfile

import dask

dask.config.set(scheduler="sync")
import lmcodec as lc  # noqa: E402


def log(directory: str, name: str, text: str) -> str:
    path = os.path.join(directory, name)
    with open(path, "w") as fh:
        fh.write(json.dumps({"role": "user", "content": [{"type": "text", "text": text}]}) + "\n")
    return path


work = tempfile.mkdtemp()
dest = os.path.join(work, "out")
a = lc.dask.to_parquet(
    lc.dask.read([log(work, "a0.jsonl", "a0"), log(work, "a1.jsonl", "a1")]), dest, compute=False
)
b = lc.dask.to_parquet(lc.dask.read([log(work, "b.jsonl", "b")]), dest, compute=False)  # overwrite=False
a.compute()
first = sorted(os.listdir(dest))
print("after run A:", first)
try:
    b.compute()
except FileExistsError as exc:
    print("run B refused, as overwrite=False asks:", exc)
    sys.exit(0)
after = sorted(os.listdir(dest))
print("after run B (overwrite=False):", after)
lost = [name for name in first if name not in after]
if lost:
    print(f"FAIL: overwrite=False deleted {lost} that run A wrote")
    sys.exit(1)
print("ok")
