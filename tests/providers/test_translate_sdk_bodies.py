"""SDK-typical Chat bodies ``decode_request`` refuses, as ``lc.translate_request`` takes them
(red-team gateway F09): ``strict: true`` tools (``openai.pydantic_function_tool``), a participant
``name`` on a message, a ``file`` block's ``filename``. ``decode_request`` stays exact; the gateway
reading drops each key with a ``dropped`` Adaptation naming its path in the client's body."""

from __future__ import annotations

import json
from typing import Any

import pydantic
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .gateway_support import anthropic_accepts, chat_body, gemini_body, responses_accepts, responses_body

openai = pytest.importorskip("openai")

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
PDF = "data:application/pdf;base64,JVBERi0xLjQK"


class Weather(pydantic.BaseModel):
    city: str


def _strict_tool_body() -> bytes:
    tool = openai.pydantic_function_tool(Weather, name="get_weather")
    assert tool["function"]["strict"] is True
    return chat_body(model="gpt-4.1", messages=[{"role": "user", "content": "hi"}], tools=[tool])


def _named_body() -> bytes:
    messages = [
        {"role": "system", "content": "be brief", "name": "coordinator"},
        {"role": "user", "content": "hi", "name": "alice"},
        {"role": "assistant", "content": "hello", "name": "bot"},
        {"role": "user", "content": "weather?"},
    ]
    return chat_body(model="gpt-4.1", messages=messages)


def _file_body() -> bytes:
    content = [
        {"type": "file", "file": {"filename": "report.pdf", "file_data": PDF}},
        {"type": "text", "text": "sum"},
    ]
    return chat_body(model="gpt-4.1", messages=[{"role": "user", "content": content}])


CASES = {
    "strict": (_strict_tool_body, ["$.tools[0].function.strict"]),
    "names": (_named_body, ["$.messages[0].name", "$.messages[1].name", "$.messages[2].name"]),
    "filename": (_file_body, ["$.messages[0].content[0].file.filename"]),
}


@pytest.mark.parametrize("case", CASES)
def test_decode_request_still_refuses_them(case: str) -> None:
    make, _ = CASES[case]
    with pytest.raises(lc.ValidationError):
        lc.decode_request("openai_chat", make())


@pytest.mark.parametrize("destination", DIALECTS)
@pytest.mark.parametrize("case", CASES)
def test_translate_request_drops_each_key_and_names_it(case: str, destination: str) -> None:
    make, paths = CASES[case]
    body = make()
    try:
        built = lc.translate_request("openai_chat", destination, body)
    except lc.ProviderError:
        assert case == "filename" and destination == "openai_chat"  # lm15's Chat builder has no file slot
        return
    dropped = [a.field for a in built.adaptations if a.action == "dropped" and a.field.startswith("$.")]
    if case == "strict" and destination == "openai":  # carried: Responses takes it (red team 11 F03)
        assert dropped == [] and json.loads(built.body)["tools"][0]["strict"] is True
        return
    if case == "strict" and destination == "openai_chat":  # as it came (red team 24 F10)
        assert dropped == [] and json.loads(built.body)["tools"][0]["function"]["strict"] is True
        return
    if case == "strict" and destination == "anthropic":  # carried: its ToolParam.strict (red team 26 F01)
        assert dropped == [] and json.loads(built.body)["tools"][0]["strict"] is True
        anthropic_accepts(built.body)
        return
    assert dropped == paths
    sent = built.body.decode()
    for word in ("alice", "coordinator", "report.pdf", '"strict"'):
        assert word not in sent
    if destination == "anthropic":
        anthropic_accepts(built.body)


