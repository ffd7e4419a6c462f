"""The README's command-line synopsis names every option each subcommand's ``--help`` lists (red
team 42 F05: ``convert --type`` and ``--max-line-bytes`` on three subcommands were missing)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from lmcodec.cli import main

ROOT = Path(__file__).resolve().parents[2]
SUBCOMMANDS = ("bench", "convert", "validate", "assemble", "schema")


def _synopsis() -> dict[str, str]:
    """Each subcommand's synopsis lines (a line naming it, and the indented lines after it)."""
    readme = (ROOT / "README.md").read_text("utf-8")
    block = readme.split("### The command line", 1)[1].split("```", 2)[1]
    lines: dict[str, str] = {}
    current = ""
    for line in block.splitlines():
        named = re.match(r"lmcodec (\w+)", line)
        if named:
            current = named.group(1)
            lines[current] = line
        elif current and line.startswith(" "):
            lines[current] += line
    return lines


def _options(sub: str) -> set[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main([sub, "--help"])
    return set(re.findall(r"(--[a-z][a-z-]+)", out.getvalue())) - {"--help"}


@pytest.mark.parametrize("sub", SUBCOMMANDS)
def test_the_synopsis_names_every_option(sub: str) -> None:
    synopsis = _synopsis()
    assert sub in synopsis, f"no `lmcodec {sub}` line in the README's synopsis"
    missing = sorted(option for option in _options(sub) if option not in synopsis[sub])
    assert missing == [], f"lmcodec {sub}: in --help, not in the README synopsis"


def test_the_check_reads_options() -> None:
    assert {"--type", "--max-line-bytes", "--on-error"} <= _options("convert")
