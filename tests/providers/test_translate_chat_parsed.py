"""A Chat answer replayed as the openai SDK's ``chat.completions.parse()`` returns it (red team 29
F06): the ``ParsedChatCompletionMessage`` appended to the history is sent with ``"parsed": {...}``
(the SDK's reading of the content) and, for a strict tool, each call's
``function.parsed_arguments``. ``translate_request`` refused the second turn of every such
conversation in every pair; it now leaves them out, one ``dropped`` note at each path, as it does
a Responses ``output_text``'s ``parsed``. ``decode_request`` still refuses them (it is exact)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples

openai = pytest.importorskip("openai")
httpx = pytest.importorskip("httpx")
pydantic = pytest.importorskip("pydantic")

DIALECTS = ("openai_chat", "openai", "anthropic", "gemini")
USER = {"role": "user", "content": "Capital of France?"}
AGAIN = {"role": "user", "content": "And of Spain?"}


class City(pydantic.BaseModel):
    city: str


def _answer(message: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 1,
        "model": "gpt-4o",
        "choices": [{"index": 0, "message": {"role": "assistant", **message}, "finish_reason": "stop"}],
    }


def _turn_two(answer: dict[str, Any], after: dict[str, Any], **params: Any) -> bytes:
    """The body the SDK sends after ``parse()`` answered ``answer``, its message appended as
    returned, then ``after``."""
    bodies: list[bytes] = []
    replies = [httpx.Response(200, json=answer), httpx.Response(500)]

    def handler(request: Any) -> Any:
        bodies.append(request.content)
        return replies[len(bodies) - 1]

    client = openai.OpenAI(
        api_key="x",
        base_url="http://gw/v1",
        http_client=httpx.Client(transport=httpx.MockTransport(handler)),
        max_retries=0,
    )
    message = client.chat.completions.parse(model="gpt-4o", messages=[USER], **params).choices[0].message
    with pytest.raises(openai.InternalServerError):
        client.chat.completions.parse(model="gpt-4o", messages=[USER, message, after], **params)
    return bodies[-1]


def _without(body: bytes, *paths: tuple[Any, ...]) -> bytes:
    value = json.loads(body)
    for path in paths:
        node = value
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
    return json.dumps(value).encode()


def _check(body: bytes, plain: bytes, dropped: dict[str, Any]) -> None:
    """``body`` goes as ``plain`` (the same without the SDK's keys) in every pair, with one more
    ``dropped`` note per key, its value as ``asked``; ``decode_request`` refuses it."""
    for destination in DIALECTS:
        built = lc.translate_request("openai_chat", destination, body)
        expected = lc.translate_request("openai_chat", destination, plain)
        assert built.body == expected.body
        extra = [a for a in built.adaptations if a not in expected.adaptations]
        assert [(a.field, a.action, a.asked) for a in extra] == [
            (k, "dropped", v) for k, v in dropped.items()
        ]
        assert len(built.adaptations) == len(expected.adaptations) + len(dropped)
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request("openai_chat", body)
    assert info.value.path == next(iter(dropped))


def test_a_parsed_answer_goes_on_without_its_parsed_copy() -> None:
    body = _turn_two(_answer({"content": '{"city":"Paris"}'}), AGAIN, response_format=City)
    row = json.loads(body)["messages"][1]
    assert row["parsed"] == {"city": "Paris"}
    _check(body, _without(body, ("messages", 1, "parsed")), {"$.messages[1].parsed": {"city": "Paris"}})


def test_a_parsed_tool_call_goes_on_without_its_parsed_arguments() -> None:
    call = {"id": "c1", "type": "function", "function": {"name": "City", "arguments": '{"city":"Paris"}'}}
    result = {"role": "tool", "tool_call_id": "c1", "content": "ok"}
    tools = [openai.pydantic_function_tool(City)]
    body = _turn_two(_answer({"content": None, "tool_calls": [call]}), result, tools=tools)
    row = json.loads(body)["messages"][1]
    assert row["tool_calls"][0]["function"]["parsed_arguments"] == {"city": "Paris"}
    where = "$.messages[1].tool_calls[0].function.parsed_arguments"
    plain = _without(body, ("messages", 1, "tool_calls", 0, "function", "parsed_arguments"))
    _check(body, plain, {where: {"city": "Paris"}})


_JSON = st.recursive(
    st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=examples(100), deadline=None)
@given(parsed=_JSON, destination=st.sampled_from(DIALECTS))
def test_any_parsed_value_is_dropped_at_its_path(parsed: Any, destination: str) -> None:
    row = {"role": "assistant", "content": '{"city":"Paris"}', "parsed": parsed}
    body = json.dumps({"model": "gpt-4o", "messages": [USER, row, AGAIN]}).encode()
    built = lc.translate_request("openai_chat", destination, body)
    plain = lc.translate_request("openai_chat", destination, _without(body, ("messages", 1, "parsed")))
    assert built.body == plain.body
    notes = [(a.field, a.action, a.asked) for a in built.adaptations if a not in plain.adaptations]
    assert notes == [("$.messages[1].parsed", "dropped", parsed)]