@settings(max_examples=examples(40), deadline=None)
@given(flags=st.lists(st.sampled_from([True, None, False]), min_size=1, max_size=4))
def test_chat_to_chat_gives_each_tool_s_strict_flag_back(flags: list[bool | None]) -> None:
    """Chat -> Chat, each tool's ``strict: true`` goes back on that tool (red team 24 F10); a tool
    without it gets none (``strict: false``, Chat's default, as lm15's builder leaves it out)."""
    tools = []
    for i, flag in enumerate(flags):
        function: dict[str, Any] = {"name": f"f{i}", "parameters": {"type": "object", "properties": {}}}
        if flag is not None:
            function["strict"] = flag
        tools.append({"type": "function", "function": function})
    body = json.dumps({"model": "gpt-4.1", "messages": [{"role": "user", "content": "hi"}], "tools": tools})
    built = lc.translate_request("openai_chat", "openai_chat", body.encode())
    sent = [tool["function"].get("strict") for tool in json.loads(built.body)["tools"]]
    assert sent == [True if flag else None for flag in flags]
    assert not [a for a in built.adaptations if a.field.endswith(".strict")]


def test_the_rest_of_the_body_is_read_as_without_the_keys() -> None:
    strict = json.loads(lc.translate_request("openai_chat", "anthropic", _strict_tool_body()).body)
    plain = json.loads(_strict_tool_body())
    del plain["tools"][0]["function"]["strict"]
    assert strict["tools"][0].pop("strict") is True  # the flag, carried (red team 26 F01)
    without = lc.translate_request("openai_chat", "anthropic", json.dumps(plain).encode())
    assert strict == json.loads(without.body)


def test_a_body_refused_for_another_reason_is_still_refused() -> None:
    body = json.dumps(
        {"model": "m", "messages": [{"role": "user", "content": "hi", "name": "a"}], "n": 2}
    ).encode()
    with pytest.raises(lc.ValidationError):
        lc.translate_request("openai_chat", "anthropic", body)


def _responses_file_body() -> bytes:
    content = [
        {"type": "input_file", "filename": "report.pdf", "file_data": PDF},
        {"type": "input_image", "file_id": "file-img", "detail": "high"},
        {"type": "input_text", "text": "sum"},
    ]
    return responses_body(model="gpt-4.1", input=[{"role": "user", "content": content}])


def test_responses_refuses_a_filename_and_a_file_id_detail_exactly() -> None:
    with pytest.raises(lc.ValidationError):
        lc.decode_request("openai", _responses_file_body())


@pytest.mark.parametrize("destination", DIALECTS)
def test_responses_filename_and_file_id_detail_are_dropped_and_named(destination: str) -> None:
    try:
        built = lc.translate_request("openai", destination, _responses_file_body())
    except lc.ProviderError:
        assert destination == "openai_chat"  # lm15's Chat builder has no file slot
        return
    dropped = [
        (a.field, a.asked) for a in built.adaptations if a.action == "dropped" and a.field.startswith("$.")
    ]
    if destination == "openai":  # the same dialect: sent as the client sent them (red team 24 F03, F05)
        assert dropped == []
        assert json.loads(built.body)["input"] == json.loads(_responses_file_body())["input"]
        responses_accepts(built.body)
        return
    assert dropped == [
        ("$.input[0].content[0].filename", "report.pdf"),
        ("$.input[0].content[1].detail", "high"),
    ]
    assert b"report.pdf" not in built.body


_TOOL_OUTPUT_BLOCKS = {
    "file": {"type": "input_file", "file_data": PDF, "filename": "report.pdf"},
    "image": {"type": "input_image", "file_id": "file-abc", "detail": "low"},
}


