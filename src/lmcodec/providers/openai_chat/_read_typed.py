"""The Chat Completions reader's fast path: ``messages`` and ``tools`` decoded once into typed views.

It maps what the views accept exactly as the dict walker of ``read.py`` maps it (same canonical
value, same cache breakpoint); where a rule of the walker would refuse, it raises :class:`Refused`
and the caller runs the walker, which names the fault with its JSON path.
``tests/providers/test_read_openai_chat.py`` holds the two paths equal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import msgspec

from lmcodec.providers.openai_chat._read_views import (
    AssistantRow,
    ImageBlock,
    MarkedText,
    PlainText,
    RefusalBlock,
    Row,
    SystemRow,
    ToolRow,
    ToolView,
    UserRow,
)

__all__ = ["Refused", "data_uri", "read_messages", "read_tools"]

_ROWS: Final = msgspec.json.Decoder(list[Row])
_TOOLS: Final = msgspec.json.Decoder(list[ToolView])
_ANY: Final = msgspec.json.Decoder()


class Refused(Exception):
    """The views took the body but a rule refuses it: the dict walker names the fault."""


def data_uri(url: str) -> tuple[str, str] | None:
    """``data:<media-type>;base64,<payload>`` -> (media type, payload); None when malformed."""
    head, sep, data = url[5:].partition(",")
    if not sep or not head.endswith(";base64") or not data or head == ";base64":
        return None
    return head[: -len(";base64")], data


def _image(block: ImageBlock) -> dict[str, Any]:
    spec = block.image_url
    url = spec.url
    part: dict[str, Any] = {"type": "image"}
    if url.startswith("data:"):
        parsed = data_uri(url)
        if parsed is None:
            raise Refused
        part["media_type"], part["data"] = parsed
    else:
        part["media_type"] = "image/png"
        part["url"] = url
    if spec.detail is not None:
        part["detail"] = spec.detail
    return part


def _content(content: str | Sequence[MarkedText | ImageBlock]) -> tuple[list[dict[str, Any]], bool]:
    """A user/developer/system row's content -> parts, and whether its last block is marked."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}], False
    if not content:
        raise Refused
    parts: list[dict[str, Any]] = []
    marked = False
    last = len(content) - 1
    for index, block in enumerate(content):
        if isinstance(block, MarkedText):
            if block.prompt_cache_breakpoint is not None:
                if index != last:
                    raise Refused
                marked = True
            parts.append({"type": "text", "text": block.text})
        else:
            parts.append(_image(block))
    return parts, marked


def _assistant(row: AssistantRow) -> dict[str, Any]:
    content = row.content
    parts: list[dict[str, Any]]
    if content is None:
        parts = []
    elif isinstance(content, str):
        parts = [{"type": "text", "text": content}]
    else:
        parts = [
            {"type": "text", "text": block.text}
            if isinstance(block, PlainText)
            else {"type": "refusal", "text": block.refusal}
            for block in content
        ]
    if row.tool_calls is not None:
        for call in row.tool_calls:
            function = call.function
            parts.append(
                {
                    "type": "tool_call",
                    "id": call.id,
                    "name": function.name,
                    "input": _arguments(function.arguments),
                }
            )
    if not parts:
        raise Refused
    return {"role": "assistant", "parts": parts}


def _arguments(text: str) -> dict[str, Any]:
    if not text:
        return {}
    try:
        parsed = _ANY.decode(text)
    except (msgspec.DecodeError, RecursionError):
        raise Refused from None
    if type(parsed) is not dict:
        raise Refused
    return parsed


def _tool(row: ToolRow) -> dict[str, Any]:
    content = row.content
    if isinstance(content, str):
        texts = [{"type": "text", "text": content}]
    elif content:
        texts = [{"type": "text", "text": _plain(block)} for block in content]
    else:
        raise Refused
    return {"role": "tool", "parts": [{"type": "tool_result", "id": row.tool_call_id, "content": texts}]}


def _plain(block: PlainText | RefusalBlock) -> str:
    if not isinstance(block, PlainText):
        raise Refused
    return block.text


def _leading_system(row: SystemRow) -> tuple[str, bool] | None:
    """The first row as ``Request.system`` (and whether it is the marked stable prefix), or None."""
    content = row.content
    if isinstance(content, str):
        return (content, False) if content else None
    first = content[0] if len(content) == 1 else None
    if isinstance(first, MarkedText) and first.prompt_cache_breakpoint is not None and first.text:
        return first.text, True
    return None


def read_messages(raw: bytes) -> tuple[str | None, list[dict[str, Any]], int | None, bool]:
    """``messages`` -> (system, canonical messages, index of the breakpoint's message, stable prefix)."""
    rows = _ROWS.decode(raw)
    system: str | None = None
    stable = False
    breakpoint: int | None = None
    messages: list[dict[str, Any]] = []
    for index, row in enumerate(rows):
        if isinstance(row, ToolRow):
            messages.append(_tool(row))
        elif isinstance(row, AssistantRow):
            messages.append(_assistant(row))
        else:
            if index == 0 and isinstance(row, SystemRow):
                leading = _leading_system(row)
                if leading is not None:
                    system, stable = leading
                    continue
            if not isinstance(row, UserRow) and not isinstance(row.content, str):
                if not all(isinstance(block, MarkedText) for block in row.content):
                    raise Refused  # an image in a system or developer row: the walker says why
            parts, marked = _content(row.content)
            if marked:
                if breakpoint is not None or stable:
                    raise Refused
                breakpoint = len(messages)
            messages.append({"role": "user" if isinstance(row, UserRow) else "developer", "parts": parts})
    if not messages:
        raise Refused
    return system, messages, breakpoint, stable


def read_tools(raw: bytes) -> list[dict[str, Any]]:
    tools: list[dict[str, Any]] = []
    for view in _TOOLS.decode(raw):
        function = view.function
        if function.strict is True:
            raise Refused
        out: dict[str, Any] = {"type": "function", "name": function.name}
        if function.description is not None:
            out["description"] = function.description
        out["parameters"] = (
            function.parameters if function.parameters is not None else {"type": "object", "properties": {}}
        )
        tools.append(out)
    return tools
