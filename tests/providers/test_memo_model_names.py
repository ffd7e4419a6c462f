"""The memos keyed by a model's name (Claude's output ceiling and sampling rules, Gemini's URL
paths) keep names of the usual length only: a client may send any string as the model, and each
memo kept its last 256 names whatever their size (red team 21 F01: 100 requests of 1 MiB names
held 100 MiB to Anthropic, 201 MiB to Gemini, after the requests were gone). A long name is
answered as a short one is, computed again each time."""

from __future__ import annotations

import gc
import json
import tracemalloc

from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _crossing_claude, _memo
from lmcodec.providers.anthropic import _build_tables
from lmcodec.providers.anthropic._build_tables import (
    adaptive_in_table,
    ceiling_in_table,
    output_ceiling,
    takes_adaptive_thinking,
)
from lmcodec.providers.gemini import build as gemini_build

from .request_support import assert_same_build

LONG = 64 * 1024  # characters of one client's model name
REQUESTS = _memo.NAMES_HELD - 1  # as many as a memo held before it was cleared


def _chat_body(model: str) -> bytes:
    return json.dumps(
        {
            "model": model,
            "max_tokens": 50,
            "temperature": 0.5,
            "messages": [{"role": "user", "content": "hi"}],
        }
    ).encode()


def _memos_bytes() -> int:
    return sum(
        len(name) + len(str(answer))
        for memo in (
            _crossing_claude._RULES,
            _build_tables._CEILINGS,
            _build_tables._ADAPTIVE,
            gemini_build._PATHS,
            gemini_build._STREAM_PATHS,
        )
        for name, answer in memo.items()
    )


def test_long_model_names_are_not_kept_by_the_gateways_memos() -> None:
    gc.collect()
    tracemalloc.start()
    try:
        before, _ = tracemalloc.get_traced_memory()
        for i in range(REQUESTS):
            model = f"claude-sonnet-4-5-{i}-" + "x" * LONG
            lc.translate_request("openai_chat", "anthropic", _chat_body(model))
            lc.translate_request("openai_chat", "gemini", _chat_body(model))
            lc.build_request(
                "gemini", lc.Request(model=model, messages=(lc.Message.user("hi"),)), stream=True
            )
        gc.collect()
        after, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert after - before < 2 << 20, f"{(after - before) >> 20} MiB held after the requests"
    assert _memos_bytes() <= 4 * _memo.NAMES_HELD * 2048


def test_a_long_name_is_answered_as_the_tables_say() -> None:
    for name in ("claude-sonnet-4-5", "Claude-3-Haiku", "gpt-4.1", "claude-opus-4-1"):
        long_name = name + "-" + "y" * LONG
        for model in (name, long_name, name, long_name):
            assert output_ceiling(model) == ceiling_in_table(model)
            assert _crossing_claude._sampling_rules(model) == _crossing_claude.rules_by_name(model)
    assert output_ceiling("claude-sonnet-4-5-" + "y" * LONG) == 64000


def test_a_long_gemini_name_gets_lm15s_path() -> None:
    for name in ("gemini-2.5-flash", "models/gemini-x é/a:b?c"):
        for model in (name, name + "z" * LONG):
            request = lc.Request(model=model, messages=(lc.Message.user("hi"),))
            for _ in range(2):
                for stream in (False, True):
                    assert_same_build("gemini", request, stream=stream)


def test_the_name_memo_keeps_short_names_and_stays_bounded() -> None:
    memo: dict[str, int] = {}
    _memo.remember_by_name(memo, "n" * (_memo.LONGEST_NAME + 1), 1)
    assert memo == {}
    _memo.remember_by_name(memo, "n" * _memo.LONGEST_NAME, 2)
    assert memo == {"n" * _memo.LONGEST_NAME: 2}
    for i in range(3 * _memo.NAMES_HELD):
        _memo.remember_by_name(memo, f"m{i}", i)
        assert 0 < len(memo) <= _memo.NAMES_HELD
    assert memo[f"m{3 * _memo.NAMES_HELD - 1}"] == 3 * _memo.NAMES_HELD - 1


_CLAUDE_NAMES = st.sampled_from(
    ["claude-opus-4-6", "Claude-Opus-4-6", "claude-sonnet-4-5", "CLAUDE-SONNET-5", "my-fable", "gpt-4.1", ""]
)


@given(
    st.lists(
        _CLAUDE_NAMES | st.text(max_size=12) | _CLAUDE_NAMES.map(lambda n: n + "-" + "y" * LONG), max_size=6
    )
)
def test_the_adaptive_class_remembered_by_name_is_the_tables(names: list[str]) -> None:
    """The memo of ``takes_adaptive_thinking`` answers as the markers do, the first time and again,
    and keeps no long name."""
    for model in names + names:
        assert takes_adaptive_thinking(model) is adaptive_in_table(model)
    assert all(len(name) <= _memo.LONGEST_NAME for name in _build_tables._ADAPTIVE)
