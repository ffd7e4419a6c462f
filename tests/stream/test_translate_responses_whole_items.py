"""A Responses stream whose message and function-call items come only whole (red team 44 F01).

A Responses-compatible server that does not stream deltas sends each ``message`` and
``function_call`` item only in its ``output_item.done``, or only in ``response.completed``'s
``output``. lm15 reads neither (``decode`` / ``assemble`` keep that: no text, no call); the openai
SDK reading the source reports both. ``translate`` gave every client a silent empty answer; it now
hands such an item on as its streamed fragments would come (``stream/_whole_items.py``), read by
each client's SDK as the openai SDK reads the source.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import lmcodec as lc

from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .write_support import REQUEST, sdk_chat, sdk_responses

READERS = {"openai": sdk_responses, "openai_chat": sdk_chat, "anthropic": sdk_anthropic, "gemini": sdk_gemini}


def _sse(event: dict[str, Any]) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


_BASE = {
    "id": "resp_1",
    "object": "response",
    "created_at": 1,
    "status": "in_progress",
    "error": None,
    "incomplete_details": None,
    "model": "gpt-5",
    "output": [],
    "usage": None,
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
}
_USAGE = {
    "input_tokens": 5,
    "input_tokens_details": {"cached_tokens": 0},
    "output_tokens": 7,
    "output_tokens_details": {"reasoning_tokens": 0},
    "total_tokens": 12,
}
_MESSAGE = {
    "id": "msg_src",
    "type": "message",
    "status": "completed",
    "role": "assistant",
    "content": [{"type": "output_text", "text": "hi", "annotations": []}],
}
_CALL = {
    "id": "fc_src",
    "type": "function_call",
    "status": "completed",
    "call_id": "call_1",
    "name": "f",
    "arguments": '{"a":1}',
}


def _created() -> bytes:
    return _sse({"type": "response.created", "response": _BASE, "sequence_number": 0})


def _completed(output: list[dict[str, Any]]) -> bytes:
    response = dict(_BASE, status="completed", output=output, usage=_USAGE)
    return _sse({"type": "response.completed", "response": response, "sequence_number": 9})


def _done(index: int, item: dict[str, Any]) -> bytes:
    return _sse(
        {
            "type": "response.output_item.done",
            "output_index": index,
            "item": item,
            "sequence_number": index + 1,
        }
    )


STREAMS = {
    "done_only": _created() + _done(0, _MESSAGE) + _done(1, _CALL) + _completed([_MESSAGE, _CALL]),
    "completed_only": _created() + _completed([_MESSAGE, _CALL]),
}


@pytest.mark.parametrize("shape", sorted(STREAMS))
def test_decode_keeps_lm15s_reading(shape: str) -> None:
    response = lc.assemble(lc.stream.decode("openai", [STREAMS[shape]], request=REQUEST), request=REQUEST)
    assert [p for p in response.message.parts if not (isinstance(p, lc.TextPart) and not p.text)] == []
    assert response.finish_reason == "tool_call"  # (lm15's: a call it does not read)
    source = sdk_responses(STREAMS[shape])  # what the openai SDK reads of the source
    assert source["text"] == "hi" and [(n, a) for _, n, a in source["tool_calls"]] == [("f", {"a": 1})]


@pytest.mark.parametrize("dst", sorted(READERS))
@pytest.mark.parametrize("shape", sorted(STREAMS))
def test_every_client_reads_the_whole_items(shape: str, dst: str) -> None:
    out = b"".join(lc.stream.translate("openai", dst, [STREAMS[shape]], request=REQUEST))
    read = READERS[dst](out)
    assert read["text"] == "hi"
    assert [(n, a) for _, n, a in read["tool_calls"]] == [("f", {"a": 1})]
    assert read["finish_reason"] == "tool_call"


@pytest.mark.parametrize("shape", sorted(STREAMS))
def test_a_responses_client_gets_the_source_ids(shape: str) -> None:
    out = b"".join(lc.stream.translate("openai", "openai", [STREAMS[shape]], request=REQUEST))
    final = json.loads(out.split(b"data: ")[-1])["response"]
    assert [(item["type"], item.get("id")) for item in final["output"]] == [
        ("message", "msg_src"),
        ("function_call", "fc_src"),
    ]
    assert final["output"][1]["call_id"] == "call_1"


def test_a_whole_refusal_is_a_refusal() -> None:
    refusal = dict(_MESSAGE, content=[{"type": "refusal", "refusal": "no"}])
    stream = _created() + _done(0, refusal) + _completed([refusal])
    out = b"".join(lc.stream.translate("openai", "openai_chat", [stream], request=REQUEST))
    chunks = [json.loads(line[6:]) for line in out.split(b"\n") if line.startswith(b"data: {")]
    assert "".join(c["choices"][0]["delta"].get("refusal") or "" for c in chunks if c["choices"]) == "no"


def test_items_streamed_as_deltas_are_not_read_again() -> None:
    added = {"type": "message", "id": "msg_src", "status": "in_progress", "role": "assistant", "content": []}
    stream = (
        _created()
        + _sse({"type": "response.output_item.added", "output_index": 0, "item": added, "sequence_number": 1})
        + _sse(
            {
                "type": "response.output_text.delta",
                "item_id": "msg_src",
                "output_index": 0,
                "content_index": 0,
                "delta": "hi",
                "sequence_number": 2,
            }
        )
        + _done(0, _MESSAGE)
        + _completed([_MESSAGE])
    )
    for dst, read in READERS.items():
        out = b"".join(lc.stream.translate("openai", dst, [stream], request=REQUEST))
        assert read(out)["text"] == "hi", dst


@pytest.mark.parametrize(
    "item",
    [
        dict(_MESSAGE, content="hi"),
        dict(_MESSAGE, content=[{"type": "output_text", "text": 5}]),
        dict(_MESSAGE, content=None, id=7),
        dict(_CALL, arguments={"a": 1}, call_id=None, id=None),
        dict(_CALL, name=None),
    ],
)
@pytest.mark.parametrize("dst", sorted(READERS))
def test_odd_whole_items_give_an_answer_or_an_error_event(item: dict[str, Any], dst: str) -> None:
    """No bare exception: an item whose fields are not what the API sends is read as far as it
    can be, else as lm15 reads it; a call without a name ends with the writers' error (MAP-9)."""
    for stream in (_created() + _done(0, item) + _completed([item]), _created() + _completed([item])):
        out = b"".join(lc.stream.translate("openai", dst, [stream], request=REQUEST))
        events = lc.stream.decode(dst, [out], request=REQUEST)
        kinds = [type(e).__name__ for e in events]
        assert kinds[-1] in ("StreamEndEvent", "StreamErrorEvent")
        if item.get("name", "f") is None:
            assert kinds[-1] == "StreamErrorEvent"


