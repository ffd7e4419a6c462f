"""F05: the record a restarted writer appends right after a crash's run of NULs is lost.

After a power loss a log's tail often holds a run of NULs where the last writes were (the size
was extended, the data never reached the disk; lmcodec names "a run of NULs a crashed writer
preallocated" as a case it handles). The process that reopens the log in append mode writes its
next record straight after the NULs, with no newline between: `rec1\\n<4096 NULs>rec2\\nrec3\\n`.
`lmcodec validate` says `line 2: JSON is malformed: invalid character (byte 0)`, `2 good records,
1 bad`, and `convert` drops rec2 (it survives only verbatim, NULs and all, in --rejects); the
same with the NULs after a record (`rec1<NULs>\\nrec2`: "trailing characters"). The record read
alone is good. What a user should get: the NUL run reported as one bad region and every record
around it converted. Exits 1 while a record is lost, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam56/f05_nul_run_glued_to_a_record.py
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import lmcodec as lc

TURN = (
    b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi %d"}]}]},'
    b'"response":{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"ok"}]},'
    b'"finish_reason":"stop","usage":{}}}'
)


def main() -> int:
    recs = [TURN % i for i in range(3)]
    want = [lc.decode(r, lc.Turn) for r in recs]
    cases = {
        "NULs before a record": recs[0] + b"\n" + b"\x00" * 4096 + recs[1] + b"\n" + recs[2] + b"\n",
        "NULs after a record": recs[0] + b"\n" + recs[1] + b"\x00" * 4096 + b"\n" + recs[2] + b"\n",
    }
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for name, data in cases.items():
            got = list(lc.jsonl.read(data, lc.Turn, on_error="skip"))
            if got != want:
                print(f"{name}: lc.jsonl.read(on_error='skip') gave {len(got)} of {len(want)} records")
                failed = True
            src, dest = Path(tmp) / "in.jsonl", Path(tmp) / "out.jsonl"
            src.write_bytes(data)
            proc = subprocess.run(
                [sys.executable, "-m", "lmcodec", "convert", str(src), str(dest)],
                capture_output=True,
                text=True,
            )
            out = list(lc.jsonl.read(dest, lc.Turn)) if dest.exists() else []
            if out != want:
                print(f"{name}: lmcodec convert wrote {len(out)} of {len(want)}: {proc.stderr.strip()[:200]}")
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
