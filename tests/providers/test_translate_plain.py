"""translate_request's short road between two dialects (``providers/_crossing_plain.py``): a request
no pass would change is built straight, and the road is exact.

- a one-message body of each ordered pair calls none of the passes (each patched to fail) and
  gives what it gave before (fails where the passes are called: every pass of the long road);
- hypothesis: requests just inside the road (text messages, settings the passes leave alone) and
  just outside it (one feature a pass reads: an empty or stateful text, an image, a tool, a
  stop sequence, a service tier, a reasoning request, a response format, a tool choice, a cache,
  an extension, an assistant message last, a developer message first), every ordered pair of two
  dialects: the same answer (the built request and its notes, or the same error) as the long
  road, ``plain_crossing`` patched to say no.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _crossing_plain, _translate_request, _translate_same_dialect
from lmcodec.providers._crossing_survey import survey
from lmcodec.providers.gemini.read import UNNAMED_MODEL

from ..budget import examples

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
_PAIRS = [(src, dst) for src in DIALECTS for dst in DIALECTS if src != dst]
_PASSES = (
    "anthropic_marks_out",
    "carried_thinking_in",
    "strict_asked",
    "reasoning_extensions_in",
    "whole_cap_in",
    "openai_keys_across",
    "service_tier_out",
    "stops_out",
    "hosted_tools_out",
    "tool_names_out",
    "parameterless_tools_out",
    "strict_empty_schemas_closed",
    "open_objects_out",
    "chat_fronts_claude",
    "parts_out",
    "anthropic_tool_ids_out",
    "unique_tool_ids_out",
    "claude_output_format",
    "response_turns_joined",
    "placeholder_signatures",
    "prefill_noted",
    "finished_turn_noted",
    "leading_developer_as_system",
    "chat_thinking_out",
    "strict_flags_in",
    "strict_notes",
    "unmarked_retention",
    "schema_description_back",
    "original_details_back",
    "strict_flags_out",
    "responses_audio_in_sdk_shape",
    "output_cap_change",
)
"""The passes of the long road between two dialects (``claude_refusals_out`` aside: the short
road runs it toward Anthropic)."""


def _refused(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("a pass was called on a request it would not change")


def _one_message_body(source: str, cap: int | None = None) -> bytes:
    request = lc.Request(
        model=MODELS[source],
        messages=(lc.Message.user("What is the capital of France?"),),
        config=lc.Config(max_tokens=cap),
    )
    return lc.build_request(source, request).body


@pytest.mark.parametrize("cap", [None, 256, 10**6])
def test_one_message_bodies_take_the_short_road(cap: int | None) -> None:
    """Every ordered pair of two dialects: a one-message body (without a cap, with one, with one
    over Claude's ceiling, which the short road clamps toward Anthropic as the long one does)
    calls none of the long road's passes and gives what the long road gives."""
    for source, destination in _PAIRS:
        body = _one_message_body(source, cap)
        with mock.patch.object(_translate_request, "plain_crossing", lambda *args: False):
            expected = lc.translate_request(source, destination, body, model=MODELS[destination])
        with mock.patch.multiple(_translate_request, **dict.fromkeys(_PASSES, _refused)):
            got = lc.translate_request(source, destination, body, model=MODELS[destination])
        assert got == expected, (source, destination)
    over = lc.translate_request(
        "openai", "anthropic", _one_message_body("openai", 10**6), model=MODELS["anthropic"]
    )
    assert [(note.field, note.action) for note in over.adaptations] == [("config.max_tokens", "clamped")]


_TEXT = st.text(alphabet="ab é\n", min_size=1, max_size=6)
_OUTSIDE = (
    "inside",
    "empty text",
    "stateful text",
    "image",
    "tool",
    "stop",
    "service tier",
    "reasoning",
    "response format",
    "tool choice",
    "cache",
    "extension",
    "assistant last",
    "developer first",
    "sampling",
    "thinking",
    "call",
    "system",
    "developer row",
)
_SAME_PASSES = (
    "carried_thinking_in",
    "chat_fronts_claude",
    "chat_thinking_out",
    "unsigned_loop_out",
    "whole_cap_in",
    "placeholder_signatures",
    "strict_empty_schemas_kept",
    "strict_flags_back",
    "developer_rows_back",
    "media_signatures_back",
    "error_responses_back",
    "part_fields_back",
    "chat_strict_flags_back",
    "schema_description_back",
    "original_details_back",
)
"""The passes of a body translated to its own dialect (``_translate_same_dialect``'s)."""


def _message(draw: st.DrawFn, role: str) -> lc.Message:
    texts = draw(st.lists(_TEXT, min_size=1, max_size=2))
    return lc.Message(role=role, parts=tuple(lc.TextPart(text=text) for text in texts))  # type: ignore[arg-type]


@st.composite
def _requests(draw: st.DrawFn) -> tuple[str, lc.Request]:
    """A request of text messages (user and assistant in turn, a user one last), with one feature
    that takes it off the short road (or none: ``inside``), and which it is."""
    count = draw(st.integers(1, 3))
    messages = [_message(draw, "user" if i % 2 == 0 else "assistant") for i in range(2 * count - 1)]
    config: dict[str, Any] = {}
    if draw(st.booleans()):
        config["max_tokens"] = draw(st.sampled_from([16, 4096, 64000, 10**6]))
    tools: tuple[Any, ...] = ()
    system = None
    feature = draw(st.sampled_from(_OUTSIDE))
    first = messages[0]
    if feature == "empty text":
        messages[-1] = lc.Message(role="user", parts=(*messages[-1].parts, lc.TextPart(text="")))
    elif feature == "stateful text":
        state = lc.ContinuationState(provider="openai", kind="message_id", data={"id": "msg_1"})
        part = lc.TextPart(text="x", continuation=(state,))
        messages[-2 if len(messages) > 1 else -1] = lc.Message(
            role="assistant" if len(messages) > 1 else "user", parts=(part,)
        )
    elif feature == "image":
        image = lc.ImagePart(url="https://example.com/a.png")
        messages[-1] = lc.Message(role="user", parts=(*messages[-1].parts, image))
    elif feature == "tool":
        tools = (lc.FunctionTool(name="get_weather", parameters={"type": "object", "properties": {}}),)
    elif feature == "stop":
        config["stop"] = (draw(st.sampled_from(["END", " "])),)
    elif feature == "service tier":
        config["service_tier"] = draw(st.sampled_from(["priority", "flex", "default"]))
    elif feature == "reasoning":
        config["reasoning"] = lc.Reasoning(effort=draw(st.sampled_from(["low", "high"])))
    elif feature == "response format":
        config["response_format"] = {"type": "json_object"}
    elif feature == "tool choice":
        config["tool_choice"] = lc.ToolChoice(mode="none")
    elif feature == "cache":
        config["cache"] = lc.CacheConfig(mode="auto", retention=draw(st.sampled_from([None, "long"])))
    elif feature == "extension":
        config["extensions"] = {"metadata": {"k": "v"}}
    elif feature == "assistant last":
        messages.append(_message(draw, "assistant"))
    elif feature == "developer first":
        first = lc.Message(role="developer", parts=(lc.TextPart(text="Be brief."),))
        messages.insert(0, first)
    elif feature == "thinking":
        state = lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"value": "sig"})
        thought = lc.ThinkingPart(text="hm", continuation=(state,))
        messages[-1:] = [
            lc.Message(role="assistant", parts=(thought, lc.TextPart(text="ok"))),
            messages[-1],
        ]
    elif feature == "call":
        call = lc.ToolCallPart(id="call_1", name="f", input={})
        result = lc.ToolResultPart(id="call_1", content=(lc.TextPart(text="1"),))
        messages[-1:] = [
            messages[-1],
            lc.Message(role="assistant", parts=(call,)),
            lc.Message(role="tool", parts=(result,)),
        ]
    elif feature == "system":
        system = "Be brief."
    elif feature == "developer row":
        messages.insert(
            len(messages) - 1, lc.Message(role="developer", parts=(lc.TextPart(text="Be brief."),))
        )
    elif feature == "sampling":
        config["temperature"] = draw(st.sampled_from([0.0, 0.5]))
        config["top_p"] = draw(st.sampled_from([None, 0.9]))
    try:
        request = lc.Request(
            model="m", messages=tuple(messages), system=system, tools=tools, config=lc.Config(**config)
        )
    except (TypeError, ValueError):
        assume(False)
    return feature, request


