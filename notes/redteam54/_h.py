"""Shared by the reproducers: the corpus captures they read in place, and a CLI runner."""
from __future__ import annotations

import os
import pathlib
import subprocess
import sys

CORPUS = pathlib.Path(os.environ.get("LMCODEC_CORPUS", pathlib.Path(__file__).resolve().parents[3] / "shared/corpus"))
BODIES = CORPUS / "lm15-contract/bodies"


def capture(name: str) -> pathlib.Path:
    """The first captured body of a corpus case (``anthropic.basic_text``); exit 0 if absent."""
    d = BODIES / name
    if not d.is_dir():
        print(f"skipped: {d} absent")
        sys.exit(0)
    return sorted(d.iterdir())[0]


def lmcodec(*args: str, cwd: str | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m lmcodec ARGS`` with this interpreter (PYTHONPATH passed on)."""
    return subprocess.run([sys.executable, "-m", "lmcodec", *args], capture_output=True, text=True, cwd=cwd)
