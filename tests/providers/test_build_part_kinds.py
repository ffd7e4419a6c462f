"""lc.build_request against lm15 1.5.0 on conversations of every part kind the walks write inline.

The builders write exact ThinkingParts (without continuation state on all four wires, with it on
Anthropic) and, on Anthropic and Chat, exact ImageParts in their message walks, before the
helpers that test a part's class by ``isinstance``. These draws put thinking with and without
states of each provider (signed, redacted, empty signature, OpenAI reasoning items), refusals,
texts with state, images by url / data / file id with and without detail, data parts and tool
calls side by side in assistant and user messages, so each inline branch meets its neighbours.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from ..wire.lm15_trees import SETTINGS
from .openai_request_diff import check_build
from .request_support import assert_same_build

MODELS = {
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}

_STATES = st.sampled_from(
    [
        lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": "sig1"}),
        lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": ""}),
        lc.ContinuationState(provider="anthropic", kind="redacted_thinking", data={"data": "r1"}),
        lc.ContinuationState(provider="gemini", kind="thought_signature", data={"value": "g1"}),
        lc.ContinuationState(
            provider="openai", kind="reasoning_item", data={"id": "rs_1", "encrypted_content": "e1"}
        ),
    ]
)
_TEXT = st.text(max_size=6)
_THINKING = st.builds(
    lambda text, states: lc.ThinkingPart(text=text, continuation=tuple(states)),
    _TEXT,
    st.lists(_STATES, max_size=2),
)
_IMAGE = st.one_of(
    st.builds(
        lambda url, detail: lc.ImagePart(url=url, media_type="image/png", detail=detail),
        st.sampled_from(["https://x.test/a.png", "gs://b/c.png"]),
        st.sampled_from([None, "low", "high", "auto"]),
    ),
    st.builds(
        lambda data: lc.ImagePart(data=data, media_type="image/jpeg"), st.sampled_from(["aGk=", "AAAA"])
    ),
    st.just(lc.ImagePart(file_id="file-1", media_type="image/png")),
)
_TEXT_PART = st.one_of(
    st.builds(lambda t: lc.TextPart(text=t), _TEXT),
    st.builds(lambda t, s: lc.TextPart(text=t, continuation=(s,)), _TEXT, _STATES),
)
_ASSISTANT_PART = st.one_of(
    _TEXT_PART, _THINKING, st.builds(lambda t: lc.RefusalPart(text=t), _TEXT.filter(bool)), st.just("call")
)
_USER_PART = st.one_of(_TEXT_PART, _IMAGE, st.just(lc.DataPart(value={"a": 1})))


@st.composite
def part_kind_requests(draw: st.DrawFn, provider: str) -> lc.Request:
    """User and assistant turns of mixed part kinds; an assistant's calls answered by a tool turn."""
    messages: list[lc.Message] = []
    for turn in range(draw(st.integers(1, 3))):
        user = draw(st.lists(_USER_PART, min_size=1, max_size=3))
        try:
            messages.append(lc.Message(role=draw(st.sampled_from(["user", "developer"])), parts=tuple(user)))
        except (TypeError, ValueError):
            assume(False)
        drawn: list[Any] = draw(st.lists(_ASSISTANT_PART, min_size=1, max_size=4))
        parts = [
            lc.ToolCallPart(id=f"c{turn}_{i}", name="get_weather", input={"city": "Lisbon"})
            if part == "call"
            else part
            for i, part in enumerate(drawn)
        ]
        messages.append(lc.Message(role="assistant", parts=tuple(parts)))
        calls = [part for part in parts if type(part) is lc.ToolCallPart]
        if calls:
            results = tuple(lc.ToolResultPart(id=c.id, content=(lc.TextPart(text="ok"),)) for c in calls)
            messages.append(lc.Message(role="tool", parts=results))
    messages.append(lc.Message(role="user", parts=(lc.TextPart(text="go on"),)))
    cache = draw(st.sampled_from([None, lc.CacheConfig(mode="auto", prefix="history")]))
    try:
        return lc.Request(model=MODELS[provider], messages=tuple(messages), config=lc.Config(cache=cache))
    except (TypeError, ValueError):
        assume(False)
        raise


def _signed(*signatures: str) -> lc.Request:
    """A thinking part with these Anthropic signature states, in order (the first one counts)."""
    states = tuple(
        lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": s})
        for s in signatures
    )
    thinking = lc.Message(role="assistant", parts=(lc.ThinkingPart(text="t", continuation=states),))
    return lc.Request(model=MODELS["anthropic"], messages=(_HI, thinking, _HI))


_HI = lc.Message(role="user", parts=(lc.TextPart(text="hi"),))


@settings(SETTINGS, max_examples=examples(200))
@given(part_kind_requests("anthropic"))
@example(_signed("", "sig1"))
@example(_signed("sig1", "sig2"))
def test_anthropic_part_kinds_build_as_lm15(request: lc.Request) -> None:
    assert_same_build("anthropic", request)


@settings(SETTINGS, max_examples=examples(200))
@given(part_kind_requests("gemini"))
def test_gemini_part_kinds_build_as_lm15(request: lc.Request) -> None:
    assert_same_build("gemini", request)


@settings(SETTINGS, max_examples=examples(200))
@given(part_kind_requests("openai"))
def test_openai_part_kinds_build_as_lm15(request: lc.Request) -> None:
    check_build("openai", request, stream=False)


@settings(SETTINGS, max_examples=examples(200))
@given(part_kind_requests("openai_chat"))
def test_openai_chat_part_kinds_build_as_lm15(request: lc.Request) -> None:
    check_build("openai_chat", request, stream=False)
