"""One pass over a Request's parts that tells translate_request which later passes may change it.

Each of the gateway's passes over the conversation (the content losses, the thinking and empty-text
drop, the Anthropic id rewrite, the repeated-id rename) is a whole walk; most requests need none of
them. ``tests/providers/test_crossing_survey.py`` holds every pass the survey skips to give the
request back unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

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

if TYPE_CHECKING:
    from lmcodec.providers.openai_chat._read_typed import Seen

__all__ = ["ContentSurvey", "read_survey", "survey"]


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
    return ContentSurvey(kinds, judged, empty_text, odd, len(set(calls)) != len(calls), called)


def read_survey(seen: Seen) -> ContentSurvey:
    """:func:`survey`'s answer from what the Chat reader's typed path met while it read (``Seen``),
    with no walk of the parts (~12% of a gateway call in time: the walk of objects made a moment
    before costs ~3x what its instructions say). There no part carries continuation state and a
    tool result holds text parts only, so only the images and refusals are judged; ``seen.names``
    holds each call id once, with the calls' names where no id names two functions (the reader
    gives no ``Seen`` then). ``tests/providers/test_read_openai_chat_typed.py`` holds it equal to
    :func:`survey` of the Request."""
    kinds = set(seen.others)
    if seen.texts:
        kinds.add(TextPart)
    names = seen.names
    if seen.calls:
        kinds.add(ToolCallPart)
    results = seen.result_ids
    if results:
        kinds.add(ToolResultPart)
    odd = anthropic_refuses_one([*names, *results]) if names or results else False
    return ContentSurvey(
        kinds, bool(seen.others), seen.empty_text, odd, len(names) != seen.calls, set(names.values())
    )
