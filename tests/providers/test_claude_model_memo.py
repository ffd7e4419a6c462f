"""The per-model-name memos of Claude's rules (review 9: the ceiling table and the sampling
markers were scanned on every gateway request): each answers as the scan it remembers, first
call and later ones, and holds at most its bound of names however many a gateway meets."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.providers import _crossing_claude
from lmcodec.providers._memo import NAMES_HELD
from lmcodec.providers.anthropic import _build_tables
from lmcodec.providers.anthropic._build_tables import OUTPUT_CEILINGS, ceiling_in_table, output_ceiling

from ..budget import examples

MARKERS = [marker for marker, _ in OUTPUT_CEILINGS] + list(_crossing_claude._ONE_SAMPLER)
NAMES = st.builds(
    lambda before, marker, after, upper: (
        (before + marker + after).upper() if upper else before + marker + after
    ),
    st.text(max_size=8),
    st.sampled_from(["", *MARKERS]),
    st.text(max_size=8),
    st.booleans(),
)


@settings(max_examples=examples(400))
@given(st.lists(NAMES, max_size=6))
def test_the_ceiling_memo_answers_as_the_table(names: list[str]) -> None:
    for name in [*names, *names]:
        assert output_ceiling(name) == ceiling_in_table(name)


@settings(max_examples=examples(400))
@given(st.lists(NAMES, max_size=6))
def test_the_sampling_rules_memo_answers_as_the_markers(names: list[str]) -> None:
    for name in [*names, *names]:
        lowered = name.lower()
        assert (
            _crossing_claude._sampling_rules(name)
            == _crossing_claude.rules_by_name(name)
            == (
                any(marker in lowered for marker in _crossing_claude._NO_SAMPLING),
                any(marker in lowered for marker in _crossing_claude._ONE_SAMPLER),
            )
        )


def test_the_table_is_lm15s() -> None:
    from lm15.providers import anthropic as lm15_anthropic

    for name in [
        "claude-sonnet-4-5",
        "Claude-3-Haiku",
        "claude-3.5-sonnet",
        "claude-opus-4-8",
        "gpt-4.1",
        "",
    ]:
        assert ceiling_in_table(name) == lm15_anthropic._claude_output_ceiling(name)


def test_the_memos_stay_bounded() -> None:
    for i in range(3 * NAMES_HELD):
        name = f"claude-sonnet-4-5-{i}"
        assert output_ceiling(name) == 64000
        assert _crossing_claude._sampling_rules(name) == (False, True)
        assert len(_build_tables._CEILINGS) <= NAMES_HELD
        assert len(_crossing_claude._RULES) <= NAMES_HELD
    assert output_ceiling("claude-sonnet-4-5-0") == 64000  # a name forgotten is read again
