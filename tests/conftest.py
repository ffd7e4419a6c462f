"""Fixtures shared by the whole suite: the corpus root and the provider names."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from lmcodec.providers import PROVIDERS

from .budget import DEFAULT_EXAMPLES, EXPLORE_FACTOR
from .corpus import CORPUS

# The default suite is repeatable: every property test draws the same examples on every run (its seed
# is derived from the test), so CI's verdict on a commit never depends on the draw. Run with
# `--hypothesis-profile=explore` to draw fresh random examples, EXPLORE_FACTOR times as many (see
# tests/budget.py), and search for new failures; pin each one found with @example beside its test.
settings.register_profile("repeatable", derandomize=True, print_blob=True, max_examples=DEFAULT_EXAMPLES)
settings.register_profile(
    "explore", derandomize=False, print_blob=True, max_examples=DEFAULT_EXAMPLES * EXPLORE_FACTOR
)
settings.load_profile("repeatable")


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