_REASONING = {"id": "rs_src", "type": "reasoning", "summary": []}


def _added(index: int, item: dict[str, Any]) -> bytes:
    return _sse(
        {
            "type": "response.output_item.added",
            "output_index": index,
            "item": item,
            "sequence_number": index + 1,
        }
    )


# items streamed, then others only in response.completed (red team 45 F01: one streamed item, a
# reasoning one included, turned the completed items off)
MIXED = {
    "reasoning_streamed": _created()
    + _added(0, _REASONING)
    + _done(0, _REASONING)
    + _completed([_REASONING, _MESSAGE, _CALL]),
    "message_streamed": _created()
    + _added(0, dict(_MESSAGE, status="in_progress", content=[]))
    + _sse(
        {
            "type": "response.output_text.delta",
            "item_id": "msg_src",
            "output_index": 0,
            "content_index": 0,
            "delta": "hi",
            "sequence_number": 2,
        }
    )
    + _done(0, _MESSAGE)
    + _completed([_MESSAGE, _CALL]),
}


@pytest.mark.parametrize("dst", sorted(READERS))
@pytest.mark.parametrize("shape", sorted(MIXED))
def test_completed_items_not_streamed_are_read_after_streamed_ones(shape: str, dst: str) -> None:
    out = b"".join(lc.stream.translate("openai", dst, [MIXED[shape]], request=REQUEST))
    read = READERS[dst](out)
    assert read["text"] == "hi"
    assert [(n, a) for _, n, a in read["tool_calls"]] == [("f", {"a": 1})]
    assert read["finish_reason"] == "tool_call"


def test_the_openai_sdk_reads_a_streamed_reasoning_then_completed_items() -> None:
    source = sdk_responses(MIXED["reasoning_streamed"])
    assert source["text"] == "hi" and [(n, a) for _, n, a in source["tool_calls"]] == [("f", {"a": 1})]


