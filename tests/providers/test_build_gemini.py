"""lc.build_request("gemini", ...) against lm15 1.5.0's adapter: path, headers, body, adaptations, errors."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lm15.providers.gemini import gemini_openapi_schema

import lmcodec as lc
from lmcodec.providers._memo import NAMES_HELD
from lmcodec.providers.gemini import build as gemini_build
from lmcodec.providers.gemini._build_contents import function_response_general, texts_and_images_response
from lmcodec.providers.gemini._build_schema import fits_openapi_schema, walk_fits_openapi_schema
from lmcodec.providers.gemini._build_tools import tools_json, tools_wire

from ..budget import examples
from ..wire.lm15_trees import SETTINGS
from .request_support import assert_same_build, canonical_requests, rich_requests

PROVIDER = "gemini"


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
REFUSALS = {
    "force_builtin": lc.Request(
        model="gemini-2.5-flash",
        messages=(_HI,),
        tools=(lc.BuiltinTool(name="web_search"),),
        config=lc.Config(tool_choice=lc.ToolChoice(mode="required", allowed=("web_search",))),
    ),
    "unnamed_result": lc.Request(
        model="gemini-2.5-flash",
        messages=(
            _HI,
            lc.Message(role="tool", parts=(lc.ToolResultPart(id="t", content=(lc.TextPart(text="r"),)),)),
        ),
    ),
    "audio_result": lc.Request(
        model="gemini-2.5-flash",
        messages=(
            _HI,
            lc.Message(
                role="tool",
                parts=(lc.ToolResultPart(id="t", name="f", content=(lc.AudioPart(data="AA=="),)),),
            ),
        ),
    ),
    "developer_image": lc.Request(
        model="gemini-2.5-flash", messages=(lc.Message(role="developer", parts=(lc.ImagePart(data="AA=="),)),)
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refuses_what_lm15_refuses(name: str) -> None:
    outcome = assert_same_build(PROVIDER, REFUSALS[name])
    assert outcome.error is not None and outcome.error[0] == "unsupported_feature"


def test_stored_cache_with_no_message_left_is_a_validation_error() -> None:
    request = lc.Request(
        model="gemini-2.5-flash",
        messages=(_HI,),
        config=lc.Config(cache=lc.CacheConfig(mode="auto", resource="c", prefix_until_index=0)),
    )
    assert assert_same_build(PROVIDER, request).error == ("ValueError",)


MODEL_RULES = [
    ("gemini-2.5-flash", lc.Reasoning(effort="high"), {"thinkingBudget": 16384}, ":generateContent"),
    ("gemini-3-pro-preview", lc.Reasoning(effort="max"), {"thinkingLevel": "high"}, ":generateContent"),
    ("gemini-3-flash", lc.Reasoning(effort="off"), {"thinkingLevel": "minimal"}, ":generateContent"),
    ("gemini-2.5-pro", lc.Reasoning(effort="off"), {"thinkingBudget": 0}, ":generateContent"),
]


@pytest.mark.parametrize(("model", "reasoning", "thinking", "suffix"), MODEL_RULES)
def test_model_family_rules(model: str, reasoning: lc.Reasoning, thinking: Any, suffix: str) -> None:
    request = lc.Request(model=model, messages=(_HI,), config=lc.Config(reasoning=reasoning))
    assert_same_build(PROVIDER, request)
    built = lc.build_request(PROVIDER, request)
    assert json.loads(built.body)["generationConfig"]["thinkingConfig"] == thinking
    assert built.path == f"/v1beta/models/{model}{suffix}"
    assert lc.build_request(PROVIDER, request, stream=True).path.endswith(":streamGenerateContent?alt=sse")


def test_paths_remembered_by_model_name_are_lm15s_and_bounded() -> None:
    """The path of each model is kept by its name (two dicts, streamed or not, at most
    ``_memo.NAMES_HELD`` names each): a name met again, or after the dicts were cleared, gets lm15's path."""
    names = [f"gemini-x{i} é/a:b?c" if i % 3 == 0 else f"models/gemini-{i}" for i in range(300)]
    for _ in range(2):
        for name in names[::7] + names:
            request = lc.Request(model=name, messages=(_HI,))
            for stream in (False, True):
                assert_same_build(PROVIDER, request, stream=stream)
    assert 0 < len(gemini_build._PATHS) <= NAMES_HELD
    assert 0 < len(gemini_build._STREAM_PATHS) <= NAMES_HELD


