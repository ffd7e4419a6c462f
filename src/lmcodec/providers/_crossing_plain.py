"""A request between two dialects that no pass of ``translate_request`` would change: the short
road past them.

Each pass between two dialects (``providers/_translate_request.py``) has its own guard, a test of
the Request or of the survey its reading recorded; on a one-message request every guard says skip,
and testing them one by one cost ~15-20k instructions a call, more than the build (issue #15).
:func:`plain_crossing` tests what those guards test, at once: where it holds, the passes would give
the request back as it is with no note, and the gateway builds it straight (:func:`plain_built`),
with the one pass that always runs toward Anthropic (``claude_refusals_out``: its cap against the
model's output ceiling). ``tests/providers/test_translate_plain.py`` holds the two roads equal.
"""

from __future__ import annotations

from typing import Final

import msgspec

from lmcodec.providers._crossing_claude import claude_refusals_out
from lmcodec.providers._crossing_survey import ContentSurvey
from lmcodec.providers._request import ProviderRequest
from lmcodec.providers._requests import build_request
from lmcodec.providers.gemini.read import UNNAMED_MODEL
from lmcodec.wire import Request, TextPart

__all__ = ["plain_built", "plain_crossing"]

_TEXTS: Final = frozenset({TextPart})
"""A survey's kinds where the conversation is text alone."""


def plain_crossing(source: str, request: Request, found: ContentSurvey, unmarked: bool) -> bool:
    """Whether every pass between ``source`` and another dialect would give ``request`` back as it
    is, without a note: its parts text alone (no continuation state, none empty), no tool, none
    of the settings a pass reads (extensions, reasoning, service tier, stop sequences, response
    format, tool choice, cache), its last message not the assistant's (a prefill or a finished
    turn, noted), and for a Responses source no leading developer item before other messages (a
    system prompt), for an Anthropic source no cache mark (``unmarked``, as its reading saw), for
    a Gemini source a model named. The caller has the reading's notes empty."""
    config = request.config
    messages = request.messages
    return (
        not found.judged
        and not found.empty_text
        and found.kinds == _TEXTS
        and not request.tools
        and not config.extensions
        and config.reasoning is None
        and config.service_tier is None
        and not config.stop
        and config.response_format is None
        and config.tool_choice is None
        and config.cache is None
        and messages[-1].role != "assistant"
        and (source != "openai" or len(messages) == 1 or messages[0].role != "developer")
        and (source != "anthropic" or unmarked)
        and (source != "gemini" or request.model != UNNAMED_MODEL)
    )


def plain_built(destination: str, request: Request, stream: bool) -> ProviderRequest:
    """``destination``'s request for a :func:`plain_crossing` request: built as it is, toward
    Anthropic with ``claude_refusals_out``'s change and notes (a cap above the model's ceiling)."""
    if destination != "anthropic":
        return build_request(destination, request, stream=stream)
    request, notes = claude_refusals_out(request)
    built = build_request(destination, request, stream=stream)
    return msgspec.structs.replace(built, adaptations=(*built.adaptations, *notes)) if notes else built
