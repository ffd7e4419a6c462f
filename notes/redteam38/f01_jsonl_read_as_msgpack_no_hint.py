"""F01: JSON Lines read as MessagePack (--from msgpack, --format msgpack, a .msgpack name) is
reported as one "truncated record (416 of 2065855077 bytes)" with no hint, where every other
mismatch (MessagePack or Parquet read as lm15 JSON, llm records as lm15, lm15 as llm, a wrong
--type) ends with "hint: ... --from/--format ...".

Parquet read as MessagePack is the same ("truncated record (66354 of 1346458161 bytes)"), though
`_hints.hint` knows Parquet's magic. Exits 1 while any of the four runs lacks a hint naming the
input's format (lm15 JSON / Parquet), 0 once each run's stderr carries one.
Run: PYTHONPATH=src /work/venv/bin/python -W ignore notes/redteam38/f01_jsonl_read_as_msgpack_no_hint.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

TURN = (
    b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]},'
    b'"response":{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"yo"}]},'
    b'"finish_reason":"stop"}}\n'
)


def lmcodec(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-W", "ignore", "-m", "lmcodec", *args],
        capture_output=True,
        text=True,
        env=dict(os.environ),
        timeout=120,
    )


def main() -> int:
    failures = 0
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = os.path.join(tmp, "log.jsonl")
        misnamed = os.path.join(tmp, "log.msgpack")
        for path in (jsonl, misnamed):
            with open(path, "wb") as f:
                f.write(TURN * 2)
        parquet = os.path.join(tmp, "log.parquet")
        lmcodec("convert", jsonl, parquet)
        runs = {
            "convert --from msgpack": (
                ("convert", jsonl, os.path.join(tmp, "a.jsonl"), "--from", "msgpack"),
                "lm15",
            ),
            "validate --format msgpack": (("validate", jsonl, "--format", "msgpack"), "lm15"),
            "convert of a .msgpack name holding JSON Lines": (
                ("convert", misnamed, os.path.join(tmp, "b.jsonl")),
                "lm15",
            ),
            "convert of Parquet --from msgpack": (
                ("convert", parquet, os.path.join(tmp, "c.jsonl"), "--from", "msgpack"),
                "parquet",
            ),
        }
        for label, (args, wanted) in runs.items():
            done = lmcodec(*args)
            hints = [line for line in done.stderr.splitlines() if "hint" in line]
            named = any(wanted in h or (wanted == "lm15" and "JSON" in h) for h in hints)
            print(
                f"{label}: status {done.returncode}; {done.stderr.strip().splitlines()[0]!r}; hint: {hints or 'none'}"
            )
            if not named:
                failures += 1
    print(f"{failures} of {len(runs)} runs give no hint naming the input's format")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
