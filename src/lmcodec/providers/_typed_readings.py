"""The typed fast paths of the gateway's reading (``lc.translate_request``): a client's body read
by its dialect's typed views, tried before the passes and the gateway reader
(``providers/_gateway_read.py``), toward another dialect with the survey of what the reading met
(:data:`TYPED_READERS`) and toward its own without it (:data:`TYPED_WITHOUT_SURVEY`). Each gives a
:data:`TypedReading`: the Request and what the reading hands over beside it (notes, the strict
flags, the stream flag, whether an Anthropic body holds no cache mark, a Responses body's items
that go back to Responses as sent), so the gateway searches none of it in the body's bytes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal, TypeAlias

from lmcodec.providers._crossing_survey import ContentSurvey, Seen
from lmcodec.providers._key_marks import holds_mark
from lmcodec.providers._replayed_client_items import ListedKeys, carried_items
from lmcodec.providers._replayed_responses_items import ReplayedItems
from lmcodec.providers._web_search_tools import GA_WEB_SEARCH, WEB_SEARCH_MARK
from lmcodec.providers.anthropic import read as anthropic_read
from lmcodec.providers.gemini import read as gemini_read
from lmcodec.providers.openai import read as openai_read
from lmcodec.providers.openai._read_input import input_items_raw
from lmcodec.providers.openai._read_typed import ToolFlags
from lmcodec.providers.openai_chat import read as openai_chat_read
from lmcodec.wire import Adaptation, BuiltinTool, Request

__all__ = [
    "NO_STRICT_TOOLS",
    "TYPED_READERS",
    "TYPED_WITHOUT_SURVEY",
    "TypedReading",
    "responses_typed_or_none",
]

Raw = bytes | bytearray | memoryview


def responses_typed_or_none(
    raw: Raw, model: str | None, seen: Seen | None = None
) -> tuple[Request, bool] | None:
    """The typed path's Request and whether the body's ``stream`` is ``true`` (as its views read
    it), but None for a body holding a dated GA web search tool the passes
    read as ``web_search_preview`` (:func:`web_search_tools_in`; the typed path reads it under its
    own name): the gateway reads such a body the one way, whichever path its items take, to its
    own dialect too. ``seen``, given, records what the reading met (``openai_read.typed_or_none``;
    a ``ToolFlags`` the input items' views too)."""
    read = openai_read.typed_with_stream_flag_or_none(raw, model, seen)
    return None if read is None or _read_by_the_passes(read[0], raw) else read


def _read_by_the_passes(request: Request, raw: Raw) -> bool:
    """Whether the typed path's ``request`` holds a dated GA web search tool the passes read (a
    plain loop: ``any`` of a generator cost ~2k instructions on a request without tools)."""
    for tool in request.tools:
        if type(tool) is BuiltinTool and tool.name in GA_WEB_SEARCH:
            return holds_mark(raw, (WEB_SEARCH_MARK,))
    return False


def _responses_typed(raw: Raw, model: str | None) -> TypedReading | None:
    """:func:`responses_typed_or_none` with the survey and the strict flags the reading recorded."""
    read = openai_read.typed_surveyed_or_none(raw, model)
    if read is None or _read_by_the_passes(read[0], raw):
        return None
    return read[0], read[1], (), read[2], read[3], False, None, None


TypedReading: TypeAlias = tuple[
    Request,
    ContentSurvey | None,
    tuple[Adaptation, ...],
    frozenset[str],
    bool,
    bool,
    ReplayedItems | None,
    bool | None,
]
"""What a typed gateway reader gives for a body it takes: the Request, its survey where the reading
recorded it (else None: the gateway surveys the Request), the notes the gateway reader makes
of the body (a Gemini function response in another shape read as its result text; none for the
other dialects, whose typed paths refuse every body their gateway readers note anything of), and
the function tools a Responses body flags ``strict: true``, by name (:data:`NO_STRICT_TOOLS` for
the other dialects: the Request has no field for it; ``_crossing_strict.strict_asked``), and whether
the body's top-level ``stream`` is ``true``, as the views decoded it (False for a Gemini body, whose
client names a stream in the URL): the gateway's stream flag, with no search of the body's bytes;
and whether an Anthropic body holds no ``cache_control`` mark where ``_crossing_cache_marks`` looks,
as its reading saw (``Seen.unmarked``; False where it cannot say, and for the other dialects): the
gateway then runs no search for marks; and, for a Responses body read toward Responses, the items
whose keys the reading read as absent, which go back as sent (fcid18; None where there are none,
and toward another dialect, which reads them as absent); and, toward its own dialect, whether two
calls share an id, as the reading counted them (None where it did not: toward another dialect the
survey says it; the same dialect renames a repeat toward Anthropic and Responses, and walks the
Request for one only where the reading could not say)."""

NO_STRICT_TOOLS: Final[frozenset[str]] = frozenset()


def _chat_typed(raw: Any, model: str | None) -> TypedReading | None:
    """Chat's typed reading as a :data:`TypedReading` (its strictness is read from the Request's
    notes: none recorded here; its views refuse a cache mark, which the passes read)."""
    got = openai_chat_read.typed_surveyed_or_none(raw, model)
    return None if got is None else (got[0], got[1], got[2], NO_STRICT_TOOLS, got[3], False, None, None)


def _anthropic_typed(raw: Any, model: str | None) -> TypedReading | None:
    """Anthropic's typed reading as a :data:`TypedReading` (its strictness rides in extensions)."""
    got = anthropic_read.typed_surveyed_or_none(raw, model)
    return None if got is None else (got[0], got[1], got[2], NO_STRICT_TOOLS, got[3], got[4], None, None)


def _gemini_typed(raw: Any, model: str | None) -> TypedReading | None:
    """Gemini's typed reading as a :data:`TypedReading` (no strict flag, no ``stream`` key)."""
    got = gemini_read.typed_surveyed_or_none(raw, model)
    return None if got is None else (*got, NO_STRICT_TOOLS, False, False, None, None)


TYPED_READERS: Final[dict[str, Any]] = {
    "openai": _responses_typed,
    "openai_chat": _chat_typed,
    "anthropic": _anthropic_typed,
    "gemini": _gemini_typed,
}
"""The typed fast paths tried before :func:`read_client_body`: their views refuse every key its
passes take out (a Chat ``cache_control`` mark on a row or block, a Responses ``custom_tool_call``
or ``custom_tool_call_output`` item; it has none for an Anthropic or Gemini body), and the gateway
reader tries the same typed path first and returns its Request and notes; so a reading they give
is :func:`read_client_body`'s, on the body as it came, with the same notes and no custom call
(``tests/providers/test_gateway_typed_first.py``). Each gives a :data:`TypedReading` (the survey
None where a call id names two functions: the results are named after their calls then; the
gateway surveys the Request: ``crossing.survey``); None where the typed path
refuses. Gemini's reads a function response in another shape as the gateway reader does, with
its note, so that such a body (every google-genai tool loop's) is read once."""


def _noteless(
    typed_or_none: Callable[[Any, str | None], tuple[Request, bool] | None],
) -> Callable[..., TypedReading | None]:
    """A dialect's typed fast path (its Request and the body's stream flag) as a
    :data:`TypedReading` without survey, notes or strict flags (its gateway reader notes nothing of
    a body that path takes)."""

    def read(raw: Any, model: str | None) -> TypedReading | None:
        got = typed_or_none(raw, model)
        return None if got is None else (got[0], None, (), NO_STRICT_TOOLS, got[1], False, None, None)

    return read


def _responses_unsurveyed(raw: Any, model: str | None) -> TypedReading | None:
    """Responses' typed fast path as a :data:`TypedReading` without survey or notes, with the
    function tools flagged ``strict: true`` (which the same dialect gets back: lm15's builder sends
    no flag), recorded as the tools are read, and the items whose keys it read as absent, to go
    back as sent (:func:`_carried`, asked only of a Request with an assistant turn: each such item
    is read into one); None where the passes read an item's keys (a reasoning item's ``status``
    without its id)."""
    flags = ToolFlags()
    read = responses_typed_or_none(raw, model, flags)
    if read is None:
        return None
    replayed = None
    if flags.items is not None:
        for message in read[0].messages:  # (each item carried is read into an assistant turn)
            if message.role == "assistant":
                replayed = _carried(raw, flags.items)
                if replayed is False:
                    return None
                break
    return read[0], None, (), flags.strict_tools, read[1], False, replayed or None, flags.repeated_calls


def _carried(raw: Raw, items: list[Any]) -> ReplayedItems | Literal[False] | None:
    """The items of a body the typed path read (``items``: their views) whose keys it read as
    absent, each to go back to Responses as sent, held as its bytes in the body (one decode of
    ``input`` left raw; each item decoded only where it goes back, a repeated key's last value
    kept); None where there are none, False where
    :func:`carried_items` leaves the body to the passes."""
    found = carried_items(items)
    if found is None:
        return False
    carried, assistants = found
    if not carried:
        return None
    sent = input_items_raw(raw)
    listed = ListedKeys("openai", [], [], items)
    for at, ordinal, kind in carried:
        listed.carry(at, ordinal, sent[at], kind, items[at])
    return ReplayedItems([], [None] * assistants, (), list(range(len(items))), listed)


def _anthropic_unsurveyed(raw: Any, model: str | None) -> TypedReading | None:
    """Anthropic's typed fast path as a :data:`TypedReading` without survey or notes, with whether
    two tool_use blocks share an id (``anthropic_read.typed_same_dialect_or_none``)."""
    got = anthropic_read.typed_same_dialect_or_none(raw, model)
    return None if got is None else (got[0], None, (), NO_STRICT_TOOLS, got[1], False, None, got[2])


def _gemini_unsurveyed(raw: Any, model: str | None) -> TypedReading | None:
    """Gemini's typed fast path, with its notes, as a :data:`TypedReading` without survey."""
    read = gemini_read.typed_or_none(raw, model)
    return None if read is None else (*read, NO_STRICT_TOOLS, False, False, None, None)


TYPED_WITHOUT_SURVEY: Final[dict[str, Any]] = {
    "openai": _responses_unsurveyed,
    "openai_chat": _noteless(openai_chat_read.typed_with_stream_flag_or_none),
    "anthropic": _anthropic_unsurveyed,
    "gemini": _gemini_unsurveyed,
}
"""The typed fast paths of :data:`TYPED_READERS` without the survey of what they met (the same
Request and notes, None where they refuse), for a client body translated to its own dialect
(its tools go as read, a Responses tool's ``strict: true`` with them)."""
