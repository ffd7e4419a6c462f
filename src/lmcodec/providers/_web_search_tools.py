"""A Responses body's GA web search tools, read as the ``web_search_preview`` tool the reader takes
(red team 14 F16), with the client's tools as sent for Responses and a note of each second web
search left out for another dialect; the gateway's passes and typed views share it
(``providers/_gateway_read.py``)."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from lmcodec.wire import Adaptation

__all__ = ["GA_WEB_SEARCH", "WEB_SEARCH_MARK", "WebSearchTools", "tool_type", "web_search_tools_in"]

WEB_SEARCH_MARK: Final = b'"web_search'
"""What a body holding a web search tool holds."""

GA_WEB_SEARCH: Final = frozenset({"web_search", "web_search_2025_08_26"})
_READ_AS_PREVIEW: Final = frozenset({"web_search", "web_search_preview"})
"""The web search types the reader reads under the one canonical name ``web_search``."""


def tool_type(tool: Any) -> str | None:
    """A client tool's ``type`` when it is a string; ``None`` for any other value (an array or an
    object cannot be looked up in a set of names: the reader refuses it at its path, red team 34
    F04)."""
    kind = tool.get("type") if isinstance(tool, dict) else None
    return kind if isinstance(kind, str) else None


class WebSearchTools(NamedTuple):
    """What :func:`web_search_tools_in` made of a Responses body's web search tools."""

    sent: list[Any]
    """The client's tools as sent, which Responses gets back."""
    notes: tuple[Adaptation, ...]
    """Each web search left out as a second one of its name, ``dropped`` (none toward Responses)."""


def web_search_tools_in(value: dict[str, Any], destination: str) -> WebSearchTools | None:
    """A decoded Responses body's GA web search tools (``{"type": "web_search"}``, the openai SDK's
    ``WebSearchToolParam``; red team 14 F16) read as the ``web_search_preview`` tool the reader
    takes (``decode_request`` refuses ``web_search``: lm15 writes the canonical web search as
    ``web_search_preview``, and reads neither), in place; None, the body untouched, when it holds
    none. Only one tool takes that name (a Request's tool names are unique): a dated web search
    keeps its own, and the crossing drops it as a second tool of the kind; a second tool that
    would take a name an earlier one took (two ``web_search``, ``web_search`` beside
    ``web_search_preview``, two of one dated type) is left out, as the crossing leaves out a second
    web search: the first is sent, the other ``dropped`` at its path, the note saying whether it
    was the same tool or one with other options (its filters, user_location, ...): a canonical
    Request holds one, and neither merging two that differ nor refusing a body a client's SDK
    wrote is what a gateway should do. Responses gets the client's tools as sent: OpenAI judges
    its own body (its documentation says nothing of two web search tools in one request)."""
    tools = value.get("tools")
    if not isinstance(tools, list):
        return None
    sent = [dict(tool) if isinstance(tool, dict) else tool for tool in tools]
    plain = any(tool_type(tool) in _READ_AS_PREVIEW for tool in tools)
    first: dict[str, int] = {}  # the canonical name a web search is read under -> its index
    kept: list[Any] = []
    notes: list[Adaptation] = []
    for index, tool in enumerate(tools):
        kind = tool_type(tool)
        if kind is None or not kind.startswith("web_search"):
            kept.append(tool)
            continue
        dated_first = kind in GA_WEB_SEARCH and not plain and "web_search" not in first
        preview = kind in _READ_AS_PREVIEW or dated_first  # read under the canonical web_search
        name = "web_search" if preview else kind
        if name in first:
            if destination != "openai":
                notes.append(_second_web_search(index, first[name], sent))
            continue
        first[name] = index
        if preview:
            tool["type"] = "web_search_preview"
        kept.append(tool)
    tools[:] = kept
    if sent == tools:
        return None
    return WebSearchTools(sent, tuple(notes))


def _second_web_search(index: int, before: int, sent: list[Any]) -> Adaptation:
    """The note of the client's web search at ``index``, left out beside the one at ``before``."""
    asked = sent[index]
    like = {**asked, "type": None} == {**sent[before], "type": None}
    reason = (
        f"the same web search as $.tools[{before}], which is sent: a request holds one web search"
        if like
        else f"a second web search, its options unlike those of $.tools[{before}], which is sent: "
        "a request holds one web search"
    )
    return Adaptation(field=f"$.tools[{index}]", action="dropped", reason=reason, asked=asked)
