"""Translate of a Responses stream whose item events come permuted or repeated (red team 52).

F01: an item's ``output_item.done`` before an ``output_item.added`` of its index was read whole
otherwise than cut (the added's index was recorded before the done was mapped). F02: a reasoning
item's done twice wrote the item twice under one id (the openai SDK refuses it). F03: a reasoning
done before its summary deltas wrote two reasoning items. F08: an index reused (a message, then a
call at its index) wrote the message's text twice (the completed-only pass matched the message
against the call's identity): the text is written once, as ``decode`` + ``assemble`` read it.

Judged by equality across chunkings (whole, per event, 1 byte, random) at every client, and by
the openai SDK's reading of the source where it reads it (its final response: the completed
one's items) against each client SDK's reading of translate's output.
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

_RESPONSE = {"id": "resp_1", "object": "response", "model": "gpt-4.1-mini", "created_at": 1}
_USAGE = {"input_tokens": 1, "output_tokens": 1, "total_tokens": 2}
_CREATED = {"type": "response.created", "response": dict(_RESPONSE, status="in_progress", output=[])}


def _completed(output: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "type": "response.completed",
        "response": dict(_RESPONSE, status="completed", output=output, usage=_USAGE),
    }


def _frame(event: dict[str, Any]) -> bytes:
    return f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()


def _message(text: str | None, kind: str = "output_text") -> dict[str, Any]:
    key = "text" if kind == "output_text" else "refusal"
    content = (
        [] if text is None else [{"type": kind, key: text, **({"annotations": []} if key == "text" else {})}]
    )
    return {"id": "msg_1", "type": "message", "status": "completed", "role": "assistant", "content": content}


def _call(arguments: str) -> dict[str, Any]:
    return {
        "id": "fc_1",
        "type": "function_call",
        "status": "completed",
        "call_id": "call_1",
        "name": "f",
        "arguments": arguments,
    }


_REASONING = {
    "id": "rs_1",
    "type": "reasoning",
    "summary": [{"type": "summary_text", "text": "th"}],
    "encrypted_content": "ENC",
}


def _item(kind: str, index: int) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """An item of ``kind`` at ``index``: its final form, its added, its deltas (with a message's
    content_part.added), and its done, as the openai SDK's order has them."""
    added, done = "response.output_item.added", "response.output_item.done"
    if kind == "message":
        final = _message("ab")
        opening = [
            {"type": added, "output_index": index, "item": _message(None)},
            {
                "type": "response.content_part.added",
                "item_id": "msg_1",
                "output_index": index,
                "content_index": 0,
                "part": {"type": "output_text", "text": "", "annotations": []},
            },
        ]
        deltas = [
            {
                "type": "response.output_text.delta",
                "item_id": "msg_1",
                "output_index": index,
                "content_index": 0,
                "delta": "ab",
            }
        ]
    elif kind == "call":
        final = _call('{"a":1}')
        opening = [{"type": added, "output_index": index, "item": _call("")}]
        deltas = [
            {
                "type": "response.function_call_arguments.delta",
                "item_id": "fc_1",
                "output_index": index,
                "delta": '{"a":1}',
            }
        ]
    else:
        final = _REASONING
        opening = [
            {
                "type": added,
                "output_index": index,
                "item": dict(_REASONING, summary=[], encrypted_content=None),
            }
        ]
        deltas = [
            {
                "type": "response.reasoning_summary_text.delta",
                "item_id": "rs_1",
                "output_index": index,
                "summary_index": 0,
                "delta": "th",
            }
        ]
    return final, opening, [*deltas, {"type": done, "output_index": index, "item": final}]


# what may happen to one item's events: its order kept; its done only; its done first (then its
# added and deltas); its done twice; its done before its deltas (after its added)
_SHAPES = ("ordinary", "done only", "done first", "done twice", "done before deltas")


