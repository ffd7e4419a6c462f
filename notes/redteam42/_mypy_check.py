"""Run mypy --strict on a snippet against the lmcodec that is imported (PYTHONPATH=src): the
snippet's error lines, as mypy reports them."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import lmcodec


def mypy_errors(snippet: str) -> list[str]:
    package_root = str(Path(lmcodec.__file__).resolve().parents[1])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "user_code.py"
        path.write_text(snippet, "utf-8")
        env = {**os.environ, "MYPYPATH": package_root}
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "mypy",
                "--strict",
                "--no-incremental",
                "--cache-dir",
                os.devnull,
                "--python-executable",
                sys.executable,
                str(path),
            ],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp,
            check=False,
        )
    return [line for line in done.stdout.splitlines() if ": error:" in line]
