"""``_crossing_parts.parts_out`` copies a message's parts only from the first one it leaves out, and
``leading_developer_as_system`` walks the messages in plain loops (no ``all()`` of a generator, no
slice) and makes the system's text part from a prototype: each must give what the pass gave as
first written (the references below), on conversations hypothesis draws: developer runs of every
length (the whole conversation too, of which one message stays), parts that are not text, empty
and thinking parts with and without their destination's state, a cache breakpoint anywhere."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _crossing_parts as parts_module
from lmcodec.providers._build_common import adaptation
from lmcodec.providers._crossing_parts import dropped, leading_developer_as_system, parts_out
from lmcodec.wire import Adaptation, Message, Request, TextPart, ThinkingPart

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")


def _reference_leading_developer(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    cache = request.config.cache
    until = None if cache is None else cache.prefix_until_index
    count = 0
    for message in request.messages[:-1]:
        if message.role != "developer" or count == until:
            break
        if not all(type(part) is TextPart for part in message.parts):
            break
        count += 1
    if not count:
        return request, ()
    moved = request.messages[:count]
    parts: list[Any] = []
    if isinstance(request.system, str):
        parts.append(TextPart(text=request.system))
    elif request.system is not None:
        parts.extend(request.system)
    for message in moved:
        parts.extend(message.parts)
    system: Any = parts[0].text if len(parts) == 1 and parts[0].text else tuple(parts)
    changes: dict[str, Any] = {"system": system, "messages": request.messages[count:]}
    if cache is not None and until is not None:
        shifted = msgspec.structs.replace(cache, prefix_until_index=until - count)
        changes["config"] = msgspec.structs.replace(request.config, cache=shifted)
    reason = parts_module._SYSTEM_ITEM
    notes = tuple(
        adaptation(f"messages[{i}]", "substituted", reason, message.role, "system")
        for i, message in enumerate(moved)
    )
    return msgspec.structs.replace(request, **changes), notes


def _reference_parts_out(
    destination: str, request: Request, thinking_blocks: bool
) -> tuple[Request, tuple[Adaptation, ...]]:
    if not parts_module._any_left_out(destination, request, thinking_blocks):
        return request, ()
    cache = request.config.cache
    until = None if cache is None else cache.prefix_until_index
    notes: list[Adaptation] = []
    messages: list[Any] = []
    before = 0
    thinking_reason = parts_module._thinking_reason(destination)
    for i, message in enumerate(request.messages):
        if message.role == "developer":
            messages.append(message)
            continue
        thinking: list[Adaptation] = []
        empty: list[Adaptation] = []
        kept: list[Any] = []
        for j, part in enumerate(message.parts):
            kind = type(part)
            if kind is ThinkingPart or (kind in parts_module._TEXTUAL and not part.text):  # type: ignore[union-attr]
                reason = parts_module._left_out(destination, part, thinking_blocks)
                if reason == "thinking":
                    thinking.append(dropped(f"messages[{i}].parts[{j}]", thinking_reason, part.text))  # type: ignore[union-attr]
                    continue
                if reason == "empty":
                    if destination in parts_module._EMPTY_TEXT:  # (to Chat, only a turn emptied is noted)
                        why = parts_module._EMPTY_TEXT[destination]
                        empty.append(dropped(f"messages[{i}].parts[{j}]", why, part.type))
                    continue
            kept.append(part)
        if len(kept) == len(message.parts):
            messages.append(message)
        elif kept:
            notes += thinking
            notes += empty
            messages.append(msgspec.structs.replace(message, parts=tuple(kept)))
        elif message.role == "assistant" and i != until:
            notes += thinking
            why = parts_module._THINKING_TURN if thinking else parts_module._EMPTY_TURN[destination]
            notes.append(dropped(f"messages[{i}]", why, "assistant"))
            if until is not None and i < until:
                before += 1
        else:
            messages.append(message)
    if not notes or not messages:
        return request, ()
    changes: dict[str, Any] = {"messages": tuple(messages)}
    if cache is not None and until is not None and before:
        moved = msgspec.structs.replace(cache, prefix_until_index=until - before)
        changes["config"] = msgspec.structs.replace(request.config, cache=moved)
    return msgspec.structs.replace(request, **changes), tuple(notes)


_STATES = st.sampled_from(
    [
        (),
        (lc.ContinuationState(provider="openai", kind="reasoning_item", data={"id": "rs_1"}),),
        (lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": "s"}),),
        (lc.ContinuationState(provider="gemini", kind="thought_signature", data={"signature": "s"}),),
    ]
)
_TEXTS = st.sampled_from(["", "x"])
_USER_PARTS = st.lists(
    st.one_of(
        st.builds(TextPart, text=_TEXTS),
        st.just(lc.ImagePart(media_type="image/png", url="https://example.com/a.png")),
    ),
    min_size=1,
    max_size=3,
)
_ASSISTANT_PARTS = st.lists(
    st.one_of(
        st.builds(TextPart, text=_TEXTS),
        st.builds(ThinkingPart, text=_TEXTS, continuation=_STATES),
        st.builds(lc.RefusalPart, text=st.just("no")),
    ),
    min_size=1,
    max_size=3,
)
_MESSAGES = st.one_of(
    st.builds(Message, role=st.sampled_from(["developer", "user"]), parts=_USER_PARTS),
    st.builds(Message, role=st.just("assistant"), parts=_ASSISTANT_PARTS),
)


@st.composite
def _requests(draw: st.DrawFn) -> Request:
    lead = draw(st.lists(st.builds(Message, role=st.just("developer"), parts=_USER_PARTS), max_size=3))
    messages = [*lead, *draw(st.lists(_MESSAGES, min_size=0 if lead else 1, max_size=4))]
    until = draw(st.none() | st.integers(0, len(messages) - 1))
    config = lc.Config() if until is None else lc.Config(cache=lc.CacheConfig(prefix_until_index=until))
    system = draw(st.none() | st.just("be brief") | st.just((TextPart(text="a"), TextPart(text="b"))))
    return Request(model="m", messages=messages, system=system, config=config)


@given(_requests())
def test_leading_developer_as_system_is_the_pass_as_first_written(request: Request) -> None:
    got = leading_developer_as_system(request)
    assert got == _reference_leading_developer(request)
    assert msgspec.json.encode(got) == msgspec.json.encode(_reference_leading_developer(request))


@given(_requests(), st.sampled_from(DIALECTS), st.booleans())
def test_parts_out_is_the_pass_as_first_written(request: Request, destination: str, blocks: bool) -> None:
    got = parts_out(destination, request, thinking_blocks=blocks)
    assert got == _reference_parts_out(destination, request, blocks)
