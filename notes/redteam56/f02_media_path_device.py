"""F02: a log's media part whose `path` names a device or a FIFO (`/dev/zero`, `/dev/stdin`, a
named pipe) makes `lc.build_request` read it without bound: memory grows until MemoryError (or
the OOM killer), or the call blocks for ever, from an ~100-byte record.

`lc.decode(..., lc.Request)` accepts `"path"` on any media part (lm15's canonical form), and
`build_request` reads the file to inline it (as lm15's builders do). A record from an untrusted
log thus costs unbounded memory and time, not an lc error. Exits 1 while that shows, 0 once
build_request refuses a path that is not a regular file (an lc error, in bounded time/memory).
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam56/f02_media_path_device.py
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

CHILD = r"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (768 * 1024 * 1024, 768 * 1024 * 1024))
import lmcodec as lc
record = ('{"model":"m","messages":[{"role":"user","parts":[{"type":"image","media_type":"image/png",'
          '"path":%s}]}]}') % __import__("json").dumps(sys.argv[2])
req = lc.decode(record.encode(), lc.Request)
try:
    lc.build_request(sys.argv[1], req)
except lc.LmcodecError as exc:
    print("lc error:", exc)
    sys.exit(0)
except MemoryError:
    print("MemoryError")
    sys.exit(3)
except OSError as exc:
    print("OSError:", exc)
    sys.exit(4)
print("built")
sys.exit(5)
"""


def run(provider: str, path: str) -> str | None:
    try:
        proc = subprocess.run(
            [sys.executable, "-c", CHILD, provider, path], capture_output=True, text=True, timeout=20
        )
    except subprocess.TimeoutExpired:
        return "still reading after 20 s (blocked)"
    if proc.returncode == 0:
        return None
    return (proc.stdout.strip() or proc.stderr.strip().splitlines()[-1])[:200]


def main() -> int:
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        fifo = os.path.join(tmp, "pipe.png")
        os.mkfifo(fifo)
        for provider, path in (("anthropic", "/dev/zero"), ("openai", "/dev/zero"), ("gemini", fifo)):
            outcome = run(provider, path)
            if outcome is not None:
                print(f"build_request({provider!r}) of a part with path {path}: {outcome}")
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
