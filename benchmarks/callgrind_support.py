"""Instruction counts under callgrind, shared by the ``*_callgrind.py`` scripts and
``requests_genai_shape.py --callgrind``.

A script measured this way runs itself again as ``script --inner ARGS...`` under valgrind, and
calls ``os.getppid()`` as a marker between the stretches it wants counted: callgrind dumps its
counters before each marker (``--dump-before=os_getppid*``), so dump 1 holds the start-up up to
the first marker and each later dump the stretch that ended at the next one. PYTHONHASHSEED is
fixed (0) so that dict and set layouts, and the counts, repeat; the benchmarks folder is put on
the inner run's path so that it imports its sibling modules as the outer one does.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent


@contextmanager
def marked_dumps(script: str, *args: str) -> Iterator[Callable[[int], Path]]:
    """Run ``script --inner ARGS...`` under callgrind; yield ``dump(k)``, the path of the k-th
    dump (1-based), valid until the block ends."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        env["PYTHONPATH"] = os.pathsep.join([str(HERE), env.get("PYTHONPATH", "")])
        subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--dump-before=os_getppid*",
                f"--callgrind-out-file={tmp}/cg.out",
                sys.executable,
                str(Path(script).resolve()),
                "--inner",
                *args,
            ],
            check=True,
            capture_output=True,
            env=env,
        )
        yield lambda k: Path(f"{tmp}/cg.out.{k}")


def between_markers(run: Callable[[], object], calls: int) -> None:
    """Inside valgrind: ``run`` warmed up ``calls`` times, then run ``calls`` times between two
    markers (each ``os.getppid`` call starts a dump: the second dump counts the measured calls)."""
    for _ in range(calls):
        run()
    os.getppid()
    for _ in range(calls):
        run()
    os.getppid()


def total(profile: Path) -> int:
    """The instructions counted in one dump."""
    for line in profile.read_text().splitlines():
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    raise ValueError(f"no totals in {profile}")
