"""How many examples a property test draws: its default-run count, scaled by the loaded profile.

The default ("repeatable") profile keeps the suite inside CI's time limit; the "explore" profile
(`--hypothesis-profile=explore`) draws fresh examples and EXPLORE_FACTOR times as many of them.
"""

from __future__ import annotations

from hypothesis import settings

DEFAULT_EXAMPLES = 100  # the repeatable profile's max_examples (hypothesis's own default)
EXPLORE_FACTOR = 4


def examples(default_run: int) -> int:
    """``default_run`` in the default profile; proportionally more under a profile that asks for more."""
    return max(1, default_run * settings.default.max_examples // DEFAULT_EXAMPLES)
