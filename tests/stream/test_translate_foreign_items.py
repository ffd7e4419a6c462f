"""Responses output items lm15 does not read, through ``stream.translate`` and ``encode_response``.

Red team 14 F01 / F12: lm15 1.5.0's Responses adapter reads ``message``, ``reasoning`` and
``function_call`` items; every event of any other item maps to nothing, so ``translate("openai",
"openai")`` wrote none of a ``custom_tool_call`` (Codex's ``apply_patch``), ``shell_call``,
``computer_call``, ... (items the client runs itself: a client reading ``output_item.done`` saw a
turn with no output) nor of a ``web_search_call`` / ``image_generation_call`` / ... (the provider's
own tools). A Responses client now gets each such event as the backend sent it, renumbered into the
stream (read here by the openai SDK's event models and its accumulator); another dialect has no form
for them: an item the client runs ends its stream with an error naming it, a server-run item is left
out. ``encode_response("openai")`` of such a body under a renamed model kept only an empty message.
"""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest
from openai.types.responses import ResponseOutputItem
from pydantic import TypeAdapter

import lmcodec as lc

from ..providers.sdk_readers import sdk_anthropic
from .chat_client_support import anthropic_error, gemini_error
from .write_support import REQUEST, _client, response_object, sdk_chat

_USAGE = {
    "input_tokens": 5,
    "output_tokens": 7,
    "total_tokens": 12,
    "input_tokens_details": {"cached_tokens": 0},
    "output_tokens_details": {"reasoning_tokens": 0},
}
_PATCH = "*** Begin Patch\n*** Update File: a.py\n@@\n-a\n+b\n*** End Patch\n"

# The items a Responses client runs itself, as the openai SDK's types spell them done.
CLIENT_ITEMS: dict[str, dict[str, Any]] = {
    "custom_tool_call": {
        "id": "ctc_1",
        "type": "custom_tool_call",
        "call_id": "call_c1",
        "name": "apply_patch",
        "input": _PATCH,
    },
    "computer_call": {
        "id": "cu_1",
        "type": "computer_call",
        "call_id": "call_cu",
        "action": {"type": "click", "button": "left", "x": 10, "y": 20},
        "pending_safety_checks": [],
        "status": "completed",
    },
    "local_shell_call": {
        "id": "ls_1",
        "type": "local_shell_call",
        "call_id": "call_ls",
        "action": {"type": "exec", "command": ["ls"], "env": {}},
        "status": "completed",
    },
    "shell_call": {
        "id": "sh_1",
        "type": "shell_call",
        "call_id": "call_sh",
        "action": {"commands": ["ls"], "timeout_ms": None, "max_output_length": None},
        "status": "completed",
    },
    "apply_patch_call": {
        "id": "ap_1",
        "type": "apply_patch_call",
        "call_id": "call_ap",
        "operation": {"type": "update_file", "path": "a.py", "diff": "@@\n-a\n+b\n"},
        "status": "completed",
    },
    "mcp_approval_request": {
        "id": "mcpr_1",
        "type": "mcp_approval_request",
        "server_label": "deepwiki",
        "name": "ask_question",
        "arguments": "{}",
    },
}
_IMAGE = "iVBORw0KGgo="
# The provider's own tools: the item added, its events (each names the item and its output_index), done.
SERVER_ITEMS: dict[str, tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]] = {
    "web_search_call": (
        {"id": "ws_1", "type": "web_search_call", "status": "in_progress"},
        [
            {"type": "response.web_search_call.in_progress"},
            {"type": "response.web_search_call.searching"},
            {"type": "response.web_search_call.completed"},
        ],
        {
            "id": "ws_1",
            "type": "web_search_call",
            "status": "completed",
            "action": {"type": "search", "query": "q"},
        },
    ),
    "image_generation_call": (
        {"id": "ig_1", "type": "image_generation_call", "status": "in_progress", "result": None},
        [
            {"type": "response.image_generation_call.in_progress"},
            {"type": "response.image_generation_call.generating"},
            {
                "type": "response.image_generation_call.partial_image",
                "partial_image_index": 0,
                "partial_image_b64": _IMAGE,
            },
            {"type": "response.image_generation_call.completed"},
        ],
        {"id": "ig_1", "type": "image_generation_call", "status": "completed", "result": _IMAGE},
    ),
    "code_interpreter_call": (
        {
            "id": "ci_1",
            "type": "code_interpreter_call",
            "status": "in_progress",
            "container_id": "c",
            "code": "",
            "outputs": None,
        },
        [
            {"type": "response.code_interpreter_call.in_progress"},
            {"type": "response.code_interpreter_call_code.delta", "delta": "print(2)"},
            {"type": "response.code_interpreter_call_code.done", "code": "print(2)"},
            {"type": "response.code_interpreter_call.interpreting"},
            {"type": "response.code_interpreter_call.completed"},
        ],
        {
            "id": "ci_1",
            "type": "code_interpreter_call",
            "status": "completed",
            "container_id": "c",
            "code": "print(2)",
            "outputs": [{"type": "logs", "logs": "2\n"}],
        },
    ),
}


