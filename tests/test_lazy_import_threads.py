"""The package's lazy names (``lmcodec.__getattr__``, ``lmcodec.assemble``'s) hold under threads and
``importlib.reload``: red team 22 F01 and F03.

Each check runs fresh interpreters (the names are imported once per process), with threads released
together by a barrier, so that they reach the first import at the same time; on 58c3527 most such
interpreters had a thread fail with ``_DeadlockError`` or a partially initialised module.
"""

from __future__ import annotations

import subprocess
import sys

import lmcodec as lc

ROUNDS = 5  # fresh interpreters a check runs (58c3527 failed 7 to 9 of 10)

_FIRST_ACCESS = r"""
import importlib, sys, threading
import lmcodec as lc
face = sys.modules["lmcodec.assemble"]
names, modules = sys.argv[1].split(","), [m for m in sys.argv[2].split(",") if m]
jobs = [(lc, name) for name in names] * 2 + [(face, "Assembler"), (face, "assemble")]
errors = []
barrier = threading.Barrier(len(jobs) + len(modules))
def first_access(owner, name):
    barrier.wait()
    try:
        value = getattr(owner, name)
        if value is None:
            errors.append(f"{name}: None")
    except BaseException as exc:
        errors.append(f"{owner.__name__}.{name}: {type(exc).__name__}: {exc}")
def direct_import(module):
    barrier.wait()
    try:
        importlib.import_module(module)
    except BaseException as exc:
        errors.append(f"import {module}: {type(exc).__name__}: {exc}")
threads = [threading.Thread(target=first_access, args=job) for job in jobs]
threads += [threading.Thread(target=direct_import, args=(m,)) for m in modules]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
assert lc.assemble is lc.stream.assemble and lc.Assembler is lc.stream.Assembler
assert face.assemble is lc.assemble and face.Assembler is lc.Assembler
print("\n".join(errors))
sys.exit(1 if errors else 0)
"""

_NAMES = sorted({*lc._DEFERRED, *(lc._LAZY_MODULES - {"arrow", "dask"})})
"""Every deferred name and lazy submodule (but the optional extras', whose import is pyarrow's)."""


def _failures(modules: list[str]) -> list[str]:
    """What the threads of fresh interpreters raised (one entry per failed interpreter): one
    interpreter a round, whose threads read every lazy name, and one of them imports ``modules[i]``
    by its path (none if ``modules`` is empty)."""
    failures = []
    for i in range(ROUNDS):
        module = modules[i % len(modules)] if modules else ""
        run = subprocess.run(
            [sys.executable, "-c", _FIRST_ACCESS, ",".join(_NAMES), module],
            capture_output=True,
            text=True,
            timeout=120,
        )
        if run.returncode:
            failures.append(run.stdout + run.stderr)
    return failures


def test_threads_reaching_the_lazy_names_at_once_all_get_them() -> None:
    assert _failures([]) == []


def test_a_module_imported_directly_beside_the_lazy_names_is_imported() -> None:
    """One thread imports a module of a stage by its path while the others read the lazy names."""
    modules = ["lmcodec.stream.assembly", "lmcodec.providers._mapper", "lmcodec.providers.gemini.views"]
    assert _failures(modules) == []


def test_the_package_reloads() -> None:
    code = (
        "import importlib, lmcodec as lc\n"
        "importlib.reload(lc)\n"
        "assert callable(lc.assemble) and lc.assemble is lc.stream.assemble\n"
        "importlib.reload(lc)\n"
        "assert lc.assemble is lc.stream.assemble\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
