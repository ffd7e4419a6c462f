"""What every provider wire is held to, parametrised over the provider: the corpus bodies
(streamed and complete) and synthetic and mutated streams, each against lm15 1.5.0's adapter."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lmcodec.providers import PROVIDERS

from .provider_support import (
    CHAT_BODIES,
    SEEDS,
    body_id,
    check_body_value,
    check_complete_body,
    check_complete_mutations,
    check_frames,
    check_mutations,
    check_stream_body,
    complete_bodies,
    stream_bodies,
    stream_seeds,
)

# The corpus bodies each provider has: (SSE streams, complete bodies).
#   openai: 6 streaming, 3 stream_options, 1 streaming_tool_call, 3 background
#   openai_chat: streaming (Groq), streaming_vllm, streaming_sglang, streaming_tool_call, tool_call_unnamed
#   anthropic: 5 streaming, 1 streaming_tool_call; gemini: 6 streaming, 1 streaming_tool_call (CRLF)
CORPUS_COUNTS = {"openai": (13, 164), "openai_chat": (5, 0), "anthropic": (6, 102), "gemini": (7, 114)}

# Random seeds of the mutation runs: (streams, complete bodies), one pair per provider.
MUTATION_SEEDS = {"openai": (11, 12), "openai_chat": (21, 22), "anthropic": (31, 32), "gemini": (41, 42)}

STREAMS = [(p, path) for p in PROVIDERS for path in stream_bodies(p)]
COMPLETE = [(p, path) for p in PROVIDERS for path in complete_bodies(p)]
SYNTHETIC = [(p, i) for p in PROVIDERS for i in range(len(SEEDS[p]))]


def _case_id(case: tuple[str, Any]) -> str:
    provider, what = case
    return f"{provider}-{body_id(what) if isinstance(what, Path) else what}"


def test_corpus_has_the_bodies(provider: str, corpus_root: Path) -> None:
    assert (len(stream_bodies(provider)), len(complete_bodies(provider))) == CORPUS_COUNTS[provider]


@pytest.mark.parametrize("case", STREAMS, ids=_case_id)
def test_stream_body(case: tuple[str, Path]) -> None:
    check_stream_body(*case)


@pytest.mark.parametrize("case", COMPLETE, ids=_case_id)
def test_complete_body(case: tuple[str, Path]) -> None:
    check_complete_body(*case)


@pytest.mark.parametrize("index", range(len(CHAT_BODIES)))
def test_synthetic_chat_bodies(index: int) -> None:
    """The corpus has no complete Chat Completions body: synthetic ones, against lm15."""
    check_body_value("openai_chat", CHAT_BODIES[index])


@pytest.mark.parametrize("case", SYNTHETIC, ids=_case_id)
def test_synthetic_streams(case: tuple[str, int]) -> None:
    provider, index = case
    check_frames(provider, SEEDS[provider][index])


def test_mutated_streams(provider: str) -> None:
    """Mutated seed streams match lm15, and some of them are ones lm15 itself rejects."""
    assert check_mutations(provider, stream_seeds(provider), rounds=300, seed=MUTATION_SEEDS[provider][0]) > 0


def test_mutated_complete_bodies(provider: str) -> None:
    if provider == "openai_chat":
        bodies: list[Any] = CHAT_BODIES[:3]
    else:
        bodies = [json.loads(p.read_bytes()) for p in complete_bodies(provider)[::4]]
        if not bodies:
            pytest.skip("corpus absent: no complete bodies to mutate")
    rounds = 300 if provider == "openai_chat" else 200
    check_complete_mutations(provider, bodies, rounds=rounds, seed=MUTATION_SEEDS[provider][1])