_SCHEMA_KEYS = st.sampled_from(["type", "enum", "properties", "items", "anyOf", "description", "const", "x"])
_SCHEMA_LEAVES = st.one_of(
    st.none(), st.booleans(), st.integers(-1, 1), st.sampled_from(["string", "object"])
)
_SCHEMAS = st.recursive(
    _SCHEMA_LEAVES,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(_SCHEMA_KEYS, inner, max_size=4)),
    max_leaves=12,
)


@settings(SETTINGS, max_examples=examples(300))
@given(_SCHEMAS)
def test_schema_check_is_lm15s_cold_and_remembered(schema: Any) -> None:
    """MAP-16's check, remembered by the schema's JSON: lm15's answer on a first and a second ask."""
    expected = gemini_openapi_schema(schema)
    assert walk_fits_openapi_schema(schema) is expected
    assert fits_openapi_schema(schema) is expected
    assert fits_openapi_schema(json.loads(json.dumps(schema))) is expected


def _call(call_id: str, name: str) -> lc.Message:
    return lc.Message(role="assistant", parts=(lc.ToolCallPart(id=call_id, name=name, input={}),))


def _result(call_id: str) -> lc.Message:
    return lc.Message(role="tool", parts=(lc.ToolResultPart(id=call_id, content=(lc.TextPart(text="r"),)),))


CALL_NAMES = {
    "result_before_its_call": (_HI, _result("t"), _call("t", "f")),
    "call_id_renamed_after_the_result": (_HI, _call("t", "f"), _result("t"), _call("t", "g")),
    "call_id_repeated_after_the_result": (_HI, _call("t", "f"), _result("t"), _call("t", "f")),
    "call_id_renamed_before_the_result": (_HI, _call("t", "f"), _call("t", "g"), _result("t")),
}


@pytest.mark.parametrize("name", sorted(CALL_NAMES))
def test_unnamed_result_takes_the_last_call_of_its_id(name: str) -> None:
    """lm15 names a result from the whole transcript's calls; the one pass must agree."""
    request = lc.Request(model="gemini-2.5-flash", messages=CALL_NAMES[name])
    assert assert_same_build(PROVIDER, request).error is None


@pytest.mark.parametrize("description", [5, True, ["a"], {"k": "v"}])
def test_a_judgment_description_that_is_not_a_string_is_an_lc_error(description: Any) -> None:
    """lm15 crashes with a TypeError folding the option labels into it; a client's body (any
    dialect, translated to Gemini) must get an lc error naming the value instead (red-team)."""
    titled = {"anyOf": [{"const": "x", "title": "X"}, {"const": "y"}], "description": description}
    schema = {"type": "object", "properties": {"s": titled}}
    config = lc.Config(response_format={"type": "json_schema", "name": "n", "schema": schema})
    request = lc.Request("gemini-2.5-flash", (lc.Message.user("hi"),), config=config)
    with pytest.raises(lc.ValidationError) as caught:
        lc.build_request("gemini", request)
    assert caught.value.path == "$.config.response_format.schema.properties.s.description"
    body = {
        "model": "gemini-2.5-flash",
        "messages": [{"role": "user", "content": "hi"}],
        "response_format": {"type": "json_schema", "json_schema": {"name": "n", "schema": schema}},
    }
    with pytest.raises(lc.ValidationError):
        lc.translate_request("openai_chat", "gemini", json.dumps(body).encode())


_ENCODE = msgspec.json.Encoder().encode


_FUNCTIONS = st.builds(
    lc.FunctionTool,
    name=st.sampled_from(["f", "g"]),
    description=st.sampled_from([None, "d", "é"]),
    parameters=st.dictionaries(_SCHEMA_KEYS, _SCHEMAS, max_size=4),
)
_BUILTINS = st.builds(
    lc.BuiltinTool,
    name=st.sampled_from(["web_search", "code_execution", "file_search"]),
    config=st.sampled_from([None, {}, {"k": 1}]),
)


@settings(SETTINGS, max_examples=examples(300))
@given(st.lists(st.one_of(_FUNCTIONS, _BUILTINS), min_size=1, max_size=4).map(tuple))
def test_tools_json_cold_and_remembered_is_the_plain_tools(tools: tuple[Any, ...]) -> None:
    """The builder carries the tools as the JSON remembered by their JSON (``tools_json``): on a
    first ask, again, and for equal tools made anew, it is the JSON of the plain value the
    reader compares (``tools_wire``)."""
    expected = _ENCODE(tools_wire(tools))
    assert _ENCODE(tools_json(tools)) == expected
    assert _ENCODE(tools_json(tools)) == expected
    assert _ENCODE(tools_json(tuple(msgspec.structs.replace(tool) for tool in tools))) == expected


