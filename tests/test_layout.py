"""The layout of docs/architecture.md holds: its module map is the tree, modules stay small,
the package root holds public faces only, and imports flow one way."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "lmcodec"
ARCHITECTURE = ROOT / "docs" / "architecture.md"
MAX_LINES = 550  # "about 500": a module past this is split along a real seam

MODULES = sorted(p.relative_to(SRC).as_posix() for p in SRC.rglob("*.py"))

# What each stage may import at run time (type-only imports are not counted). The providers
# build on two pieces of the stream stage below the decoder: the SSE framer and the Sink
# protocol they hand content to; the decoder, assembler and encoder build on the providers.
ALLOWED: dict[str, set[str]] = {
    "wire": {"wire", "errors"},
    "errors": {"wire"},
    "codecs": {"wire", "errors", "codecs"},
    "llm": {"wire", "errors", "codecs", "llm"},
    "providers": {"wire", "errors", "codecs", "providers", "stream.sse", "stream._sse_fields", "stream.sink"},
    "stream": {"wire", "errors", "codecs", "providers", "stream"},
    "arrow": {"wire", "errors", "codecs", "arrow"},
}


def _allowed(imported: str, allowed: set[str]) -> bool:
    return any(imported == a or imported.startswith(a + ".") for a in allowed)


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


def _runtime_imports(path: Path) -> set[str]:
    """The lmcodec modules (dotted, no ``lmcodec.`` prefix) a module imports at run time."""
    tree = ast.parse(path.read_text("utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for child in node.body for n in ast.walk(child))
    stages: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] if node.module != "lmcodec" else [f"lmcodec.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            match = re.match(r"lmcodec\.([\w.]+)", name)
            if match:
                stages.add(match.group(1))
    return stages


@pytest.mark.parametrize("stage", sorted(ALLOWED))
def test_imports_flow_one_way(stage: str) -> None:
    files = [SRC / f"{stage}.py"] if (SRC / f"{stage}.py").exists() else sorted((SRC / stage).rglob("*.py"))
    wrong = {
        f.relative_to(SRC).as_posix(): bad
        for f in files
        if (bad := sorted(m for m in _runtime_imports(f) if not _allowed(m, ALLOWED[stage])))
    }
    assert wrong == {}
