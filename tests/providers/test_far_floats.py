"""Red team 47 F01: far floats (a decimal scale of 289 and up: ``1e300``, ``1.7976931348623157e308``)
in request and response bodies are read at ``float``'s speed (every JSON decoder's float_hook is
wire/_float_literals.float_literal), to msgspec's own value, and a literal past the double range is
still refused with msgspec's ``Number out of range``."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc
from tests.budget import examples

PROVIDERS: tuple[lc.Provider, ...] = ("openai_chat", "openai", "anthropic", "gemini")
_FAR = st.one_of(
    st.builds(lambda m, e: f"{m}e{e}", st.integers(1, 10**19), st.integers(285, 330)),
    st.builds(lambda m, e: f"-{m}E+0{e}", st.integers(1, 10**17), st.integers(289, 308)),
    st.sampled_from(["1.7976931348623157e308", "1.7976931348623158e308", "1e309", "0.5", "-0.0", "1e-400"]),
)


def _schema(literal: str, count: int = 1) -> str:
    props = ",".join(f'"x{i}":{{"type":"number","maximum":{literal}}}' for i in range(count))
    return f'{{"type":"object","properties":{{{props}}}}}'


def _request(provider: lc.Provider, literal: str, count: int = 1) -> bytes:
    schema = _schema(literal, count)
    user = '"model":"m","messages":[{"role":"user","content":"hi"}]'
    function = f'{{"type":"function","function":{{"name":"f","parameters":{schema}}}}}'
    responses_tool = f'{{"type":"function","name":"f","parameters":{schema}}}'
    return {
        "openai_chat": f'{{{user},"tools":[{function}]}}',
        "openai": f'{{"model":"m","input":"hi","tools":[{responses_tool}]}}',
        "anthropic": f'{{{user},"max_tokens":10,"tools":[{{"name":"f","input_schema":{schema}}}]}}',
        "gemini": (
            '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],'
            f'"tools":[{{"functionDeclarations":[{{"name":"f","parameters":{schema}}}]}}]}}'
        ),
    }[provider].encode()


def _chat_response(literal: str, count: int = 1) -> bytes:
    arguments = json.dumps("{" + ",".join(f'"x{i}": {literal}' for i in range(count)) + "}")
    call = f'{{"id":"c1","type":"function","function":{{"name":"f","arguments":{arguments}}}}}'
    message = f'{{"role":"assistant","content":null,"tool_calls":[{call}]}}'
    return (
        f'{{"id":"r","object":"chat.completion","created":1,"model":"m",'
        f'"choices":[{{"index":0,"message":{message},"finish_reason":"tool_calls"}}]}}'
    ).encode()


def _msgspec_value(literal: str) -> Any:
    """msgspec's own reading of the literal (no hook): the value every path gave before."""
    try:
        return msgspec.json.Decoder().decode(literal)
    except msgspec.ValidationError:
        return "out of range"


def _maximum(request: lc.Request) -> Any:
    tool = request.tools[0]
    assert isinstance(tool, lc.FunctionTool)
    return tool.parameters["properties"]["x0"]["maximum"]


@pytest.mark.parametrize("provider", PROVIDERS)
@settings(max_examples=examples(100), deadline=None)
@given(literal=_FAR)
def test_decode_request_reads_far_floats_as_msgspec(provider: lc.Provider, literal: str) -> None:
    expected = _msgspec_value(literal)
    try:
        read = _maximum(lc.decode_request(provider, _request(provider, literal), model="m"))
    except lc.LmcodecError as exc:
        assert expected == "out of range" and "Number out of range" in str(exc)
    else:
        assert read == expected and str(read) == str(expected)


@pytest.mark.parametrize("src", PROVIDERS)
@pytest.mark.parametrize("dst", PROVIDERS)
def test_translate_request_keeps_the_far_float(src: lc.Provider, dst: lc.Provider) -> None:
    written = lc.translate_request(src, dst, _request(src, "1.7976931348623157e308"), model="m")
    assert (
        lc.decode_request(dst, written.body, model="m").tools[0]
        == lc.decode_request(src, _request(src, "1.7976931348623157e308"), model="m").tools[0]
    )


