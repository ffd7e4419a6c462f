"""A message cut by max tokens (or a content filter) reaches a Responses client as the API writes it.

OpenAI ends such an answer with ``status: "incomplete"`` on the response and on the message item the
stop cut (the openai SDK's ``ResponseOutputMessage.status``: in_progress | completed | incomplete).
The Responses writers marked that item ``completed`` when the source was another dialect (a Chat,
Anthropic or Gemini answer written for a Responses client): the stream's ``output_item.done``, its
``response.incomplete`` and ``encode_response``'s body. The item the stop cut is now
``incomplete``; the items before it stay ``completed``, and a call or reasoning item cut last keeps
its status (a replayed ``function_call`` so marked is refused). The client's next request replays
the cut item, and the gateway reads it as the assistant's partial turn (red team 20 F01's fix).
"""

from __future__ import annotations

import json
from typing import Any

import openai
import pytest
from openai.lib.streaming.responses import ResponseStreamState
from openai.types.responses import Response
from openai.types.responses.response_output_message_param import ResponseOutputMessageParam
from pydantic import TypeAdapter

import lmcodec as lc

from ..stream.write_support import REQUEST, _client

CUT = "Once upon a time, in a land"


def _sse(frames: list[dict[str, Any]], named: bool = False) -> bytes:
    out = b""
    for frame in frames:
        head = b"event: " + frame["type"].encode() + b"\n" if named else b""
        out += head + b"data: " + json.dumps(frame).encode() + b"\n\n"
    return out


def _chat_chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "m", "choices": [choice]}


def _anthropic_frames(stop: str) -> list[dict[str, Any]]:
    message: dict[str, Any] = {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-x",
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {"input_tokens": 5, "output_tokens": 1},
    }
    return [
        {"type": "message_start", "message": message},
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": CUT}},
        {"type": "content_block_stop", "index": 0},
        {
            "type": "message_delta",
            "delta": {"stop_reason": stop, "stop_sequence": None},
            "usage": {"output_tokens": 8},
        },
        {"type": "message_stop"},
    ]


def _gemini_chunk(finish: str) -> dict[str, Any]:
    candidate = {"content": {"role": "model", "parts": [{"text": CUT}]}, "index": 0, "finishReason": finish}
    usage = {"promptTokenCount": 5, "candidatesTokenCount": 8, "totalTokenCount": 13}
    return {"candidates": [candidate], "usageMetadata": usage, "modelVersion": "gemini-2.5-flash"}


def _chat_body(finish: str) -> dict[str, Any]:
    message = {"role": "assistant", "content": CUT}
    return {
        "id": "c",
        "object": "chat.completion",
        "created": 1,
        "model": "m",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 5, "completion_tokens": 8, "total_tokens": 13},
    }


def _anthropic_body(stop: str) -> dict[str, Any]:
    return {
        "id": "msg_1",
        "type": "message",
        "role": "assistant",
        "model": "claude-x",
        "content": [{"type": "text", "text": CUT}],
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 5, "output_tokens": 8},
    }


# source -> (its body, its stream) for a max-tokens stop
MAX_TOKENS: dict[str, tuple[dict[str, Any], bytes]] = {
    "openai_chat": (
        _chat_body("length"),
        _sse([_chat_chunk({"role": "assistant", "content": CUT}), _chat_chunk({}, "length")])
        + b"data: [DONE]\n\n",
    ),
    "anthropic": (_anthropic_body("max_tokens"), _sse(_anthropic_frames("max_tokens"), named=True)),
    "gemini": (_gemini_chunk("MAX_TOKENS"), _sse([_gemini_chunk("MAX_TOKENS")])),
}
MAX_TOKENS_WORD = {"openai_chat": "length", "anthropic": "max_tokens", "gemini": "MAX_TOKENS"}


def _body_for_client(source: str, body: dict[str, Any]) -> Response:
    """``body`` written for a Responses client, as the openai SDK's client reads it."""
    response = lc.decode_response(source, json.dumps(body).encode(), request=REQUEST)
    written = lc.encode_response("openai", response)
    final: Response = _client(written, "application/json").responses.create(model="m-1", input="hi")
    return final


def _stream_for_client(source: str, stream: bytes) -> tuple[list[Any], Response]:
    """``stream`` translated for a Responses client: the items of its ``output_item.done`` events and
    its last response, as the openai SDK's stream reads them (each event handed to the SDK's
    accumulator too, which refuses an item whose identity changes between added and done)."""
    out = b"".join(lc.stream.translate(source, "openai", [stream], request=REQUEST))
    state: Any = ResponseStreamState(input_tools=openai.omit, text_format=openai.omit)
    done: list[Any] = []
    ends: list[Response] = []
    with _client(out).responses.create(model="m-1", input="hi", stream=True) as events:
        for event in events:
            state.handle_event(event)
            if event.type == "response.output_item.done":
                done.append(event.item)
            elif event.type in ("response.completed", "response.incomplete"):
                ends.append(event.response)
    return done, ends[-1]


