"""Red team 40 F02 (LOW, older): `lmcodec convert in.jsonl -` run with standard output closed
(`>&-`, a daemon or a cron job started without fd 1) ends in a Python traceback: Python sets
sys.stdout to None, and cli/_convert.py takes `sys.stdout.buffer` (AttributeError: 'NoneType'
object has no attribute 'buffer'). The same run naming `/dev/stdout` says `lmcodec: cannot write
/dev/stdout: ...` with status 2, as the command reports any other unwritable DEST. Should: a
one-line `lmcodec: ...` message and status 2, no traceback. Exits 1 while a traceback shows.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam40/f02_convert_closed_stdout_traceback.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import lmcodec as lc


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.jsonl"
        user = lc.Message(role="user", parts=(lc.TextPart(text="hi"),))
        answer = lc.Message(role="assistant", parts=(lc.TextPart(text="yo"),))
        turn = lc.Turn(
            request=lc.Request(model="m", messages=(user,)),
            response=lc.Response(id="r", model="m", message=answer, finish_reason="stop", usage=lc.Usage()),
        )
        lc.jsonl.write(src, [turn])
        command = f'"{sys.executable}" -m lmcodec convert "{src}" - >&-'
        done = subprocess.run(
            ["bash", "-c", command], stderr=subprocess.PIPE, env=dict(os.environ), timeout=60, check=False
        )
    err = done.stderr.decode(errors="replace")
    print(f"status {done.returncode}; stderr:\n{err}")
    return 1 if "Traceback" in err else 0


if __name__ == "__main__":
    sys.exit(main())
