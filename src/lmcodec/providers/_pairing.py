"""Tool results that a client's body pairs with their calls by id alone (Chat ``tool`` rows,
Responses ``function_call_output`` items, Anthropic ``tool_result`` blocks), named after the
call they answer.

lm15's builders name such a result, where the wire needs a name (Gemini's
``functionResponse``), after the *last* call with its id in the whole transcript. Some
OpenAI-compatible servers count ids afresh each turn (``call_0`` for ``f``, then ``call_0``
for ``g``): there the last call is not the one answered, and an earlier result would go out
under a later call's name. :func:`named_by_their_calls` gives each unnamed result the name
of the call it answers, as the client paired them: the earliest call with its id before it that
no result has answered yet (two assistant messages calling ``call_0`` before their results, red
team 49 F06's shape: both results went under the second call's name), or the latest call with
its id when every one is answered (a result repeated). Where no id is reused by calls of
different names the Request is returned as it is (and every builder names results as lm15 does).
"""

from __future__ import annotations

from collections import deque
from typing import Any, Final, TypeGuard, get_args

import msgspec

from lmcodec.wire import Message, Part, Request, ToolCallPart, ToolResultPart

__all__ = ["named_by_their_calls"]

_KINDS: Final = frozenset(get_args(Part))  # lmcodec's own part classes


def _is_call(part: Any) -> TypeGuard[ToolCallPart]:
    """Whether ``part`` is a tool call (a user's subclass of one too) in one test for lmcodec's
    own classes: an ``isinstance`` miss on a wire class costs ~800 instructions
    (``providers/_part_kinds.py``), a text part's in every assistant message."""
    kind = type(part)
    return kind is ToolCallPart or (kind not in _KINDS and isinstance(part, ToolCallPart))


def named_by_their_calls(request: Request) -> Request:
    """``request`` with every unnamed tool result named after the call it answers (see the module
    docstring), when some id names different functions; else ``request`` itself."""
    if not _reused(request):
        return request
    unanswered: dict[str, deque[str]] = {}  # an id -> the names of its calls no result answered yet
    latest: dict[str, str] = {}  # an id -> its latest call's name
    messages: list[Message] = []
    for message in request.messages:
        if message.role == "assistant":
            for part in message.parts:
                if _is_call(part):
                    unanswered.setdefault(part.id, deque()).append(part.name)
                    latest[part.id] = part.name
        else:
            parts = tuple(_named(part, unanswered, latest) for part in message.parts)
            if any(new is not old for new, old in zip(parts, message.parts, strict=True)):
                message = msgspec.structs.replace(message, parts=parts)
        messages.append(message)
    return msgspec.structs.replace(request, messages=tuple(messages))


def _reused(request: Request) -> bool:
    """Whether two calls share an id but not a name (one pass over the assistant messages)."""
    names: dict[str, str] = {}
    for message in request.messages:
        if message.role == "assistant":
            parts: tuple[Any, ...] = message.parts  # found by their exact class below
            for part in parts:
                kind = type(part)  # _is_call inline: this pass runs on every request read
                if kind is ToolCallPart or (kind not in _KINDS and isinstance(part, ToolCallPart)):
                    name = part.name
                    if names.setdefault(part.id, name) != name:
                        return True
    return False


def _named(part: Part, unanswered: dict[str, deque[str]], latest: dict[str, str]) -> Part:
    if isinstance(part, ToolResultPart) and part.id in latest:
        queue = unanswered[part.id]
        name = queue.popleft() if queue else latest[part.id]
        if part.name is None:
            return msgspec.structs.replace(part, name=name)
    return part