@pytest.mark.parametrize("source", sorted(MAX_TOKENS))
def test_the_body_marks_the_cut_message_incomplete(source: str) -> None:
    final = _body_for_client(source, MAX_TOKENS[source][0])
    assert (final.status, final.incomplete_details and final.incomplete_details.reason) == (
        "incomplete",
        "max_output_tokens",
    )
    assert _statuses(final.output) == [("message", "incomplete")]
    assert final.output_text == CUT


@pytest.mark.parametrize("source", sorted(MAX_TOKENS))
def test_the_stream_marks_the_cut_message_incomplete(source: str) -> None:
    done, final = _stream_for_client(source, MAX_TOKENS[source][1])
    assert _statuses(done) == [("message", "incomplete")]
    assert final.status == "incomplete"
    assert _statuses(final.output) == [("message", "incomplete")]
    assert final.output_text == CUT


def test_a_filtered_answer_is_cut_too() -> None:
    final = _body_for_client("openai_chat", _chat_body("content_filter"))
    assert final.incomplete_details is not None and final.incomplete_details.reason == "content_filter"
    assert _statuses(final.output) == [("message", "incomplete")]
    stream = _sse([_chat_chunk({"role": "assistant", "content": CUT}), _chat_chunk({}, "content_filter")])
    done, _ = _stream_for_client("openai_chat", stream)
    assert _statuses(done) == [("message", "incomplete")]


@pytest.mark.parametrize("source", sorted(MAX_TOKENS))
def test_a_whole_answer_stays_completed(source: str) -> None:
    """The control: the same answer ended by a stop is ``completed`` throughout."""
    stop = {"openai_chat": "stop", "anthropic": "end_turn", "gemini": "STOP"}[source]
    body = json.loads(json.dumps(MAX_TOKENS[source][0]).replace(MAX_TOKENS_WORD[source], stop))
    stream = MAX_TOKENS[source][1].replace(MAX_TOKENS_WORD[source].encode(), stop.encode())
    assert _statuses(_body_for_client(source, body).output) == [("message", "completed")]
    done, final = _stream_for_client(source, stream)
    assert final.status == "completed"
    assert _statuses(done) == _statuses(final.output) == [("message", "completed")]


def test_only_the_item_written_last_is_cut() -> None:
    """An Anthropic answer cut in its tool call: the text before it is whole, the call keeps
    ``completed`` (a replayed call marked ``incomplete`` is refused), in the body and the stream."""
    body = _anthropic_body("max_tokens")
    body["content"].append({"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {"q": "x"}})
    final = _body_for_client("anthropic", body)
    assert _statuses(final.output) == [
        ("message", "completed"),
        ("function_call", "completed"),
    ]
    frames = _anthropic_frames("max_tokens")
    call = {"type": "tool_use", "id": "toolu_1", "name": "lookup", "input": {}}
    arguments = {"type": "input_json_delta", "partial_json": '{"q": "x"}'}
    frames[4:4] = [
        {"type": "content_block_start", "index": 1, "content_block": call},
        {"type": "content_block_delta", "index": 1, "delta": arguments},
        {"type": "content_block_stop", "index": 1},
    ]
    done, streamed = _stream_for_client("anthropic", _sse(frames, named=True))
    assert _statuses(done) == [
        ("message", "completed"),
        ("function_call", "completed"),
    ]
    assert [status for _, status in _statuses(streamed.output)] == ["completed", "completed"]


def _statuses(items: list[Any]) -> list[tuple[str, str]]:
    """Each output item's type and status, as the SDK read them."""
    return [(item.type, item.status) for item in items]


def _next_turn(item: dict[str, Any]) -> bytes:
    inputs = [{"role": "user", "content": "Write a long essay"}, item, {"role": "user", "content": "Go on."}]
    return json.dumps({"model": "gpt-5", "input": inputs}).encode()


@pytest.mark.parametrize("destination", ["openai", "openai_chat", "anthropic", "gemini"])
@pytest.mark.parametrize("source", sorted(MAX_TOKENS))
def test_the_client_replays_the_cut_message(source: str, destination: str) -> None:
    """The agent loop appends the output to its next input: the SDK's input type takes the item, and
    the gateway sends it on as the assistant's partial turn: to Responses as the client sent it (its
    id and ``status: incomplete`` with it), elsewhere as a completed one would be."""
    _, final = _stream_for_client(source, MAX_TOKENS[source][1])
    item: dict[str, Any] = final.output[0].model_dump(exclude_none=True)
    assert item["status"] == "incomplete"
    TypeAdapter(ResponseOutputMessageParam).validate_python(item)
    assert lc.decode_request("openai", _next_turn(item)).messages[1].parts == (lc.TextPart(text=CUT),)
    model = {"gemini": "gemini-2.5-flash"}.get(destination)
    built = lc.translate_request("openai", destination, _next_turn(item), model=model)
    if destination == "openai":
        assert json.loads(built.body)["input"][1] == item
    else:
        completed = _next_turn({**item, "status": "completed"})
        whole = lc.translate_request("openai", destination, completed, model=model)
        assert built.body == whole.body
    assert CUT in built.body.decode()