def _outcome(source: str, destination: str, body: bytes, stream: bool | None) -> Any:
    try:
        return lc.translate_request(source, destination, body, model=MODELS[destination], stream=stream)
    except lc.LmcodecError as error:
        return type(error), str(error)


@settings(max_examples=examples(600), deadline=None)
@given(_requests(), st.sampled_from(_PAIRS), st.sampled_from([None, True, False]))
def test_short_road_is_the_long_one(
    drawn: tuple[str, lc.Request], pair: tuple[str, str], stream: bool | None
) -> None:
    """Just inside the short road and just outside it: the answer the long road gives."""
    feature, request = drawn
    source, destination = pair
    try:
        body = lc.build_request(source, lc.replace(request, model=MODELS[source])).body
    except lc.LmcodecError:
        assume(False)
    got = _outcome(source, destination, body, stream)
    with mock.patch.object(_translate_request, "plain_crossing", lambda *args: False):
        expected = _outcome(source, destination, body, stream)
    assert got == expected, feature


@pytest.mark.parametrize("source", DIALECTS)
def test_one_message_bodies_to_their_own_dialect_take_the_short_road(source: str) -> None:
    """A one-message body translated to its own dialect calls none of that road's passes (each
    patched to fail) and gives ``build_request(p, decode_request(p, body))``."""
    body = _one_message_body(source, 256)
    expected = lc.build_request(source, lc.decode_request(source, body, model=MODELS[source]))
    with mock.patch.multiple(_translate_same_dialect, **dict.fromkeys(_SAME_PASSES, _refused)):
        got = lc.translate_request(source, source, body, model=MODELS[source])
    assert got == expected


