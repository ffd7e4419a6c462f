"""What a Responses client replays that only Responses can take back (``lc.translate_request``;
red team 14 F13, F15).

A client appending ``response.output`` to its next ``input`` (the openai SDK's documented way, and
Codex's) sends items and keys the canonical Request has no field for, which ``decode_request``
refuses (lm15 1.5.0 has no Responses request reader; its builder writes ``phase`` only under a
compat policy OpenAI's own preset leaves off):

- an assistant message's ``phase`` (``"commentary"`` / ``"final_answer"``): the SDK asks clients of
  gpt-5.3-codex and later to send it back on every assistant message;
- the items of a tool OpenAI's server ran (``web_search_call``, ``file_search_call``,
  ``code_interpreter_call``, ``image_generation_call``).

The gateway's reading takes them out of the decoded body before it is read
(:func:`replayed_items_out`, on the value the gateway's passes share: ``_gateway_read.py``). To
Responses they go back as sent (:func:`replayed_items_back`, in the items the builder hands over
before encoding them: each phase on the assistant message built for the client's, in order; each
hosted item before the item built for the one that followed it in the client's input, counting
messages, function calls, their outputs, custom tool calls and their outputs (given back in place of
the function calls built for them) and signed reasoning items, which the same dialect builds one
for one). To another dialect each is left out,
``dropped`` at its path in the client's body, as Anthropic's server-tool blocks are (red team 5
F13): what the server ran is in the answer's text, and no other provider can take its items.
The calls a client runs itself, their outputs, and the items that stand for state or work on
OpenAI's server (compaction and its trigger, item references, MCP tool lists and calls) go back to
Responses the same way, and are refused elsewhere; the keys the API puts on the items it lists are
taken off, and given back to Responses on the items as sent (``_replayed_client_items.py``).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._build_common import adaptation
from lmcodec.providers._build_wire import ResponsesCall, ResponsesCallOutput, ResponsesItem, json_object
from lmcodec.providers._replayed_client_items import (
    CALL_KEYS,
    SENT_CALL_KEYS,
    WHOLE_ITEMS,
    ListedKeys,
    listed_keys,
    refuse_elsewhere,
    untyped_reference,
)
from lmcodec.providers._replayed_client_items import MARKS as CLIENT_MARKS
from lmcodec.wire import Adaptation

__all__ = [
    "HOSTED_ITEMS",
    "MARKS",
    "ReplayedItems",
    "client_paths",
    "phase_dropped",
    "replayed_items_back",
    "replayed_items_out",
]

HOSTED_ITEMS: Final = frozenset(
    {"web_search_call", "file_search_call", "code_interpreter_call", "image_generation_call"}
)
MARKS: Final = (b'"phase"', b'search_call"', b'interpreter_call"', b'generation_call"', *CLIENT_MARKS)
"""What such a body holds, one of them at least (a function_call alone does not make the pass run)."""
_TAKEN_OUT: Final = HOSTED_ITEMS | WHOLE_ITEMS
"""The items taken out of the body read: to Responses each goes back in place."""
_STAND_IN: Final = {"role": "user", "content": ""}
"""The message read where the client's input holds only items taken out; not sent."""
_PHASE: Final = (
    "an assistant message's phase: only Responses reads it (the model's commentary or final answer); "
    "the message is sent"
)
_HOSTED: Final = (
    "the item of a tool OpenAI's server ran, replayed: {destination} cannot take it; what it found is "
    "in the answer's text"
)


def _item_type(item: dict[str, Any]) -> str | None:
    """An input item's ``type`` (``"message"`` when it names none, ``None`` when it is null); a type
    that is neither a string nor null reads as ``""``, no item the passes take: the reader refuses
    it at its path (an array or an object cannot be looked up in a set of names, red team 34 F04)."""
    kind = item.get("type", "message")
    return kind if kind is None or isinstance(kind, str) else ""


