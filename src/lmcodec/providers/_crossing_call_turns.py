"""To Gemini, Chat and Anthropic, the results of one call turn right after it (issue #15, red team 28 F01).

Each of them takes a call turn's results at once after it: Gemini one user turn of N
``functionResponse`` parts after a model turn of N ``functionCall`` parts ("the number of function
response parts should be equal to the number of function call parts of the function call turn");
Chat Completions tool messages answering each id right after the assistant message with
``tool_calls`` ("An assistant message with 'tool_calls' must be followed by tool messages
responding to each 'tool_call_id'"); the Messages API, once it has joined consecutive turns of a
role, a user turn beginning with a ``tool_result`` for each ``tool_use``. lm15's builders write one
message per canonical message (Chat one tool message per result), and another dialect's client may
write one call turn apart: an Anthropic client one user turn per ``tool_result`` (the Messages API
joins consecutive turns of a role; red team 26 F03's "left"), or its parallel calls as consecutive
assistant turns; a Responses client a reasoning item or message between two ``function_call``
items, or a message between a call and its ``function_call_output``. :func:`response_turns_joined`
gives the destination one call turn and its results right after it in those cases, the results in
the calls' order where their ids pair them (a Gemini backend that pairs by position refuses them
otherwise). ``build_request`` is untouched (it stays lm15's for a canonical Request, and writes the
same order): this is a ``translate_request`` pass.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.wire import Adaptation, Message, Request, ToolCallPart

__all__ = ["response_turns_joined", "turns_regrouped"]

_MOVED: Final = {
    "gemini": "Gemini takes the responses to a function-call turn in the one turn right after it",
    "openai_chat": (
        "Chat Completions takes the tool messages answering an assistant message's tool_calls right after it"
    ),
    "anthropic": (
        "Anthropic takes the tool_result blocks answering a turn's tool_use blocks at the beginning of "
        "the next turn"
    ),
}
"""Why a tool result moved before a message the client wrote ahead of it, by destination."""
_WHERE: Final = ": this tool result goes there, before the message the client wrote between the calls and it"


def _apart(messages: tuple[Message, ...]) -> bool:
    """Whether a call turn's calls or results may be apart: a tool message after a message that is
    not an assistant's or after an assistant message whose last part is no call (a message written
    between two results: rtleft19; a call turn whose last part is text is walked too), or
    consecutive assistant messages but two whose last parts are both no call. One pass holding the
    previous message's role (an assistant message whose last part is no call as ``said``): the
    roles joined and searched cost ~10k instructions on a seven-message tool loop, this ~6.5k
    (callgrind)."""
    before = ""  # the previous message's role, "said" for an assistant one not ending in a call
    for message in messages:
        role = message.role
        if role == "assistant":
            said = type(message.parts[-1]) is not ToolCallPart
            if before == "assistant" or (before == "said" and not said):
                return True
            before = "said" if said else role
        else:
            if role == "tool" and (
                before == "tool" or before == "user" or before == "developer" or before == "said"
            ):
                return True
            before = role
    return False


def response_turns_joined(
    request: Request, in_order: bool, destination: str
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with each call turn's results in one tool message right after it (a tool
    message that crossed another message ``substituted`` at its index), the calls of consecutive
    assistant messages before results in one message, and the results in the calls' order where
    each result's id pairs one call; ``request`` itself where nothing changes (joining turns the
    source's API joins, or ordering results by the ids that pair them, loses nothing: no note).
    ``in_order``: the survey's word that the results' ids are the calls', in order; with no
    message apart (:func:`_apart`) nothing changes, which the full walk
    (:func:`turns_regrouped`) would find at many times the cost. ``destination``: the dialect
    whose rule a note gives (one of :data:`_MOVED`'s)."""
    if in_order and not _apart(request.messages):
        return request, ()  # (the usual conversation: each call turn answered by the next message)
    return turns_regrouped(request, destination)


