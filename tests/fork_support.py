"""A fork while another thread holds one of the package's locks (rtfix54's left item): the child
must not inherit the lock held.

:func:`child_outcome` runs a fresh interpreter that runs ``setup`` (which defines ``hold(held,
release)``: take the lock, ``held.set()``, wait for ``release``; and ``use()``: the child's first
use of what the lock guards, True where it gave the right result), starts ``hold`` in a thread,
forks once the lock is held, and in the child calls ``use``. The thread holding the lock does not
run in the child: a lock copied held is never released there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

FINISHED, WRONG, RAISED, DEADLOCKED = 0, 1, 2, 3
"""The child's outcomes: what ``use`` gave was right, wrong, raised, or never came."""

_FORK = r"""
import os, sys, threading, time, traceback
{setup}
held, release = threading.Event(), threading.Event()
threading.Thread(target=hold, args=(held, release), daemon=True).start()
if not held.wait(60):
    sys.exit("the thread never took the lock")
pid = os.fork()
if pid == 0:
    try:
        right = use()
    except BaseException:
        traceback.print_exc()
        os._exit({raised})
    os._exit({finished} if right else {wrong})
deadline = time.monotonic() + {timeout}
while time.monotonic() < deadline:
    done, status = os.waitpid(pid, os.WNOHANG)
    if done:
        release.set()
        sys.exit(os.waitstatus_to_exitcode(status))
    time.sleep(0.02)
os.kill(pid, 9)
os.waitpid(pid, 0)
release.set()
sys.exit({deadlocked})
"""


def child_outcome(setup: str, timeout: float = 30.0) -> int:
    """How the forked child's ``use`` ended (:data:`FINISHED`, ...; ``timeout`` seconds for it)."""
    script = _FORK.format(
        setup=setup,
        timeout=timeout,
        finished=FINISHED,
        wrong=WRONG,
        raised=RAISED,
        deadlocked=DEADLOCKED,
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    run = subprocess.run(
        [sys.executable, "-W", "ignore::DeprecationWarning", "-c", script],
        capture_output=True,
        env=env,
        timeout=timeout + 120,
        check=False,
    )
    assert run.returncode in (FINISHED, WRONG, RAISED, DEADLOCKED), run
    return run.returncode
