"""A Responses client's replay of an answer cut at ``max_output_tokens`` (red team 20 F01).

OpenAI ends a truncated answer with the message item's ``status: "incomplete"``; the openai SDK's
``Response`` holds it, and an agent loop appends ``response.output`` to its next ``input`` (the SDK's
``ResponseOutputMessageParam`` takes the status: in_progress | completed | incomplete). The API
reads the item as the assistant's partial turn; ``decode_request`` and ``translate_request``
refused it ("only a completed item replays"), ending the conversation. Now read as that turn, the
status left out as a completed item's is."""

from __future__ import annotations

import json
from typing import Any

import pytest
from openai.types.responses import Response
from openai.types.responses.response_output_message_param import ResponseOutputMessageParam
from pydantic import TypeAdapter

import lmcodec as lc

PARTIAL = "Once upon a time, in a land far"
BACKEND = {  # OpenAI's body for a max_output_tokens stop
    "id": "resp_1",
    "object": "response",
    "created_at": 1760000000,
    "status": "incomplete",
    "incomplete_details": {"reason": "max_output_tokens"},
    "model": "gpt-5",
    "error": None,
    "instructions": None,
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
    "output": [
        {
            "type": "message",
            "id": "msg_1",
            "role": "assistant",
            "status": "incomplete",
            "content": [{"type": "output_text", "text": PARTIAL, "annotations": [], "logprobs": []}],
        }
    ],
    "usage": {
        "input_tokens": 10,
        "output_tokens": 8,
        "total_tokens": 18,
        "input_tokens_details": {"cached_tokens": 0, "cache_write_tokens": 0},
        "output_tokens_details": {"reasoning_tokens": 0},
    },
}
REQUEST = lc.Request("gpt-5", [lc.Message.user("Write a long essay")])


def _replayed_item() -> dict[str, Any]:
    """The cut message as the client's SDK gives it back (the gateway's body written, parsed)."""
    written = lc.encode_response("openai", lc.decode_response("openai", json.dumps(BACKEND), request=REQUEST))
    item: dict[str, Any] = Response.model_validate_json(written).output[0].model_dump(exclude_none=True)
    assert item["status"] == "incomplete"
    TypeAdapter(ResponseOutputMessageParam).validate_python(item)  # the SDK's own input type takes it
    return item


def _next_turn(item: dict[str, Any]) -> bytes:
    inputs = [{"role": "user", "content": "Write a long essay"}, item, {"role": "user", "content": "Go on."}]
    return json.dumps({"model": "gpt-5", "input": inputs}).encode()


def test_decode_request_reads_the_partial_turn() -> None:
    request = lc.decode_request("openai", _next_turn(_replayed_item()))
    assert [m.role for m in request.messages] == ["user", "assistant", "user"]
    assert request.messages[1].parts == (lc.TextPart(text=PARTIAL),)


@pytest.mark.parametrize("destination", ["openai_chat", "anthropic", "gemini"])
def test_translate_request_sends_the_partial_turn_as_a_completed_one(destination: str) -> None:
    item = _replayed_item()
    built = lc.translate_request("openai", destination, _next_turn(item))
    completed = lc.translate_request("openai", destination, _next_turn({**item, "status": "completed"}))
    assert built.body == completed.body
    assert built.adaptations == completed.adaptations
    assert PARTIAL in built.body.decode()


def test_translate_request_sends_the_partial_turn_back_to_responses_as_sent() -> None:
    """Responses -> Responses: the replayed item goes back whole, its id and ``status: incomplete``
    with it (the SDK's input type takes them; an item id pairs it with a reasoning item before it)."""
    item = _replayed_item()
    built = lc.translate_request("openai", "openai", _next_turn(item))
    assert json.loads(built.body)["input"][1] == item
    assert built.adaptations == ()


def test_a_cut_message_still_in_progress_is_refused() -> None:
    """Only an output message the API ended (``incomplete``) is a turn; ``in_progress`` is not one."""
    with pytest.raises(lc.ValidationError, match="in_progress"):
        lc.decode_request("openai", _next_turn({**_replayed_item(), "status": "in_progress"}))
