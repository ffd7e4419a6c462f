"""The ``thinking_blocks`` extension of Chat Completions: the thinking state a Chat client carries back.

Chat has no field for continuation state, yet an Anthropic backend with
thinking and tools needs each signed thinking block back, verbatim, in the
assistant turn that precedes the tool results. The Chat writer therefore
emits, in the chunk where a block's state arrives, ``delta.thinking_blocks``:
LiteLLM's name and shape for the same state (``{"type": "thinking",
"thinking", "signature"}``, ``{"type": "redacted_thinking", "data"}``), each
entry with the ``index`` the openai SDK's stream accumulator merges lists by
(its final ``message.thinking_blocks`` lists them, as an extra field, next to
``reasoning_content``). A client sends them back on its assistant message,
``thinking_blocks`` beside ``content`` and ``tool_calls`` (the SDK passes the
key through untouched), and the Chat request reader reads them as the
message's ThinkingParts with their Anthropic state, first in the message.

The same message holds the thinking a second time, as ``reasoning_content``: the blocks' thinking
joined (the openai SDK accumulates it from the writer's ``reasoning_content`` deltas; LiteLLM
writes it so). Beside ``thinking_blocks`` it is read as that copy, not as a thinking part of its
own: read twice, the reasoning would reach Anthropic as a text block before the signed block (the
API wants thinking first) and every dialect would send it twice. A ``reasoning_content`` that is
not the blocks' thinking joined holds thinking no block carries, which has no place beside them:
refused, with its JSON path. Without blocks (null or ``[]``) it is lm15's reading, a ThinkingPart
without state.

An entry of type thinking without a ``signature`` is refused (``""`` reads as the state it
spells, so that the body rebuilds as it came); ``lc.translate_request``, the gateway's reading,
leaves out both, each with an Adaptation (``providers/_unsigned_thinking.py``): no provider
takes unsigned thinking back.

LiteLLM's own message (what its client returns, what a LiteLLM-style server hands on) holds the
blocks a third time, under ``provider_specific_fields.thinking_blocks``: that copy of the row's
``thinking_blocks`` (``index`` aside) reads as absent, like the ``provider_specific_fields`` keys
that are null (``citations``); anything else there is refused by the reader.

Read back from a Chat *backend*'s non-streamed answer: ``decode_response`` keeps lm15's reading
(``message.thinking_blocks`` unread, the body kept as the Response's ``provider_data``); a gateway
that names the source (``encode_response(client, response, usage_from="openai_chat")``) gets the
blocks read from that body by :func:`answer_thinking`, as the request reader reads them, in place
of lm15's one unsigned ThinkingPart, so every client gets the blocks Claude signed (red team 5
F01; ``stream.translate`` does the same for a stream, ``stream/_chat_extras.py``). Blocks the
reader refuses, unsigned entries, or a ``reasoning_content`` that is not their thinking joined
leave lm15's reading as it is.

Only Anthropic's state travels here (LiteLLM's shape is Anthropic's); a
Gemini ``thoughtSignature`` or OpenAI encrypted reasoning is not carried on
Chat (documented in ``openai_chat/write.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._unsigned_thinking import Unsigned, left_out
from lmcodec.providers.openai._read_common import array, fail, obj, only_keys, string
from lmcodec.wire import Adaptation, ContinuationState, Response, ThinkingPart, ToolCallPart

__all__ = [
    "KEY",
    "answer_thinking",
    "assistant_thinking",
    "provider_fields",
    "redacted_entry",
    "signed_entry",
    "thinking_in_place",
]

KEY: Final = "thinking_blocks"
PLACE: Final = "after_tool_calls"
"""An entry's key for the calls of its message written before the block (Claude's interleaved
thinking: ``thinking, text, tool_use, thinking, tool_use``), which Anthropic's API refuses to take
back rearranged; absent for a block before every call (red team 46 F03)."""
_SIGNED_KEYS: Final = frozenset({"type", "thinking", "signature", "index", PLACE})
_REDACTED_KEYS: Final = frozenset({"type", "data", "index", PLACE})


def signed_entry(index: int, thinking: str, signature: str, after: int = 0) -> dict[str, Any]:
    """The entry of a signed thinking block (its whole text and its signature), written after
    ``after`` of its message's tool calls."""
    entry = {"index": index, "type": "thinking", "thinking": thinking, "signature": signature}
    return {**entry, PLACE: after} if after else entry


