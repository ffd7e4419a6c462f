"""A Chat reply replayed as the openai SDK's parse helpers return it (red-team gw, finding H3).

``client.chat.completions.stream()`` / ``.parse()`` return a ``ParsedChatCompletionMessage``;
appending it to ``messages`` (the SDK's documented pattern) sends ``"parsed": null``, a null
``function.parsed_arguments`` on each tool call and, from the stream accumulator, each call's
``index``. The bodies here are the SDK's own (two calls over an ``httpx.MockTransport``, the
backend's answers written by hand); each must read back and rebuild to the JSON written here by
hand from the reader's documented normalizations, the SDK-only keys left out.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import lmcodec as lc

from .openai_request_diff import same_json

openai = pytest.importorskip("openai")
httpx = pytest.importorskip("httpx")

ARGS_W = '{"city": "Zürich", "note": "a \\"q\\""}'
ARGS_T = '{"tz": "UTC"}'
TOOLS = [
    {"type": "function", "function": {"name": n, "parameters": {"type": "object", "properties": {}}}}
    for n in ("get_weather", "get_time")
]


def _sse(*chunks: dict[str, Any]) -> bytes:
    base = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4.1"}
    return (
        b"".join(b"data: " + json.dumps({**base, **c}).encode() + b"\n\n" for c in chunks)
        + b"data: [DONE]\n\n"
    )


def _choice(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {"choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def _call(index: int, id: str, name: str, arguments: str) -> dict[str, Any]:
    return {"index": index, "id": id, "type": "function", "function": {"name": name, "arguments": arguments}}


TOOL_STREAM = _sse(
    _choice({"role": "assistant", "content": "Checking."}),
    _choice({"tool_calls": [_call(0, "call_A", "get_weather", ARGS_W[:9])]}),
    _choice({"tool_calls": [{"index": 0, "function": {"arguments": ARGS_W[9:]}}]}),
    _choice({"tool_calls": [_call(1, "call_B", "get_time", ARGS_T)]}),
    _choice({}, "tool_calls"),
)
TEXT_BODY = {
    "id": "chatcmpl-2",
    "object": "chat.completion",
    "created": 1,
    "model": "gpt-4.1",
    "choices": [{"index": 0, "message": {"role": "assistant", "content": "Paris."}, "finish_reason": "stop"}],
}


class _Gateway:
    """The SDK's client over a mock transport: answers with ``reply``, records each request body."""

    def __init__(self) -> None:
        self.bodies: list[bytes] = []
        self.reply: Callable[[], Any] = lambda: httpx.Response(500)

        def handler(request: Any) -> Any:
            self.bodies.append(request.content)
            return self.reply()

        self.client = openai.OpenAI(
            api_key="x",
            base_url="http://gw/v1",
            http_client=httpx.Client(transport=httpx.MockTransport(handler)),
            max_retries=0,
        )

    def turn_two(self, messages: list[Any]) -> bytes:
        """The body the SDK sends for ``messages`` (the gateway answers 500: only the body matters)."""
        self.reply = lambda: httpx.Response(500)
        with pytest.raises(openai.InternalServerError):
            self.client.chat.completions.create(model="gpt-4.1", messages=messages, tools=TOOLS)
        return self.bodies[-1]


def _compact(arguments: str) -> str:
    """The reader's documented normalization: arguments re-serialized compactly, ASCII escapes."""
    return json.dumps(json.loads(arguments), separators=(",", ":"))


def _streamed_turn_two(dump: str) -> bytes:
    gateway = _Gateway()
    gateway.reply = lambda: httpx.Response(
        200, headers={"content-type": "text/event-stream"}, content=TOOL_STREAM
    )
    user: dict[str, Any] = {"role": "user", "content": "hi"}
    with gateway.client.chat.completions.stream(model="gpt-4.1", messages=[user], tools=TOOLS) as stream:
        message = stream.get_final_completion().choices[0].message
    assert type(message).__name__.startswith("ParsedChatCompletionMessage")
    assert [call.id for call in message.tool_calls or []] == ["call_A", "call_B"]
    replayed: Any = {"sdk": message, "model_dump": message.model_dump(mode="json")}[dump]
    results = [{"role": "tool", "tool_call_id": id, "content": "ok"} for id in ("call_A", "call_B")]
    return gateway.turn_two([user, replayed, *results])


