"""Fuzzing every decoder entry point on mutations of valid inputs (bounded: part of the default suite).

Each example takes a seed (corpus data, else the built-in workload), applies up to
four mutations (byte flips, deletions, insertions of hostile tokens, truncations,
splices with another seed, duplications, nesting blow-ups up to 100,000 levels,
structural edits of the decoded tree) and feeds the result to the entry points of
one family (``fuzz_support.run``): only ``lc.LmcodecError`` may escape, and every
call must return within ``fuzz_support.TIME_BOUND`` seconds and the memory bound.
The long run is ``python3 fuzz/run.py --minutes 10`` (see fuzz/README.md).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from . import fuzz_support as fs
from .budget import examples

EXAMPLES = {
    "json": 250,
    "msgpack": 200,
    "llm": 200,
    "builtins": 200,
    "jsonl": 60,
    "stream": 120,
    "response": 200,
    "assemble": 120,
}


def _fuzz_test(family: str) -> Any:
    @settings(
        max_examples=examples(EXAMPLES[family]),
        deadline=None,
        database=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    )
    @given(data=st.data())
    def test(data: Any) -> None:
        fs.hypothesis_example(family, data.draw)

    return test


@pytest.mark.hypothesis
@pytest.mark.parametrize("family", fs.FAMILIES)
def test_only_lmcodec_errors_escape(family: str) -> None:
    _fuzz_test(family)()


def test_every_family_has_seeds() -> None:
    for family in fs.FAMILIES:
        assert fs.SEEDS[family](), family
