"""A Gemini function response takes its name from a call that is a user's subclass of ToolCallPart.

A ToolResultPart without a name takes, on the Gemini wire, the name of the last call with its id
in the whole transcript (lm15's rule). The builder answers a result from the calls met so far and,
for a call not met yet, from a map of every call in the transcript. A subclassed call is written
as the kind it extends (docs/types.md), so it names its result wherever it stands: here after the
result, in a pass where no part before the result is of a subclass (such a part rebuilds the whole
request as lmcodec's classes first). Each request is built as the same request of exact classes
builds, which lm15 builds too (tests/providers/test_build_gemini.py).
"""

from __future__ import annotations

import pytest

import lmcodec as lc

from .request_support import assert_same_build


class OwnCall(lc.ToolCallPart):
    """A user's subclass of ToolCallPart (no field of its own)."""


class OwnText(lc.TextPart):
    """A user's subclass of TextPart (no field of its own)."""


def _result(call_id: str) -> lc.Message:
    return lc.Message("tool", (lc.ToolResultPart(call_id, (lc.TextPart("sunny"),)),))


def _conversations(call: type[lc.ToolCallPart], text: type[lc.TextPart]) -> dict[str, tuple[lc.Message, ...]]:
    """Conversations whose unnamed result comes before the call naming it, its calls of ``call``."""
    ask = lc.Message.user("Weather in Porto?")
    return {
        "call after its result": (ask, _result("c1"), lc.Message("assistant", (call("c1", "weather", {}),))),
        "a later call renames the id": (
            ask,
            lc.Message("assistant", (lc.ToolCallPart("c1", "old_name", {}),)),
            _result("c1"),
            lc.Message("assistant", (call("c1", "weather", {"city": "Porto"}),)),
        ),
        "the call after a text of a subclass": (
            ask,
            _result("c1"),
            lc.Message("assistant", (text("Checking."), call("c1", "weather", {}))),
        ),
        "two results, one call after each": (
            ask,
            lc.Message(
                "tool",
                (
                    lc.ToolResultPart("c1", (lc.TextPart("sunny"),)),
                    lc.ToolResultPart("c2", (lc.TextPart("rain"), lc.TextPart("wind"))),
                ),
            ),
            lc.Message("assistant", (call("c1", "weather", {}), call("c2", "forecast", {"days": 2}))),
        ),
    }


CASES = sorted(_conversations(OwnCall, OwnText))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("stream", [False, True])
def test_a_subclassed_call_after_its_result_names_it(case: str, stream: bool) -> None:
    subclassed = lc.Request(model="gemini-2.5-flash", messages=_conversations(OwnCall, OwnText)[case])
    exact = lc.Request(model="gemini-2.5-flash", messages=_conversations(lc.ToolCallPart, lc.TextPart)[case])
    expected = lc.build_request("gemini", exact, stream=stream)
    assert lc.build_request("gemini", subclassed, stream=stream) == expected
    assert_same_build("gemini", exact, stream=stream)  # the exact form is lm15's