def redacted_entry(index: int, data: str, after: int = 0) -> dict[str, Any]:
    """The entry of a redacted thinking block (its opaque data), written after ``after`` of its
    message's tool calls."""
    entry: dict[str, Any] = {"index": index, "type": "redacted_thinking", "data": data}
    return {**entry, PLACE: after} if after else entry


def assistant_thinking(row: dict[str, Any], path: str, unsigned: Unsigned = None) -> list[dict[str, Any]]:
    """An assistant row's thinking as canonical ThinkingPart values: its ``thinking_blocks`` with
    their state, ``reasoning_content`` beside them read as their text (refused when it is not);
    without blocks, ``reasoning_content`` as lm15 reads it (:func:`placed_thinking` without the
    places)."""
    return placed_thinking(row, path, unsigned)[0]


def placed_thinking(
    row: dict[str, Any], path: str, unsigned: Unsigned = None
) -> tuple[list[dict[str, Any]], list[int]]:
    """:func:`assistant_thinking`'s parts and, for each, how many of the row's tool calls go before
    it (:data:`PLACE`; 0 for the thinking before every call), in order: never fewer than the part
    before it's (else refused at its path)."""
    reasoning = row.get("reasoning_content")
    if reasoning is not None:
        reasoning = string(reasoning, f"{path}.reasoning_content")
    blocks = row.get(KEY)
    if blocks is None or blocks == []:
        return ([], []) if reasoning is None else ([{"type": "thinking", "text": reasoning}], [0])
    parts, joined, places = _thinking_parts(blocks, f"{path}.{KEY}", unsigned)
    if reasoning is not None and reasoning != joined:
        fail(
            "reasoning_content beside thinking_blocks must be the blocks' thinking joined (the same "
            "thinking, as the openai SDK accumulates it); this one holds thinking no block carries, "
            "which has no place beside the signed blocks",
            f"{path}.reasoning_content",
        )
    return parts, places


def answer_thinking(response: Response) -> Response:
    """``response`` (lm15's reading of a Chat body, which it keeps as ``provider_data``) with the
    body's ``message.thinking_blocks`` as its thinking, each block a ThinkingPart with its Anthropic
    state, in place of the unsigned ThinkingPart lm15 read from ``reasoning_content``; ``response``
    itself when the body holds no blocks, or blocks that cannot be carried (see the module
    docstring), or when the message no longer holds lm15's reading of the thinking (the caller
    removed or replaced it: review7 R12; lm15 read none, and the message holds thinking)."""
    data = response.provider_data
    choices = data.get("choices") if isinstance(data, dict) else None
    if not isinstance(choices, list) or len(choices) != 1 or not isinstance(choices[0], dict):
        return response
    message = choices[0].get("message")
    if not isinstance(message, dict) or not message.get(KEY):
        return response
    unsigned: list[Adaptation] = []
    try:
        read, places = placed_thinking(message, "$.choices[0].message", unsigned)
    except ValidationError:
        return response
    if unsigned or not read:
        return response
    blocks = [
        ThinkingPart(text=part["text"], continuation=(ContinuationState(**part["continuation"][0]),))
        for part in read
    ]
    parts = response.message.parts
    reasoning = message.get("reasoning_content") or message.get("reasoning")  # lm15 reads it as thinking
    if reasoning:  # only lm15's own reading stands in for the blocks: the caller may have removed it
        first = parts[0] if parts else None
        if type(first) is not ThinkingPart or first.continuation or first.text != str(reasoning):
            return response
        if first.text != "".join(block.text for block in blocks):
            return response
        parts = parts[1:]
    elif any(type(part) is ThinkingPart for part in parts):  # lm15 read none: the caller's own
        return response
    placed = thinking_in_place(blocks, places, parts, _is_call_part)
    if placed is None:  # (the blocks then cannot be carried)
        return response
    message_out = msgspec.structs.replace(response.message, parts=tuple(placed))
    return msgspec.structs.replace(response, message=message_out)