def test_a_message_streamed_by_deltas_alone_is_not_read_again_from_completed() -> None:
    """A server that streams a message's deltas without its ``output_item.added``, then adds a call:
    the completed message (at an index before the call's) is not handed on again (written twice)."""
    stream = (
        _created()
        + _sse(
            {
                "type": "response.output_text.delta",
                "item_id": "msg_src",
                "output_index": 0,
                "content_index": 0,
                "delta": "hi",
                "sequence_number": 1,
            }
        )
        + _added(1, dict(_CALL, arguments=""))
        + _sse(
            {
                "type": "response.function_call_arguments.delta",
                "item_id": "fc_src",
                "output_index": 1,
                "delta": '{"a":1}',
                "sequence_number": 3,
            }
        )
        + _completed([_MESSAGE, _CALL])
    )
    for dst, read in READERS.items():
        out = b"".join(lc.stream.translate("openai", dst, [stream], request=REQUEST))
        got = read(out)
        assert got["text"] == "hi", dst
        assert [(n, a) for _, n, a in got["tool_calls"]] == [("f", {"a": 1})], dst


def _streamed_message(index: int) -> bytes:
    """The message added at ``index``, its text streamed, then done (the openai SDK's own order)."""
    delta = {
        "type": "response.output_text.delta",
        "item_id": "msg_src",
        "output_index": index,
        "content_index": 0,
        "delta": "hi",
        "sequence_number": 2,
    }
    part = {
        "type": "response.content_part.added",
        "item_id": "msg_src",
        "output_index": index,
        "content_index": 0,
        "part": {"type": "output_text", "text": "", "annotations": []},
        "sequence_number": 2,
    }
    added = _added(index, dict(_MESSAGE, status="in_progress", content=[]))
    return added + _sse(part) + _sse(delta) + _done(index, _MESSAGE)


# rtfix51's left item: a completed item is the streamed one when its identity is (the openai SDK's
# accumulator matches them by a message's id, a call's call_id), wherever the final output puts it
IDENTITY = {
    # the final output renumbered: a reasoning item before the streamed message, the call after it
    "renumbered": _created() + _streamed_message(0) + _completed([_REASONING, _MESSAGE, _CALL]),
    # the call only in the final output, at the index the stream gave the message
    "index_of_another": _created() + _streamed_message(0) + _completed([_CALL, _MESSAGE]),
}


@pytest.mark.parametrize("dst", sorted(READERS))
@pytest.mark.parametrize("shape", sorted(IDENTITY))
def test_completed_items_are_matched_to_streamed_ones_by_identity(shape: str, dst: str) -> None:
    source = sdk_responses(IDENTITY[shape])
    assert source["text"] == "hi" and [(n, a) for _, n, a in source["tool_calls"]] == [("f", {"a": 1})]
    read = READERS[dst](b"".join(lc.stream.translate("openai", dst, [IDENTITY[shape]], request=REQUEST)))
    assert read["text"] == source["text"]
    assert [(n, a) for _, n, a in read["tool_calls"]] == [("f", {"a": 1})]


def _empty_added(index: int, key: bool) -> bytes:
    """An ``output_item.added`` without an item (``"item": null``, or no ``item`` key): the openai
    SDK skips it ("Stream indexes can have gaps when a provider emits an empty added event")."""
    event: dict[str, Any] = {
        "type": "response.output_item.added",
        "output_index": index,
        "sequence_number": 1,
    }
    if key:
        event["item"] = None
    return _sse(event)


_FIRST = dict(_MESSAGE, id="msg_first", content=[{"type": "output_text", "text": "first", "annotations": []}])

# rtleft25's left item: a completed-only item at an index before the last added, where the stream
# sent an added event without an item; the openai SDK reads it from response.completed's output
GAP = {
    "call_item_null": _created()
    + _empty_added(0, True)
    + _streamed_message(1)
    + _completed([_CALL, _MESSAGE]),
    "call_no_item": _created()
    + _empty_added(0, False)
    + _streamed_message(1)
    + _completed([_CALL, _MESSAGE]),
    "message_item_null": _created()
    + _empty_added(0, True)
    + _streamed_message(1)
    + _completed([_FIRST, _MESSAGE]),
}


@pytest.mark.parametrize("dst", sorted(READERS))
@pytest.mark.parametrize("shape", sorted(GAP))
def test_a_completed_item_at_an_empty_added_index_is_read_as_the_sdk_reads_it(shape: str, dst: str) -> None:
    """Handed on after what was streamed (a stream cannot write it before): the texts read are the
    SDK's, the later one first."""
    source = sdk_responses(GAP[shape])
    read = READERS[dst](b"".join(lc.stream.translate("openai", dst, [GAP[shape]], request=REQUEST)))
    assert _texts(read["text"]) == _texts(source["text"])
    assert [(n, a) for _, n, a in read["tool_calls"]] == [(n, a) for _, n, a in source["tool_calls"]]
    assert source["tool_calls"] or source["text"] == "firsthi"  # (the SDK reads the gap's item)


def _texts(text: str) -> list[str]:
    """The two messages' texts in ``text``, in any order."""
    return sorted(text.replace("hi", " hi ").split())