class ReplayedItems(NamedTuple):
    """What :func:`replayed_items_out` took out of a body."""

    hosted: list[tuple[int, Any]]
    """Each hosted item as sent, with how many anchor items (:func:`_anchor`) came before it."""
    phases: list[Any]
    """Each assistant message's ``phase`` (None where it had none), in order."""
    notes: tuple[Adaptation, ...]
    positions: list[int]
    """Where each item of the body read was in the client's input."""
    listed: ListedKeys | None = None
    """The keys taken off the items the API lists, and those items as sent (None: none taken)."""
    stand_in: bool = False
    """Whether the body read holds only a stand-in message, every item of the client's taken out
    (a client's answer alone after ``previous_response_id``: a Request holds one message at least)."""


def client_paths(notes: tuple[Adaptation, ...], replayed: ReplayedItems) -> tuple[Adaptation, ...]:
    """``notes`` on the body :func:`replayed_items_out` gave, each ``$.input[i]`` path named in the
    client's body (the items taken out moved those after them)."""
    return tuple(_client_path(note, replayed.positions) for note in notes)


def _client_path(note: Adaptation, positions: list[int]) -> Adaptation:
    head, bracket, rest = note.field.partition("[")
    index, close, tail = rest.partition("]")
    if head != "$.input" or not bracket or not close or not index.isdigit() or int(index) >= len(positions):
        return note
    return msgspec.structs.replace(note, field=f"$.input[{positions[int(index)]}]{tail}")


_ONE_FOR_ONE: Final = frozenset(
    {"message", "function_call", "function_call_output", "custom_tool_call", "custom_tool_call_output"}
)
"""The input items the same dialect builds one for one (a custom call and its output as a function
call and its output, given back as sent: ``_crossing_custom_calls.py``)."""


def _anchor(item: Any) -> bool:
    """An input item the same dialect builds one for one (:data:`_ONE_FOR_ONE`), or a reasoning item
    with its state (one without is left out by the gateway): what a replayed item is placed by."""
    if not isinstance(item, dict):
        return False
    kind = _item_type(item)
    if kind == "reasoning":
        return item.get("id") is not None or item.get("encrypted_content") is not None
    return kind in _ONE_FOR_ONE


def replayed_items_out(body: Any, destination: str) -> ReplayedItems | None:
    """The decoded ``body`` without its phases and hosted-tool items (taken out in place), one
    ``dropped`` note each unless the destination is Responses; None, the body untouched, when it
    holds none."""
    items = body.get("input") if isinstance(body, dict) else None
    to_responses = destination == "openai"
    if not isinstance(items, list) or not any(_replayed(item, to_responses) for item in items):
        return None
    kept: list[Any] = []
    hosted: list[tuple[int, Any]] = []
    phases: list[Any] = []
    notes: list[Adaptation] = []
    positions: list[int] = []
    anchors = 0
    listed: ListedKeys | None = None  # (made at the first output or reasoning item)
    for i, item in enumerate(items):
        kind = _item_type(item) if isinstance(item, dict) else None
        role = None  # (a message's)
        if kind == "message":
            role = item.get("role")
            if role is None and untyped_reference(item):
                kind = "item_reference"
        elif kind is None and _reference(item):
            kind = "item_reference"
        if kind in _TAKEN_OUT:
            if destination != "openai":
                if kind in WHOLE_ITEMS:  # (a client's tool loop, compacted history)
                    refuse_elsewhere(kind, i, destination)
                reason = _HOSTED.format(destination=destination)
                notes.append(adaptation(f"$.input[{i}]", "dropped", reason, item))
            hosted.append((anchors, item))
            continue
        anchors += _anchor(item)
        if (
            kind == "function_call_output"
            or kind == "reasoning"
            or (
                kind == "function_call"
                and not (SENT_CALL_KEYS if to_responses else CALL_KEYS).isdisjoint(item)
            )
            or (role == "assistant" and listed_keys(item, "message", to_responses))
        ):
            listed = listed or ListedKeys(destination, notes, items)
            listed.take(item, "message" if role == "assistant" else str(kind), i)
        if role == "assistant":
            phase = item.pop("phase", None)
            phases.append(phase)
            if phase is not None and destination != "openai":
                notes.append(phase_dropped(i, phase))
        kept.append(item)
        positions.append(i)
    stand_in = not kept and bool(hosted) and destination == "openai"
    body["input"] = [dict(_STAND_IN)] if stand_in else kept
    if listed is not None and not listed.sent:
        listed = None
    return ReplayedItems(hosted, phases, tuple(notes), positions, listed, stand_in)


