"""A request between two dialects that no pass of ``translate_request`` would change: the short
road past them.

Each pass between two dialects (``providers/_translate_request.py``) has its own guard, a test of
the Request or of the survey its reading recorded; on a one-message request every guard says skip,
and the guards tested one by one, each where its pass stands, cost ~7-8k instructions a call
(issue #15; the test here ~3.6k).
:func:`plain_crossing` tests what those guards test, at once: where it holds, the passes would give
the request back as it is with no note, and the gateway builds it straight (:func:`plain_built`),
with the one pass that always runs toward Anthropic (``claude_refusals_out``: its cap against the
model's output ceiling). A body translated to its own dialect goes through fewer passes, each with
its own test (thinking, calls, media, the reasoning, Chat's instruction rows): where
:func:`plain_same_dialect` holds, it is built as read. ``tests/providers/test_translate_plain.py``
holds the two roads equal.
"""

from __future__ import annotations

from typing import Final

import msgspec

from lmcodec.providers._crossing_claude import claude_refusals_out
from lmcodec.providers._crossing_instruction_roles import later_instructions_noted
from lmcodec.providers._crossing_survey import ContentSurvey
from lmcodec.providers._request import ProviderRequest
from lmcodec.providers._requests import BUILDERS, refuse_unencodable, too_deep
from lmcodec.providers.gemini.read import UNNAMED_MODEL
from lmcodec.wire import Adaptation, Request, TextPart

__all__ = ["built_as_read", "plain_built", "plain_crossing", "plain_same_dialect"]

_TEXTS: Final = frozenset({TextPart})
"""A survey's kinds where the conversation is text alone."""
_USER_TEXT: Final = frozenset({"anthropic", "gemini"})
"""The destinations lm15's builders write a developer message to as user text."""
_INSTRUCTED: Final = frozenset({"openai", "openai_chat"})
"""The sources whose readers make developer messages (Anthropic's and Gemini's make none)."""
_TALK: Final = frozenset({"user", "assistant"})
"""The roles of a Chat conversation without instruction rows."""


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


def plain_built(source: str, destination: str, request: Request, stream: bool) -> ProviderRequest:
    """``destination``'s request for a :func:`plain_crossing` request: built as it is, toward
    Anthropic with ``claude_refusals_out``'s change and notes (a cap above the model's ceiling), and
    toward Anthropic and Gemini with a note per developer message (sent as user text)."""
    later = False
    if destination in _USER_TEXT and source in _INSTRUCTED:
        for message in request.messages:  # (inline: a call costs ~1.4k instructions)
            if message.role == "developer":
                later = True
                break
    if destination != "anthropic" and not later:
        return built_as_read(destination, request, stream)
    notes: tuple[Adaptation, ...] = ()
    if destination == "anthropic":
        request, notes = claude_refusals_out(request)
    if later:  # developer messages, as user text there
        notes += later_instructions_noted(request.messages, destination)
    built = built_as_read(destination, request, stream)
    return msgspec.structs.replace(built, adaptations=(*built.adaptations, *notes)) if notes else built


def built_as_read(destination: str, request: Request, stream: bool) -> ProviderRequest:
    """``build_request(destination, request, stream=stream)`` without its checks of the arguments,
    which hold here (a known destination, a Request a reader made, a bool: ``translate_request``
    checked ``stream=`` and the views read ``"stream": true`` as a bool), and with its errors."""
    try:
        built: ProviderRequest = BUILDERS[destination](request, stream)
    except RecursionError:
        raise too_deep("request") from None
    except TypeError:
        refuse_unencodable(request)
        raise
    return built


def plain_same_dialect(source: str, request: Request) -> bool:
    """Whether every pass of a body translated to its own dialect, ``source``, would give
    ``request`` back as it is, without a note: no tool, no extensions, no reasoning (Anthropic's
    tool loop without signed thinking), every part a text part (no thinking carried or sent as
    Chat's ``thinking_blocks``, no call for Gemini 3's placeholder signature, no signed media), and
    from Chat no instruction row (``developer_rows_back``): no system prompt, user and assistant
    messages alone. A plain loop that stops at the first part it finds (the passes it spares walk
    the parts each)."""
    config = request.config
    if request.tools or config.extensions or config.reasoning is not None:
        return False
    chat = source == "openai_chat"
    if chat and request.system is not None:
        return False
    for message in request.messages:
        if chat and message.role not in _TALK:
            return False
        for part in message.parts:
            if type(part) is not TextPart:
                return False
    return True
