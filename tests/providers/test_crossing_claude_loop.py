"""``_crossing_claude._loop_starts_signed`` (loops where it had ``any`` of generators) against the
way it was written before (a7c46ed), on hypothesis conversations: the same answer for each."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lmcodec.providers._crossing_claude import _loop_starts_signed
from lmcodec.wire import (
    ContinuationState,
    Message,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)

from ..budget import examples


def _before(request: Request) -> bool:
    """a7c46ed's ``_loop_starts_signed``, as it was."""
    messages = request.messages
    start = len(messages)
    while start > 0:
        run = start
        while run > 0 and messages[run - 1].role != "assistant":
            run -= 1
        if run < start and not any(type(p) is ToolResultPart for m in messages[run:start] for p in m.parts):
            break
        before = run
        while before > 0 and messages[before - 1].role == "assistant":
            before -= 1
        if before == run:
            break
        start = before
    first: Any = None
    calls = False
    for message in messages[start:]:
        if message.role == "assistant":
            if first is None:
                first = message
            calls = calls or any(type(p) is ToolCallPart for p in message.parts)
    if not calls:
        return True
    head = first.parts[0] if first.parts else None
    return type(head) is ThinkingPart and any(state.provider == "anthropic" for state in head.continuation)


_STATES = st.lists(
    st.sampled_from(
        [
            ContinuationState(provider="anthropic", kind="signature", data={"signature": "s"}),
            ContinuationState(provider="openai", kind="reasoning_item", data={"id": "rs"}),
        ]
    ),
    max_size=2,
)
_ASSISTANT_PART = st.one_of(
    st.just(TextPart(text="ok")),
    st.just(ToolCallPart(id="c", name="f", input={})),
    st.builds(lambda states: ThinkingPart(text="t", continuation=tuple(states)), _STATES),
)


@st.composite
def _messages(draw: Any) -> list[Message]:
    messages = []
    for _ in range(draw(st.integers(1, 8))):
        if draw(st.booleans()):
            parts = draw(st.lists(_ASSISTANT_PART, min_size=1, max_size=3))
            messages.append(Message(role="assistant", parts=tuple(parts)))
        else:
            role = draw(st.sampled_from(["user", "tool"]))  # a user's turn, or a tool result
            part = (
                TextPart(text="go")
                if role == "user"
                else ToolResultPart(id="c", content=(TextPart(text="r"),))
            )
            messages.append(Message(role=role, parts=(part,)))
    return messages


@settings(max_examples=examples(500), deadline=None)
@given(_messages())
def test_the_loop_is_judged_as_before(messages: list[Message]) -> None:
    try:
        request = Request(model="claude-sonnet-4-5", messages=tuple(messages))
    except (ValueError, TypeError):  # a conversation the Request refuses: nothing to judge
        return
    assert _loop_starts_signed(request) == _before(request)
