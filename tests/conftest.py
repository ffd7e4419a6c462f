"""Fixtures shared by the whole suite: the corpus root, the provider names and a full disk."""

from __future__ import annotations

import resource
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from lmcodec.providers import PROVIDERS

from .budget import EXPLORE_FACTOR, FULL_EXAMPLES, QUICK_EXAMPLES
from .corpus import CORPUS

# Every property test draws the same examples on every run (its seed is derived from the test), so
# CI's verdict on a commit never depends on the draw. The default ("repeatable") profile draws an
# eighth of each test's full count (tests/budget.py) to keep the suite inside CI's ten minutes; the
# "thorough" profile draws the full counts (CI runs it on the thorough tier, see .ci/run); run with
# `--hypothesis-profile=explore` to draw fresh random examples, EXPLORE_FACTOR times the full
# counts, and search for new failures; pin each one found with @example beside its test.
# No profile has a deadline: an example's wall time on a shared, loaded machine says nothing about
# correctness (speed is shown by benchmarks), and hypothesis's 200 ms default failed an explore run
# at load 11 on a float-spelling example that takes 20 µs alone.
settings.register_profile(
    "repeatable", derandomize=True, print_blob=True, max_examples=QUICK_EXAMPLES, deadline=None
)
settings.register_profile(
    "thorough", derandomize=True, print_blob=True, max_examples=FULL_EXAMPLES, deadline=None
)
settings.register_profile(
    "explore", derandomize=False, print_blob=True, max_examples=FULL_EXAMPLES * EXPLORE_FACTOR, deadline=None
)
settings.load_profile("repeatable")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Without the corpus, a test parametrized over its bodies has no parameters, and pytest skips
    it as "got empty parameter set": say that the corpus is what is missing."""
    if CORPUS.is_dir():
        return
    for item in items:
        skip = item.get_closest_marker("skip")
        if skip is not None and str(skip.kwargs.get("reason", "")).startswith("got empty parameter set"):
            reason = f"shared corpus not found at {CORPUS} (checkout without ../shared): no bodies to run on"
            item.add_marker(pytest.mark.skip(reason=reason), append=False)


@pytest.fixture(scope="session", autouse=True)
def _child_processes_share_their_bytecode(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Python processes the tests start (``python -m lmcodec``, pytest, dask workers) keep the modules
    they compile in one directory of this session (PYTHONPYCACHEPREFIX), and each reads what an
    earlier one wrote. Where the environment forbids bytecode files (PYTHONDONTWRITEBYTECODE, as on
    CI's machine), every such process compiled lmcodec and its dependencies from source: 0.43 s of
    CPU per ``python -m lmcodec --help``, 0.16 s with the bytecode. Nothing is written beside any
    source file, and what the processes run is unchanged (a stale file is recompiled by mtime)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTHONPYCACHEPREFIX", str(tmp_path_factory.mktemp("bytecode")))
        patch.delenv("PYTHONDONTWRITEBYTECODE", raising=False)
        yield


@pytest.fixture(scope="session")
def corpus_root() -> Path:
    """``../shared/corpus``; the test is skipped with the reason when it is absent."""
    if not CORPUS.is_dir():
        pytest.skip(f"corpus not found at {CORPUS} (expected ../shared/corpus beside the repository)")
    return CORPUS


@pytest.fixture(params=PROVIDERS)
def provider(request: pytest.FixtureRequest) -> str:
    """Each provider wire name in turn: "openai", "openai_chat", "anthropic", "gemini"."""
    name: str = request.param
    return name


@pytest.fixture
def small_disk() -> Iterator[int]:
    """Writes past 64 KiB in any one file fail with EFBIG while the test runs: a full disk, without
    root (RLIMIT_FSIZE, SIGXFSZ ignored; both restored after)."""
    limit = 64 << 10
    old_handler = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    old_limit = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, old_limit[1]))
    try:
        yield limit
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, old_limit)
        signal.signal(signal.SIGXFSZ, old_handler)