def _shaped(shape: str, opening: list[dict[str, Any]], rest: list[dict[str, Any]]) -> list[dict[str, Any]]:
    deltas, done = rest[:-1], rest[-1]
    if shape == "done only":
        return [done]
    if shape == "done first":
        return [done, *opening, *deltas]
    if shape == "done twice":
        return [*opening, *deltas, done, done]
    if shape == "done before deltas":
        return [*opening, done, *deltas]
    return [*opening, *rest]


@st.composite
def _streams(draw: st.DrawFn) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Items (a message, a call, a reasoning item: 1 to 3, at indexes 0..), each's events shaped,
    interleaved keeping each item's own order; ``response.completed`` last, listing the items."""
    kinds = draw(
        st.lists(st.sampled_from(["message", "call", "reasoning"]), min_size=1, max_size=3, unique=True)
    )
    finals, queues = [], []
    for index, kind in enumerate(kinds):
        final, opening, rest = _item(kind, index)
        finals.append(final)
        queues.append(_shaped(draw(st.sampled_from(_SHAPES)), opening, rest))
    events: list[dict[str, Any]] = [_CREATED]
    while any(queues):
        queue = draw(st.sampled_from([q for q in queues if q]))
        events.append(queue.pop(0))
    return events, finals


def _random_cuts(data: bytes, sizes: list[int]) -> list[bytes]:
    chunks, at, n = [], 0, 0
    while at < len(data):
        size = sizes[n % len(sizes)]
        chunks.append(data[at : at + size])
        at, n = at + size, n + 1
    return chunks


def _assembled(dst: str, out: bytes) -> tuple[Any, ...]:
    """What ``decode`` + ``assemble`` of ``dst`` read of a client's stream: its parts in order
    (the bytes themselves may be framed otherwise by chunking: a Gemini chunk per batch)."""
    try:
        response = lc.assemble(lc.stream.decode(dst, [out], request=REQUEST), request=REQUEST)
    except lc.LmcodecError as exc:  # (no response.completed: the client's stream ends with an error)
        return (type(exc).__name__, str(exc))
    parts = [
        (
            type(p).__name__,
            p.text if isinstance(p, lc.TextPart | lc.ThinkingPart) else None,
            (p.id, p.name, p.input) if isinstance(p, lc.ToolCallPart) else None,
        )
        for p in response.message.parts
    ]
    return (*parts, response.finish_reason)


def _view(read: dict[str, Any], dst: str) -> tuple[Any, ...]:
    calls = [(name, args) for _, name, args in read["tool_calls"]]
    return (read["text"], calls, read.get("thinking", "") if dst in ("openai", "anthropic") else "")


@settings(max_examples=examples(100), deadline=None)
@given(
    drawn=_streams(),
    sizes=st.lists(st.integers(min_value=1, max_value=60), min_size=1, max_size=8),
    completed=st.booleans(),
)
def test_permuted_item_events_translate_alike_at_every_chunking(
    drawn: tuple[list[dict[str, Any]], list[dict[str, Any]]], sizes: list[int], completed: bool
) -> None:
    events, finals = drawn
    frames = [_frame(e) for e in [*events, *([_completed(finals)] if completed else [])]]
    data = b"".join(frames)
    cuts = {
        "per event": frames,
        "1 byte": [data[i : i + 1] for i in range(len(data))],
        "random": _random_cuts(data, sizes),
    }
    try:
        source: dict[str, Any] | None = sdk_responses(data)
    except Exception:  # (the SDK refuses the source, or no completed: chunkings only)
        source = None
    for dst in DIALECTS:
        whole = b"".join(lc.stream.translate("openai", dst, [data], request=REQUEST))
        for cut, chunks in cuts.items():
            out = b"".join(lc.stream.translate("openai", dst, chunks, request=REQUEST))
            assert _assembled(dst, out) == _assembled(dst, whole), (dst, cut)
        if source is None:
            continue
        try:
            read = READERS[dst](whole)
        except Exception as exc:  # (the Gemini writer's limit: a call's fragment after the next part)
            assert dst == "gemini" and "functionCall args are one object" in str(exc), exc
            continue
        assert _view(read, dst) == _view(source, dst), dst


