"""lc.build_request("anthropic", ...) against lm15 1.5.0's Messages adapter: path, headers, body, refusals."""

from __future__ import annotations

import json
from typing import Any, Literal

import msgspec
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers._build_common import Notes
from lmcodec.providers._build_wire import AnthropicMessage
from lmcodec.providers.anthropic import _build_blocks as blocks
from lmcodec.providers.anthropic import build as anthropic_build

from ..budget import examples
from ..wire.lm15_trees import SETTINGS
from .request_support import assert_same_build, canonical_requests, rich_requests

PROVIDER = "anthropic"


# 200 drawn requests each, as test_build_openai.py's test_build_equals_lm15 draws (REQUEST_SETTINGS):
# these two drew 400, the draws (not the builds) most of their time.
@settings(SETTINGS, max_examples=examples(200))
@given(canonical_requests(PROVIDER), st.booleans())
def test_build_matches_lm15(request: lc.Request, stream: bool) -> None:
    assert_same_build(PROVIDER, request, stream=stream)


@settings(SETTINGS, max_examples=examples(200))
@given(rich_requests(PROVIDER), st.booleans())
def test_build_matches_lm15_on_realistic_requests(request: lc.Request, stream: bool) -> None:
    assert_same_build(PROVIDER, request, stream=stream)


