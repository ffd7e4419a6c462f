"""Helpers for the llm-format tests: the llm-0.36 corpus and an offline llm model.

The corpus is read in place from ``<repo>/../shared/corpus/llm-0.36``; tests
that need it skip with a reason when it is absent. Tests that compare with llm
itself skip when llm is not installed. No network access: the mock model only
replays scripted StreamEvents.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPUS_DIR = REPO_ROOT / ".." / "shared" / "corpus" / "llm-0.36"
VECTORS_PATH = CORPUS_DIR / "vectors.json"

# llm reads its user dir (keys, aliases, logs) lazily: keep it away from the real one.
os.environ.setdefault("LLM_USER_PATH", tempfile.mkdtemp(prefix="lmcodec-llm-user-"))

try:
    from llm.parts import StreamEvent

    import llm
except ImportError:  # pragma: no cover - llm is a test dependency
    llm = None
    StreamEvent = None


def load_vectors() -> list[dict[str, Any]]:
    """The corpus vectors, or [] when the corpus is not there (tests then skip)."""
    if not VECTORS_PATH.is_file():
        return []
    with VECTORS_PATH.open(encoding="utf-8") as f:
        vectors: list[dict[str, Any]] = json.load(f)
    return vectors


def corpus_missing() -> str:
    """The skip reason used when the shared corpus is not checked out next to the repo."""
    return f"llm-0.36 corpus not found at {VECTORS_PATH.resolve()}"


def vectors_of(kind: str) -> list[Any]:
    """pytest params for one kind, or a single skipped param when the corpus is absent."""
    found = [pytest.param(v, id=v["id"]) for v in load_vectors() if v["kind"] == kind]
    if not found:
        skip = pytest.mark.skip(reason=corpus_missing())
        return [pytest.param(None, id=f"{kind}-missing", marks=skip)]
    return found


def canonical_json(value: Any) -> str:
    """A JSON value with its key order, as text (stdlib dialect: NaN, lone surrogates ok)."""
    return json.dumps(value, ensure_ascii=True)


def same_json(ours: bytes, expected: Any) -> bool:
    """Same JSON value AND same key order (ints vs floats distinguished)."""
    return canonical_json(json.loads(ours)) == canonical_json(expected)


needs_llm = pytest.mark.skipif(llm is None, reason="llm is not installed")


if llm is not None:

    class MockOptions(llm.Options):  # type: ignore[misc,name-defined]
        max_tokens: int | None = None
        temperature: float | None = None
        stop: list[str] | str | None = None
        reasoning_effort: str | None = None

    class MockModel(llm.Model):  # type: ignore[misc,name-defined]
        """Replays scripts queued with ``push``: events, add_tool_call()s, usage."""

        model_id = "mock"
        can_stream = True
        supports_tools = True
        supports_schema = True
        attachment_types = frozenset(
            {"image/png", "image/jpeg", "audio/wav", "application/pdf", "text/plain"}
        )
        Options = MockOptions

        def __init__(self, model_id: str = "mock", *, supports_conversation: bool = True):
            self.model_id = model_id
            self.supports_conversation = supports_conversation
            self.scripts: list[dict[str, Any]] = []

        def push(self, *events: Any, tool_calls: Any = (), usage: Any = None) -> MockModel:
            self.scripts.append({"events": events, "tool_calls": tool_calls, "usage": usage})
            return self

        def execute(self, prompt: Any, stream: Any, response: Any, conversation: Any) -> Any:
            script = self.scripts.pop(0) if self.scripts else {"events": ("ok",)}
            yield from script["events"]
            for call in script.get("tool_calls") or ():
                response.add_tool_call(call)
            if script.get("usage"):
                response.set_usage(**script["usage"])

    MOCK = MockModel("mock")
    NOCONV = MockModel("noconv", supports_conversation=False)

    class _MockPlugin:
        @llm.hookimpl
        def register_models(self, register: Any) -> None:
            register(MOCK, aliases=("mock-alias",))
            register(NOCONV)

    if not llm.plugins.pm.has_plugin("lmcodec-test-mock"):
        llm.plugins.pm.register(_MockPlugin(), name="lmcodec-test-mock")


@pytest.fixture
def mock_model() -> Iterator[Any]:
    """The registered "mock" llm model, with an empty script queue."""
    if llm is None:
        pytest.skip("llm is not installed")
    MOCK.scripts.clear()
    yield MOCK
    MOCK.scripts.clear()
