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