@pytest.mark.parametrize("dump", ["sdk", "model_dump"])
def test_the_stream_helpers_message_replays(dump: str) -> None:
    body = _streamed_turn_two(dump)
    sent = json.loads(body)["messages"][1]
    assert sent["parsed"] is None
    assert [call["index"] for call in sent["tool_calls"]] == [0, 1]
    assert [call["function"]["parsed_arguments"] for call in sent["tool_calls"]] == [None, None]
    rebuilt = json.loads(lc.build_request("openai_chat", lc.decode_request("openai_chat", body)).body)
    same_json(
        rebuilt,
        {
            "model": "gpt-4.1",
            "messages": [
                {"role": "user", "content": "hi"},
                {
                    "role": "assistant",
                    "content": "Checking.",
                    "tool_calls": [
                        {
                            "id": "call_A",
                            "type": "function",
                            "function": {"name": "get_weather", "arguments": _compact(ARGS_W)},
                        },
                        {
                            "id": "call_B",
                            "type": "function",
                            "function": {"name": "get_time", "arguments": _compact(ARGS_T)},
                        },
                    ],
                },
                {"role": "tool", "tool_call_id": "call_A", "content": "ok"},
                {"role": "tool", "tool_call_id": "call_B", "content": "ok"},
            ],
            "tools": TOOLS,
        },
    )


def test_the_stream_helpers_message_reads_as_the_plain_message() -> None:
    """The same request as the body without the SDK-only keys, for every dialect it goes to."""
    body = _streamed_turn_two("sdk")
    plain = json.loads(body)
    row = plain["messages"][1]
    del row["parsed"]
    for call in row["tool_calls"]:
        del call["index"], call["function"]["parsed_arguments"]
    plain_body = json.dumps(plain).encode()
    assert lc.decode_request("openai_chat", body) == lc.decode_request("openai_chat", plain_body)
    for dst in ("openai", "openai_chat", "anthropic", "gemini"):
        assert (
            lc.translate_request("openai_chat", dst, body).body
            == lc.translate_request("openai_chat", dst, plain_body).body
        )


def test_the_parse_helpers_message_replays() -> None:
    gateway = _Gateway()
    gateway.reply = lambda: httpx.Response(200, json=TEXT_BODY)
    user: dict[str, Any] = {"role": "user", "content": "capital?"}
    message = gateway.client.chat.completions.parse(model="gpt-4.1", messages=[user]).choices[0].message
    body = gateway.turn_two([user, message, {"role": "user", "content": "and Italy?"}])
    assert json.loads(body)["messages"][1]["parsed"] is None
    rebuilt = json.loads(lc.build_request("openai_chat", lc.decode_request("openai_chat", body)).body)
    same_json(
        rebuilt,
        {
            "model": "gpt-4.1",
            "messages": [
                user,
                {"role": "assistant", "content": "Paris."},
                {"role": "user", "content": "and Italy?"},
            ],
            "tools": TOOLS,
        },
    )


def _replayed(change: Callable[[dict[str, Any]], None]) -> bytes:
    row: dict[str, Any] = {
        "role": "assistant",
        "content": None,
        "parsed": None,
        "tool_calls": [
            {
                "id": "c",
                "type": "function",
                "index": 0,
                "function": {"name": "f", "arguments": "{}", "parsed_arguments": None},
            }
        ],
    }
    change(row)
    result = {"role": "tool", "tool_call_id": "c", "content": "ok"}
    return json.dumps({"model": "m", "messages": [{"role": "user", "content": "q"}, row, result]}).encode()


def _set_call(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda row: row["tool_calls"][0].__setitem__(key, value)


def _set_function(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda row: row["tool_calls"][0]["function"].__setitem__(key, value)


CALL = "$.messages[1].tool_calls[0]"


@pytest.mark.parametrize(
    ("change", "path", "says"),
    [
        (lambda row: row.__setitem__("parsed", {"city": "Paris"}), "$.messages[1].parsed", "'parsed'"),
        (lambda row: row.__setitem__("parsed", {}), "$.messages[1].parsed", "'parsed'"),
        (_set_function("parsed_arguments", {}), f"{CALL}.function.parsed_arguments", "'parsed_arguments'"),
        (_set_call("index", -1), f"{CALL}.index", "non-negative"),
        (_set_call("index", None), f"{CALL}.index", "integer"),
        (_set_call("index", True), f"{CALL}.index", "integer"),
        (_set_call("index", "0"), f"{CALL}.index", "integer"),
        (_set_call("index", 0.5), f"{CALL}.index", "integer"),
    ],
)
def test_sdk_keys_with_a_value_are_refused(
    change: Callable[[dict[str, Any]], None], path: str, says: str
) -> None:
    with pytest.raises(lc.ValidationError) as info:
        lc.decode_request("openai_chat", _replayed(change))
    assert info.value.path == path
    assert says in str(info.value)


def test_any_non_negative_index_reads_as_absent() -> None:
    """The accumulator's index is the delta's, which a server numbers as it likes."""
    expected = lc.decode_request("openai_chat", _replayed(_set_call("index", 0)))
    assert lc.decode_request("openai_chat", _replayed(_set_call("index", 7))) == expected
