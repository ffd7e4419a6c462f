"""Fixtures for tests/llm; the helpers live in llm_support (a uniquely named module)."""

from .llm_support import mock_model

__all__ = ["mock_model"]
