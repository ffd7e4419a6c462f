"""Probe 10: the CLI's main() run in-process: twice in a row, from 8 threads at once (distinct files),
and the signal handlers it sets restored after each run."""
from __future__ import annotations

import io
import os
import signal
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from contextlib import redirect_stderr

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import lc  # noqa: E402
from lmcodec.cli import main  # noqa: E402


def turns(k: int) -> list:
    return [lc.Turn(request=lc.Request(model=f"m{k}", messages=(lc.Message.user(f"q{i}"),)),
                    response=lc.Response(id=f"r{i}", model=f"m{k}", message=lc.Message.assistant("a"),
                                         finish_reason="stop", usage=lc.Usage(1, 2))) for i in range(30)]


def main_() -> int:
    rows = []
    before = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)}
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(16):
            lc.jsonl.write(os.path.join(tmp, f"in{k}.jsonl"), turns(k))
        def convert(k: int) -> bool:
            dest = os.path.join(tmp, f"out{k}.mpk")
            with redirect_stderr(io.StringIO()):
                code = main(["convert", os.path.join(tmp, f"in{k}.jsonl"), dest, "--from", "lm15", "--to", "msgpack"])
            return code == 0 and list(lc.msgpack.read_stream(dest, lc.Turn)) == turns(k)
        rows.append(("main() twice in a row", int(convert(0) and convert(0)), 1))
        with ThreadPoolExecutor(8) as pool:
            res = list(pool.map(convert, range(16)))
        rows.append(("main() from 8 threads, 16 conversions right", sum(res), 16))
        with redirect_stderr(io.StringIO()):
            codes = [main(["validate", os.path.join(tmp, f"in{k}.jsonl"), "--format", "lm15"]) for k in range(3)]
        rows.append(("validate x3 exit 0", sum(c == 0 for c in codes), 3))
    after = {s: signal.getsignal(s) for s in before}
    rows.append(("signal handlers restored", int(before == after), 1))
    bad = 0
    for name, ok, n in rows:
        print(f"{name:50s} {ok}/{n}")
        bad += ok != n
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main_())
