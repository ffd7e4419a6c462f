"""lc.build_request against lm15 1.5.0 on the turns the message walks write before their loops.

The walks write a turn of one part (a text, or a tool result of one text) and an assistant turn
of a text and a call without entering their general loop over the parts. These draws put such
turns beside their near misses (a result that is an error, has two texts, an image or text with
state; a text with state; a call alone, a call before the text, two calls; named and unnamed
results, which a Message holds in a tool turn only) and cache marks that land on their last
block, so each early exit meets the general path that must write the same body.
"""

from __future__ import annotations

from typing import Any

from hypothesis import assume, given, settings
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
_STATE = lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": "s"})
_TEXT = st.text(max_size=5)
_PLAIN = st.builds(lambda t: lc.TextPart(text=t), _TEXT)
_STATED = st.builds(lambda t: lc.TextPart(text=t, continuation=(_STATE,)), _TEXT)
_CONTENT = st.one_of(
    st.tuples(_PLAIN),
    st.tuples(_PLAIN, _PLAIN),
    st.tuples(_STATED),
    st.tuples(_PLAIN, st.just(lc.ImagePart(url="https://x.test/a.png", media_type="image/png"))),
)
_ASSISTANT_SHAPES = ("text", "stated text", "text call", "call", "call text", "call call", "text text call")


@st.composite
def one_part_requests(draw: st.DrawFn, provider: str) -> lc.Request:
    """Rounds of a user turn, an assistant turn of a drawn shape and the results of its calls
    (one tool turn each, or all in one), then a last user text."""
    messages: list[lc.Message] = []
    for turn in range(draw(st.integers(1, 3))):
        user = draw(st.one_of(_PLAIN, _STATED))
        messages.append(lc.Message(role="user", parts=(user,)))
        shape = draw(st.sampled_from(_ASSISTANT_SHAPES))
        parts: list[Any] = []
        for i, word in enumerate(shape.split()):
            if word == "call":
                parts.append(lc.ToolCallPart(id=f"c{turn}_{i}", name=f"tool{i % 2}", input={"n": i}))
            elif word == "stated":
                parts.append(draw(_STATED))
            elif word == "text" and not (i and shape.split()[i - 1] == "stated"):
                parts.append(draw(_PLAIN))
        messages.append(lc.Message(role="assistant", parts=tuple(parts)))
        results = [
            lc.ToolResultPart(
                id=part.id,
                content=draw(_CONTENT),
                is_error=draw(st.booleans()),
                name=part.name if draw(st.booleans()) else None,
            )
            for part in parts
            if type(part) is lc.ToolCallPart
        ]
        if results and draw(st.booleans()):
            messages.append(lc.Message(role="tool", parts=tuple(results)))
        else:
            messages.extend(lc.Message(role="tool", parts=(result,)) for result in results)
    messages.append(lc.Message(role="user", parts=(lc.TextPart(text="go on"),)))
    cache = draw(
        st.sampled_from(
            [
                None,
                lc.CacheConfig(mode="auto", prefix="history"),
                lc.CacheConfig(mode="auto", prefix_until_index=len(messages) - 2),
            ]
        )
    )
    try:
        return lc.Request(model=MODELS[provider], messages=tuple(messages), config=lc.Config(cache=cache))
    except (TypeError, ValueError):
        assume(False)
        raise


@settings(SETTINGS, max_examples=examples(200))
@given(one_part_requests("anthropic"))
def test_anthropic_one_part_turns_build_as_lm15(request: lc.Request) -> None:
    assert_same_build("anthropic", request)


@settings(SETTINGS, max_examples=examples(200))
@given(one_part_requests("gemini"))
def test_gemini_one_part_turns_build_as_lm15(request: lc.Request) -> None:
    assert_same_build("gemini", request)


@settings(SETTINGS, max_examples=examples(200))
@given(one_part_requests("openai"))
def test_openai_one_part_turns_build_as_lm15(request: lc.Request) -> None:
    check_build("openai", request, stream=False)


@settings(SETTINGS, max_examples=examples(200))
@given(one_part_requests("openai_chat"))
def test_openai_chat_one_part_turns_build_as_lm15(request: lc.Request) -> None:
    check_build("openai_chat", request, stream=False)
