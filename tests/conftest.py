"""Fixtures shared by the whole suite: the corpus root and the provider names."""

from __future__ import annotations

from pathlib import Path

import pytest

from lmcodec.providers import PROVIDERS

from .corpus import CORPUS


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
