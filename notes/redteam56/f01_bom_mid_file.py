"""F01: JSON Lines logs a Windows tool wrote (each starting with a UTF-8 BOM), joined with
`cat a.jsonl b.jsonl > all.jsonl`, lose the first record of every file after the first.

Each file alone reads whole (the reader drops a BOM on line 1); concatenated, the BOM that now
starts line N+1 makes that good record a bad one ("JSON is malformed: invalid character
(byte 0)", no word of the mark). Exits 1 while a record is lost, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam56/f01_bom_mid_file.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import lmcodec as lc

BOM = b"\xef\xbb\xbf"
TURN = (
    b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi %d"}]}]},'
    b'"response":{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"ok"}]},'
    b'"finish_reason":"stop","usage":{}}}'
)


def main() -> int:
    a = BOM + b"\n".join(TURN % i for i in range(3)) + b"\n"
    b = BOM + b"\n".join(TURN % i for i in range(3, 6)) + b"\n"
    alone = list(lc.jsonl.read(a, lc.Turn)) + list(lc.jsonl.read(b, lc.Turn))
    assert len(alone) == 6, "each file alone reads whole"
    joined = a + b
    got = list(lc.jsonl.read(joined, lc.Turn, on_error="skip"))
    failed = False
    if got != alone:
        print(
            f"lc.jsonl.read(on_error='skip'): {len(got)} of {len(alone)} records; "
            "lost: the first record of b.jsonl"
        )
        failed = True
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "all.jsonl"
        path.write_bytes(joined)
        env = {**os.environ}
        proc = subprocess.run(
            [sys.executable, "-m", "lmcodec", "validate", str(path)], capture_output=True, text=True, env=env
        )
        summary = proc.stderr.strip().splitlines()[-1]
        if proc.returncode != 0 or "6 good records" not in summary:
            print(f"lmcodec validate: rc {proc.returncode}: {proc.stderr.strip()[:300]}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