_TEXT = _message("yes")
_REFUSAL = _message("no", "refusal")


@pytest.mark.parametrize("dst", DIALECTS)
@pytest.mark.parametrize("item", [_TEXT, _REFUSAL], ids=["text", "refusal"])
def test_a_done_then_an_added_of_its_index_read_alike_at_every_chunking(
    item: dict[str, Any], dst: str
) -> None:
    """Red team 52 F01's shape: the done item stands for its item at every chunking."""
    events = [
        _CREATED,
        {"type": "response.output_item.done", "output_index": 0, "item": item},
        {"type": "response.output_item.added", "output_index": 0, "item": item},
        _completed([item]),
    ]
    frames = [_frame(e) for e in events]
    data = b"".join(frames)
    outs = {
        cut: b"".join(lc.stream.translate("openai", dst, chunks, request=REQUEST))
        for cut, chunks in {
            "whole": [data],
            "per event": frames,
            "1 byte": [data[i : i + 1] for i in range(len(data))],
        }.items()
    }
    assert len({_assembled(dst, out) for out in outs.values()}) == 1
    text = "yes" if item is _TEXT else "" if dst == "openai_chat" else "no"  # (Chat: a refusal field)
    assert _assembled(dst, outs["whole"])[0][:2] == ("TextPart", text)


_ADDED_RS = {"type": "response.output_item.added", "output_index": 0, "item": _REASONING}
_DONE_RS = {"type": "response.output_item.done", "output_index": 0, "item": _REASONING}
_SUMMARY_DELTA = {
    "type": "response.reasoning_summary_text.delta",
    "item_id": "rs_1",
    "output_index": 0,
    "summary_index": 0,
    "delta": "th",
}
_REASONING_SHAPES = {
    "added, done, done": [_ADDED_RS, _DONE_RS, _DONE_RS],  # F02
    "done, added, done": [_DONE_RS, _ADDED_RS, _DONE_RS],  # F02
    "done, summary delta": [_DONE_RS, _SUMMARY_DELTA],  # F03
    "done alone": [_DONE_RS],  # F03 (the summary only in the done item)
}


@pytest.mark.parametrize("shape", sorted(_REASONING_SHAPES))
def test_a_reasoning_item_done_twice_or_first_is_one_item_at_a_responses_client(shape: str) -> None:
    """Red team 52 F02 / F03: the openai SDK reads translate's output as it reads the source: one
    reasoning item, its id, summary and encrypted_content."""
    data = b"".join(_frame(e) for e in [_CREATED, *_REASONING_SHAPES[shape], _completed([_REASONING])])
    source = sdk_responses(data)
    assert (source["thinking"], source["reasoning_state"]) == (
        "th",
        [{"id": "rs_1", "encrypted_content": "ENC"}],
    )
    for chunks in ([data], [data[i : i + 1] for i in range(len(data))]):
        read = sdk_responses(b"".join(lc.stream.translate("openai", "openai", chunks, request=REQUEST)))
        assert (read["thinking"], read["reasoning_state"]) == (source["thinking"], source["reasoning_state"])


@pytest.mark.parametrize("dst", DIALECTS)
def test_a_reused_output_index_writes_the_text_once(dst: str) -> None:
    """Red team 52 F08: a message streamed at index 0, then a call added and done at index 0, then
    ``response.completed`` listing both (the openai SDK refuses the source: "Duplicate response
    output index"). The message was streamed: the client reads its text once, as ``decode`` +
    ``assemble`` read it, and the call."""
    message, opening, rest = _item("message", 0)
    call, call_opening, call_rest = _item("call", 0)
    data = b"".join(
        _frame(e) for e in [_CREATED, *opening, *rest, *call_opening, *call_rest, _completed([message, call])]
    )
    read = READERS[dst](b"".join(lc.stream.translate("openai", dst, [data], request=REQUEST)))
    assert read["text"] == "ab"
    assert [(name, args) for _, name, args in read["tool_calls"]] == [("f", {"a": 1})]
