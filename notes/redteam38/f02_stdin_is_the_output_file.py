"""F02: `lmcodec convert - ...` whose standard input is the output file is not refused.

`lmcodec convert log.jsonl - >> log.jsonl` is refused ("standard output is the input file"), and so
are `--rejects` or DEST naming the input. With the input given as `-` (`< log.jsonl`), none of these
checks runs:
  (a) `convert - - < log.jsonl >> log.jsonl`: the command reads back what it writes and the file
      grows without end (hundreds of MB in seconds), status only from a kill;
  (b) the same from MessagePack to MessagePack: the same endless growth;
  (c) `convert - out.jsonl --rejects log.jsonl < log.jsonl`: status 0, and log.jsonl is replaced
      by the rejects alone (the input file is gone).
`cat` refuses (a) ("input file is output file").

Exits 1 while any of the three runs is not refused (status 2, the file unchanged), 0 once all are.
Run: PYTHONPATH=src /work/venv/bin/python -W ignore notes/redteam38/f02_stdin_is_the_output_file.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

GOOD = (
    b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]},'
    b'"response":{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"yo"}]},'
    b'"finish_reason":"stop"}}\n'
)
BAD = GOOD.replace(b'"stop"', b'"bogus"')
CAP = 5_000_000  # bytes: past this the run is growing without end


def run(args: list[str], path: str, stdout_append: bool) -> tuple[int | None, int]:
    """The exit status (None: killed at the cap or after 30 s) and the file's size after."""
    with open(path, "rb") as stdin, open(path, "ab") if stdout_append else open(os.devnull, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-W", "ignore", "-m", "lmcodec", *args],
            stdin=stdin,
            stdout=out,
            stderr=subprocess.DEVNULL,
            env=dict(os.environ),
        )
        start = time.monotonic()
        status: int | None = None
        while time.monotonic() - start < 30:
            status = proc.poll()
            if status is not None or os.path.getsize(path) > CAP:
                break
            time.sleep(0.05)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            status = None
    return status, os.path.getsize(path)


def main() -> int:
    shown = 0
    with tempfile.TemporaryDirectory() as tmp:
        jsonl = os.path.join(tmp, "log.jsonl")
        with open(jsonl, "wb") as f:
            f.write(GOOD * 3)
        msgpack_log = os.path.join(tmp, "log.msgpack")
        subprocess.run(
            [sys.executable, "-W", "ignore", "-m", "lmcodec", "convert", jsonl, msgpack_log],
            check=True,
            capture_output=True,
            env=dict(os.environ),
        )
        mixed = os.path.join(tmp, "mixed.jsonl")
        with open(mixed, "wb") as f:
            f.write(GOOD + BAD + GOOD)
        cases = [
            ("(a) convert - - < log.jsonl >> log.jsonl", ["convert", "-", "-"], jsonl, True),
            (
                "(b) convert - - --from msgpack --to msgpack < log.msgpack >> log.msgpack",
                ["convert", "-", "-", "--from", "msgpack", "--to", "msgpack"],
                msgpack_log,
                True,
            ),
            (
                "(c) convert - out.jsonl --rejects mixed.jsonl < mixed.jsonl",
                ["convert", "-", os.path.join(tmp, "out.jsonl"), "--rejects", mixed],
                mixed,
                False,
            ),
        ]
        for label, args, path, append in cases:
            before = os.path.getsize(path)
            status, after = run(args, path, append)
            refused = status == 2 and after == before
            shown += not refused
            what = "killed (growing)" if status is None else f"status {status}"
            print(f"{label}: {what}, file {before} -> {after} bytes{'' if refused else '  <- not refused'}")
    print(f"{shown} of 3 runs are not refused")
    return 1 if shown else 0


if __name__ == "__main__":
    sys.exit(main())
