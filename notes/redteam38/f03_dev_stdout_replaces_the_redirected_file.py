"""F03: DEST or --rejects `/dev/stdout` (`/dev/fd/1`, `/dev/stderr`) replaces the file the shell
redirected that stream to: `lmcodec convert new.jsonl /dev/stdout >> log.jsonl` destroys log.jsonl.

docs/hostile-input.md C11 says a device DEST (`/dev/stdout`) "is written in place, as a shell
redirection would". When the stream is redirected to a regular file, /dev/stdout is a symlink to
it, and `cli/_output.atomic_file` writes a temporary file beside its real path and renames it over
that file: the redirect target is replaced, status 0.
  (a) `convert new.jsonl /dev/stdout >> log.jsonl`: the log's 3 records are gone, 2 left;
  (b) the same with `/dev/fd/1`;
  (c) `convert mixed.jsonl - --rejects /dev/stdout > out.jsonl`: the 2 converted records are gone,
      out.jsonl holds the 1 reject; "2 records converted", status 0;
  (d) `convert mixed.jsonl o.jsonl --rejects /dev/stderr 2>> err.log`: err.log's earlier lines and
      the command's messages are gone, the reject left;
  (e) the library: a script calling `lc.jsonl.write("/dev/stdout", records)` then
      `lc.msgpack.write_stream("/dev/stdout", ...)`, run `>> log.jsonl`: the log is replaced by the
      first write, and the second creates a new file named "log.jsonl (deleted)" beside it (the
      real path of /proc/self/fd/1 once its file was unlinked).

Exits 1 while any run loses what the redirection held or was given (status 0), 0 once each run
keeps it or is refused (status 2, the file unchanged).
Run: PYTHONPATH=src /work/venv/bin/python -W ignore notes/redteam38/f03_dev_stdout_replaces_the_redirected_file.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

GOOD = (
    b'{"request":{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]},'
    b'"response":{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"yo"}]},'
    b'"finish_reason":"stop"}}\n'
)
OLD = GOOD.replace(b'"hi"', b'"old"')
BAD = GOOD.replace(b'"stop"', b'"bogus"')


def lmcodec(args: list[str], *, stdout: str | None = None, stderr: str | None = None) -> int:
    with open(stdout or os.devnull, "ab") as out, open(stderr or os.devnull, "ab") as err:
        return subprocess.run(
            [sys.executable, "-W", "ignore", "-m", "lmcodec", *args],
            stdout=out,
            stderr=err,
            env=dict(os.environ),
            timeout=120,
        ).returncode


def main() -> int:
    lost = 0
    with tempfile.TemporaryDirectory() as tmp:
        new = os.path.join(tmp, "new.jsonl")
        mixed = os.path.join(tmp, "mixed.jsonl")
        with open(new, "wb") as f:
            f.write(GOOD * 2)
        with open(mixed, "wb") as f:
            f.write(GOOD + BAD + GOOD)

        for label, dest in (("(a) /dev/stdout", "/dev/stdout"), ("(b) /dev/fd/1", "/dev/fd/1")):
            log = os.path.join(tmp, "log.jsonl")
            with open(log, "wb") as f:
                f.write(OLD * 3)
            status = lmcodec(["convert", new, dest], stdout=log)
            with open(log, "rb") as f:
                data = f.read()
            kept = data.count(OLD) == 3 and (data.count(GOOD) == 2 or status == 2)
            lost += not kept
            print(
                f"{label} >> log.jsonl (3 records): status {status}, log holds {data.count(OLD)} old + "
                f"{data.count(GOOD)} new records{'' if kept else '  <- the log was replaced'}"
            )

        out = os.path.join(tmp, "out.jsonl")
        open(out, "wb").close()
        status = lmcodec(["convert", mixed, "-", "--rejects", "/dev/stdout"], stdout=out)
        with open(out, "rb") as f:
            data = f.read()
        kept = status == 2 or (data.count(GOOD) == 2 and data.count(BAD) == 1)
        lost += not kept
        print(
            f"(c) - --rejects /dev/stdout > out.jsonl: status {status}, out holds {data.count(GOOD)} "
            f"converted + {data.count(BAD)} rejected{'' if kept else '  <- the converted records are lost'}"
        )

        err_log = os.path.join(tmp, "err.log")
        with open(err_log, "wb") as f:
            f.write(b"an earlier line\n")
        status = lmcodec(
            ["convert", mixed, os.path.join(tmp, "o.jsonl"), "--rejects", "/dev/stderr"], stderr=err_log
        )
        with open(err_log, "rb") as f:
            data = f.read()
        kept = (status == 2 and data == b"an earlier line\n") or (
            b"an earlier line" in data and b"lmcodec:" in data
        )
        lost += not kept
        print(
            f"(d) --rejects /dev/stderr 2>> err.log: status {status}, earlier line kept: "
            f"{b'an earlier line' in data}, messages kept: {b'lmcodec:' in data}"
            f"{'' if kept else '  <- err.log was replaced'}"
        )
        log = os.path.join(tmp, "lib.jsonl")
        with open(log, "wb") as f:
            f.write(OLD * 3)
        script = (
            "import lmcodec as lc\n"
            "lc.jsonl.write('/dev/stdout', [lc.TextPart('x')])\n"
            "lc.msgpack.write_stream('/dev/stdout', [lc.TextPart('y')])\n"
        )
        with open(log, "ab") as out:
            status = subprocess.run(
                [sys.executable, "-W", "ignore", "-c", script],
                stdout=out,
                stderr=subprocess.DEVNULL,
                env=dict(os.environ),
                timeout=120,
            ).returncode
        with open(log, "rb") as f:
            data = f.read()
        stray = sorted(
            name for name in os.listdir(tmp) if name.startswith("lib.jsonl") and name != "lib.jsonl"
        )
        kept = data.count(OLD) == 3 and not stray
        lost += not kept
        print(
            f"(e) lc.jsonl.write + lc.msgpack.write_stream('/dev/stdout') >> lib.jsonl: status {status}, "
            f"{data.count(OLD)} of 3 old records kept, stray files {stray}{'' if kept else '  <- replaced'}"
        )
    print(f"{lost} of 5 runs lose what the redirection held or was given")
    return 1 if lost else 0


if __name__ == "__main__":
    sys.exit(main())
