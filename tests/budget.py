"""How many examples a property test draws: its full count, scaled by the loaded profile.

Every ``max_examples`` in the suite goes through ``examples(full)`` (tests/test_budget.py checks
it). ``full`` is the count the thorough tier draws; the default tier draws an eighth of it, so that
`python3 -m pytest` keeps inside CI's ten minutes while every property still runs. CI also runs
the thorough tier (`-m 'thorough or hypothesis' --hypothesis-profile=thorough`: the full counts,
and the sweeps marked thorough), and `--hypothesis-profile=explore` draws fresh random examples,
EXPLORE_FACTOR times the full count.
"""

from __future__ import annotations

from hypothesis import settings

FULL_EXAMPLES = 100  # the thorough profile's max_examples (hypothesis's own default)
QUICK_EXAMPLES = 12  # the default (repeatable) profile's: an eighth of every full count
EXPLORE_FACTOR = 4


def examples(full: int, *, at_least: int = 1) -> int:
    """``full`` scaled by the loaded profile: an eighth in the default tier, 1x thorough, 4x explore;
    never under ``at_least`` (a test whose claim is that its draws reach every case)."""
    return max(at_least, full * settings.default.max_examples // FULL_EXAMPLES)
