"""``crossing.content_losses`` judges a part whose type has neither an image's ``detail`` nor a
``file_id`` by its continuation states alone (``crossing._NO_MEDIA``), where every part went
through ``isinstance(part, ImagePart)`` and ``getattr(part, "file_id", None)``: hypothesis holds
its notes equal to the pass with that shortcut emptied (every part the general way), on
conversations of every part kind, with states of each provider, images with detail and file ids."""

from __future__ import annotations

from unittest import mock

from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import crossing
from lmcodec.wire import Message, Request

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
_STATES = st.lists(
    st.builds(
        lc.ContinuationState,
        provider=st.sampled_from(["openai", "anthropic", "gemini", "openai-chat"]),
        kind=st.sampled_from(["reasoning_item", "thinking_signature", "redacted_thinking"]),
        data=st.just({"signature": "s"}),
    ),
    max_size=2,
).map(tuple)
_IMAGES = st.one_of(
    st.builds(
        lc.ImagePart,
        media_type=st.just("image/png"),
        url=st.just("https://example.com/a.png"),
        detail=st.sampled_from([None, "low", "high"]),
    ),
    st.builds(lc.ImagePart, media_type=st.just("image/png"), file_id=st.just("file-1")),
)
_USER = st.lists(
    st.one_of(
        st.builds(lc.TextPart, text=st.just("x"), continuation=_STATES),
        _IMAGES,
        st.builds(lc.DocumentPart, media_type=st.just("application/pdf"), file_id=st.just("file-2")),
        st.builds(lc.AudioPart, media_type=st.just("audio/wav"), file_id=st.just("file-3")),
        st.builds(lc.VideoPart, media_type=st.just("video/mp4"), file_id=st.just("file-4")),
    ),
    min_size=1,
    max_size=3,
)
_ASSISTANT = st.lists(
    st.one_of(
        st.builds(lc.TextPart, text=st.just("x"), continuation=_STATES),
        st.builds(lc.ThinkingPart, text=st.sampled_from(["", "t"]), continuation=_STATES),
        st.builds(
            lc.ToolCallPart, id=st.just("c1"), name=st.just("f"), input=st.just({}), continuation=_STATES
        ),
        st.builds(lc.RefusalPart, text=st.just("no")),
        st.builds(lc.CitationPart, text=st.just("c"), url=st.just("https://example.com/c")),
    ),
    min_size=1,
    max_size=3,
)
_RESULTS = st.lists(
    st.builds(
        lc.ToolResultPart,
        id=st.just("c1"),
        content=st.lists(
            st.one_of(st.builds(lc.TextPart, text=st.just("r")), _IMAGES), min_size=1, max_size=2
        ).map(tuple),
        continuation=_STATES,
    ),
    min_size=1,
    max_size=2,
)
_MESSAGES = st.lists(
    st.one_of(
        st.builds(Message, role=st.just("user"), parts=_USER),
        st.builds(Message, role=st.just("assistant"), parts=_ASSISTANT),
        st.builds(Message, role=st.just("tool"), parts=_RESULTS),
    ),
    min_size=1,
    max_size=5,
)


@given(_MESSAGES, st.sampled_from(DIALECTS), st.sampled_from(DIALECTS), st.booleans())
def test_content_losses_judges_parts_as_the_general_way(
    messages: list[Message], source: str, destination: str, thinking_blocks: bool
) -> None:
    request = Request(model="m", messages=messages)
    got = crossing.content_losses(source, destination, request, thinking_blocks=thinking_blocks)
    with mock.patch.object(crossing, "_NO_MEDIA", frozenset()):
        expected = crossing.content_losses(source, destination, request, thinking_blocks=thinking_blocks)
    assert got == expected
