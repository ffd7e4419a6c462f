"""F04: the writers' keep_owner (rtfix23 12ce7cf) lets chown's EINVAL escape in the library writers.

In a user namespace (rootless containers, `unshare -Ur`, many CI sandboxes) a file whose owner is
not mapped shows as 65534 (the overflow id); os.chown(tmp, 65534, 65534) raises OSError EINVAL, not
PermissionError. codecs/_replace.keep_owner suppresses PermissionError only, so lc.jsonl.write
(and msgpack.write_stream, arrow.write_parquet) of a path that exists there now fail and leave the
old file, where 58c3527 replaced it (the command's atomic_file suppresses every OSError: the two
disagree). Needs root and unshare; run as is: it re-runs itself in `unshare -Ur`.
Exits 1 while the bug is there.
"""

import os
import subprocess
import sys
import tempfile

if len(sys.argv) == 1:
    if os.geteuid() != 0:
        print("SKIP: needs root to give the file an owner that the namespace does not map")
        sys.exit(0)
    d = tempfile.mkdtemp()
    path = os.path.join(d, "log.jsonl")
    with open(path, "w") as fh:
        fh.write('{"model": "m", "messages": []}\n')
    os.chown(path, 1234, 1234)
    os.chmod(path, 0o666)  # writable by anyone: the write is allowed, only the owner is unmapped
    run = subprocess.run(["unshare", "-Ur", sys.executable, __file__, path], capture_output=True, text=True)
    print(run.stdout + run.stderr, end="")
    sys.exit(run.returncode)

import lmcodec as lc

path = sys.argv[1]
print(f"in the namespace the log's owner shows as {os.stat(path).st_uid}")
try:
    lc.jsonl.write(path, [lc.Request("m", [lc.Message.user("new")])])
except OSError as exc:
    print(f"FAIL: lc.jsonl.write raised {type(exc).__name__}: {exc} (58c3527 wrote the file)")
    sys.exit(1)
print("ok: written")
