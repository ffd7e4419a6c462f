"""F01: a destination written with a trailing slash ("out/") is taken for the file "out".

Python's open("x/", "wb"), a shell redirection "> x/" and cp refuse such a path
(NotADirectoryError / "Is a directory"); lmcodec's writers strip the slash (pathlib.Path)
and replace the regular file "x" -- a file the caller did not name -- or create it.
Prints each failure; exits 1 while the bug is there.
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
PRECIOUS = b"precious data the caller never named\n"

failures: list[str] = []
with tempfile.TemporaryDirectory() as tmp:
    os.chdir(tmp)
    try:
        open("plain/", "wb")
    except OSError as exc:
        print(f"open('plain/', 'wb') refuses: {type(exc).__name__}")
    writers = {
        "lc.jsonl.write": lambda p: lc.jsonl.write(p, [TURN]),
        "lc.msgpack.write_stream": lambda p: lc.msgpack.write_stream(p, [TURN]),
        "lc.arrow.write_parquet": lambda p: lc.arrow.write_parquet([TURN], p),
    }
    for name, write in writers.items():
        target = f"{name}.existing"
        with open(target, "wb") as fh:
            fh.write(PRECIOUS)
        try:
            write(target + "/")
        except (OSError, lc.LmcodecError) as exc:
            print(f"{name}({target + '/'!r}): refused ({type(exc).__name__}) -- held")
            continue
        with open(target, "rb") as fh:
            now = fh.read()
        if now != PRECIOUS:
            failures.append(
                f"{name}({target + '/'!r}) replaced the existing file {target!r} ({now[:12]!r}...)"
            )
        new = f"{name}.new"
        try:
            write(new + "/")
        except (OSError, lc.LmcodecError):
            continue
        if os.path.isfile(new):
            failures.append(f"{name}({new + '/'!r}) created the regular file {new!r}")

    with open("src.jsonl", "wb") as fh:
        fh.write(lc.encode(TURN) + b"\n")
    run = subprocess.run(
        [sys.executable, "-m", "lmcodec", "convert", "src.jsonl", "outdir/"], capture_output=True, text=True
    )
    if run.returncode == 0 and os.path.isfile("outdir"):
        failures.append(
            "lmcodec convert src.jsonl outdir/: status 0, wrote the regular file 'outdir' "
            f"({run.stderr.strip()})"
        )
    with open("mixed.jsonl", "wb") as fh:
        fh.write(lc.encode(TURN) + b"\n" + b'{"request": 1}\n')
    run = subprocess.run(
        [sys.executable, "-m", "lmcodec", "convert", "mixed.jsonl", "out.jsonl", "--rejects", "rejected/"],
        capture_output=True,
        text=True,
    )
    if os.path.isfile("rejected"):
        failures.append(
            f"lmcodec convert ... --rejects rejected/: status {run.returncode}, "
            "wrote the regular file 'rejected'"
        )

for failure in failures:
    print("FAIL:", failure)
sys.exit(1 if failures else 0)
