"""Responses streams built item by item as the API streams them, and the API's rule for a client's
items: every item has one id and one position, the same in its ``output_item.added`` / ``.done``,
in every event naming its ``output_index``, and in the final response's ``output`` (red team 32
F02/F03)."""

from __future__ import annotations

import json
from typing import Any, Final

import openai

from .write_support import _client

BASE: Final = {
    "id": "resp_items",
    "object": "response",
    "created_at": 1776091481,
    "status": "completed",
    "error": None,
    "incomplete_details": None,
    "model": "gpt-5",
    "parallel_tool_calls": True,
    "tool_choice": "auto",
    "tools": [],
    "usage": {
        "input_tokens": 5,
        "input_tokens_details": {"cached_tokens": 0},
        "output_tokens": 7,
        "output_tokens_details": {"reasoning_tokens": 0},
        "total_tokens": 12,
    },
}


def message(n: int, text: str) -> dict[str, Any]:
    part = {"type": "output_text", "annotations": [], "logprobs": [], "text": text}
    return {
        "id": f"msg_src{n}",
        "type": "message",
        "status": "completed",
        "content": [part],
        "role": "assistant",
    }


def call(n: int, arguments: str) -> dict[str, Any]:
    return {
        "id": f"fc_src{n}",
        "type": "function_call",
        "status": "completed",
        "arguments": arguments,
        "call_id": f"call_src{n}",
        "name": "lookup",
    }


def reasoning(n: int, summary: str) -> dict[str, Any]:
    item: dict[str, Any] = {
        "id": f"rs_src{n}",
        "type": "reasoning",
        "summary": [],
        "encrypted_content": "gAAA",
    }
    if summary:
        item["summary"] = [{"type": "summary_text", "text": summary}]
    return item


def code_call(n: int) -> dict[str, Any]:
    return {
        "id": f"ci_src{n}",
        "type": "code_interpreter_call",
        "status": "completed",
        "code": "print(1)",
        "container_id": "cntr_1",
        "outputs": None,
    }


def search_call(n: int) -> dict[str, Any]:
    return {
        "id": f"ws_src{n}",
        "type": "web_search_call",
        "status": "completed",
        "action": {"type": "search", "query": "weather"},
    }


def _sse(data: dict[str, Any]) -> bytes:
    return f"event: {data['type']}\ndata: {json.dumps(data)}\n\n".encode()


def responses_stream(output: list[dict[str, Any]], base: dict[str, Any] | None = None) -> bytes:
    """The stream the API sends for a response whose ``output`` is these items (the rest of the
    response ``base``'s, else :data:`BASE`'s): a message's parts as text deltas and annotations."""
    response = dict(base or BASE, output=output)
    seq = iter(range(10**6))
    events: list[dict[str, Any]] = [
        {
            "type": "response.created",
            "response": dict(response, status="in_progress", output=[], usage=None),
        }
    ]
    for i, item in enumerate(output):
        kind = item["type"]
        bare = dict(item, status="in_progress")
        if kind == "message":
            bare["content"] = []
        elif kind == "function_call":
            bare["arguments"] = ""
        elif kind == "reasoning":
            bare = {"id": item["id"], "type": "reasoning", "summary": []}
        events.append({"type": "response.output_item.added", "output_index": i, "item": bare})
        at = {"item_id": item["id"], "output_index": i}
        if kind == "message":
            for c, part in enumerate(item["content"]):
                where = {**at, "content_index": c}
                empty = dict(part, text="", annotations=[])
                events.append({"type": "response.content_part.added", **where, "part": empty})
                text = part["text"]
                for k in range(0, len(text), 4):
                    delta = {"delta": text[k : k + 4], "logprobs": []}
                    events.append({"type": "response.output_text.delta", **where, **delta})
                for n, note in enumerate(part.get("annotations") or ()):
                    cite = {"annotation_index": n, "annotation": note}
                    events.append({"type": "response.output_text.annotation.added", **where, **cite})
                events.append({"type": "response.output_text.done", **where, "text": text, "logprobs": []})
                events.append({"type": "response.content_part.done", **where, "part": part})
        elif kind == "function_call":
            events.append(
                {"type": "response.function_call_arguments.delta", **at, "delta": item["arguments"]}
            )
            events.append(
                {"type": "response.function_call_arguments.done", **at, "arguments": item["arguments"]}
            )
        elif kind == "reasoning" and item["summary"]:
            part = item["summary"][0]
            where = {**at, "summary_index": 0}
            events.append(
                {"type": "response.reasoning_summary_part.added", **where, "part": dict(part, text="")}
            )
            events.append({"type": "response.reasoning_summary_text.delta", **where, "delta": part["text"]})
            events.append({"type": "response.reasoning_summary_text.done", **where, "text": part["text"]})
            events.append({"type": "response.reasoning_summary_part.done", **where, "part": part})
        events.append({"type": "response.output_item.done", "output_index": i, "item": item})
    events.append({"type": "response.completed", "response": response})
    return b"".join(_sse({**event, "sequence_number": next(seq)}) for event in events)


