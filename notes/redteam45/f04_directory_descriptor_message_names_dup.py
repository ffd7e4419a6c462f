"""F04 (LOW): `lmcodec convert SRC /dev/fd/3 3< .` (descriptor 3 open on a directory) fails with
"lmcodec: 4: Is a directory": the message names the number of lmcodec's own dup of the
descriptor, not the path the user gave; `--rejects /dev/fd/3` the same ("5: ..."). The other
failures of the same path name it ("lmcodec: /dev/fd/3: Bad file descriptor" for a read-only
descriptor, "cannot write /dev/fd/7: No such file or directory" for a closed one). Should get: the
path, as for those. Since rtleft24 (descriptors written through a dup).

Exit 1 while a message names no path, 0 once fixed.
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
sys.path.insert(0, ROOT)
import lmcodec as lc  # noqa: E402
from tests.cli.test_dest_failures import numbered_turns  # noqa: E402

ENV = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src"))
CMD = f"{sys.executable} -m lmcodec convert"
wrong = 0
with tempfile.TemporaryDirectory() as tmp:
    with open(os.path.join(tmp, "in.jsonl"), "wb") as f:
        f.write(b"x\n" + b"".join(lc.encode(t) + b"\n" for t in numbered_turns(2)))
    for args in ("in.jsonl /dev/fd/3 3< .", "in.jsonl out.jsonl --rejects /dev/fd/3 3< ."):
        run = subprocess.run(["bash", "-c", f"{CMD} {args}"], cwd=tmp, env=ENV, capture_output=True, text=True)
        message = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else ""
        ok = run.returncode != 0 and "/dev/fd/3" in message
        wrong += not ok
        print(f"{'ok   ' if ok else 'WRONG'} convert {args}: exit {run.returncode}, {message!r}")
print(f"{wrong} of 2 messages do not name the path")
sys.exit(1 if wrong else 0)
