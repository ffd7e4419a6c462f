"""F07: in a length-prefixed MessagePack log, a run of NULs whose length is not a multiple of 4
(a crash's lost tail: the size of the records that never reached the disk) ends the reading:
every record after it is lost, the restarted writer's included.

L19 (docs/hostile-input.md) reads a NUL run as zero-length records, 4 NULs each: right when the
run is a multiple of 4 bytes (4096 NULs: 3 of 3 records read here). A run of 4097 bytes leaves
the framing 1 byte off: the next "length" is read from NULs and the next record's prefix,
`truncated record (316 of 10322599 bytes)`, `the input cannot be read past that point`: 1 of 3.
A crash loses whole records (each 4 + its length bytes), so its NUL run has any length. What a
user should get: the NUL run one bad region, every record after it read (after a NUL run, the
next record's 4-byte big-endian length starts with as many NULs as its high bytes are zero: try
the framing at the 4 offsets that end the run, keep the one whose record decodes). Exits 1
while a record after the run is lost, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam56/f07_msgpack_nul_run_misaligned.py
"""

from __future__ import annotations

import io
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


def framed(turn: lc.Turn) -> bytes:
    buf = io.BytesIO()
    lc.msgpack.write_stream(buf, [turn])
    return buf.getvalue()


def main() -> int:
    turns = [lc.decode(TURN % i, lc.Turn) for i in range(3)]
    recs = [framed(t) for t in turns]
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for run in (4096, 4097, 4098, 4099, 2 * len(recs[0])):  # the last: two records lost
            data = recs[0] + b"\x00" * run + recs[1] + recs[2]
            src = Path(tmp) / "log.msgpack"
            src.write_bytes(data)
            proc = subprocess.run(
                [sys.executable, "-m", "lmcodec", "convert", str(src), "-", "--to", "lm15"],
                capture_output=True,
            )
            got = list(lc.jsonl.read(proc.stdout, lc.Turn)) if proc.stdout else []
            if got != turns:
                last = proc.stderr.decode().strip().splitlines()
                print(f"{run} NULs: {len(got)} of 3 records converted: {' | '.join(last[:2])[:220]}")
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
