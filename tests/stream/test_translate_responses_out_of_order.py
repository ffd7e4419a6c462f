"""Translate of a Responses stream whose events come out of order (red team 50 F05), and of a
``response.completed`` item at the index of a reasoning or hosted-tool item (red team 49 F01).

F05: an ``output_item.done`` (or a ``response.completed`` carrying output) before the deltas of the
same text: ``decode`` + ``assemble`` read the deltas; translate wrote the text twice, or merged two
items, by chunking. A done item handed on whole now stands for its item: the item's later events
are dropped; a ``response.completed`` is read at the end of input, when it is the last event.
F01: an index the stream gave a reasoning or ``web_search_call`` item had no identity, so a
completed-only item there was read as the streamed one and lost; every added item has one now.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from ..providers.sdk_readers import sdk_anthropic, sdk_gemini
from .write_support import REQUEST, sdk_chat, sdk_responses

READERS = {"openai": sdk_responses, "openai_chat": sdk_chat, "anthropic": sdk_anthropic, "gemini": sdk_gemini}
DIALECTS = sorted(READERS)


def _frame(event: dict[str, Any]) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


def _chunkings(frames: list[bytes]) -> dict[str, list[bytes]]:
    data = b"".join(frames)
    return {"whole": [data], "per event": frames, "1 byte": [data[i : i + 1] for i in range(len(data))]}


def _answer(dialect: str, chunks: list[bytes]) -> tuple[str, list[tuple[str | None, str | None, Any]]]:
    """What ``decode`` + ``assemble`` of ``dialect`` read: the texts joined, the calls."""
    parts = lc.assemble(lc.stream.decode(dialect, chunks, request=REQUEST), request=REQUEST).message.parts
    text = "".join(p.text for p in parts if isinstance(p, lc.TextPart))
    calls = [(p.id, p.name, p.input) for p in parts if isinstance(p, lc.ToolCallPart)]
    return text, calls


def _translated(dst: str, chunks: list[bytes]) -> tuple[str, list[tuple[str | None, str | None, Any]]]:
    return _answer(dst, [b"".join(lc.stream.translate("openai", dst, chunks, request=REQUEST))])


_RESPONSE = {"id": "resp_1", "object": "response", "model": "gpt-4.1-mini"}
_USAGE = {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}
_CREATED = {"type": "response.created", "response": dict(_RESPONSE, status="in_progress", output=[])}


def _completed(output: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "type": "response.completed",
        "response": dict(_RESPONSE, status="completed", output=output, usage=_USAGE),
    }


def _message(item_id: str, text: str | None) -> dict[str, Any]:
    content = [] if text is None else [{"type": "output_text", "annotations": [], "text": text}]
    return {"id": item_id, "type": "message", "status": "completed", "role": "assistant", "content": content}


def _delta(index: int, text: str) -> dict[str, Any]:
    return {
        "type": "response.output_text.delta",
        "item_id": "msg_1",
        "output_index": index,
        "content_index": 0,
        "delta": text,
    }


# red team 50 F05's shapes (its reproducer's): the done item first; a completed response (of
# another item) before the item is streamed
SHAPES = {
    "done_before_delta": [
        {"type": "response.output_item.done", "item": _message("msg_1", "stream"), "output_index": 0},
        _CREATED,
        _delta(0, "stream"),
        _completed([]),
    ],
    "completed_before_delta": [
        _CREATED,
        _completed([_message("msg_0", "Hello")]),
        {"type": "response.output_item.added", "item": _message("msg_1", None), "output_index": 0},
        _delta(0, "bg"),
        {"type": "response.output_item.done", "item": _message("msg_1", "bg"), "output_index": 0},
        _completed([]),
    ],
}


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_out_of_order_items_are_read_as_decode_reads_them_at_every_chunking(shape: str, dst: str) -> None:
    frames = [_frame(e) for e in SHAPES[shape]]
    expected = _answer("openai", [b"".join(frames)])
    assert expected[0] in ("stream", "bg")  # (the deltas' text: lm15 reads no done item)
    for cut, chunks in _chunkings(frames).items():
        assert _translated(dst, chunks) == expected, cut


# an ordinary stream (the openai SDK's order): a message streamed by deltas, then a call
_CALL = {
    "id": "fc_1",
    "type": "function_call",
    "status": "completed",
    "call_id": "call_1",
    "name": "f",
    "arguments": '{"a":1}',
}
_ORDINARY = [
    _CREATED,
    {"type": "response.output_item.added", "item": _message("msg_1", None), "output_index": 0},
    {
        "type": "response.content_part.added",
        "item_id": "msg_1",
        "output_index": 0,
        "content_index": 0,
        "part": {"type": "output_text", "text": "", "annotations": []},
    },
    _delta(0, "Hel"),
    _delta(0, "lo "),
    _delta(0, "world"),
    {
        "type": "response.output_text.done",
        "item_id": "msg_1",
        "output_index": 0,
        "content_index": 0,
        "text": "Hello world",
    },
    {"type": "response.output_item.done", "item": _message("msg_1", "Hello world"), "output_index": 0},
    {
        "type": "response.output_item.added",
        "item": dict(_CALL, status="in_progress", arguments=""),
        "output_index": 1,
    },
    {
        "type": "response.function_call_arguments.delta",
        "item_id": "fc_1",
        "output_index": 1,
        "delta": '{"a":',
    },
    {"type": "response.function_call_arguments.delta", "item_id": "fc_1", "output_index": 1, "delta": "1}"},
    {"type": "response.output_item.done", "item": _CALL, "output_index": 1},
    _completed([_message("msg_1", "Hello world"), _CALL]),
]


def _in_item_order(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``events`` with each item's deltas in their order (the places they hold, refilled in order:
    a done item's text stands for its deltas, so deltas out of their own order are not read as one
    text either way), and each item's ``output_item.added`` moved before its first delta where it
    came after one (a delta of an item never added is refused by the openai SDK; lm15 reads it, and
    translate does not look at every delta to know it came: notes/fixes-round26.md, rtfix58)."""
    out = list(events)
    for index in (0, 1):
        deltas = [e for e in _ORDINARY if e.get("output_index") == index and e["type"].endswith(".delta")]
        places = [i for i, e in enumerate(out) if e in deltas]
        for place, delta in zip(places, deltas, strict=True):
            out[place] = delta
        added = next(
            e for e in out if e["type"] == "response.output_item.added" and e["output_index"] == index
        )
        if out.index(added) > places[0]:
            out.remove(added)
            out.insert(places[0], added)
    return out