def thinking_in_place(
    blocks: list[Any], places: list[int], parts: Iterable[Any], is_call: Callable[[Any], bool]
) -> list[Any] | None:
    """``parts`` (a message's, its thinking taken out; ``is_call`` tells its tool calls) with each
    block of ``blocks`` before the call after as many calls as its place says (:data:`PLACE`),
    those of place 0 first, those whose place counts every call last (after the last call: the
    writers write that place for Claude's ``tool_use, thinking``, red team 49 F02); None where a
    place counts more calls than ``parts`` holds."""
    later = 0
    while later < len(places) and places[later] == 0:
        later += 1
    out = blocks[:later]
    calls = 0
    for part in parts:
        if is_call(part):
            while later < len(blocks) and places[later] == calls:
                out.append(blocks[later])
                later += 1
            calls += 1
        out.append(part)
    while later < len(blocks) and places[later] == calls:
        out.append(blocks[later])
        later += 1
    return out if later == len(blocks) else None


def _is_call_part(part: Any) -> bool:
    return type(part) is ToolCallPart


def provider_fields(row: dict[str, Any]) -> Any:
    """An assistant row's ``provider_specific_fields`` without LiteLLM's copy of its
    ``thinking_blocks`` (the same entries, ``index`` aside), for the reader's client-object rule."""
    fields = row.get("provider_specific_fields")
    if isinstance(fields, dict) and KEY in fields and _unindexed(fields[KEY]) == _unindexed(row.get(KEY)):
        return {key: value for key, value in fields.items() if key != KEY}
    return fields


def _unindexed(entries: Any) -> Any:
    """Thinking-block entries without the ``index`` the openai SDK's accumulator merges by."""
    if not isinstance(entries, list):
        return entries
    return [{k: v for k, v in e.items() if k != "index"} if isinstance(e, dict) else e for e in entries]


def _thinking_parts(raw: Any, path: str, unsigned: Unsigned) -> tuple[list[dict[str, Any]], str, list[int]]:
    """An assistant row's ``thinking_blocks`` as canonical ThinkingPart values, in order, the
    thinking text of every thinking entry joined, and each part's place (:data:`PLACE`); with
    ``unsigned`` (the gateway's reading, ``_unsigned_thinking``) a thinking entry whose signature
    is absent or ``""`` is noted there and left out."""
    parts: list[dict[str, Any]] = []
    texts: list[str] = []
    places: list[int] = []
    for position, item in enumerate(array(raw, path)):
        where = f"{path}[{position}]"
        entry = obj(item, where)
        kind = entry.get("type")
        place = _place(entry, places[-1] if places else 0, where)
        if kind == "thinking":
            only_keys(entry, _SIGNED_KEYS, where, "a thinking block")
            if unsigned is not None and entry.get("signature") in (None, ""):
                text = string(entry.get("thinking", ""), f"{where}.thinking")
                unsigned.append(left_out(where, "a thinking block without a signature", text))
                texts.append(text)
                continue
            state = {"signature": string(entry.get("signature"), f"{where}.signature")}
            text = string(entry.get("thinking"), f"{where}.thinking")
            texts.append(text)
            parts.append(_part(text, "thinking_signature", state))
            places.append(place)
        elif kind == "redacted_thinking":
            only_keys(entry, _REDACTED_KEYS, where, "a redacted thinking block")
            parts.append(_part("", "redacted_thinking", {"data": string(entry.get("data"), f"{where}.data")}))
            places.append(place)
        else:
            fail(
                f"a {kind!r} thinking block cannot be carried: thinking or redacted_thinking", f"{where}.type"
            )
    return parts, "".join(texts), places


def _place(entry: dict[str, Any], least: int, where: str) -> int:
    """An entry's :data:`PLACE` (0 where absent): a whole number no less than ``least``, the place
    of the entry before it (blocks are written in order), else refused at its path."""
    place = entry.get(PLACE, 0)
    if type(place) is not int or place < least:
        fail(
            f"{PLACE} must be the number of the message's tool calls written before the block, no "
            "fewer than the block before it's",
            f"{where}.{PLACE}",
        )
    return place


def _part(text: str, kind: str, data: dict[str, Any]) -> dict[str, Any]:
    state = {"provider": "anthropic", "kind": kind, "data": data}
    return {"type": "thinking", "text": text, "continuation": [state]}
