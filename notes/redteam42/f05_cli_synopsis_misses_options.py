"""F05: the README's command-line synopsis ("### The command line") leaves out options the commands
take: ``convert --type`` (the prose below the synopsis names ``--type`` for ``validate``'s line
only) and ``--max-line-bytes`` on convert, validate and assemble (the README speaks of the
library's ``max_line_bytes``, whose ``None`` lifts the bound; the command's is ``0``). A stranger
reading the synopsis of ``convert`` does not learn it reads Requests or Messages, or how to read a
record past 64 MiB. Exits 1 while an option of ``lmcodec SUB --help`` is missing from the
synopsis line of SUB; 0 once each is there."""

from __future__ import annotations

import contextlib
import io
import re
import sys
from pathlib import Path

from lmcodec.cli import main

ROOT = Path(__file__).resolve().parents[2]
readme = (ROOT / "README.md").read_text("utf-8")
block = readme.split("### The command line", 1)[1].split("```", 2)[1]
synopsis: dict[str, str] = {}
current = ""
for line in block.splitlines():
    found = re.match(r"lmcodec (\w+)", line)
    if found:
        current = found.group(1)
        synopsis[current] = line
    elif current and line.startswith(" "):
        synopsis[current] += line
missing = []
for sub in ("bench", "convert", "validate", "assemble", "schema"):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        main([sub, "--help"])
    options = set(re.findall(r"(--[a-z][a-z-]+)", out.getvalue())) - {"--help"}
    for option in sorted(options):
        if option not in synopsis.get(sub, ""):
            missing.append(f"lmcodec {sub} {option}")
print("in --help, not in the README synopsis:", missing)
sys.exit(1 if missing else 0)