def _message_events(index: int, text: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    added = {"id": "msg_1", "type": "message", "role": "assistant", "status": "in_progress", "content": []}
    part = {"type": "output_text", "text": text, "annotations": [], "logprobs": []}
    done = dict(added, status="completed", content=[part])
    at = {"item_id": "msg_1", "output_index": index, "content_index": 0}
    events = [
        {"type": "response.output_item.added", "output_index": index, "item": added},
        {"type": "response.content_part.added", **at, "part": dict(part, text="")},
        {"type": "response.output_text.delta", **at, "delta": text, "logprobs": []},
        {"type": "response.output_text.done", **at, "text": text, "logprobs": []},
        {"type": "response.content_part.done", **at, "part": part},
        {"type": "response.output_item.done", "output_index": index, "item": done},
    ]
    return events, done


def _item_events(
    index: int, added: dict[str, Any], middle: list[dict[str, Any]], done: dict[str, Any]
) -> list[dict[str, Any]]:
    return [
        {"type": "response.output_item.added", "output_index": index, "item": added},
        *({**event, "item_id": added["id"], "output_index": index} for event in middle),
        {"type": "response.output_item.done", "output_index": index, "item": done},
    ]


def _stream(events: list[dict[str, Any]], output: list[dict[str, Any]]) -> bytes:
    frames = [
        {"type": "response.created", "response": response_object("in_progress", [])},
        *events,
        {"type": "response.completed", "response": response_object("completed", output, usage=_USAGE)},
    ]
    return b"".join(
        f"event: {frame['type']}\ndata: {json.dumps(dict(frame, sequence_number=n))}\n\n".encode()
        for n, frame in enumerate(frames)
    )


def _client_item_stream(kind: str, text_first: bool) -> tuple[bytes, list[str]]:
    """A stream whose answer is (a message, then) the client-run item ``kind``; the types in order."""
    item = CLIENT_ITEMS[kind]
    index = 1 if text_first else 0
    added = dict(item, input="") if kind == "custom_tool_call" else item
    middle: list[dict[str, Any]] = []
    if kind == "custom_tool_call":
        middle = [
            {"type": "response.custom_tool_call_input.delta", "delta": _PATCH[:20]},
            {"type": "response.custom_tool_call_input.delta", "delta": _PATCH[20:]},
            {"type": "response.custom_tool_call_input.done", "input": _PATCH},
        ]
    events = _item_events(index, added, middle, item)
    output = [item]
    if text_first:
        message, done = _message_events(0, "Patching.")
        events, output = [*message, *events], [done, item]
    return _stream(events, output), [entry["type"] for entry in output]


def _sdk_events(body: bytes) -> tuple[list[tuple[str, int, str]], list[str], str]:
    """What the openai SDK's ``responses.stream()`` hands a client: each ``output_item.done``
    (its item's type, output_index, id), the final response's item types, its text."""
    done: list[tuple[str, int, str]] = []
    with _client(body).responses.stream(model="m-1", input="hi") as stream:
        for event in stream:  # each event parsed into the SDK's own model
            if event.type == "response.output_item.done":
                # (a message item's id is the writer's own: docs/writers.md)
                item_id = "" if event.item.type == "message" else getattr(event.item, "id", None)
                done.append((event.item.type, event.output_index, item_id or ""))
        final = stream.get_final_response()
    return done, [item.type for item in final.output], final.output_text


def _translated(dst: str, body: bytes) -> bytes:
    return b"".join(lc.stream.translate("openai", dst, [body], request=REQUEST))


def _per_event(dst: str, body: bytes) -> bytes:
    chunks = [event + b"\n\n" for event in body.split(b"\n\n") if event]
    return b"".join(lc.stream.translate("openai", dst, chunks, request=REQUEST))


@pytest.mark.parametrize("text_first", [False, True], ids=["alone", "after-text"])
@pytest.mark.parametrize("kind", sorted(CLIENT_ITEMS))
def test_a_client_run_item_reaches_a_responses_client_as_the_backend_sent_it(
    kind: str, text_first: bool
) -> None:
    source, types = _client_item_stream(kind, text_first)
    expected = _sdk_events(source)
    assert [entry[0] for entry in expected[0]] == types  # (the source as the SDK reads it)
    for written in (_translated("openai", source), _per_event("openai", source)):
        assert _sdk_events(written) == expected


def test_a_custom_tool_call_s_input_deltas_are_written_in_order() -> None:
    source, _ = _client_item_stream("custom_tool_call", True)
    written = _translated("openai", source)
    frames = [json.loads(line[6:]) for line in written.decode().split("\n") if line.startswith("data: ")]
    kinds = [frame["type"] for frame in frames]
    at = kinds.index("response.custom_tool_call_input.delta")
    assert kinds[at - 1 : at + 4] == [
        "response.output_item.added",
        "response.custom_tool_call_input.delta",
        "response.custom_tool_call_input.delta",
        "response.custom_tool_call_input.done",
        "response.output_item.done",
    ]
    assert "".join(frame["delta"] for frame in frames if frame["type"].endswith("input.delta")) == _PATCH
    assert [frame["sequence_number"] for frame in frames] == list(range(len(frames)))
    assert {frame["output_index"] for frame in frames[at - 1 : at + 4]} == {1}


@pytest.mark.parametrize("kind", sorted(SERVER_ITEMS))
def test_a_server_tool_item_reaches_a_responses_client_before_the_answer(kind: str) -> None:
    added, middle, done = SERVER_ITEMS[kind]
    message, message_done = _message_events(1, "Found it.")
    source = _stream([*_item_events(0, added, middle, done), *message], [done, message_done])
    expected = _sdk_events(source)
    assert expected[1] == [kind, "message"]
    written = _translated("openai", source)
    assert _sdk_events(written) == expected
    written_types = [line[7:] for line in written.decode().split("\n") if line.startswith("event: ")]
    assert [t for t in written_types if t.startswith(f"response.{kind}")] == [m["type"] for m in middle]


def _chat_error(body: bytes) -> str:
    with pytest.raises(openai.APIError) as raised:
        sdk_chat(body)
    return str(raised.value)


@pytest.mark.parametrize("kind", sorted(CLIENT_ITEMS))
def test_a_client_run_item_ends_another_dialect_s_stream_with_an_error_naming_it(kind: str) -> None:
    source, _ = _client_item_stream(kind, True)
    for dst, read in (
        ("openai_chat", _chat_error),
        ("anthropic", anthropic_error),
        ("gemini", gemini_error),
    ):
        message = read(_translated(dst, source))
        assert repr(kind) in message and "client runs" in message, (dst, message)


@pytest.mark.parametrize("kind", sorted(SERVER_ITEMS))
def test_a_server_tool_item_is_left_out_for_another_dialect(kind: str) -> None:
    added, middle, done = SERVER_ITEMS[kind]
    message, message_done = _message_events(1, "Found it.")
    source = _stream([*_item_events(0, added, middle, done), *message], [done, message_done])
    assert sdk_chat(_translated("openai_chat", source))["text"] == "Found it."
    assert sdk_anthropic(_translated("anthropic", source))["text"] == "Found it."


def test_decoding_keeps_lm15_s_reading_of_those_items() -> None:
    source, _ = _client_item_stream("custom_tool_call", True)
    response = lc.assemble(lc.stream.decode("openai", [source], request=REQUEST))
    assert [type(part).__name__ for part in response.message.parts] == ["TextPart"]


@pytest.mark.parametrize("kind", sorted(CLIENT_ITEMS) + sorted(SERVER_ITEMS))
def test_a_body_rebuilt_under_another_model_keeps_the_items_lm15_does_not_read(kind: str) -> None:
    item = CLIENT_ITEMS[kind] if kind in CLIENT_ITEMS else SERVER_ITEMS[kind][2]
    _, message = _message_events(0, "Here.")
    body = json.dumps(response_object("completed", [message, item], usage=_USAGE)).encode()
    response = lc.decode_response("openai", body, request=REQUEST)
    written = lc.encode_response("openai", lc.replace(response, model="my-alias"))
    parsed = json.loads(written)
    assert [entry["type"] for entry in parsed["output"]] == ["message", kind]
    assert parsed["model"] == "my-alias" and parsed["output"][1] == item
    for entry in parsed["output"]:  # each item as the openai SDK's models read it
        assert TypeAdapter(ResponseOutputItem).validate_python(entry).type == entry["type"]
    assert lc.decode_response("openai", written, request=REQUEST).message == response.message


@pytest.mark.parametrize("dst", ["openai_chat", "anthropic", "gemini"])
@pytest.mark.parametrize("kind", sorted(CLIENT_ITEMS))
def test_a_body_holding_a_client_run_item_is_refused_for_another_dialect(kind: str, dst: str) -> None:
    """The stream path ends such an answer with an error naming the item; ``encode_response`` to
    another dialect wrote the message around it as a whole answer, the call the client must run
    silently gone. It is now refused, naming the item and where it is."""
    _, message = _message_events(0, "Here.")
    body = json.dumps(response_object("completed", [message, CLIENT_ITEMS[kind]], usage=_USAGE)).encode()
    response = lc.decode_response("openai", body, request=REQUEST)
    with pytest.raises(lc.ValidationError, match=kind) as refused:
        lc.encode_response(dst, response, usage_from="openai")
    assert "$.provider_data.output[1]" in str(refused.value)
    assert json.loads(lc.encode_response("openai", response))["output"][1]["type"] == kind  # its own dialect


@pytest.mark.parametrize("dst", ["openai_chat", "anthropic", "gemini"])
@pytest.mark.parametrize("kind", sorted(SERVER_ITEMS))
def test_a_body_holding_a_server_run_item_is_written_without_it_for_another_dialect(
    kind: str, dst: str
) -> None:
    _, message = _message_events(0, "Here.")
    body = json.dumps(response_object("completed", [message, SERVER_ITEMS[kind][2]], usage=_USAGE)).encode()
    response = lc.decode_response("openai", body, request=REQUEST)
    assert kind.encode() not in lc.encode_response(dst, response, usage_from="openai")