@settings(max_examples=examples(40), deadline=None)
@given(events=st.permutations(_ORDINARY), dst=st.sampled_from(DIALECTS))
def test_permuted_streams_translate_as_decode_and_assemble_read_them(
    events: list[dict[str, Any]], dst: str
) -> None:
    """Differential: what the client assembles from translate's bytes is what ``decode`` +
    ``assemble`` read of the source, at three chunkings (and the openai SDK reads the same text
    and calls of translate's Responses stream)."""
    frames = [_frame(e) for e in _in_item_order(events)]
    expected = _answer("openai", [b"".join(frames)])
    assert expected == ("Hello world", [("call_1", "f", {"a": 1})])
    for cut, chunks in _chunkings(frames).items():
        out = b"".join(lc.stream.translate("openai", dst, chunks, request=REQUEST))
        assert _answer(dst, [out]) == expected, cut
        if dst == "openai":
            read = sdk_responses(out)
            assert (read["text"], read["tool_calls"]) == expected, cut


# red team 49 F01: a completed-only item at the index the stream gave a reasoning or hosted-tool item
_BASE = {
    "id": "resp_1",
    "object": "response",
    "created_at": 1,
    "model": "gpt-5",
    "error": None,
    "incomplete_details": None,
    "instructions": None,
    "metadata": {},
    "parallel_tool_calls": True,
    "temperature": 1.0,
    "tool_choice": "auto",
    "tools": [],
    "top_p": 1.0,
}
_FULL_USAGE = {
    "input_tokens": 1,
    "input_tokens_details": {"cached_tokens": 0},
    "output_tokens": 1,
    "output_tokens_details": {"reasoning_tokens": 0},
    "total_tokens": 2,
}
_STREAMED = _message("msg_1", "B")
_FIRST = {
    "reasoning": {"type": "reasoning", "id": "rs_1", "summary": []},
    "web_search_call": {
        "type": "web_search_call",
        "id": "ws_1",
        "status": "completed",
        "action": {"type": "search", "query": "q"},
    },
}
_ONLY = {
    "message": _message("msg_0", "A"),
    "function_call": dict(_CALL, id="fc_0", call_id="call_9", arguments="{}"),
}


def _f01_stream(first: dict[str, Any], only: dict[str, Any]) -> bytes:
    events = [
        {"type": "response.created", "response": dict(_BASE, status="in_progress", output=[], usage=None)},
        {"type": "response.output_item.added", "output_index": 0, "item": first},
        {"type": "response.output_item.done", "output_index": 0, "item": first},
        {
            "type": "response.output_item.added",
            "output_index": 1,
            "item": dict(_STREAMED, status="in_progress", content=[]),
        },
        {
            "type": "response.content_part.added",
            "item_id": "msg_1",
            "output_index": 1,
            "content_index": 0,
            "part": {"type": "output_text", "text": "", "annotations": []},
        },
        _delta(1, "B"),
        {"type": "response.output_item.done", "output_index": 1, "item": _STREAMED},
        {
            "type": "response.completed",
            "response": dict(_BASE, status="completed", output=[only, first, _STREAMED], usage=_FULL_USAGE),
        },
    ]
    return b"".join(_frame(dict(e, sequence_number=n)) for n, e in enumerate(events))


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("only", sorted(_ONLY))
@pytest.mark.parametrize("first", sorted(_FIRST))
def test_a_completed_item_at_a_reasoning_or_hosted_tool_index_is_read(
    first: str, only: str, dst: str
) -> None:
    stream = _f01_stream(_FIRST[first], _ONLY[only])
    source = sdk_responses(stream)  # the openai SDK's reading of the source: the item is there
    assert sorted(source["text"]) == sorted("AB" if only == "message" else "B")
    assert [c[0] for c in source["tool_calls"]] == (["call_9"] if only == "function_call" else [])
    read = READERS[dst](b"".join(lc.stream.translate("openai", dst, [stream], request=REQUEST)))
    assert sorted(read["text"]) == sorted(source["text"])
    assert [(n, a) for _, n, a in read["tool_calls"]] == [(n, a) for _, n, a in source["tool_calls"]]


@pytest.mark.parametrize("index", [[1], {"a": 1}, 10**30, "0"])
def test_an_odd_output_index_after_a_whole_item_is_no_bare_exception(index: Any) -> None:
    """After a done item handed on whole, each frame's ``output_index`` is looked up: one that is
    not an integer is mapped as it comes (lm15's refusal, the client's error event naming it)."""
    events = [SHAPES["done_before_delta"][0], dict(_delta(0, "x"), output_index=index), _completed([])]
    frames = [_frame(e) for e in events]
    for dst in DIALECTS:
        for chunks in _chunkings(frames).values():
            out = b"".join(lc.stream.translate("openai", dst, chunks, request=REQUEST))
            assert out  # (an error event or the answer: no exception out of translate)
