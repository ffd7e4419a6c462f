"""F03 (LOW): `lmcodec convert SRC DEST` with DEST another spelling of an open descriptor
(`/dev/./fd/3`, `//dev/fd/3`, `/dev/fd/../fd/3` after `3>> log`; `/dev/stdin` after `< log`)
replaces the file atomically, where `/dev/fd/3` is written through the descriptor (rtleft24).

A user runs `lmcodec convert in.jsonl /dev/./fd/3 3>> log`: log's earlier lines are gone (the file
replaced, the shell's fd 3 left on the unlinked file), the bug rtleft24 fixed for `/dev/fd/3`
(docs/hostile-input.md C1/C11: a path that names a descriptor by its number is written through a
dup of it). `codecs/_replace._DESCRIPTOR_NAME` matches the literal text only. And `/dev/stdin` (the
same file as `/dev/fd/0`) after `< log`, read-only: `/dev/fd/0` fails with EBADF (rtleft24's rule
for a read-only descriptor), `/dev/stdin` replaces log with the records, exit 0.
Should get: the same outcome as `/dev/fd/N` (appended / EBADF, log kept).

Exit 1 while any spelling replaces the file, 0 once fixed. Older: exits 1 on d88c780 too (there
`/dev/fd/3` itself replaced the file).
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
CMD = f"{sys.executable} -m lmcodec convert in.jsonl"
CASES = [  # (dest, redirection, what the rule gives for the literal /dev/fd/N spelling)
    ("/dev/fd/3", "3>> log", "append"),  # the control: rtleft24's fix
    ("/dev/./fd/3", "3>> log", "append"),
    ("//dev/fd/3", "3>> log", "append"),
    ("/dev/fd/../fd/3", "3>> log", "append"),
    ("/dev/fd/0", "< log", "refuse"),  # the control
    ("/dev/stdin", "< log", "refuse"),
]
wrong = 0
with tempfile.TemporaryDirectory() as tmp:
    with open(os.path.join(tmp, "in.jsonl"), "wb") as f:
        f.write(b"".join(lc.encode(t) + b"\n" for t in numbered_turns(2)))
    for dest, redirection, want in CASES:
        with open(os.path.join(tmp, "log"), "w") as f:
            f.write("line1\n")
        run = subprocess.run(["bash", "-c", f"{CMD} {dest} {redirection}"], cwd=tmp, env=ENV,
                             capture_output=True, text=True)
        with open(os.path.join(tmp, "log")) as f:
            log = f.read()
        kept = log.startswith("line1\n")
        ok = kept and (run.returncode == 0 if want == "append" else run.returncode != 0 and log == "line1\n")
        wrong += not ok
        print(f"{'ok   ' if ok else 'WRONG'} {dest:16} {redirection:8} exit {run.returncode} "
              f"log {'kept' if kept else 'REPLACED'} ({log.count(chr(10))} lines) {run.stderr.strip()[-60:]}")
print(f"{wrong} of {len(CASES)} spellings replace the file the descriptor names")
sys.exit(1 if wrong else 0)
