"""Tool-call ids as Anthropic takes them: ``tool_use.id`` and ``tool_result.tool_use_id`` must
match ``^[a-zA-Z0-9_-]+$``, and other providers' ids need not (Kimi/Moonshot's Chat servers name
calls ``functions.get_weather:0``; a Chat history from such a backend sent to Claude is a 400).

:func:`anthropic_tool_id` rewrites one id, statelessly: a valid id as it is; any other id as its
characters outside the alphabet replaced by ``_`` (the first 64 kept), then ``_x`` and 16 hex
digits of its SHA-256, so the same id always gives the same valid id and two different ids
(their hashes differing) never give one. The stream side (ids written to an Anthropic client)
may call it per call. :func:`anthropic_tool_ids_out` applies it to a whole Request, where the
ids are known: a rewritten id that equals an id the client itself sent (a hostile body can spell
one) takes more hash digits, so that within the request no two ids become one; a call and its
result, carrying the same id, stay paired.
"""

from __future__ import annotations

import hashlib
import re
from collections import deque
from typing import Final

import msgspec

from lmcodec.wire import Adaptation, Message, Request, ToolCallPart, ToolResultPart

__all__ = [
    "REFUSE_REPEATS",
    "anthropic_refuses_one",
    "anthropic_tool_id",
    "anthropic_tool_ids_out",
    "renamed_places",
    "repeated_call_ids",
    "unique_tool_ids_out",
]

_VALID: Final = re.compile(r"[a-zA-Z0-9_-]+")
_OUTSIDE: Final = re.compile(r"[^a-zA-Z0-9_-]")
_TOOL_PARTS: Final = frozenset({ToolCallPart, ToolResultPart})
_KEPT: Final = 64
"""How many characters of the original id the rewrite keeps (readable in logs; the hash decides)."""
_DIGITS: Final = 16
_REASON: Final = (
    "Anthropic tool ids must match ^[a-zA-Z0-9_-]+$: rewritten (the same id always to the same id, "
    "a call and its result alike)"
)


def anthropic_tool_id(tool_id: str, digits: int = _DIGITS) -> str:
    """``tool_id`` as an id Anthropic accepts: itself when valid, else its readable part, ``_x``
    and ``digits`` hex digits of its SHA-256 (of its UTF-8, lone surrogates escaped)."""
    if _VALID.fullmatch(tool_id):
        return tool_id
    digest = hashlib.sha256(tool_id.encode("utf-8", "surrogatepass")).hexdigest()[:digits]
    return f"{_OUTSIDE.sub('_', tool_id[:_KEPT])}_x{digest}"


def anthropic_refuses_one(ids: list[str]) -> bool:
    """Whether Anthropic refuses one of the tool ids ``ids`` (ids are never empty, so one search of
    their concatenation for a character outside the alphabet decides it)."""
    return _OUTSIDE.search("".join(ids)) is not None