_HI = lc.Message(role="user", parts=(lc.TextPart(text="hi"),))
_TOOL = lc.FunctionTool(name="f", parameters={"type": "object"})
REFUSALS = {
    "json_object": lc.Request(
        model="claude-sonnet-4-5", messages=(_HI,), config=lc.Config(response_format={"type": "json_object"})
    ),
    "audio": lc.Request(
        model="claude-sonnet-4-5", messages=(lc.Message(role="user", parts=(lc.AudioPart(data="AA=="),)),)
    ),
    "cache_resource": lc.Request(
        model="claude-sonnet-4-5",
        messages=(_HI,),
        config=lc.Config(cache=lc.CacheConfig(mode="auto", resource="c1")),
    ),
    "video_result": lc.Request(
        model="claude-sonnet-4-5",
        messages=(
            _HI,
            lc.Message(role="tool", parts=(lc.ToolResultPart(id="t", content=(lc.VideoPart(url="u"),)),)),
        ),
    ),
    "probabilities": lc.Request(
        model="claude-sonnet-4-5",
        messages=(_HI,),
        config=lc.Config(
            response_format={"type": "json_schema", "schema": {"properties": {"ok": {"type": "boolean"}}}},
            probabilities="required",
        ),
    ),
    "developer_image": lc.Request(
        model="claude-sonnet-4-5",
        messages=(lc.Message(role="developer", parts=(lc.ImagePart(data="AA=="),)),),
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refuses_what_lm15_refuses(name: str) -> None:
    outcome = assert_same_build(PROVIDER, REFUSALS[name])
    assert outcome.error is not None and outcome.error[0] == "unsupported_feature"
    with pytest.raises(lc.ProviderError) as info:
        lc.build_request(PROVIDER, REFUSALS[name])
    assert info.value.code == "unsupported_feature"


MODEL_RULES = [
    ("claude-sonnet-4-5", lc.Reasoning(effort="high"), {"type": "enabled", "budget_tokens": 16384}, 64000),
    ("claude-opus-4-6", lc.Reasoning(effort="high"), {"type": "adaptive"}, 128000),
    ("claude-3-5-haiku-latest", None, None, 8192),
    ("claude-3-haiku-20240307", None, None, 4096),
    ("deepseek-chat", None, None, 16384),
    (
        "claude-sonnet-4-5",
        lc.Reasoning(effort="max", thinking_budget=70000),
        {"type": "enabled", "budget_tokens": 70000},
        86384,
    ),
]


@pytest.mark.parametrize(("model", "reasoning", "thinking", "max_tokens"), MODEL_RULES)
def test_model_family_rules(
    model: str, reasoning: lc.Reasoning | None, thinking: Any, max_tokens: int
) -> None:
    request = lc.Request(model=model, messages=(_HI,), config=lc.Config(reasoning=reasoning))
    assert_same_build(PROVIDER, request)
    body = json.loads(lc.build_request(PROVIDER, request).body)
    assert body.get("thinking") == thinking
    assert body["max_tokens"] == max_tokens


_SIGNED = lc.ContinuationState(provider="gemini", kind="thought_signature", data={"value": "g"})
_LONE_TEXTS = (  # messages the walk writes with their own text parts as blocks, and near misses
    lc.Message.user("plain"),
    lc.Message.assistant("reply"),
    lc.Message(role="user", parts=(lc.TextPart(text="signed", continuation=(_SIGNED,)),)),
    lc.Message(role="user", parts=(lc.TextPart(text="a"), lc.TextPart(text="b"))),
    lc.Message(role="user", parts=(lc.TextPart(text=""),)),
    lc.Message(role="developer", parts=(lc.TextPart(text="be brief"),)),
)


@pytest.mark.parametrize("marked", [None, 0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("retention", [None, "long"])
def test_text_parts_written_as_their_blocks_build_as_lm15(
    marked: int | None, retention: Literal["long"] | None
) -> None:
    """A message whose text parts the walk writes as their own blocks (no AnthropicText built)
    builds as lm15's, also when the cache mark lands on its last text."""
    cache = None
    if marked is not None:
        cache = lc.CacheConfig(mode="auto", prefix_until_index=marked, retention=retention)
    request = lc.Request(model="claude-sonnet-4-5", messages=_LONE_TEXTS, config=lc.Config(cache=cache))
    assert assert_same_build(PROVIDER, request).error is None


_ENCODE = msgspec.json.Encoder().encode
_TOOLS = st.lists(
    st.one_of(
        st.builds(
            lc.FunctionTool,
            name=st.sampled_from(["f", "g", "h"]),
            description=st.sampled_from([None, "", "d", "é"]),
            parameters=st.sampled_from([{"type": "object"}, {"type": "object", "properties": {"a": {}}}]),
        ),
        st.builds(lc.BuiltinTool, name=st.sampled_from(["web_search", "code_execution"])),
    ),
    min_size=1,
    max_size=4,
    unique_by=lambda tool: tool.name,
).map(tuple)


@settings(SETTINGS, max_examples=examples(200))
@given(_TOOLS, st.lists(st.sampled_from(["f", "g", "h"]), max_size=2, unique=True), st.booleans())
def test_tools_written_as_structs_encode_as_the_plain_values(
    tools: tuple[Any, ...], allowed: list[str], required: bool
) -> None:
    """The builder writes function tools as AnthropicTool Structs; the body and the notes are the
    ones the plain dicts the reader compares give (a subset sent for an allowlist included)."""
    names = [name for name in allowed if any(tool.name == name for tool in tools)]
    choice = lc.ToolChoice(mode="required" if required else "auto", allowed=tuple(names))
    request = lc.Request(model="claude-sonnet-4-5", messages=(lc.Message.user("hi"),), tools=tools)
    request = lc.replace(request, config=lc.Config(tool_choice=choice))
    written_notes, plain_notes = Notes(), Notes()
    written = anthropic_build._tools(request, written_notes, True)
    assert _ENCODE(written) == _ENCODE(anthropic_build._tools(request, plain_notes, False))
    assert written_notes == plain_notes


_RESULT_PART = st.one_of(
    st.builds(lambda t: lc.TextPart(text=t), st.text(max_size=4)),
    st.just(lc.ImagePart(url="https://x.test/a.png")),
    st.just(lc.ImagePart(file_id="file_abc")),
    st.builds(lambda d: lc.ImagePart(data=d, media_type="image/png"), st.sampled_from(["aGk=", "AAAA"])),
    st.just(lc.ImagePart(path="/nonexistent/lmcodec-test.png", media_type="image/png")),
    st.just(lc.DocumentPart(url="https://x.test/a.pdf")),
    st.just(lc.AudioPart(data="AAAA")),
    st.builds(
        lambda v: lc.DataPart(value=v), st.dictionaries(st.text(max_size=2), st.integers(), max_size=2)
    ),
)


def _result_json(write: Any, part: lc.ToolResultPart, cache: lc.CacheConfig | None) -> Any:
    try:
        block = write(part)
    except lc.ProviderError as exc:
        return ("refused", exc.message, exc.feature)
    except OSError as exc:  # an image path that cannot be read
        return ("unreadable", str(exc))
    if cache is not None and block is not None:  # the mark the cache plan puts on a message's last block
        blocks.mark_cache(cache, [AnthropicMessage("user", [block])])
    return msgspec.json.encode(block)


@given(
    st.lists(_RESULT_PART, min_size=1, max_size=4),
    st.booleans(),
    st.sampled_from(
        [None, lc.CacheConfig(prefix="history"), lc.CacheConfig(prefix="history", retention="long")]
    ),
)
@example(  # an image whose path cannot be read, then a part lm15 refuses: the refusal
    [lc.ImagePart(path="/nonexistent/lmcodec-test.png", media_type="image/png"), lc.AudioPart(data="AAAA")],
    False,
    None,
)
def test_a_result_of_texts_and_images_is_written_as_the_general_path_writes_it(
    content: list[Any], is_error: bool, cache: lc.CacheConfig | None
) -> None:
    """The one-pass tool_result block of exact text and image parts with an image (the usual
    result with media) writes the general path's JSON, key order, error flag and cache mark
    included; it declines any other content."""
    part = lc.ToolResultPart(id="c1", content=tuple(content), is_error=is_error)
    fast = _result_json(blocks.texts_and_images_result, part, cache)
    if fast == b"null":
        kinds = {type(p) for p in content}
        assert lc.ImagePart not in kinds or not kinds <= {lc.TextPart, lc.ImagePart}
    else:
        assert fast == _result_json(blocks.tool_result_general, part, cache)
