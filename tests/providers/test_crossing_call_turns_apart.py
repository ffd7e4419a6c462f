"""``_crossing_call_turns._apart``, the gateway's test of whether a call turn's calls or results may
be apart (the way into the full regrouping), is one pass holding the previous message's role;
``roles_apart`` is the form it replaced (the roles joined by spaces and searched for each pair of
neighbours that is apart). Both must answer alike on every sequence of roles and last parts."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._crossing_call_turns import _apart
from lmcodec.wire import Message, ToolCallPart

from ..budget import examples
from .request_support import MODELS, canonical_requests


def roles_apart(messages: tuple[Message, ...]) -> bool:
    """``_apart`` as it was: the roles joined by spaces (an assistant message whose last part
    is no call spelled ``said``) and searched for each pair of neighbours that is apart."""
    roles = " ".join(
        [
            "said"
            if message.role == "assistant" and type(message.parts[-1]) is not ToolCallPart
            else message.role
            for message in messages
        ]
    )
    return (
        "tool tool" in roles
        or "user tool" in roles
        or "developer tool" in roles
        or "said tool" in roles
        or "assistant assistant" in roles
        or "assistant said" in roles
        or "said assistant" in roles
    )


_CALL = lc.ToolCallPart(id="c", name="f", input={})
_RESULT = lc.ToolResultPart(id="c", content=(lc.TextPart(text="r"),))
_TEXT = lc.TextPart(text="t")
_KINDS: dict[str, lc.Message] = {
    "user": lc.Message(role="user", parts=(_TEXT,)),
    "developer": lc.Message(role="developer", parts=(_TEXT,)),
    "tool": lc.Message(role="tool", parts=(_RESULT,)),
    "called": lc.Message(role="assistant", parts=(_TEXT, _CALL)),
    "said": lc.Message(role="assistant", parts=(_CALL, _TEXT)),
    "thought": lc.Message(role="assistant", parts=(lc.ThinkingPart(text="hm"),)),
}
"""A message of each role, the assistant's ending in a call, in text, in thinking."""


def test_every_sequence_of_up_to_five_messages_answers_as_the_joined_roles() -> None:
    """Exhaustive: each sequence of 1 to 5 messages of the six kinds above (9,330 sequences)."""
    checked = 0
    for count in range(1, 6):
        for kinds in itertools.product(_KINDS, repeat=count):
            messages = tuple(_KINDS[kind] for kind in kinds)
            assert _apart(messages) is roles_apart(messages), kinds
            checked += 1
    assert checked == sum(6**n for n in range(1, 6))


def test_the_two_forms_disagree_with_neither_answer_fixed() -> None:
    """Both answers occur (a test of the equality that could not tell a constant apart)."""
    usual = (_KINDS["user"], _KINDS["called"], _KINDS["tool"], _KINDS["said"], _KINDS["user"])
    assert _apart(usual) is False
    assert _apart((_KINDS["user"], _KINDS["said"], _KINDS["tool"])) is True
    assert _apart((_KINDS["called"], _KINDS["called"])) is True
    assert _apart((_KINDS["said"], _KINDS["said"])) is False


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(sorted(MODELS)).flatmap(canonical_requests))
def test_the_drawn_requests_answer_as_the_joined_roles(request: lc.Request) -> None:
    """request_support's canonical requests (every part kind last in a message)."""
    assert _apart(request.messages) is roles_apart(request.messages)
