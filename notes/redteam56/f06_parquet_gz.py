"""F06: a gzip- or zstd-compressed Parquet file (`log.parquet.gz`, the `gzip log.parquet` a user
runs to ship it) is "not a readable Parquet file: Parquet magic bytes not found in footer.
Either the file is corrupted or this is not a parquet file.": a valid file called corrupt.

`--help` says every input may be `.gz/.zst` and the format goes by the suffix
(`.msgpack.gz/.zst too`); a `.parquet.gz` is taken as Parquet by its name, then read without
decompressing. What a user should get: it read (decompressed to a temporary file: Parquet needs
to seek), or one line saying Parquet is not read compressed (`gunzip` it first). Exits 1 while
the message calls the file corrupt, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam56/f06_parquet_gz.py
"""

from __future__ import annotations

import gzip
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
    turns = [lc.decode(TURN % i, lc.Turn) for i in range(3)]
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "log.parquet"
        lc.arrow.write_parquet(turns, plain)
        packed = Path(tmp) / "log.parquet.gz"
        packed.write_bytes(gzip.compress(plain.read_bytes()))
        proc = subprocess.run(
            [sys.executable, "-m", "lmcodec", "validate", str(packed)], capture_output=True, text=True
        )
    err = proc.stderr
    if (proc.returncode == 0 and "3 good records" in err) or (
        "gzip" in err.lower() and "corrupted" not in err
    ):
        return 0
    print(f"rc {proc.returncode}: {err.strip()[:300]}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