def sse_events(body: bytes) -> list[dict[str, Any]]:
    """The events' data, in order."""
    return [json.loads(line[6:]) for line in body.split(b"\n") if line.startswith(b"data: ")]


def final_output(body: bytes) -> list[dict[str, Any]]:
    """The final response's ``output`` (``response.completed``'s)."""
    (output,) = [e["response"]["output"] for e in sse_events(body) if e["type"] == "response.completed"]
    return list(output)


def item_rule_breaks(body: bytes, ids: bool = True) -> list[str]:
    """Where the stream ``body`` breaks the rule: items numbered 0, 1, 2, ... as added; each
    ``.done`` of the id and type of its ``.added``; every event naming an ``output_index`` and an
    ``item_id`` naming that item's id; ``response.completed``'s ``output[i]`` the item the events
    numbered i, with the id they gave it (the type alone, not ``ids``)."""
    breaks: list[str] = []
    added: dict[int, tuple[str, Any]] = {}
    done: dict[int, tuple[str, Any]] = {}
    for event in sse_events(body):
        kind, index = event["type"], event.get("output_index")
        if kind == "response.output_item.added":
            if index != len(added):
                breaks.append(f"item added at {index}, expected {len(added)}")
            added[index] = (event["item"]["type"], event["item"].get("id"))
        elif kind == "response.output_item.done":
            done[index] = (event["item"]["type"], event["item"].get("id"))
            if done[index] != added.get(index):
                breaks.append(f"done {done[index]} at {index}, added {added.get(index)}")
        elif index is not None and "item_id" in event and index in added:
            item_id = added[index][1]
            if item_id is not None and event["item_id"] != item_id:
                breaks.append(f"{kind} names {event['item_id']} at {index}, the item is {item_id}")
        elif kind == "response.completed":
            output = event["response"]["output"]
            for i, (item_type, item_id) in done.items():
                got = output[i] if i < len(output) else {}
                if got.get("type") != item_type or (ids and item_id is not None and got.get("id") != item_id):
                    breaks.append(
                        f"output[{i}] is {got.get('type')} {got.get('id')}, events: {item_type} {item_id}"
                    )
    return breaks


def sdk_final_items(body: bytes) -> tuple[list[tuple[int, str, Any]], list[tuple[str, Any]]]:
    """What the openai SDK's ``responses.stream()`` reads: each ``output_item.done`` event's index,
    type and item id, and ``get_final_response().output``'s types and ids."""
    done = []
    with _client(body).responses.stream(model="gpt-5", input="hi") as stream:
        for event in stream:
            if isinstance(event, openai.types.responses.ResponseOutputItemDoneEvent):
                done.append((event.output_index, event.item.type, getattr(event.item, "id", None)))
        final = stream.get_final_response()
    return done, [(item.type, getattr(item, "id", None)) for item in final.output]


def sdk_rule_breaks(body: bytes, ids: bool = True) -> list[str]:
    """The rule as a client of the openai SDK checks it: the final response's item at each done
    event's ``output_index`` is that event's item (its type, and, ``ids``, its id where the event
    gives one)."""
    done, final = sdk_final_items(body)
    breaks = []
    for index, item_type, item_id in done:
        got = final[index] if index < len(final) else (None, None)
        if got[0] != item_type or (ids and item_id is not None and got[1] != item_id):
            breaks.append(
                f"done {item_type} {item_id} at {index}; get_final_response().output[{index}] {got}"
            )
    return breaks