@settings(max_examples=examples(400), deadline=None)
@given(_requests(), st.sampled_from(DIALECTS), st.sampled_from([None, True]))
def test_short_road_to_the_same_dialect_is_the_long_one(
    drawn: tuple[str, lc.Request], source: str, stream: bool | None
) -> None:
    """A body translated to its own dialect, just inside the short road and just outside it: the
    answer the long road gives (``plain_same_dialect`` patched to say no)."""
    feature, request = drawn
    try:
        body = lc.build_request(source, lc.replace(request, model=MODELS[source])).body
    except lc.LmcodecError:
        assume(False)
    got = _outcome(source, source, body, stream)
    with mock.patch.object(_translate_request, "plain_same_dialect", lambda *args: False):
        expected = _outcome(source, source, body, stream)
    assert got == expected, feature


def test_plain_crossing_says_no_outside() -> None:
    """The road's test itself: a one-message request is on it, each feature takes it off."""
    plain = lc.Request(model="m", messages=(lc.Message.user("hi"),))
    assert _crossing_plain.plain_crossing("openai_chat", plain, survey(plain), False)
    off = [
        lc.replace(plain, messages=(*plain.messages, lc.Message.assistant("ok"))),
        lc.replace(plain, messages=(lc.Message.user(""),)),
        lc.replace(plain, config=lc.Config(stop=("x",))),
        lc.replace(plain, config=lc.Config(extensions={"metadata": {}})),
    ]
    for request in off:
        assert not _crossing_plain.plain_crossing("openai_chat", request, survey(request), False)
    assert not _crossing_plain.plain_crossing("anthropic", plain, survey(plain), False)
    assert _crossing_plain.plain_crossing("anthropic", plain, survey(plain), True)
    unnamed = lc.replace(plain, model=UNNAMED_MODEL)
    assert not _crossing_plain.plain_crossing("gemini", unnamed, survey(unnamed), False)


def test_plain_same_dialect_says_no_outside() -> None:
    """The same-dialect road's test: text alone is on it; thinking, a call, a tool, reasoning, an
    extension take it off, and from Chat a system prompt or a developer message."""
    plain = lc.Request(model="m", messages=(lc.Message.user("hi"),), system="Be brief.")
    for source in ("openai", "anthropic", "gemini"):
        assert _crossing_plain.plain_same_dialect(source, plain)
    assert not _crossing_plain.plain_same_dialect("openai_chat", plain)
    plain = lc.replace(plain, system=None)
    assert _crossing_plain.plain_same_dialect("openai_chat", plain)
    developer = lc.Message(role="developer", parts=(lc.TextPart(text="x"),))
    assert not _crossing_plain.plain_same_dialect(
        "openai_chat", lc.replace(plain, messages=(developer, *plain.messages))
    )
    call = lc.Message(role="assistant", parts=(lc.ToolCallPart(id="c", name="f", input={}),))
    thought = lc.Message(role="assistant", parts=(lc.ThinkingPart(text="t"), lc.TextPart(text="x")))
    off = [
        lc.replace(plain, messages=(*plain.messages, call)),
        lc.replace(plain, messages=(*plain.messages, thought)),
        lc.replace(plain, tools=(lc.FunctionTool(name="f", parameters={"type": "object"}),)),
        lc.replace(plain, config=lc.Config(reasoning=lc.Reasoning(effort="low"))),
        lc.replace(plain, config=lc.Config(extensions={"metadata": {}})),
    ]
    for request in off:
        for source in DIALECTS:
            assert not _crossing_plain.plain_same_dialect(source, request)
