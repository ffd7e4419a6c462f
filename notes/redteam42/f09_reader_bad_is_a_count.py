"""F09: the README's log example ends ``reader.bad, reader.errors  # lc.BadRecord: line, byte
offset, JSON path, raw line``; ``reader.bad`` is the number of bad lines (an int), only
``reader.errors`` holds the BadRecords, so ``for b in reader.bad:`` as the comment reads is a
TypeError ("'int' object is not iterable"). Exits 1 while the README line says nothing of a count;
0 once it does."""

from __future__ import annotations

import sys
from pathlib import Path

import lmcodec as lc

ROOT = Path(__file__).resolve().parents[2]
reader = lc.jsonl.read(b"{bad\n", lc.Turn, on_error="collect")
list(reader)
print("reader.bad:", repr(reader.bad), "reader.errors:", reader.errors)
line = next(t for t in (ROOT / "README.md").read_text("utf-8").splitlines() if "reader.bad" in t)
print("README:", line.strip())
said = any(word in line for word in ("count", "number", "how many"))
sys.exit(0 if said or not isinstance(reader.bad, int) else 1)
