"""The layout of docs/architecture.md holds: its module map is the tree, modules stay small,
the package root holds public faces only, and imports flow one way."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "lmcodec"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
MAX_LINES = 550  # "about 500": a module past this is split along a real seam

MODULES = sorted(p.relative_to(SRC).as_posix() for p in SRC.rglob("*.py"))

# Who may import whom: each stage with the stages below it that it may import (itself always).
# Every import of an lmcodec module counts: at module level, inside a function (it runs later, but
# it is a dependency all the same, and the usual way to hide a cycle) and in an
# ``if TYPE_CHECKING:`` block (a dependency of the types, which a lazy import must not turn into a
# cycle either). A root module that is a public face (``lmcodec.sse`` ...) is its own stage.
BELOW: dict[str, set[str]] = {
    "errors": set(),
    "wire": {"errors"},
    "codecs": {"errors", "wire"},
    "framing": {"errors", "codecs"},  # byte-level SSE framing: below both of its users
    "api": {"errors", "wire"},
    "lm15": {"errors", "wire", "codecs"},
    "llm": {"errors", "wire", "codecs"},
    "providers": {"errors", "wire", "codecs", "framing"},
    "stream": {"errors", "wire", "codecs", "framing", "providers"},
    "arrow": {"errors", "wire", "codecs"},
    "dask": {"errors", "wire", "codecs", "llm", "arrow"},
    "sse": {"framing"},
    "jsonl": {"codecs"},
    "msgpack": {"codecs"},
    "assemble": {"errors", "stream"},
    "__init__": {
        "errors",
        "wire",
        "codecs",
        "framing",
        "api",
        "lm15",
        "llm",
        "providers",
        "stream",
        "arrow",
        "dask",
        "jsonl",
        "msgpack",
        "assemble",
    },
    "cli": {
        "__init__",
        "errors",
        "wire",
        "codecs",
        "framing",
        "api",
        "lm15",
        "llm",
        "providers",
        "stream",
        "arrow",
        "dask",
    },
    "__main__": {"cli"},
}

TYPE_ONLY: dict[str, set[str]] = {"errors": {"wire"}}
"""Edges allowed in ``if TYPE_CHECKING:`` only: the errors carry wire values (a StreamAssemblyError's
``partial`` Response, a StreamDecodeError's events, a StreamError's ErrorDetail) and say so in their
annotations, while the wire raises the errors at run time; naming the wire for type checkers only
runs no import and makes no cycle."""


def _stage(module: str) -> str:
    """The stage of a module path relative to src/lmcodec (``providers/gemini/framing.py`` ->
    ``providers``, ``sse.py`` -> ``sse``)."""
    return module.split("/", 1)[0].removesuffix(".py")


def _module_map() -> list[str]:
    text = ARCHITECTURE.read_text("utf-8")
    block = text.split("## Module map", 1)[1].split("```", 2)[1]
    return sorted(line.split()[0] for line in block.splitlines() if line.strip())


def test_module_map_is_the_tree() -> None:
    assert _module_map() == MODULES


@pytest.mark.parametrize("module", MODULES)
def test_module_is_small(module: str) -> None:
    lines = (SRC / module).read_text("utf-8").count("\n")
    assert lines <= MAX_LINES, f"{module} has {lines} lines: split it along a real seam"


def test_no_private_module_at_the_root() -> None:
    root = [m for m in MODULES if "/" not in m]
    assert [m for m in root if m.startswith("_") and m not in ("__init__.py", "__main__.py")] == []


def _from_root(name: str) -> str:
    """What ``from lmcodec import <name>`` imports: a submodule, or a name of the package root."""
    is_module = (SRC / name).is_dir() or (SRC / f"{name}.py").is_file()
    return f"lmcodec.{name}" if is_module else "lmcodec"


def _imports(path: Path) -> list[tuple[str, bool]]:
    """The lmcodec modules ``path`` imports (dotted, without ``lmcodec.``), each with whether the
    import is for type checkers only (inside ``if TYPE_CHECKING:``); relative imports resolved."""
    tree = ast.parse(path.read_text("utf-8"))
    package = ["lmcodec", *path.relative_to(SRC).parent.parts]
    type_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            type_only.update(id(n) for child in node.body for n in ast.walk(child))
    found: list[tuple[str, bool]] = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *([base] if base else [])])
            names = [_from_root(a.name) for a in node.names] if base == "lmcodec" else [base]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            match = re.fullmatch(r"lmcodec(?:\.([\w.]+))?", name)
            if match:  # the package root itself (``import lmcodec as lc``) is the stage "__init__"
                found.append((match.group(1) or "__init__", id(node) in type_only))
    return found


def _wrong_imports(module: str) -> list[str]:
    """The imports of ``module`` (a path under src/lmcodec) that go up or sideways in BELOW."""
    stage = _stage(module)
    wrong = []
    for imported, type_only in _imports(SRC / module):
        target = imported.split(".", 1)[0]
        allowed = BELOW[stage] | {stage} | (TYPE_ONLY.get(stage, set()) if type_only else set())
        if target not in allowed:
            wrong.append(f"{imported}{' (TYPE_CHECKING)' if type_only else ''}")
    return sorted(wrong)


def test_every_module_has_a_stage() -> None:
    assert sorted({_stage(m) for m in MODULES} - set(BELOW)) == []


def test_the_stages_are_ordered() -> None:
    """BELOW is a strict order: no stage is below itself through another (no cycle in the table)."""
    for stage in BELOW:
        seen: set[str] = set()
        todo = list(BELOW[stage])
        while todo:
            lower = todo.pop()
            assert lower != stage, f"{stage} is below itself"
            if lower not in seen:
                seen.add(lower)
                todo.extend(BELOW[lower])


@pytest.mark.parametrize("module", MODULES)
def test_imports_flow_one_way(module: str) -> None:
    assert _wrong_imports(module) == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from lmcodec.stream.sse import SSEDecoder\n", ["stream.sse"]),
        ("def f():\n    from lmcodec.stream import decode\n", ["stream"]),
        ("import lmcodec.stream.engine\n", ["stream.engine"]),
        ("from lmcodec import stream\n", ["stream"]),
        ("import lmcodec as lc\n", ["__init__"]),
        ("from lmcodec import decode\n", ["__init__"]),
        ("from ...stream import sink\n", ["stream"]),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from lmcodec.stream.sink import Sink\n",
            ["stream.sink (TYPE_CHECKING)"],
        ),
        ("from lmcodec.framing.sse import SSEDecoder\nfrom . import _json\n", []),
    ],
)
def test_an_upward_import_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, expected: list[str]
) -> None:
    """The walk sees each form of import a provider module could use to reach the stream stage."""
    fake = tmp_path / "lmcodec"
    (fake / "providers" / "gemini").mkdir(parents=True)
    (fake / "stream").mkdir()
    (fake / "providers" / "gemini" / "mod.py").write_text(source, "utf-8")
    monkeypatch.setattr(sys.modules[__name__], "SRC", fake)
    assert _wrong_imports("providers/gemini/mod.py") == expected
