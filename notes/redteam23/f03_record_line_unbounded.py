"""F03: a JSONL line that starts with "{" is held whole however long: a 0.2 MB .jsonl.gz makes
`lmcodec validate` (and lc.jsonl.read, convert, lc.dask) hold ~600 MB (3x its 200 MiB line), and
nothing bounds it (--max-line-bytes / max_line_bytes skip only lines that do not start with "{"),
while the SSE framer refuses any line over 64 MiB (docs/hostile-input.md H13). With `{` then an endless pipe
(`(printf '{'; cat /dev/zero) | lmcodec validate -`) it grows until MemoryError or the OOM killer.
Prints the peak memory; exits 1 while it is over 4x the 64 MiB line bound.
"""

from __future__ import annotations

import gzip
import os
import resource
import subprocess
import sys
import tempfile

DECOMPRESSED = 200 << 20
BOUND = 4 * (64 << 20)

with tempfile.TemporaryDirectory() as tmp:
    bomb = os.path.join(tmp, "bomb.jsonl.gz")
    with gzip.open(bomb, "wb", compresslevel=6) as fh:
        fh.write(b'{"request":"')
        chunk = b"a" * (1 << 20)
        for _ in range(DECOMPRESSED >> 20):
            fh.write(chunk)
        fh.write(b'"}\n')
    size = os.path.getsize(bomb)
    run = subprocess.run([sys.executable, "-m", "lmcodec", "validate", bomb], capture_output=True, text=True)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
print(
    f"{size / 1e6:.2f} MB .gz -> {DECOMPRESSED >> 20} MiB line; status {run.returncode}; "
    f"{run.stderr.strip()[:160]!r}; peak RSS {peak / 2**20:.0f} MiB"
)
if peak > BOUND:
    print(
        f"FAIL: peak RSS {peak / 2**20:.0f} MiB for a {size / 1e6:.2f} MB input: no bound on a record's line "
        f"(the SSE framer stops at 64 MiB)"
    )
    sys.exit(1)