@settings(max_examples=examples(100), deadline=None)
@given(literal=_FAR)
def test_decode_response_reads_far_float_arguments_as_msgspec(literal: str) -> None:
    expected = _msgspec_value(literal)
    try:
        part = lc.decode_response("openai_chat", _chat_response(literal)).message.parts[0]
    except lc.DecodeError as exc:  # msgspec refused, json.loads read inf: no JSON value, as before
        assert expected == "out of range" and "JSON-compatible" in str(exc)
    else:
        assert isinstance(part, lc.ToolCallPart) and part.input["x0"] == expected


def _cpu(call: Callable[[], object]) -> float:
    started = time.process_time()
    call()
    return time.process_time() - started


@pytest.mark.parametrize("provider", PROVIDERS)
def test_decode_request_far_floats_cost_as_plain_floats(provider: lc.Provider) -> None:
    # msgspec's slow path: 12-50x the same body of 1.5s (about 10 us a number); float_literal: ~1-2x
    far, near = _request(provider, "1.7976931348623157e308", 5_000), _request(provider, "1.5", 5_000)
    lc.decode_request(provider, near, model="m")
    assert (
        _cpu(lambda: lc.decode_request(provider, far, model="m"))
        < 8 * _cpu(lambda: lc.decode_request(provider, near, model="m")) + 0.02
    )


def test_decode_response_far_float_arguments_cost_as_plain_floats() -> None:
    far, near = _chat_response("1.7976931348623157e308", 5_000), _chat_response("1.5", 5_000)
    lc.decode_response("openai_chat", near)
    assert (
        _cpu(lambda: lc.decode_response("openai_chat", far))
        < 8 * _cpu(lambda: lc.decode_response("openai_chat", near)) + 0.02
    )


@pytest.mark.parametrize("literal", ["1e400", "-1E+400"])
@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_literal_past_the_doubles_is_refused_at_its_tool_not_as_malformed_json(
    provider: lc.Provider, literal: str
) -> None:
    """Red team 49 F05: JSON allows ``1e400`` (``json.loads`` reads it), so every reader refuses it
    as the Anthropic and Gemini readers do, a ValidationError naming the tool; the Chat and Responses
    readers called the body "not JSON" at msgspec's ``$[...][0][...]``, naming no field."""
    body = _request(provider, literal)
    json.loads(body)  # the body is JSON
    for read in (
        lambda: lc.decode_request(provider, body, model="m"),
        *(lambda dst=dst: lc.translate_request(provider, dst, body, model="m") for dst in PROVIDERS),
    ):
        with pytest.raises(lc.ValidationError, match="Number out of range") as raised:
            read()
        assert raised.value.path.startswith("$.tools[0]")


def test_the_chat_and_responses_readers_name_the_number_s_place_by_its_keys() -> None:
    chat = lc.decode_request
    with pytest.raises(lc.ValidationError, match="the number 1e400 is too large") as raised:
        chat("openai_chat", _request("openai_chat", "1e400", count=2), model="m")
    assert raised.value.path == "$.tools[0].function.parameters.properties.x0.maximum"
    responses = b'{"model":"m","input":"hi","temperature":1,"metadata":{"k":[0.5,[-2e999]]}}'
    with pytest.raises(lc.ValidationError, match="-2e999") as raised:
        chat("openai", responses, model="m")
    assert raised.value.path == "$.metadata.k[1][0]"
    deep = b'{"model":"m","input":"hi","metadata":{"k":' + b"[" * 400 + b"1e400" + b"]" * 400 + b"}}"
    with pytest.raises(lc.ValidationError) as raised:
        chat("openai", deep, model="m")
    assert raised.value.path == "$.metadata.k" + "[0]" * 400


def test_bytes_malformed_after_a_far_literal_are_still_not_json() -> None:
    body = _request("openai", "1e400")[:-1] + b",}"
    with pytest.raises(ValueError):
        json.loads(body)
    with pytest.raises(lc.DecodeError, match="not JSON"):
        lc.decode_request("openai", body, model="m")


@pytest.mark.parametrize("provider", ["openai_chat", "openai"])
def test_nesting_past_the_parser_s_depth_after_a_far_literal_is_an_lc_error(provider: lc.Provider) -> None:
    """The refusal decodes the body again past the number, where the first decode stopped: the depth
    beyond it was a bare RecursionError."""
    nested = b"[" * 100_000 + b"]" * 100_000
    body = _request(provider, "1e400")[:-1] + b',"metadata":{"k":' + nested + b"}}"
    with pytest.raises(lc.DecodeError, match="nests deeper"):
        lc.decode_request(provider, body, model="m")
