"""One pass over a Request's parts that tells translate_request which later passes may change it.

Each of the gateway's passes over the conversation (the content losses, the thinking and empty-text
drop, the Anthropic id rewrite, the repeated-id rename) is a whole walk; most requests need none of
them. ``tests/providers/test_crossing_survey.py`` holds every pass the survey skips to give the
request back unchanged.
"""

from __future__ import annotations

from typing import Any, ClassVar, Final

import msgspec

from lmcodec.providers._tool_ids import anthropic_refuses_one
from lmcodec.wire import (
    CitationPart,
    RefusalPart,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)

__all__ = ["ContentSurvey", "Seen", "met", "read_survey", "survey"]


class ContentSurvey(msgspec.Struct, frozen=True, gc=False):
    """What one pass over a Request's parts finds, so that each of the gateway's later passes over
    them runs only where it may change something (each is a whole walk of the conversation). A
    Struct, not a NamedTuple: made in C (a NamedTuple's ``__new__`` is Python, ~3k instructions)."""

    kinds: set[type]
    """The types of the messages' parts."""
    judged: bool
    """A part :func:`content_losses` judges (else it finds no loss): one other than a text part or
    tool call without continuation state, or a tool result of such text parts."""
    empty_text: bool
    """A text, refusal, citation or thinking part with empty text (Anthropic and Gemini refuse
    empty text: ``_crossing_parts.parts_out``)."""
    odd_ids: bool
    """A tool call's or result's id Anthropic refuses (``_tool_ids.anthropic_tool_ids_out``)."""
    repeated_calls: bool
    """Two tool calls of one id (``_tool_ids.unique_tool_ids_out``)."""
    called: set[str]
    """The function names of the tool calls and of the results that name one: with the tools'
    names, all ``_tool_names.tool_names_out`` needs to see that no name must be renamed."""
    answered_in_order: bool = True
    """The calls' ids are distinct and the results' ids are those ids in the calls' order: with
    each call turn answered by the message after it, as Gemini, Chat and Anthropic take them
    (``_crossing_call_turns.response_turns_joined``)."""


_TEXTUAL: Final = frozenset({RefusalPart, CitationPart, ThinkingPart})
"""The parts besides TextPart that may carry empty text."""


def survey(request: Request) -> ContentSurvey:
    """One plain pass over ``request``'s parts (see :class:`ContentSurvey`); a pass it finds
    nothing for would return the request as it is, which the differential tests hold. The three
    usual kinds go into ``kinds`` once, after the walk (a ``set.add`` a part was ~8% of it)."""
    kinds: set[type] = set()
    texts = judged = empty_text = False
    calls: list[str] = []  # the calls' ids (repeated: fewer distinct than calls)
    results: list[str] = []
    called: set[str] = set()
    part: Any
    for message in request.messages:
        for part in message.parts:
            kind = type(part)
            if kind is TextPart:
                texts = True
                if part.continuation:
                    judged = True
                if not part.text:
                    empty_text = True
            elif kind is ToolCallPart:
                if part.continuation:
                    judged = True
                calls.append(part.id)
                called.add(part.name)
            elif kind is ToolResultPart:
                results.append(part.id)
                if part.name is not None:
                    called.add(part.name)
                if part.continuation:
                    judged = True
                else:
                    for inner in part.content:
                        if type(inner) is not TextPart or inner.continuation:
                            judged = True
                            break
            else:
                kinds.add(kind)
                judged = True
                if kind in _TEXTUAL and not part.text:
                    empty_text = True
    if texts:
        kinds.add(TextPart)
    if calls:
        kinds.add(ToolCallPart)
    if results:
        kinds.add(ToolResultPart)
    odd = anthropic_refuses_one(calls + results) if calls or results else False
    repeated = len(set(calls)) != len(calls)
    return ContentSurvey(kinds, judged, empty_text, odd, repeated, called, not repeated and calls == results)