def anthropic_tool_ids_out(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with every tool call's and result's id that Anthropic refuses rewritten by
    :func:`anthropic_tool_id`, one ``substituted`` Adaptation per id rewritten (at its first
    part); ``request`` itself when every id is valid (ids are never empty, so one search of
    their concatenation for a character outside the alphabet decides it)."""
    ids = [part.id for message in request.messages for part in message.parts if type(part) in _TOOL_PARTS]  # type: ignore[union-attr]
    if not anthropic_refuses_one(ids):
        return request, ()
    valid = {tool_id for tool_id in ids if _VALID.fullmatch(tool_id)}
    invalid = [tool_id for tool_id in ids if tool_id not in valid]
    rewritten: dict[str, str] = {}
    for tool_id in invalid:
        if tool_id in rewritten:
            continue
        digits = _DIGITS
        new = anthropic_tool_id(tool_id, digits)
        while new in valid:  # an id the client sent spells the rewrite: take more of the hash
            digits += 8
            new = anthropic_tool_id(tool_id, digits) if digits <= 64 else f"{new}_"
        valid.add(new)
        rewritten[tool_id] = new
    notes: list[Adaptation] = []
    noted: set[str] = set()
    messages: list[Message] = []
    for i, message in enumerate(request.messages):
        parts = list(message.parts)
        changed = False
        for j, part in enumerate(parts):
            if (type(part) is ToolCallPart or type(part) is ToolResultPart) and part.id in rewritten:
                changed = True
                new = rewritten[part.id]
                if part.id not in noted:
                    noted.add(part.id)
                    notes.append(
                        Adaptation(
                            field=f"messages[{i}].parts[{j}].id",
                            action="substituted",
                            reason=_REASON,
                            asked=part.id,
                            applied=new,
                        )
                    )
                parts[j] = msgspec.structs.replace(part, id=new)
        messages.append(msgspec.structs.replace(message, parts=tuple(parts)) if changed else message)
    return msgspec.structs.replace(request, messages=tuple(messages)), tuple(notes)


_REPEATS: Final = {
    "anthropic": "the Messages API refuses a request whose tool_use ids repeat (tool_use ids must be unique)",
    "openai": (
        "the Responses API refuses two function calls of one call_id (each function_call must have "
        "exactly one matching function_call_output)"
    ),
}
"""The destinations that refuse a repeated call id, with the reason each rename gives."""
REFUSE_REPEATS: Final = frozenset(_REPEATS)
"""Those destinations: the crossing pairs toward them and the same dialect rename alike."""


def unique_tool_ids_out(destination: str, request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with each call whose id an earlier call has renamed, and the results answering
    it with it: a result answers the earliest call of its id that no result has answered yet, in
    any message before its own (the client's pairing: red team 49 F06, two assistant messages of
    one id before their results), or the latest call of its id when every one is answered (a result
    repeated); one ``substituted`` Adaptation per call renamed; ``request`` itself when no two calls
    share an id."""
    if not repeated_call_ids(request):
        return request, ()
    reason = (
        f"{_REPEATS[destination]}: this call repeats an earlier call's id, renamed (the same history "
        "gives the same name), the results answering it with it"
    )
    used: set[str] = set()
    suffixes: dict[str, int] = {}
    unanswered: dict[str, deque[str]] = {}  # an id as sent -> its calls no result answered yet, renamed
    latest: dict[str, str] = {}  # an id as sent -> its latest call, renamed (for a result repeated)
    notes: list[Adaptation] = []
    messages: list[Message] = []
    for i, message in enumerate(request.messages):
        parts = list(message.parts)
        changed = False
        fresh: dict[str, deque[str]] = {}
        for j, part in enumerate(parts):
            if type(part) is ToolCallPart:
                new = part.id
                if new in used:
                    n = suffixes.get(part.id, 2)
                    while f"{part.id}_{n}" in used:
                        n += 1
                    suffixes[part.id] = n + 1
                    new = f"{part.id}_{n}"
                    notes.append(
                        Adaptation(
                            field=f"messages[{i}].parts[{j}].id",
                            action="substituted",
                            reason=reason,
                            asked=part.id,
                            applied=new,
                        )
                    )
                    parts[j] = msgspec.structs.replace(part, id=new)
                    changed = True
                used.add(new)
                fresh.setdefault(part.id, deque()).append(new)
            elif type(part) is ToolResultPart:
                queue = unanswered.get(part.id)
                new = queue.popleft() if queue else latest.get(part.id, part.id)
                if new != part.id:
                    parts[j] = msgspec.structs.replace(part, id=new)
                    changed = True
        for sent, calls in fresh.items():  # (a message's calls answer results in the messages after it)
            latest[sent] = calls[-1]
            queue = unanswered.get(sent)
            if queue:
                queue.extend(calls)
            else:
                unanswered[sent] = calls
        messages.append(msgspec.structs.replace(message, parts=tuple(parts)) if changed else message)
    return msgspec.structs.replace(request, messages=tuple(messages)), tuple(notes)


def repeated_call_ids(request: Request) -> bool:
    """Whether two calls share an id (a plain loop: a third cheaper than a comprehension)."""
    seen: set[str] = set()
    for message in request.messages:
        for part in message.parts:
            if type(part) is ToolCallPart:
                if part.id in seen:
                    return True
                seen.add(part.id)
    return False


def renamed_places(before: Request, after: Request) -> tuple[dict[int, str], dict[int, str]]:
    """The ids :func:`unique_tool_ids_out` changed from ``before`` to ``after``: each renamed call's
    new id by its order among the calls, each renamed result's by its order among the results (a
    Responses body's function calls and outputs are built one per part, in order, so a pass over
    the built items finds them there: ``_translate_same_dialect``)."""
    calls: dict[int, str] = {}
    results: dict[int, str] = {}
    seen_calls = seen_results = 0
    for old, new in zip(before.messages, after.messages, strict=True):
        for was, part in zip(old.parts, new.parts, strict=True):
            if isinstance(part, ToolCallPart):
                if isinstance(was, ToolCallPart) and part.id != was.id:
                    calls[seen_calls] = part.id
                seen_calls += 1
            elif isinstance(part, ToolResultPart):
                if isinstance(was, ToolResultPart) and part.id != was.id:
                    results[seen_results] = part.id
                seen_results += 1
    return calls, results
