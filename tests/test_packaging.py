"""What a new user installs and is told to install: the install hints name commands that work, the
package metadata (pyproject.toml) says what the code needs."""

from __future__ import annotations

import ast
import re
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

# lmcodec is not on the package index: ``pip install 'lmcodec[x]'`` finds no distribution.
UNPUBLISHED = re.compile(r"pip install [^\n`]*?(?<![\w.-])'?lmcodec\[")


def _texts() -> list[Path]:
    return [
        *sorted((ROOT / "src").rglob("*.py")),
        *sorted((ROOT / "docs").rglob("*.md")),
        *sorted((ROOT / "examples").rglob("*")),
        ROOT / "README.md",
    ]


def test_no_install_hint_names_the_unpublished_package() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in _texts()
        if path.is_file()
        for match in UNPUBLISHED.finditer(path.read_text("utf-8", errors="replace"))
    ]
    assert found == []


@pytest.mark.parametrize(
    ("module", "call", "says"),
    [
        (
            "zstandard",
            "lmcodec.codecs._checked:zstd_module",
            "pip install zstandard, or in a checkout of lmcodec pip install -e '.[zstd]'",
        ),
        (
            "pyarrow",
            "lmcodec.arrow._checks:pyarrow_module",
            "pip install pyarrow, or in a checkout of lmcodec pip install -e '.[arrow]'",
        ),
        (
            "dask",
            "lmcodec.dask:_bag_module",
            "pip install 'dask[distributed]' pyarrow, or in a checkout of lmcodec pip install -e '.[dask]'",
        ),
    ],
)
def test_a_missing_extra_says_what_installs_it(
    module: str, call: str, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib

    module_name, function = call.split(":")
    target = getattr(importlib.import_module(module_name), function)
    monkeypatch.setitem(sys.modules, module, None)
    if module == "pyarrow":
        monkeypatch.setattr("lmcodec.arrow._checks._pa", None)
    with pytest.raises(ImportError) as caught:
        target()
    assert str(caught.value).endswith(says)


def _pyproject() -> dict[str, Any]:
    try:
        import tomllib
    except ImportError:  # Python 3.10: tomli is the same reader
        tomllib = pytest.importorskip("tomli", reason="reading pyproject.toml on 3.10 needs tomli")
    project: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    return project


def test_the_msgspec_floor_has_what_lmcodec_uses() -> None:
    """msgspec.StructMeta (the wire metaclass's base) is 0.20; structs.replace running __post_init__
    (Response's normalization, tests/wire/test_signatures.py) is 0.21: with 0.19 import failed."""
    (requirement,) = [d for d in _pyproject()["dependencies"] if d.startswith("msgspec")]
    floor = tuple(int(part) for part in requirement.removeprefix("msgspec>=").split("."))
    assert floor >= (0, 21), requirement


def test_the_license_file_is_the_declared_license() -> None:
    project = _pyproject()
    text = (ROOT / "LICENSE").read_text("utf-8")
    assert project["license"] == "MIT" and text.startswith("MIT License\n")
    (author,) = project["authors"]
    assert f"Copyright (c) 2026 {author['name']}\n" in text


def test_the_classifiers_name_every_supported_python() -> None:
    project = _pyproject()
    assert project["requires-python"] == ">=3.10"
    for minor in (10, 11, 12, 13):
        assert f"Programming Language :: Python :: 3.{minor}" in project["classifiers"]
    assert "Typing :: Typed" in project["classifiers"] and (ROOT / "src/lmcodec/py.typed").is_file()
    assert not any(c.startswith("License ::") for c in project["classifiers"])  # the expression says it


def test_every_extra_is_named_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text("utf-8")
    for extra in _pyproject()["optional-dependencies"]:
        assert f"`{extra}`" in readme, extra


def test_the_bench_extra_pulls_no_linters_and_ci_installs_what_it_runs() -> None:
    extras = _pyproject()["optional-dependencies"]
    names = {re.split(r"[<>=\[ ]", dep, maxsplit=1)[0] for dep in extras["bench"]}
    assert not names & {"mypy", "ruff", "pyright", "lmcodec"}, names
    ci = (ROOT / ".ci/run").read_text("utf-8")
    assert "-e '.[test]'" in ci
    tested = {re.split(r"[<>=\[ ]", dep, maxsplit=1)[0] for dep in extras["test"]}
    for tool in ("ruff", "mypy", "pyright", "pytest"):
        assert f"-m {tool}" in ci and tool in tested, tool


def test_the_version_is_the_installed_distributions() -> None:
    import lmcodec as lc

    assert lc.__version__ == metadata.version("lmcodec") == _pyproject()["version"]


def test_every_test_file_the_docs_cite_exists() -> None:
    """A reader follows ``tests/...py`` from README.md and docs/ to the test that shows a claim."""
    cited = {
        (path.relative_to(ROOT), match)
        for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
        for match in re.findall(r"tests/[\w/]+\.py", path.read_text("utf-8"))
    }
    assert len(cited) > 20
    assert [f"{doc}: {test}" for doc, test in sorted(cited) if not (ROOT / test).is_file()] == []


def _requirement_name(requirement: str) -> str:
    return re.split(r"[<>=\[ ]", requirement, maxsplit=1)[0]


def _third_party_imports(path: Path) -> set[str]:
    """The top-level modules ``path`` imports that are neither the standard library, msgspec (the
    one dependency) nor lmcodec itself."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            found.add(node.module.partition(".")[0])
    return found - set(sys.stdlib_module_names) - {"__future__", "msgspec", "lmcodec"}


# What each of the README's set-up commands does first: a system Python may refuse ``pip install``
# (PEP 668, "externally-managed-environment"; red team 42 F08).
VENV = "python3 -m venv .venv && . .venv/bin/activate && "


def test_the_readme_test_command_makes_a_venv_and_ci_runs_the_rest() -> None:
    """red team 42 F08: the README's set-up commands each make and activate a venv first; .ci/run
    makes one venv per Python itself (two side by side cannot share ``.venv``) and runs the rest of
    the README's test command in it."""
    readme = (ROOT / "README.md").read_text("utf-8")
    block = re.search(r"```sh\n(.*?)\n```", readme, re.DOTALL)
    assert block is not None
    bench, tests = block.group(1).splitlines()
    assert bench.startswith(VENV) and tests.startswith(VENV)
    assert tests.removeprefix(VENV) == "python3 -m pip install -e '.[test]' && python3 -m pytest"
    ci = (ROOT / ".ci/run").read_text("utf-8")
    assert "python3 -m pip install -q -e '.[test]' && python3 -m pytest -p no:cacheprovider" in ci


def test_the_readme_first_command_installs_what_lmcodec_bench_compares_against() -> None:
    """red team 18 F06: the README's first command installed msgspec only, so ``lmcodec bench``
    showed two of its six headline ratios, and its hint installed lm15's newest release. The
    ``peers`` extra holds exactly the peers the bench imports, lm15 pinned as the test extra pins it;
    the README's first command and the bench's hint for each missing peer name it."""
    from lmcodec.cli import bench

    extras = _pyproject()["optional-dependencies"]
    peers = {_requirement_name(dep): dep for dep in extras["peers"]}
    assert set(peers) == _third_party_imports(ROOT / "src/lmcodec/cli/bench.py") == {"orjson", "lm15"}
    assert peers["lm15"] in extras["test"] and peers["lm15"] == "lm15==1.5.0"
    readme = (ROOT / "README.md").read_text("utf-8")
    first = re.search(r"```sh\n(.*)\n", readme)
    assert first is not None
    assert first.group(1) == VENV + "python3 -m pip install -e '.[peers]' && lmcodec bench"
    table = bench.Report([], list(peers), 1).table()
    for name in peers:
        assert f"({name} is not installed, so it is not compared: pip install {name}" in table
    assert "pip install lm15==1.5.0," in table
    assert table.count("pip install -e '.[peers]')") == len(peers)