def phase_dropped(index: int, phase: Any) -> Adaptation:
    """The note of the ``phase`` of the assistant message at ``$.input[index]``, left out."""
    return adaptation(f"$.input[{index}].phase", "dropped", _PHASE, phase)


def _replayed(item: Any, to_responses: bool) -> bool:
    """Whether :func:`replayed_items_out` takes something of ``item`` out: a hosted or client item
    (an untyped item reference too), a listed key, or an assistant message's phase (a ``null`` one
    only with something else to take: the pass leaves a body holding nothing but those as it came)."""
    if not isinstance(item, dict):
        return False
    kind = _item_type(item)
    if kind in _TAKEN_OUT or (kind is not None and listed_keys(item, kind, to_responses)):
        return True
    if kind == "message":
        role = item.get("role")
        if role is None:
            return untyped_reference(item)
        return role == "assistant" and item.get("phase") is not None
    return kind is None and untyped_reference(item)


def _reference(item: Any) -> bool:
    """An input item that is an item reference without its type (:func:`untyped_reference`)."""
    return isinstance(item, dict) and untyped_reference(item)


def replayed_items_back(payload: dict[str, Any], replayed: ReplayedItems) -> None:
    """The Responses ``payload`` built from :func:`replayed_items_out`'s body, before it is encoded
    (the builder's hand-off, ``openai/build.build_request``), with the client's phases and hosted
    items back in place. Each item is judged by the JSON object it is written as
    (``_build_wire.json_object``; a phase goes on a copy of it): the body decoded, changed and
    encoded again is the same bytes (one decode and encode less)."""
    if replayed.stand_in:  # (nothing of the client's was built: its items are the input)
        payload["input"] = [item for _, item in replayed.hosted]
        return
    items = payload.get("input")
    items = items if isinstance(items, list) else []
    assistants: list[int] = []  # where each assistant message built is
    anchors: list[int] = []
    for at, item in enumerate(items):
        kind = type(item)
        if kind is ResponsesItem:
            anchors.append(at)
            if item.role == "assistant":
                assistants.append(at)
        elif kind is ResponsesCall or kind is ResponsesCallOutput:
            anchors.append(at)
        else:
            view = json_object(item)
            if _anchor(view):
                anchors.append(at)
            if view is not None and view.get("role") == "assistant":
                assistants.append(at)
    if len(assistants) != len(replayed.phases) or (replayed.hosted and len(anchors) < replayed.hosted[-1][0]):
        raise ValidationError(  # never met: the same dialect builds these items one for one
            "the replayed phases and hosted-tool items cannot be put back: the built request holds "
            f"{len(assistants)} assistant messages and {len(anchors)} items to place them by",
            "$.input",
        )
    for at, phase in zip(assistants, replayed.phases, strict=True):
        if phase is not None:
            items[at] = {**(json_object(items[at]) or {}), "phase": phase}
    if replayed.listed is not None:  # (before the inserts: counted among the items built; after
        replayed.listed.put_back(items)  # the phases: an item put back as sent holds its own)
    payload["input"] = _merged(items, anchors, replayed.hosted) if replayed.hosted else items


def _merged(items: list[Any], anchors: list[int], hosted: list[tuple[int, Any]]) -> list[Any]:
    """The built ``items`` with each replayed item of ``hosted`` (in the client's order, each with
    how many anchors came before it) just before the anchor that followed it in the client's input,
    those after the last anchor at the end: each built item copied once, linear in the lengths (an
    insert each was quadratic in principle)."""
    merged: list[Any] = []
    taken = 0  # the built items already in merged
    end = len(items)
    last = len(anchors)
    for ordinal, item in hosted:  # (by ordinal: where each goes never moves back)
        at = anchors[ordinal] if ordinal < last else end
        if at > taken:
            merged += items[taken:at]
            taken = at
        merged.append(item)
    merged += items[taken:]
    return merged
