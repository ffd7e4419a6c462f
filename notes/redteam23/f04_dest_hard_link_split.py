"""F04: writing over a DEST that has other hard links (or another owner) replaces it by rename:
the other names keep the old content and the new file loses the old owner. A shell redirection
(`> DEST`), which the command's docs compare itself to, writes through to every name. The
command and the library writers (lc.jsonl.write, lc.msgpack.write_stream, lc.arrow.write_parquet)
do this silently, status 0. Prints each failure; exits 1 while the bug is there.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

import lmcodec as lc

TURN = lc.Turn(
    request=lc.Request(model="m", messages=(lc.Message.user("hi"),)),
    response=lc.Response(
        id="r", model="m", message=lc.Message.assistant("yo"), finish_reason="stop", usage=lc.Usage()
    ),
)
failures: list[str] = []
with tempfile.TemporaryDirectory() as tmp:
    os.chdir(tmp)
    with open("src.jsonl", "wb") as fh:
        fh.write(lc.encode(TURN) + b"\n")
    for how, write in {
        "lmcodec convert src.jsonl out.jsonl": lambda: subprocess.run(
            [sys.executable, "-m", "lmcodec", "convert", "src.jsonl", "out.jsonl"],
            capture_output=True,
            check=True,
        ),
        "lc.jsonl.write('out.jsonl', ...)": lambda: lc.jsonl.write("out.jsonl", [TURN]),
    }.items():
        for name in ("out.jsonl", "published.jsonl"):
            if os.path.exists(name):
                os.remove(name)
        with open("out.jsonl", "wb") as fh:
            fh.write(b"old\n")
        os.link("out.jsonl", "published.jsonl")
        write()
        with open("published.jsonl", "rb") as fh:
            other = fh.read()
        if other == b"old\n":
            links = os.stat("out.jsonl").st_nlink
            failures.append(
                f"{how}: out.jsonl's hard link published.jsonl still holds the old content "
                f"(out.jsonl now has {links} link)"
            )
    if os.geteuid() == 0:
        with open("owned.jsonl", "wb") as fh:
            fh.write(b"old\n")
        os.chown("owned.jsonl", 1234, 1234)
        lc.jsonl.write("owned.jsonl", [TURN])
        st = os.stat("owned.jsonl")
        if (st.st_uid, st.st_gid) != (1234, 1234):
            failures.append(
                f"lc.jsonl.write over a file owned by 1234:1234 left it owned by {st.st_uid}:{st.st_gid}"
            )

for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
