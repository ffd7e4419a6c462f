"""Start-up cost of ``import lmcodec`` and of the lmcodec command, for one or more source trees.

Each command runs in a fresh interpreter with ``PYTHONPATH=<SRC>``, ``PYTHONHASHSEED=0`` and the
bytecode cached (a warm-up run first writes it under a private ``PYTHONPYCACHEPREFIX``):

- ``import``: ``python -c "import lmcodec"``;
- ``--help``: ``python -m lmcodec --help``;
- ``validate``: ``python -m lmcodec validate --type Request <one-record log>``;
- ``floor``: ``python -c "import msgspec"`` (what any lmcodec start-up pays).

``--callgrind``: the instructions of each command (``valgrind --tool=callgrind``; they do not
move with the machine's load). Otherwise: wall time, interleaved (each round runs every command
of every tree once, in turn), reported as the median over rounds of each command's time over the
floor's time in the same round, and the number of lmcodec modules ``import lmcodec`` loads.

Run: python3 benchmarks/import_startup.py [--callgrind] [--rounds N] SRC [SRC ...]
(e.g. a ``git worktree`` or ``git archive`` of the base commit's ``src`` and this tree's ``src``).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS: dict[str, list[str]] = {
    "floor": ["-c", "import msgspec"],
    "import": ["-c", "import lmcodec"],
    "--help": ["-m", "lmcodec", "--help"],
    "validate": ["-m", "lmcodec", "validate", "--type", "Request", "{log}"],
}
_COLLECTED = re.compile(r"Collected : (\d+)")


def _environment(src: str, cache: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(PYTHONPATH=src, PYTHONHASHSEED="0", PYTHONPYCACHEPREFIX=cache)
    return env


def _argv(name: str, log: str) -> list[str]:
    return [sys.executable, *(a.replace("{log}", log) for a in COMMANDS[name])]


def _log(directory: str) -> str:
    """A one-record Request log for ``validate`` (written by the first tree's lmcodec)."""
    path = os.path.join(directory, "one.jsonl")
    with open(path, "wb") as out:
        out.write(b'{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"hi"}]}]}\n')
    return path


def _callgrind(trees: list[str], log: str, cache: str) -> None:
    print(f"{'command':10}" + "".join(f"{Path(t).parent.name or t:>20}" for t in trees))
    for name in COMMANDS:
        counts = []
        for src in trees:
            env = _environment(src, cache)
            subprocess.run(_argv(name, log), env=env, capture_output=True, check=True)  # warm the cache
            with tempfile.TemporaryDirectory() as scratch:
                valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/out"]
                run = subprocess.run(
                    [*valgrind, *_argv(name, log)],
                    env=env,
                    capture_output=True,
                    text=True,
                    check=True,
                )
            found = _COLLECTED.search(run.stderr)
            counts.append(f"{int(found.group(1)) / 1e6:.1f} M" if found else "?")
        print(f"{name:10}" + "".join(f"{c:>20}" for c in counts))


def _modules(src: str, cache: str) -> int:
    code = "import sys, lmcodec; print(sum(m.startswith('lmcodec') for m in sys.modules))"
    run = subprocess.run(
        [sys.executable, "-c", code], env=_environment(src, cache), capture_output=True, text=True, check=True
    )
    return int(run.stdout)


def _interleaved(trees: list[str], log: str, cache: str, rounds: int) -> None:
    ratios: dict[tuple[str, str], list[float]] = {(t, n): [] for t in trees for n in COMMANDS}
    for src in trees:
        for name in COMMANDS:
            subprocess.run(_argv(name, log), env=_environment(src, cache), capture_output=True, check=True)
    for _ in range(rounds):
        for src in trees:
            env = _environment(src, cache)
            times = {}
            for name in COMMANDS:
                start = time.perf_counter()
                subprocess.run(_argv(name, log), env=env, capture_output=True, check=True)
                times[name] = time.perf_counter() - start
            for name in COMMANDS:
                ratios[src, name].append(times[name] / times["floor"])
    print(f"{'command':10}" + "".join(f"{Path(t).parent.name or t:>20}" for t in trees))
    for name in COMMANDS:
        cells = [f"{statistics.median(ratios[t, name]):.2f}x floor" for t in trees]
        print(f"{name:10}" + "".join(f"{c:>20}" for c in cells))
    print(f"{'modules':10}" + "".join(f"{_modules(t, cache):>20}" for t in trees))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("trees", nargs="+", metavar="SRC", help="a source tree holding lmcodec/")
    parser.add_argument("--callgrind", action="store_true", help="instruction counts instead of time")
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        log = _log(scratch)
        cache = os.path.join(scratch, "pycache")
        if args.callgrind:
            _callgrind(args.trees, log, cache)
        else:
            _interleaved(args.trees, log, cache, args.rounds)


if __name__ == "__main__":
    main()
