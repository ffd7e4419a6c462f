"""The package's lazy names (``lmcodec.__getattr__``, ``lmcodec.assemble``'s) hold under threads and
``importlib.reload``: red team 22 F01 and F03.

Each check runs fresh interpreters (the names are imported once per process), with threads released
together by a barrier, so that they reach the first import at the same time; on 58c3527 most such
interpreters had a thread fail with ``_DeadlockError`` or a partially initialised module.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

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

_NAMES = sorted({*lc._DEFERRED, *lc._LAZY_MODULES})
"""Every deferred name and lazy submodule, the optional extras' (``arrow``, ``dask``) too."""

HANG_SECONDS = 60  # a fresh interpreter still running after this is taken as hung (it is killed)


def _failures(modules: list[str], rounds: int = ROUNDS) -> list[str]:
    """What the threads of fresh interpreters raised or where they hung (one entry per failed
    interpreter): one interpreter a round, whose threads read every lazy name, and one of them
    imports ``modules[i]`` by its path (none if ``modules`` is empty)."""
    failures = []
    for i in range(rounds):
        module = modules[i % len(modules)] if modules else ""
        try:
            run = subprocess.run(
                [sys.executable, "-c", _FIRST_ACCESS, ",".join(_NAMES), module],
                capture_output=True,
                text=True,
                timeout=HANG_SECONDS,
            )
        except subprocess.TimeoutExpired:
            failures.append(f"import {module} beside the lazy names: still running after {HANG_SECONDS} s")
            continue
        if run.returncode:
            failures.append(run.stdout + run.stderr)
    return failures


def test_threads_reaching_the_lazy_names_at_once_all_get_them() -> None:
    assert _failures([]) == []


def test_a_module_imported_directly_beside_the_lazy_names_is_imported() -> None:
    """One thread imports a module of a stage by its path while the others read the lazy names."""
    modules = ["lmcodec.stream.assembly", "lmcodec.providers._mapper", "lmcodec.providers.gemini.views"]
    assert _failures(modules) == []


# Thorough: 14 fresh interpreters (20 s of the 3.10 default run at load 9). In the default tier
# test_no_module_reads_a_lazy_name_of_the_root checks every module for the cause of review 14 F01,
# and test_a_module_imported_directly_beside_the_lazy_names_is_imported runs the same race.
@pytest.mark.thorough
def test_each_lazy_module_imported_by_its_path_beside_the_lazy_names_is_imported() -> None:
    """One thread imports a lazy submodule by its path (``import lmcodec.dask``) while the others
    read the lazy names, ``lc.dask`` among them: each submodule in turn (review 14 F01: the pair
    ``lc.dask`` / ``import lmcodec.dask`` hung for good, where ``lmcodec.dask`` read ``lc.arrow``
    at import)."""
    modules = [f"lmcodec.{name}" for name in sorted(lc._LAZY_MODULES)]
    assert _failures(modules, rounds=2 * len(modules)) == []


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


_LAZY = frozenset({*lc._DEFERRED, *lc._LAZY_MODULES})
_SRC = Path(lc.__file__).resolve().parent


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id in ("TYPE_CHECKING", "_TYPE_CHECKING")) or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_nodes(tree: ast.AST, *, at_import: bool) -> Iterator[ast.AST]:
    """The nodes of ``tree`` that run (``if TYPE_CHECKING:`` blocks left out); with ``at_import``,
    only those that run while the module is imported (function bodies left out, their defaults,
    decorators and annotations kept)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if at_import and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            stack.extend([*node.decorator_list, node.args, *([node.returns] if node.returns else [])])
            continue
        if at_import and isinstance(node, ast.Lambda):
            stack.append(node.args)
            continue
        stack.extend(ast.iter_child_nodes(node))


def _root_lazy_reads(path: Path, src: Path = _SRC) -> list[str]:
    """Where the module at ``path`` reads a lazy name of the package root (or of the
    ``lmcodec.assemble`` face) by the name rather than by its path: every ``from lmcodec import
    <lazy>``, and ``lc.<lazy>`` run at import (``lc`` the root imported under any name)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = ["lmcodec", *path.relative_to(src).parent.parts]
    found = []
    for node in _runtime_nodes(tree, at_import=False):
        if not isinstance(node, ast.ImportFrom):
            continue
        source = node.module or ""
        if node.level:
            base = package[: len(package) - node.level + 1]
            source = ".".join([*base, *([source] if source else [])])
        names = {alias.name for alias in node.names}
        if source == "lmcodec" and names & _LAZY:
            found.append(f"line {node.lineno}: from lmcodec import {', '.join(sorted(names & _LAZY))}")
        if source == "lmcodec.assemble" and names & {"Assembler", "assemble"}:
            found.append(f"line {node.lineno}: from lmcodec.assemble import {', '.join(sorted(names))}")
    roots = {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        if alias.name == "lmcodec" and alias.asname
    }
    for node in _runtime_nodes(tree, at_import=True):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in roots
            and node.attr in _LAZY
        ):
            found.append(f"line {node.lineno}: {node.value.id}.{node.attr} at import")
    return found


@pytest.mark.parametrize("module", sorted(p.relative_to(_SRC).as_posix() for p in _SRC.rglob("*.py")))
def test_no_module_reads_a_lazy_name_of_the_root(module: str) -> None:
    """A module of the package imports a lazy submodule by its path (``import lmcodec.arrow as
    arrow``), never as a name of the root: ``from lmcodec import arrow`` runs the root's
    ``__getattr__``, which waits for the lazy-import lock while the module's own import lock is
    held, and a thread holding that lock and reaching the module waits for the other (review 14
    F01: ``lc.dask`` beside ``import lmcodec.dask`` hung for good)."""
    assert _root_lazy_reads(_SRC / module) == []


def test_the_check_sees_a_lazy_name_read_from_the_root(tmp_path: Path) -> None:
    """The AST check above finds each form it refuses (and passes the forms it allows)."""
    package = tmp_path / "lmcodec"
    package.mkdir()
    sample = package / "sample.py"
    sample.write_text(
        "import typing\n"
        "import lmcodec as lc\n"
        "import lmcodec.arrow as arrow\n"
        "from lmcodec import wire\n"
        "from lmcodec import arrow as a2\n"
        "from . import dask\n"
        "from lmcodec.assemble import Assembler\n"
        "if typing.TYPE_CHECKING:\n"
        "    from lmcodec import stream\n"
        "KEEP = lc.stream\n"
        "def later():\n"
        "    return lc.providers\n"
        "def inner():\n"
        "    from lmcodec import llm\n",
        encoding="utf-8",
    )
    assert sorted(_root_lazy_reads(sample, package)) == sorted(
        [
            "line 5: from lmcodec import arrow",
            "line 6: from lmcodec import dask",
            "line 7: from lmcodec.assemble import Assembler",
            "line 10: lc.stream at import",
            "line 14: from lmcodec import llm",
        ]
    )