class Seen(msgspec.Struct, gc=False):
    """What a reader's typed path met among the parts it made, for the gateway's survey
    (:class:`ContentSurvey`) without a walk of its own: the readers record it as they make each
    part (the common parts inline, the others by :func:`met`). A Struct: made in C."""

    records_parts: ClassVar[bool] = True
    """Whether the readers record the parts they make here (a kind that records only what its
    readers record beside the parts says False: ``openai._read_typed.ToolFlags``)."""
    texts: bool = False
    """A text part."""
    empty_text: bool = False
    """A text, refusal, citation or thinking part of empty text."""
    others: set[type] = msgspec.field(default_factory=set)
    """The part types besides text, tool calls and results (each judged by ``content_losses``)."""
    judged: bool = False
    """A text part, tool call or tool result ``content_losses`` judges: one with continuation state,
    a tool result holding more than text parts."""
    calls: int = 0
    """How many tool calls."""
    names: dict[str, str] = msgspec.field(default_factory=dict)
    """Each tool call id's name (the first call's, where calls share an id)."""
    result_ids: list[str] = msgspec.field(default_factory=list)
    """The tool results' ids."""
    other_names: list[str] = msgspec.field(default_factory=list)
    """The function names ``names`` does not hold: those the tool results carry (Gemini's; the
    other readers' results carry none), a call's whose id an earlier call of another name has."""
    strict_tools: frozenset[str] = frozenset()
    """The function tools a Responses body flags ``strict: true``, by name (the Request has no field
    for it: ``_crossing_strict.strict_asked`` takes it from the reading, no search of the body)."""
    unmarked: bool = False
    """An Anthropic body read off its usual keys with no block marked: its system prompt a string,
    its tools plain function tools, so no ``cache_control`` anywhere ``_crossing_cache_marks``
    looks (the gateway then runs no search for marks); False where the reading cannot say."""


def met(part: Any, seen: Seen) -> None:
    """Record in ``seen`` a part a reader made off its common paths, as :func:`survey` reads it."""
    kind = type(part)
    if kind is TextPart:
        seen.texts = True
        if part.continuation:
            seen.judged = True
        if not part.text:
            seen.empty_text = True
    elif kind is ToolCallPart:
        if part.continuation:
            seen.judged = True
        seen.calls += 1
        if seen.names.setdefault(part.id, part.name) != part.name:
            seen.other_names.append(part.name)
    elif kind is ToolResultPart:
        seen.result_ids.append(part.id)
        if part.name is not None:
            seen.other_names.append(part.name)
        if part.continuation or any(
            type(inner) is not TextPart or inner.continuation for inner in part.content
        ):
            seen.judged = True
    else:
        seen.others.add(kind)
        if kind in _TEXTUAL and not part.text:
            seen.empty_text = True


def read_survey(seen: Seen) -> ContentSurvey:
    """:func:`survey`'s answer from what a reader's typed path met while it read (``Seen``), with
    no walk of the parts (~12% of a gateway call in time: the walk of objects made a moment before
    costs ~3x what its instructions say). Every part of ``others`` is judged; ``seen.names`` holds
    each call id once, and with ``seen.other_names`` every function name the parts carry. The
    readers' typed-path tests hold it equal to :func:`survey` of the Request
    (``tests/providers/test_read_*_typed.py``). A reading that met text parts only (the usual short
    request) is answered without the general steps: no call, no result, nothing judged by kind."""
    names = seen.names
    if not (seen.calls or names or seen.result_ids or seen.others or seen.other_names):
        return ContentSurvey(
            {TextPart} if seen.texts else set(), seen.judged, seen.empty_text, False, False, set()
        )
    kinds = set(seen.others)
    if seen.texts:
        kinds.add(TextPart)
    if seen.calls:
        kinds.add(ToolCallPart)
    results = seen.result_ids
    if results:
        kinds.add(ToolResultPart)
    odd = anthropic_refuses_one([*names, *results]) if names or results else False
    called = set(names.values())
    if seen.other_names:
        called.update(seen.other_names)
    judged = seen.judged or bool(seen.others)
    repeated = len(names) != seen.calls
    in_order = not repeated and list(names) == results
    return ContentSurvey(kinds, judged, seen.empty_text, odd, repeated, called, in_order)
