"""Typed views of a Chat Completions request body's ``messages`` and ``tools``, as the openai SDK sends them.

Each view declares exactly the keys the dict reader (``read.py``) admits in that place and forbids
the rest, with the JSON types it accepts, so a body the views decode maps as the dict reader maps
it; anything the views refuse goes to the dict reader, which names the fault with its JSON path.
Rows are tagged by ``role``, content blocks by ``type``.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

__all__ = [
    "AssistantRow",
    "Breakpoint",
    "DeveloperRow",
    "ImageBlock",
    "ImageUrl",
    "MarkedText",
    "PlainText",
    "RefusalBlock",
    "Row",
    "SystemRow",
    "ToolCall",
    "ToolRow",
    "ToolView",
    "UserRow",
]


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class Breakpoint(_Strict, frozen=True):
    """``{"mode": "explicit"}``, the one prompt_cache_breakpoint the reader takes."""

    mode: Literal["explicit"]


class MarkedText(_Strict, frozen=True, tag="text", tag_field="type"):
    """A text block of a user, developer or system row (it may carry the cache breakpoint)."""

    text: str
    prompt_cache_breakpoint: Breakpoint | None = None


class ImageUrl(_Strict, frozen=True):
    url: str
    detail: str | None = None


class ImageBlock(_Strict, frozen=True, tag="image_url", tag_field="type"):
    image_url: ImageUrl


class PlainText(_Strict, frozen=True, tag="text", tag_field="type"):
    """A text block of an assistant or tool row."""

    text: str


class RefusalBlock(_Strict, frozen=True, tag="refusal", tag_field="type"):
    refusal: str


class Function(_Strict, frozen=True):
    name: str
    arguments: str = "{}"


class ToolCall(_Strict, frozen=True):
    id: str
    function: Function
    type: Literal["function"] = "function"


# Block lists are unions even where a row takes one kind of block: msgspec checks the tag of a
# union's members only (a lone tagged Struct reads a block without "type" too); the mapper
# refuses the kinds a row does not take.
class SystemRow(_Strict, frozen=True, tag="system", tag_field="role"):
    content: str | list[MarkedText | ImageBlock]


class DeveloperRow(_Strict, frozen=True, tag="developer", tag_field="role"):
    content: str | list[MarkedText | ImageBlock]


class UserRow(_Strict, frozen=True, tag="user", tag_field="role"):
    content: str | list[MarkedText | ImageBlock]


class AssistantRow(_Strict, frozen=True, tag="assistant", tag_field="role"):
    content: str | list[PlainText | RefusalBlock] | None = None
    tool_calls: list[ToolCall] | None = None
    refusal: None = None


class ToolRow(_Strict, frozen=True, tag="tool", tag_field="role"):
    tool_call_id: str
    content: str | list[PlainText | RefusalBlock]


Row = SystemRow | DeveloperRow | UserRow | AssistantRow | ToolRow


class FunctionDef(_Strict, frozen=True):
    name: str
    description: str | None = None
    parameters: dict[str, Any] | None = None
    strict: bool | None = None


class ToolView(_Strict, frozen=True):
    type: Literal["function"]
    function: FunctionDef
