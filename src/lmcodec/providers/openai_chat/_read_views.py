"""Typed views of a Chat Completions request body, as the openai SDK sends it.

Each view declares exactly the keys the dict reader (``read.py``) admits in that place and forbids
the rest, with the JSON types it accepts, so a body the views decode maps as the dict reader maps
it; anything the views refuse goes to the dict reader, which names the fault with its JSON path.
Rows are tagged by ``role``, content blocks by ``type``. :class:`ChatBody` is the whole body when
it holds only keys with a canonical home (its settings kept as decoded, for the dict reader's
rules); a body with any other key goes the two-step way (``messages`` and ``tools`` alone).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

__all__ = [
    "AssistantRow",
    "Breakpoint",
    "ChatBody",
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


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Views are trees decoded from JSON, never part of a cycle: not tracked by the GC."""


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
    parsed_arguments: None = None
    """The openai SDK's ``ParsedFunction`` carries it null (non-null: the walker refuses it)."""


class ToolCall(_Strict, frozen=True):
    id: str
    function: Function
    type: Literal["function"] = "function"
    index: Annotated[int, msgspec.Meta(ge=0)] | UnsetType = UNSET
    """The openai SDK's stream accumulator leaves it on each call: bookkeeping, never read."""


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
    annotations: tuple[()] | None = None
    audio: None = None
    function_call: None = None
    parsed: None = None
    """The openai SDK's own message object appended to the history carries these empty
    (``parsed``: its ``ParsedChatCompletionMessage``)."""


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


class ChatBody(_Strict, frozen=True):
    """A body whose every key has a canonical home; the settings as plain decoded values."""

    messages: list[Row]
    tools: list[ToolView] | UnsetType = UNSET
    model: Any = UNSET
    tool_choice: Any = UNSET
    parallel_tool_calls: Any = UNSET
    max_completion_tokens: Any = UNSET
    temperature: Any = UNSET
    top_p: Any = UNSET
    stream: Any = UNSET
    max_tokens: Any = UNSET  # the first of the rarer settings (the usual ones come first)
    stop: Any = UNSET
    seed: Any = UNSET
    frequency_penalty: Any = UNSET
    presence_penalty: Any = UNSET
    logprobs: Any = UNSET
    top_logprobs: Any = UNSET
    response_format: Any = UNSET
    reasoning_effort: Any = UNSET
    service_tier: Any = UNSET
    store: Any = UNSET
    user: Any = UNSET
    prompt_cache_key: Any = UNSET
    prompt_cache_retention: Any = UNSET
    prompt_cache_options: Any = UNSET
    stream_options: Any = UNSET
