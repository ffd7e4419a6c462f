"""F03: a JSON Lines log with old-Mac line ends (CR only: a log passed through a tool that
rewrote line ends, or `tr '\n' '\r'`) is one bad line: every record in it is "bad", and the
message blames a truncated last line.

`lmcodec validate` says `line 1 (byte 0): JSON is malformed: trailing characters (byte N)
(truncated last line?)`, `0 good records, 1 bad`; the SSE path of the same library takes CR line
ends (the SSE standard), and `str.splitlines()` / httpx's `iter_lines` split on CR. What a user
should get: the records read, or a hint that names the CR line ends and how to fix them
(`tr '\r' '\n'`), not "truncated last line?". Exits 1 while neither holds, 0 once one does.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam56/f03_cr_line_ends.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

TURN = (
    b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi %d"}]}]},'
    b'"response":{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"ok"}]},'
    b'"finish_reason":"stop","usage":{}}}'
)


def main() -> int:
    data = b"\r".join(TURN % i for i in range(5)) + b"\r"
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mac.jsonl"
        path.write_bytes(data)
        proc = subprocess.run(
            [sys.executable, "-m", "lmcodec", "validate", str(path)], capture_output=True, text=True
        )
    err = proc.stderr
    read_all = proc.returncode == 0 and "5 good records" in err
    named = any(
        word in err.lower() for word in ("carriage", "\\r", " cr ", "cr line", "cr-only", "line ends")
    )
    if read_all or (named and "truncated last line?" not in err):
        return 0
    print(f"rc {proc.returncode}: {err.strip()[:400]}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
