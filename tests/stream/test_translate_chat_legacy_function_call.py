"""A Chat answer in the legacy ``function_call`` form reaches every client as its tool call (red
team 44 F02).

A Chat backend sent ``functions=`` (OpenAI still serves the deprecated form) answers with
``delta.function_call`` / ``message.function_call`` and ``finish_reason: "function_call"``. lm15
reads no call there (finish ``tool_call``: ``decode`` and ``decode_response`` keep that); the
openai SDK reads ``message.function_call``. ``translate`` and ``translate_response`` wrote an empty
answer; they now write the call as a tool call without an id (``tool_call_0``), read by each
client's SDK.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .write_support import REQUEST, chat_completion, sdk_chat, sdk_responses

READERS = {"openai": sdk_responses, "openai_chat": sdk_chat, "anthropic": sdk_anthropic, "gemini": sdk_gemini}


def _chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    chunk = {
        "id": "chatcmpl-1",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt-4o",
        "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}],
    }
    return b"data: " + json.dumps(chunk).encode() + b"\n\n"


STREAM = (
    _chunk({"role": "assistant", "content": None})
    + _chunk({"function_call": {"name": "f", "arguments": ""}})
    + _chunk({"function_call": {"arguments": '{"a":'}})
    + _chunk({"function_call": {"arguments": "1}"}})
    + _chunk({}, "function_call")
    + b"data: [DONE]\n\n"
)


def _body(function_call: Any) -> bytes:
    message = {"role": "assistant", "content": None, "refusal": None, "function_call": function_call}
    return json.dumps(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 1,
            "model": "gpt-4o",
            "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": "function_call"}],
            "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12},
        }
    ).encode()


BODY = _body({"name": "f", "arguments": '{"a":1}'})


def test_decode_keeps_lm15s_reading() -> None:
    response = lc.assemble(lc.stream.decode("openai_chat", [STREAM], request=REQUEST), request=REQUEST)
    assert not [p for p in response.message.parts if isinstance(p, lc.ToolCallPart)]
    assert response.finish_reason == "tool_call"
    body = lc.decode_response("openai_chat", BODY, request=REQUEST)
    assert not [p for p in body.message.parts if isinstance(p, lc.ToolCallPart)]


@pytest.mark.parametrize("dst", ["openai", "anthropic", "gemini"])
def test_every_other_client_reads_the_streamed_call_as_its_tool_call(dst: str) -> None:
    out = b"".join(lc.stream.translate("openai_chat", dst, [STREAM], request=REQUEST))
    read = READERS[dst](out)
    assert [(n, a) for _, n, a in read["tool_calls"]] == [("f", {"a": 1})]
    assert read["finish_reason"] == "tool_call"


def test_the_tool_call_is_named_as_a_call_without_an_id() -> None:
    out = b"".join(lc.stream.translate("openai_chat", "openai", [STREAM], request=REQUEST))
    assert [call_id for call_id, _, _ in sdk_responses(out)["tool_calls"]] == ["tool_call_0"]


def test_a_chat_client_reads_the_legacy_form_as_the_source_sent_it() -> None:
    out = b"".join(lc.stream.translate("openai_chat", "openai_chat", [STREAM], request=REQUEST))
    for read in (out, STREAM):  # the openai SDK's reading of what was written, and of the source
        choice = chat_completion(read).choices[0]
        assert choice.finish_reason == "function_call" and not choice.message.tool_calls
        call = choice.message.function_call
        assert (call.name, json.loads(call.arguments)) == ("f", {"a": 1})


@pytest.mark.parametrize("dst", ["openai", "anthropic", "gemini"])
def test_every_client_reads_the_call_of_a_body(dst: str) -> None:
    out = lc.translate_response("openai_chat", dst, BODY, request=REQUEST)
    calls = [
        p
        for p in lc.decode_response(dst, out, request=REQUEST).message.parts
        if isinstance(p, lc.ToolCallPart)
    ]
    assert [(p.name, p.input) for p in calls] == [("f", {"a": 1})]


def test_a_chat_client_gets_the_body_as_sent() -> None:
    assert lc.translate_response("openai_chat", "openai_chat", BODY, request=REQUEST) == BODY


@pytest.mark.parametrize("arguments", ['{"a":', "[1]", "5", 5, ["x"]])
def test_body_arguments_that_are_not_an_object_are_refused(arguments: Any) -> None:
    with pytest.raises(lc.DecodeError):
        lc.translate_response(
            "openai_chat", "anthropic", _body({"name": "f", "arguments": arguments}), request=REQUEST
        )


@pytest.mark.parametrize("odd", [5, "f", [], {"name": 5}, {"name": ""}, {"arguments": "{}"}])
def test_an_odd_function_call_is_read_as_lm15_reads_it(odd: Any) -> None:
    """Not a call the form can name: no call, as lm15 reads it, and no bare exception."""
    for dst in ("openai", "anthropic", "gemini"):
        try:
            out = lc.translate_response("openai_chat", dst, _body(odd), request=REQUEST)
        except lc.LmcodecError:
            continue
        parts = lc.decode_response(dst, out, request=REQUEST).message.parts
        assert not [p for p in parts if isinstance(p, lc.ToolCallPart)]
    stream = _chunk({"function_call": odd}) + _chunk({}, "stop")
    for dst in READERS:
        out = b"".join(lc.stream.translate("openai_chat", dst, [stream], request=REQUEST))
        kinds = [type(e).__name__ for e in lc.stream.decode(dst, [out], request=REQUEST)]
        assert kinds[-1] in ("StreamEndEvent", "StreamErrorEvent")


_G = {"index": 0, "id": "call_a", "type": "function", "function": {"name": "g", "arguments": '{"b":2}'}}
# a tool_calls call and a legacy function_call in one answer, in either order (red team 45 F02:
# the legacy fragments went into tool-call slot 0 and joined the call there)
BOTH = {
    "tool_calls_first": _chunk({"role": "assistant", "content": None})
    + _chunk({"tool_calls": [_G]})
    + _chunk({"function_call": {"name": "f", "arguments": '{"a":1}'}})
    + _chunk({}, "tool_calls")
    + b"data: [DONE]\n\n",
    "legacy_first": _chunk({"role": "assistant", "content": None})
    + _chunk({"function_call": {"name": "f", "arguments": ""}})
    + _chunk({"function_call": {"arguments": '{"a":1}'}})
    + _chunk({"tool_calls": [_G]})
    + _chunk({}, "function_call")
    + b"data: [DONE]\n\n",
}
_BOTH_CALLS = [("f", {"a": 1}), ("g", {"b": 2})]


@pytest.mark.parametrize("shape", sorted(BOTH))
def test_the_openai_sdk_reads_both_calls_of_the_source(shape: str) -> None:
    message = chat_completion(BOTH[shape]).choices[0].message
    calls = [(c.function.name, json.loads(c.function.arguments)) for c in message.tool_calls or []]
    calls.append((message.function_call.name, json.loads(message.function_call.arguments)))
    assert sorted(calls, key=repr) == _BOTH_CALLS


@pytest.mark.parametrize("dst", ["openai", "anthropic", "gemini"])
@pytest.mark.parametrize("shape", sorted(BOTH))
def test_a_legacy_call_beside_a_tool_call_is_a_call_of_its_own(shape: str, dst: str) -> None:
    out = b"".join(lc.stream.translate("openai_chat", dst, [BOTH[shape]], request=REQUEST))
    read = READERS[dst](out)
    assert sorted([(n, a) for _, n, a in read["tool_calls"]], key=repr) == _BOTH_CALLS
    ids = [call_id for call_id, _, _ in read["tool_calls"]]
    assert len(set(ids)) == 2 and "call_a" in ids


def _body_with(function_call: Any, tool_calls: list[dict[str, Any]]) -> bytes:
    body = json.loads(_body(function_call))
    body["choices"][0]["message"]["tool_calls"] = tool_calls
    return json.dumps(body).encode()


@pytest.mark.parametrize("dst", ["openai", "anthropic", "gemini"])
def test_every_client_reads_both_calls_of_a_body(dst: str) -> None:
    body = _body_with({"name": "f", "arguments": '{"a":1}'}, [dict(_G, index=None)])
    assert [
        p.name
        for p in lc.decode_response("openai_chat", body, request=REQUEST).message.parts
        if isinstance(p, lc.ToolCallPart)
    ] == ["g"]  # (lm15's reading: the legacy call is not read)
    out = lc.translate_response("openai_chat", dst, body, request=REQUEST)
    calls = [
        p
        for p in lc.decode_response(dst, out, request=REQUEST).message.parts
        if isinstance(p, lc.ToolCallPart)
    ]
    assert [(p.name, p.input) for p in calls] == [("g", {"b": 2}), ("f", {"a": 1})]


def test_a_body_legacy_call_takes_an_id_no_call_of_the_message_has() -> None:
    taken = dict(_G, id="tool_call_1")
    body = _body_with({"name": "f", "arguments": '{"a":1}'}, [taken])
    out = lc.translate_response("openai_chat", "anthropic", body, request=REQUEST)
    calls = [
        p
        for p in lc.decode_response("anthropic", out, request=REQUEST).message.parts
        if isinstance(p, lc.ToolCallPart)
    ]
    assert [(p.id, p.name) for p in calls] == [("tool_call_1", "g"), ("tool_call_1_", "f")]
