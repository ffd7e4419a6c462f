"""F01: lc.dask.to_parquet's commit is not all-or-nothing across a crash, and what a crash leaves
is never cleaned. The commit (codecs/_place.py) hard-links each temporary part to its final name,
then unlinks the temporary. A process killed after part-00000's link (here: SIGKILL at the first
temporary's unlink) leaves DEST holding part-00000.parquet alone, a dataset that reads as complete
with half the rows, plus two hidden ``.part-NNNNN.parquet.XXXXXXXX.partial`` files (one a hard
link of the placed part). A later overwrite=True run replaces the parts but its clean-up
(remove_others: ``part-[0-9]+\\.parquet`` only) never removes the ``.partial`` leftovers.
Exits 1 while a crashed commit leaves a partial dataset or leftovers no run removes."""

import json
import os
import subprocess
import sys
import tempfile
import textwrap

work = tempfile.mkdtemp()
dest = os.path.join(work, "out")
logs = []
for i in range(2):
    path = os.path.join(work, f"a{i}.jsonl")
    with open(path, "w") as fh:
        fh.write(json.dumps({"role": "user", "content": [{"type": "text", "text": f"a{i}"}]}) + "\n")
    logs.append(path)

child = textwrap.dedent(
    f"""
    import os, signal, dask
    dask.config.set(scheduler="sync")
    import lmcodec as lc
    real_remove = os.remove
    def crash(path, *a, **k):
        if str(path).endswith(".partial") and os.path.exists(os.path.join({dest!r}, "part-00000.parquet")):
            os.kill(os.getpid(), signal.SIGKILL)  # the machine dies between link and unlink
        return real_remove(path, *a, **k)
    os.remove = crash
    lc.dask.to_parquet(lc.dask.read({logs!r}), {dest!r})
    """
)
rc = subprocess.run([sys.executable, "-c", child]).returncode
left = sorted(os.listdir(dest))
print("child exit:", rc, "DEST after the crash:", left)
finals = [n for n in left if not n.startswith(".")]
partials = [n for n in left if n.endswith(".partial")]
failed = False
if finals and len(finals) < 2:
    print(f"FAIL: DEST holds {finals} of the 2 parts: a dataset that reads as whole with half its rows")
    failed = True

import dask  # noqa: E402

dask.config.set(scheduler="sync")
import lmcodec as lc  # noqa: E402

lc.dask.to_parquet(lc.dask.read(logs), dest, overwrite=True)
after = sorted(os.listdir(dest))
print("DEST after an overwrite=True rerun:", after)
stale = [n for n in after if n.endswith(".partial")]
if stale:
    print(f"FAIL: the crashed run's temporaries {stale} stay after a later run: nothing ever removes them")
    failed = True
sys.exit(1 if failed else 0)
