"""The Responses builder meets a part of an exact kind before its ``isinstance`` tests.

An assistant's thinking part with OpenAI state (a reasoning item) or refusal, and a user's data,
document, audio or binary part, went through ``isinstance`` tests that miss
(~800 instructions each on a msgspec Struct class, ``providers/_part_kinds.py``) before their
writer. They are now met by their exact class first; a part of a user's subclass of a kind takes
the ``isinstance`` tests, the form the exact dispatch replaced, and is written as its kind
(docs/types.md): both forms build the same request, and the exact form is lm15's.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.call_counts import calls_made

from ..budget import examples
from .openai_request_diff import check_build

MODEL = "gpt-4.1-mini"
_REASONING = lc.ContinuationState(
    provider="openai", kind="reasoning_item", data={"id": "rs_1", "encrypted_content": "e1"}
)


@cache
def _own(cls: type) -> type:
    """A trivial user subclass of the lmcodec part class ``cls``."""
    return type(f"Own{cls.__name__}", (cls,), {})


def _assistant_part(kind: str, k: int) -> Any:
    if kind == "reasoning":
        return lc.ThinkingPart(f"step {k}", continuation=(_REASONING,))
    if kind == "empty reasoning":
        return lc.ThinkingPart("", continuation=(_REASONING,))
    if kind == "thinking":
        return lc.ThinkingPart(f"plain {k}")
    if kind == "refusal":
        return lc.RefusalPart(f"no {k}")
    if kind == "call":
        return lc.ToolCallPart(f"call_{k}", "lookup", {"k": k})
    return lc.TextPart(f"text {k}")


def _user_part(kind: str, k: int) -> Any:
    if kind == "data":
        return lc.DataPart({"k": k, "v": [1, 2.5]})
    if kind == "document":
        return lc.DocumentPart(media_type="application/pdf", data="JVBERi0=")
    if kind == "audio":
        return lc.AudioPart(media_type="audio/wav", data="UklGRg==")
    if kind == "binary":
        return lc.BinaryPart(media_type="application/octet-stream", data="AAE=")
    if kind == "image":
        return lc.ImagePart(url=f"https://example.com/{k}.png")
    return lc.TextPart(f"ask {k}")


_ASSISTANT_KINDS = st.sampled_from(["reasoning", "empty reasoning", "thinking", "refusal", "call", "text"])
_USER_KINDS = st.sampled_from(["data", "document", "audio", "binary", "image", "text"])


def _request(assistant: list[list[str]], user: list[list[str]], own: frozenset[str]) -> lc.Request:
    """A conversation of user and assistant turns of the kinds drawn; the parts whose class is in
    ``own`` (by name) made of a user's subclass of that class."""

    def made(part: Any) -> Any:
        cls = type(part)
        if cls.__name__ not in own:
            return part
        fields = {name: getattr(part, name) for name in part.__struct_fields__}
        return _own(cls)(**fields)

    messages: list[lc.Message] = []
    k = 0
    for user_kinds, assistant_kinds in zip(user, assistant, strict=False):
        messages.append(lc.Message("user", tuple(made(_user_part(kind, k := k + 1)) for kind in user_kinds)))
        parts = tuple(made(_assistant_part(kind, k := k + 1)) for kind in assistant_kinds)
        messages.append(lc.Message("assistant", parts))
        calls = [p for p in parts if isinstance(p, lc.ToolCallPart)]
        if calls:
            results = tuple(lc.ToolResultPart(c.id, (lc.TextPart("ok"),)) for c in calls)
            messages.append(lc.Message("tool", results))
    messages.append(lc.Message.user("and now?"))
    return lc.Request(model=MODEL, messages=tuple(messages))


_PART_CLASSES = [
    "ThinkingPart",
    "RefusalPart",
    "TextPart",
    "ToolCallPart",
    "DataPart",
    "DocumentPart",
    "AudioPart",
    "BinaryPart",
    "ImagePart",
]


@settings(max_examples=examples(60), deadline=None, database=None)
@given(
    assistant=st.lists(st.lists(_ASSISTANT_KINDS, min_size=1, max_size=4), min_size=1, max_size=3),
    user=st.lists(st.lists(_USER_KINDS, min_size=1, max_size=3), min_size=1, max_size=3),
    own=st.frozensets(st.sampled_from(_PART_CLASSES)),
)
def test_exact_kinds_build_as_their_subclasses_and_as_lm15(
    assistant: list[list[str]], user: list[list[str]], own: frozenset[str]
) -> None:
    exact = _request(assistant, user, frozenset())
    subclassed = _request(assistant, user, own)
    try:
        expected: Any = lc.build_request("openai", exact)
    except lc.LmcodecError as refused:
        with pytest.raises(type(refused)) as caught:
            lc.build_request("openai", subclassed)
        assert str(caught.value) == str(refused)
    else:
        assert lc.build_request("openai", subclassed) == expected
    check_build("openai", exact, stream=False)


def _many(kind: str, n: int) -> lc.Request:
    if kind in ("reasoning", "refusal"):
        return _request([[kind, "text"]] * n, [["text"]] * n, frozenset())
    return _request([["text"]] * n, [[kind, "text"]] * n, frozenset())


@pytest.mark.parametrize("kind", ["reasoning", "refusal", "data", "document", "audio", "binary"])
def test_parts_of_exact_kinds_cost_no_isinstance(kind: str) -> None:
    """As many ``isinstance`` calls for 30 turns holding such a part as for 3 (before: two or
    three misses a part)."""
    requests = [_many(kind, n) for n in (3, 30)]
    lc.build_request("openai", requests[0])
    counts = [calls_made(lambda r=r: lc.build_request("openai", r))["c:isinstance"] for r in requests]
    assert counts[1] == counts[0], counts
