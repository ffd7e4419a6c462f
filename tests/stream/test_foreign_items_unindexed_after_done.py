"""translate from Responses: an item's ``output_item.done``, then an ``output_item.added`` of the
same item naming no ``output_index`` (red team 55 F06).

The batch path recorded the unindexed added's identity as it read the frame's head, before it
mapped the done ahead of it in the same batch: given whole, the done was taken for that of an
added item (whose deltas never came) and its text was lost (''), where cut per event or per byte
the done was mapped first and handed on whole ('ab', as the openai SDK's final response holds).
Every chunking now reads alike.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import lmcodec as lc
from lmcodec.wire.dialects import Provider

CLIENTS: tuple[Provider, ...] = ("openai", "openai_chat", "anthropic", "gemini")
REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
_RESPONSE = {"id": "resp_1", "object": "response", "model": "m", "created_at": 1}
_MESSAGE = {
    "id": "msg_1",
    "type": "message",
    "status": "completed",
    "role": "assistant",
    "content": [{"type": "output_text", "text": "ab", "annotations": []}],
}
_CALL = {
    "id": "fc_1",
    "type": "function_call",
    "status": "completed",
    "call_id": "call_1",
    "name": "lookup",
    "arguments": '{"q": 1}',
}


def _frames(item: dict[str, Any], done_index: int | None) -> list[bytes]:
    done: dict[str, Any] = {"type": "response.output_item.done", "item": item}
    if done_index is not None:
        done["output_index"] = done_index
    added_item = dict(item, content=[]) if item["type"] == "message" else dict(item, arguments="")
    completed = dict(
        _RESPONSE,
        status="completed",
        output=[item],
        usage={"input_tokens": 1, "output_tokens": 1, "total_tokens": 2},
    )
    events = [
        {"type": "response.created", "response": dict(_RESPONSE, status="in_progress", output=[])},
        done,
        {"type": "response.output_item.added", "item": added_item},  # no output_index
        {"type": "response.completed", "response": completed},
    ]
    return [f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode() for e in events]


def _chunkings(frames: list[bytes]) -> dict[str, list[bytes]]:
    data = b"".join(frames)
    rng = random.Random(0)
    cuts, i = [], 0
    while i < len(data):
        n = rng.randint(1, 40)
        cuts.append(data[i : i + n])
        i += n
    return {
        "whole": [data],
        "per event": frames,
        "per byte": [data[i : i + 1] for i in range(len(data))],
        "random": cuts,
    }


def _answer(client: Provider, body: bytes) -> Any:
    try:
        response = lc.assemble(lc.stream.decode(client, [body], request=REQUEST), request=REQUEST)
    except lc.LmcodecError as exc:
        return type(exc).__name__
    return [
        ("text", p.text)
        if isinstance(p, lc.TextPart)
        else ("call", p.name, p.input)
        if isinstance(p, lc.ToolCallPart)
        else (type(p).__name__,)
        for p in response.message.parts
    ]


@pytest.mark.parametrize("client", CLIENTS)
@pytest.mark.parametrize("done_index", [2, 0, None])
@pytest.mark.parametrize("item", [_MESSAGE, _CALL], ids=["message", "call"])
def test_a_done_item_then_its_unindexed_added_reads_alike_at_every_chunking(
    item: dict[str, Any], done_index: int | None, client: Provider
) -> None:
    answers = {
        cut: _answer(client, b"".join(lc.stream.translate("openai", client, chunks, request=REQUEST)))
        for cut, chunks in _chunkings(_frames(item, done_index)).items()
    }
    assert answers["whole"] == answers["per event"] == answers["per byte"] == answers["random"], answers


@pytest.mark.parametrize("client", CLIENTS)
def test_the_whole_body_keeps_the_done_message_s_text(client: Provider) -> None:
    """The reproducer's reading: the text the openai SDK's final response holds."""
    body = b"".join(_frames(_MESSAGE, 2))
    assert _answer(client, b"".join(lc.stream.translate("openai", client, [body], request=REQUEST))) == [
        ("text", "ab")
    ]