def test_tools_json_tells_numbers_of_other_types_apart() -> None:
    """Values Python finds equal but JSON spells apart (1, 1.0, True) and an int past 64 bits
    (MessagePack has no form for it) each get their own JSON, asked in turn in one process."""
    for value in (1, 1.0, True, 2**70, 1, -(2**70), 1.0):
        tools = (lc.FunctionTool(name="f", parameters={"type": "integer", "maximum": value}),)
        assert _ENCODE(tools_json(tools)) == _ENCODE(tools_wire(tools))


def test_tools_json_with_a_lone_surrogate_is_lm15s_refusal() -> None:
    """Tools msgspec cannot write take the plain path, and the body's encode refuses them."""
    tools = (lc.FunctionTool(name="f", description="\ud800", parameters={"type": "object"}),)
    assert tools_json(tools) == tools_wire(tools)
    with pytest.raises(lc.ValidationError, match="lone surrogate"):
        lc.build_request(PROVIDER, lc.Request(model="gemini-2.5-flash", messages=(_HI,), tools=tools))


_RESULT_PART = st.one_of(
    st.builds(lambda t: lc.TextPart(text=t), st.text(max_size=4)),
    st.builds(lambda u: lc.ImagePart(url=u), st.just("https://x.test/a.png")),
    st.builds(
        lambda f, m: lc.ImagePart(file_id=f, media_type=m), st.just("files/abc"), st.just("image/jpeg")
    ),
    st.builds(lambda d: lc.ImagePart(data=d), st.just("aGk=")),
    st.builds(lambda u: lc.DocumentPart(url=u), st.just("https://x.test/a.pdf")),
    st.builds(lambda d: lc.AudioPart(data=d), st.just("AAAA")),
)


def _response(write: Any, part: lc.ToolResultPart) -> Any:
    try:
        return msgspec.to_builtins(write(part, "f"))
    except lc.ProviderError as exc:
        return ("refused", exc.message, exc.feature)


@given(st.lists(_RESULT_PART, min_size=2, max_size=4), st.booleans())
def test_a_result_of_texts_and_images_is_written_as_the_general_path_writes_it(
    content: list[Any], is_error: bool
) -> None:
    """The one-pass function response of a named result of exact text and image parts (the
    usual result with media) is the general path's: key order, the error/result text, the parts;
    it declines any other content."""
    part = lc.ToolResultPart(id="c1", content=tuple(content), is_error=is_error)
    fast = texts_and_images_response(part, "f")
    if fast is None:
        kinds = {type(p) for p in content}
        assert lc.ImagePart not in kinds or not kinds <= {lc.TextPart, lc.ImagePart}
    else:
        assert list(fast["functionResponse"].items()) == list(
            _response(function_response_general, part)["functionResponse"].items()
        )


_NEAR_PLAIN_CONFIGS = st.sampled_from(
    [
        lc.Config(),
        lc.Config(stop=()),
        lc.Config(extensions={}),
        lc.Config(extensions={"output": "text"}),
        lc.Config(extensions={"labels": {"k": "v"}}),
        lc.Config(max_tokens=64),
        lc.Config(temperature=0.0),
        lc.Config(seed=0),
        lc.Config(store=False),
        lc.Config(service_tier="flex"),
        lc.Config(user_id="u"),
        lc.Config(logprobs=0),
        lc.Config(tool_choice=lc.ToolChoice(mode="auto")),
        lc.Config(tool_choice=lc.ToolChoice(mode="auto", parallel=False)),
        lc.Config(cache=lc.CacheConfig(resource="c1")),
        lc.Config(cache=lc.CacheConfig(mode="off")),
    ]
)
_SYSTEMS = st.one_of(
    st.none(),
    st.text(min_size=1, max_size=4),
    st.lists(st.builds(lc.TextPart, text=st.text(max_size=4)), min_size=1, max_size=2).map(tuple),
)


@settings(SETTINGS, max_examples=examples(200))
@given(
    _NEAR_PLAIN_CONFIGS,
    _SYSTEMS,
    st.lists(st.one_of(_FUNCTIONS, _BUILTINS), max_size=2, unique_by=lambda tool: tool.name).map(tuple),
    st.booleans(),
)
def test_a_request_that_sets_nothing_is_built_as_lm15_builds_it(
    config: lc.Config, system: Any, tools: tuple[Any, ...], stream: bool
) -> None:
    """``top_level``'s way for a Config equal to ``Config()`` (system text and tools only) builds
    what lm15 builds, with a system as text or parts, with tools or none; a Config one setting
    away from it (an empty one, an extension, a knob, a note, a tool choice, a cache) too."""
    request = lc.Request(model="gemini-2.5-flash", messages=(_HI,), system=system, tools=tools, config=config)
    assert_same_build(PROVIDER, request, stream=stream)
