"""Ids for a Gemini body's calls written to an Anthropic client (``lc.translate_response``; red
team 46 F01).

A Gemini ``functionCall`` may carry no id. lm15's reader names such a call ``tool_call_<n>`` (its
parts before it: MAP-9), so every answer's calls get the same ids, turn after turn, and an
Anthropic client's history then repeats ``tool_use`` ids, which the Messages API refuses once that
history reaches Claude. The stream writer names them ``toolu_`` + a digest of the message id and
the call's slot (docs/writers.md's id table); :func:`anthropic_call_ids` gives a body's calls the
same ids, the slot being the call's place among the candidate's parts as Google sent them, as the
stream numbers it. A call that came with its own id keeps it.
"""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.providers.anthropic._frames import message_id, tool_id
from lmcodec.wire import Response, ToolCallPart

__all__ = ["anthropic_call_ids"]


def anthropic_call_ids(response: Response) -> Response:
    """``response`` (a Gemini body's, its ``provider_data`` the body) with each call Google sent
    without an id named as the Anthropic stream writer names it, under the response's id (one made
    now where it has none, as the body writer would); ``response`` itself where every call has its
    own id, or where it holds no call."""
    parts = response.message.parts
    for part in parts:
        if type(part) is ToolCallPart:
            break
    else:
        return response
    slots = _unnamed_slots(response.provider_data)
    if not slots:
        return response
    message = response.id or message_id()
    written: list[Any] = []
    calls = 0
    for part in parts:
        if type(part) is ToolCallPart:
            slot = slots.get(calls)
            calls += 1
            if slot is not None:
                part = msgspec.structs.replace(part, id=tool_id(message, slot))
        written.append(part)
    named = msgspec.structs.replace(response.message, parts=tuple(written))
    return msgspec.structs.replace(response, id=message, message=named)


def _unnamed_slots(data: Any) -> dict[int, int]:
    """For each call of the body ``data`` without an id (a falsy one, as lm15 reads it), its order
    among the calls -> its slot among the first candidate's parts; empty where there is none."""
    if type(data) is not dict:
        return {}
    candidates = data.get("candidates")
    candidate = candidates[0] if type(candidates) is list and candidates else None
    content = candidate.get("content") if type(candidate) is dict else None
    sent = content.get("parts") if type(content) is dict else None
    if type(sent) is not list:
        return {}
    slots: dict[int, int] = {}
    calls = 0
    for slot, part in enumerate(sent):
        call = part.get("functionCall") if type(part) is dict and "text" not in part else None
        if type(call) is dict:
            if not call.get("id"):
                slots[calls] = slot
            calls += 1
    return slots
