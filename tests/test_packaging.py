"""What a new user installs and is told to install: the install hints name commands that work, the
package metadata (pyproject.toml) says what the code needs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

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
            "lmcodec.codecs.files:_zstd",
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
