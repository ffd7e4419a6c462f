"""F04: an xz-, bzip2- or zip-compressed log under a plain `.jsonl` name is read as text: dozens
of "bad records" of binary garbage, and no word of the compression.

gzip and zstd data under a `.jsonl` name are recognised by their magic bytes and read; the
suffixes `.bz2` / `.xz` get "bzip2 compression is not supported: use .gz, .zst or no
compression". The same data under `.jsonl` gets `0 good records, 37 bad` and `(truncated last
line?)`, where the MessagePack-, Parquet- and UTF-16-looking inputs get a hint. What a user
should get: one line naming the compression (as for the suffix). Exits 1 while any of the three
is unnamed, 0 once each is.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam56/f04_unsupported_compression_by_content.py
"""

from __future__ import annotations

import bz2
import io
import lzma
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

TURN = (
    b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi %d"}]}]},'
    b'"response":{"id":"r","model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"ok"}]},'
    b'"finish_reason":"stop","usage":{}}}'
)


def zipped(data: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("log.jsonl", data)
    return buf.getvalue()


def main() -> int:
    data = b"".join((TURN % i) + b"\n" for i in range(200))
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for name, blob, word in (
            ("xz", lzma.compress(data), "xz"),
            ("bzip2", bz2.compress(data), "bzip2"),
            ("zip", zipped(data), "zip"),
        ):
            path = Path(tmp) / f"{name}.jsonl"
            path.write_bytes(blob)
            proc = subprocess.run(
                [sys.executable, "-m", "lmcodec", "validate", str(path)], capture_output=True, text=True
            )
            if word not in proc.stderr.lower():
                tail = " | ".join(proc.stderr.strip().splitlines()[-2:])
                print(f"{name} data named .jsonl: rc {proc.returncode}, not named: {tail[:240]}")
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
