"""F02: `lmcodec assemble` reads an input that starts with `{` (a whole JSON body) with
`source.read()`: no bound, decompressed whole. A 0.2 MB .gz grows to ~0.45 GB of RSS; `{` followed
by /dev/zero grows until memory runs out (then "one record of the input (a line ...)"). The 64 MiB
`max_line_bytes` bound (rtfix23 F03) covers JSONL lines only; `--request FILE` is read whole too.
Exits 1 while the child's peak RSS passes 256 MiB."""

import gzip
import os
import resource
import subprocess
import sys
import tempfile

path = os.path.join(tempfile.mkdtemp(), "body.json.gz")
with gzip.open(path, "wb", compresslevel=9) as fh:
    fh.write(b'{"type":"message","content":[{"type":"text","text":"')
    block = b"x" * (1 << 20)
    for _ in range(200):
        fh.write(block)
    fh.write(b'"}]}')
print(f"input: {os.path.getsize(path) / 1e6:.2f} MB gzip, 200 MiB decompressed")
command = [sys.executable, "-m", "lmcodec", "assemble", "anthropic", path]
run = subprocess.run(
    [sys.executable, "-m", "lmcodec", "assemble", "anthropic", path],
    capture_output=True,
    text=True,
    timeout=300,
)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"status {run.returncode}, peak RSS {peak:.0f} MiB; stderr: {run.stderr.strip()[:200]}")
if peak > 256:
    print("FAIL: a whole-body input is decompressed and held whole (no bound like max_line_bytes)")
    sys.exit(1)
print("ok")
