"""The suite's two tiers stay honest: every example count scales with the profile, and the
thorough tier is what CI runs beside the default one."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import settings

from .budget import EXPLORE_FACTOR, FULL_EXAMPLES, QUICK_EXAMPLES, examples

TESTS = Path(__file__).parent
ROOT = TESTS.parent
UNSCALED = re.compile(r"\bmax_examples\s*=(?!=)\s*(?!examples\()")


def test_every_example_count_goes_through_the_budget() -> None:
    """A literal count would not shrink in the default tier nor grow under explore."""
    found = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}"
        for path in sorted(TESTS.rglob("*.py"))
        if path.parent != TESTS or path.name not in {"conftest.py", "budget.py"}
        for text in [path.read_text(encoding="utf-8")]
        for match in UNSCALED.finditer(text)
    ]
    assert found == []


def test_the_profiles_scale_the_full_counts() -> None:
    assert settings.get_profile("repeatable").max_examples == QUICK_EXAMPLES < FULL_EXAMPLES
    assert settings.get_profile("thorough").max_examples == FULL_EXAMPLES
    assert settings.get_profile("explore").max_examples == FULL_EXAMPLES * EXPLORE_FACTOR
    assert examples(1) >= 1
    assert examples(200, at_least=200) >= 200


def test_no_profile_times_an_example() -> None:
    """A deadline is a timed test: on a shared machine under load it fails examples that are correct."""
    for name in ("repeatable", "thorough", "explore"):
        assert settings.get_profile(name).deadline is None, name


def test_ci_runs_the_thorough_tier_at_full_counts() -> None:
    """The thorough marker leaves the default run only because .ci/run runs it, with the property
    tests at their full counts."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "-m 'thorough or hypothesis' --hypothesis-profile=thorough" in ci
    assert "-m 'not thorough'" in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