def turns_regrouped(request: Request, destination: str) -> tuple[Request, tuple[Adaptation, ...]]:
    """:func:`response_turns_joined` by a walk of every message (its reference)."""
    messages = request.messages
    out: list[Message] = []
    where: list[int] = []  # each message's index in ``out``
    notes: list[Adaptation] = []
    count = len(messages)
    i = 0
    while i < count:
        if messages[i].role != "assistant":
            where.append(len(out))
            out.append(messages[i])
            i += 1
            continue
        end = i
        while end < count and messages[end].role == "assistant":
            end += 1
        stop = end
        while stop < count and messages[stop].role != "assistant":
            stop += 1
        first = next((k for k in range(i, end) if _calls(messages[k])), None)
        if first is not None:  # results written after a message without calls: this turn's too
            stop = _answered_until(messages, stop)
        tools = [k for k in range(end, stop) if messages[k].role == "tool"]
        if first is None or not tools:  # no call turn answered here: as the client wrote it
            where.extend(range(len(out), len(out) + stop - i))
            out.extend(messages[i:stop])
            i = stop
            continue
        where.extend(range(len(out), len(out) + first - i))
        out.extend(messages[i:first])
        calls = _joined(messages[first:end])
        where.extend([len(out)] * (end - first))
        out.append(calls)
        results = _joined([messages[k] for k in tools])
        ordered = _in_call_order(calls, results.parts)
        if ordered is not results.parts:
            results = msgspec.structs.replace(results, parts=ordered)
        at = len(out)
        out.append(results)
        passed = False  # a message between the calls and this result
        for k in range(end, stop):
            if messages[k].role == "tool":
                where.append(at)
                if passed:
                    notes.append(_moved(k, at, destination))
            else:
                passed = True
                where.append(len(out))
                out.append(messages[k])
        i = stop
    if len(out) == count and all(a is b for a, b in zip(out, messages, strict=True)):
        return request, ()
    return _with_messages(request, tuple(out), where), tuple(notes)


def _answered_until(messages: tuple[Message, ...], stop: int) -> int:
    """Where a call turn's results end, from ``stop`` (the first assistant message after its first
    results): past each assistant message without calls that a tool message follows before the next
    call turn (the tool messages there answer this turn's calls: no other call is made before them)."""
    end = stop
    for k in range(stop, len(messages)):
        message = messages[k]
        if message.role == "tool":
            end = k + 1
        elif message.role == "assistant" and _calls(message):
            break
    return end


def _calls(message: Message) -> bool:
    return any(type(part) is ToolCallPart for part in message.parts)


def _joined(run: list[Message] | tuple[Message, ...]) -> Message:
    """The messages of ``run`` (one role) as one: their parts and continuation in order."""
    if len(run) == 1:
        return run[0]
    parts = tuple(part for message in run for part in message.parts)
    continuation = tuple(state for message in run for state in message.continuation)
    return msgspec.structs.replace(run[0], parts=parts, continuation=continuation)


def _in_call_order(calls: Message, results: tuple[Any, ...]) -> tuple[Any, ...]:
    """``results`` in the order of the calls their ids name, where each names a distinct call of
    ``calls``; ``results`` itself otherwise (or where they are in that order)."""
    order: dict[str, int] = {}
    for k, part in enumerate(calls.parts):
        if type(part) is ToolCallPart:
            order.setdefault(part.id, k)
    ids = [part.id for part in results]
    if len(set(ids)) != len(ids) or not all(id_ in order for id_ in ids):
        return results
    positions = [order[id_] for id_ in ids]
    if positions == sorted(positions):
        return results
    return tuple(part for _, part in sorted(zip(positions, results, strict=True), key=lambda pair: pair[0]))


def _moved(index: int, at: int, destination: str) -> Adaptation:
    reason = _MOVED[destination] + _WHERE
    return Adaptation(
        field=f"messages[{index}]", action="substituted", reason=reason, asked=index, applied=at
    )


def _with_messages(request: Request, messages: tuple[Message, ...], where: list[int]) -> Request:
    """``request`` with ``messages``; a cache breakpoint's message index follows its message."""
    cache = request.config.cache
    if cache is not None and cache.prefix_until_index is not None and cache.prefix_until_index < len(where):
        cache = msgspec.structs.replace(cache, prefix_until_index=where[cache.prefix_until_index])
        config = msgspec.structs.replace(request.config, cache=cache)
        return msgspec.structs.replace(request, messages=messages, config=config)
    return msgspec.structs.replace(request, messages=messages)