def _tool_output_body(block: dict[str, Any]) -> bytes:
    """An agent's tool loop whose tool returned a file or an image (the Agents SDK's
    ``ToolOutputFileContent`` carries a filename)."""
    tools = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}]
    return responses_body(
        model="gpt-5",
        tools=tools,
        input=[
            {"role": "user", "content": "run f"},
            {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": [block]},
        ],
    )


@pytest.mark.parametrize("destination", ["anthropic", "gemini", "openai_chat"])
@pytest.mark.parametrize("case", _TOOL_OUTPUT_BLOCKS)
def test_a_tool_output_s_filename_and_detail_are_dropped_as_in_a_message(case: str, destination: str) -> None:
    block = _TOOL_OUTPUT_BLOCKS[case]
    key = "filename" if case == "file" else "detail"
    try:
        built = lc.translate_request("openai", destination, _tool_output_body(block), model="m")
    except lc.ProviderError:  # lm15's Chat builder takes text tool results only
        assert destination == "openai_chat"
        return
    dropped = [(a.field, a.asked) for a in built.adaptations if a.action == "dropped"]
    # (and the tool, strict by Responses' default, goes without the flag: listed, red team 26 F01)
    assert dropped == [(f"$.input[2].output[0].{key}", block[key]), ("tools", ["f"])]


@pytest.mark.parametrize("case", _TOOL_OUTPUT_BLOCKS)
def test_responses_to_responses_sends_a_tool_output_s_blocks_as_sent(case: str) -> None:
    body = _tool_output_body(_TOOL_OUTPUT_BLOCKS[case])
    built = lc.translate_request("openai", "openai", body)
    assert json.loads(built.body)["input"][2] == json.loads(body)["input"][2]
    assert [a for a in built.adaptations if a.field.startswith("$.")] == []
    responses_accepts(built.body)


def _gemini_history(response: dict[str, Any]) -> bytes:
    from google.genai import types

    call = types.FunctionCall(name="get_weather", args={"city": "Paris"})
    answer = types.FunctionResponse(name="get_weather", response=response)
    contents = [
        types.Content(role="user", parts=[types.Part(text="weather?")]),
        types.Content(role="model", parts=[types.Part(function_call=call)]),
        types.Content(role="user", parts=[types.Part(function_response=answer)]),
    ]
    return gemini_body(contents)


@pytest.mark.parametrize(
    ("response", "text"),
    [
        ({"output": "18 C"}, "18 C"),
        ({"output": {"temp_c": 18}}, '{"temp_c":18}'),
        ({"temp_c": 18}, '{"temp_c":18}'),
    ],
)
def test_a_gemini_function_response_in_another_shape_crosses_as_its_text(
    response: dict[str, Any], text: str
) -> None:
    body = _gemini_history(response)
    with pytest.raises(lc.ValidationError):
        lc.decode_request("gemini", body, model="gemini-2.5-flash")
    built = lc.translate_request("gemini", "anthropic", body, model="gemini-2.5-flash")
    [result] = [
        b for m in json.loads(built.body)["messages"] for b in m["content"] if b["type"] == "tool_result"
    ]
    assert result["content"] in (text, [{"type": "text", "text": text}])
    anthropic_accepts(built.body)
    [note] = [a for a in built.adaptations if a.field == "$.contents[2].parts[0].functionResponse.response"]
    assert (note.action, note.asked, note.applied) == ("substituted", response, text)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value: the root's members, theirs, and so on."""
    out = [path] if path else []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        out += _paths(item, (*path, key))
    return out


def _with(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    copy = json.loads(json.dumps(value))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = new
    return copy


_ODD_VALUES: list[Any] = [[], {}, None, 7, "x", [{}]]


@pytest.mark.parametrize(
    ("source", "make", "model"),
    [
        ("openai_chat", _named_body, None),
        ("openai_chat", _file_body, None),
        ("openai_chat", _strict_tool_body, None),
        ("openai", _responses_file_body, None),
        ("gemini", lambda: _gemini_history({"output": "18 C"}), "gemini-2.5-flash"),
    ],
)
def test_a_wrong_type_anywhere_in_an_sdk_body_is_an_lc_error(
    source: str, make: Any, model: str | None
) -> None:
    """The gateway reading looks at keys decode_request refuses; a value of any other JSON type at
    any place of such a body (a list as a Chat role raised a bare TypeError: a list is unhashable)
    is read or refused with an lc error, as decode_request refuses it."""
    body = json.loads(make())
    for path in _paths(body):
        for odd in _ODD_VALUES:
            mutated = json.dumps(_with(body, path, odd)).encode()
            try:
                lc.translate_request(source, "anthropic", mutated, model=model)
            except lc.LmcodecError:
                pass
