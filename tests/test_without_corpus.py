"""The README's test command in a clone without ``../shared`` (a new user's): the tests that draw their
data from the corpus are skipped with the reason, never failed or passed on nothing.

The tests folder is copied into a temporary directory (nothing of the corpus beside it) and the modules
that build hypothesis strategies or sweeps from corpus data at import are run there by pytest.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"

# Each test here reads the corpus' vectors; without the corpus it has nothing to check.
CORPUS_TESTS = [
    "tests/codecs/test_convert.py::test_convert_gives_what_msgspec_convert_gives",
    "tests/codecs/test_convert.py::test_every_vector_converts_alike_into_its_target",
    "tests/codecs/test_lenient_forms.py::test_the_sweep_covers_the_fields_lm15_reads_by_iteration_and_truthiness",
    "tests/codecs/test_lenient_surrogates.py::test_lenient_reads_lone_surrogates_as_lm15_reads_them",
    "tests/stream/test_fast_paths.py::test_gemini_usage_of_the_corpus_is_read_without_the_walk",
    # parametrized over the corpus' bodies: no parameters without it (pytest's empty parameter set)
    "tests/stream/test_translate_anthropic_start_usage.py::test_the_start_usage_crosses_and_both_sdk_generations_read_the_backends_totals[NOTSET]",
]


@pytest.mark.thorough
def test_corpus_tests_skip_with_the_reason_in_a_clone_without_the_corpus(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    clone.mkdir()
    shutil.copytree(ROOT / "tests", clone / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", clone / "pyproject.toml")
    assert not (tmp_path / "shared").exists()
    env = {**os.environ, "PYTHONPATH": str(SRC), "PYTHONDONTWRITEBYTECODE": "1"}
    pytest = [sys.executable, "-m", "pytest", "-o", "addopts=", "-v", "-rs", "-p", "no:cacheprovider"]
    run = subprocess.run(
        [*pytest, *CORPUS_TESTS],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    for test in CORPUS_TESTS:
        (line,) = [line for line in run.stdout.splitlines() if line.startswith(test + " ")]
        assert " SKIPPED " in line, line
    reasons = [line for line in run.stdout.splitlines() if line.startswith("SKIPPED [")]
    assert len(reasons) == len(CORPUS_TESTS), reasons
    assert all("shared corpus not found at" in line for line in reasons), reasons
