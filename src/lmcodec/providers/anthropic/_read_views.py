"""Typed views of a Messages API request body, as the anthropic SDK's ``MessageCreateParams`` sends it.

Block views forbid unknown fields: a field the canonical Request has no home for is refused with
its JSON path rather than dropped. Block types the canonical vocabulary cannot carry are decoded
into :class:`Refused` so the reader can name them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal, Union

import msgspec
from msgspec import UNSET, UnsetType

__all__ = [
    "REFUSED_BLOCKS",
    "AnyBlock",
    "Block",
    "BodyView",
    "CacheControl",
    "Document",
    "Image",
    "MessageView",
    "Redacted",
    "SearchResult",
    "Source",
    "SystemBlock",
    "Text",
    "Thinking",
    "ThinkingView",
    "ToolChoiceView",
    "ToolResult",
    "ToolUse",
]


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Views are trees decoded from JSON, never part of a cycle: not tracked by the GC."""


class CacheControl(_Strict, frozen=True):
    type: Literal["ephemeral"]
    ttl: str | UnsetType = UNSET


class Source(_Strict, frozen=True):
    type: Literal["base64", "url", "file", "text", "content"]
    media_type: str | UnsetType = UNSET
    data: str | UnsetType = UNSET
    url: str | UnsetType = UNSET
    file_id: str | UnsetType = UNSET
    content: Any = UNSET


class Text(_Strict, frozen=True, tag="text", tag_field="type"):
    text: str
    cache_control: CacheControl | UnsetType = UNSET
    citations: Any = UNSET


class Image(_Strict, frozen=True, tag="image", tag_field="type"):
    source: Source
    cache_control: CacheControl | UnsetType = UNSET


class Document(_Strict, frozen=True, tag="document", tag_field="type"):
    source: Source
    cache_control: CacheControl | UnsetType = UNSET
    title: Any = UNSET
    context: Any = UNSET
    citations: Any = UNSET


class SearchResult(_Strict, frozen=True, tag="search_result", tag_field="type"):
    """Passages a client retrieved for Claude to cite (``SearchResultBlockParam``): no canonical
    part holds its source, title or citation request; the gateway carries it whole to Anthropic."""

    content: list[Text]
    source: str
    title: str
    cache_control: CacheControl | UnsetType = UNSET
    citations: Any = UNSET


class ToolUse(_Strict, frozen=True, tag="tool_use", tag_field="type"):
    id: str
    name: str
    input: dict[str, Any]
    cache_control: CacheControl | UnsetType = UNSET


class ToolResult(_Strict, frozen=True, tag="tool_result", tag_field="type"):
    tool_use_id: str
    content: str | list[Text | Image | Document | SearchResult] | UnsetType = UNSET
    is_error: bool | UnsetType = UNSET
    cache_control: CacheControl | UnsetType = UNSET


class Thinking(_Strict, frozen=True, tag="thinking", tag_field="type"):
    thinking: str
    signature: str | UnsetType = UNSET  # absent or "": unsigned, refused (or left out by a gateway)
    cache_control: CacheControl | UnsetType = UNSET  # lm15 marks whichever block is last


class Redacted(_Strict, frozen=True, tag="redacted_thinking", tag_field="type"):
    data: str
    cache_control: CacheControl | UnsetType = UNSET


REFUSED_BLOCKS = (
    "server_tool_use",
    "web_search_tool_result",
    "web_fetch_tool_result",
    "code_execution_tool_result",
    "bash_code_execution_tool_result",
    "text_editor_code_execution_tool_result",
    "tool_search_tool_result",
    "mcp_tool_use",
    "mcp_tool_result",
    "container_upload",
)
"""Block types with no canonical part: decoded so that the refusal can name them."""


def _refused(tag: str) -> type:
    return msgspec.defstruct(f"Refused_{tag}", [], tag=tag, tag_field="type", frozen=True)


_REFUSED = tuple(_refused(tag) for tag in REFUSED_BLOCKS)
SERVER_RUN: Final[frozenset[type]] = frozenset(
    view for tag, view in zip(REFUSED_BLOCKS, _REFUSED, strict=True) if tag != "container_upload"
)
"""The views of the blocks of a tool Anthropic's server ran (its call and its result), which a
replayed answer holds and the gateway leaves out; ``container_upload`` is the client's own content."""
SystemBlock = Text
Block = Text | Image | Document | ToolUse | ToolResult | Thinking | Redacted
"""The blocks with a canonical home."""

if TYPE_CHECKING:
    AnyBlock = Any
else:
    _HOMED = (Text, Image, Document, ToolUse, ToolResult, Thinking, Redacted, SearchResult)
    AnyBlock = Union[_HOMED + _REFUSED]  # noqa: UP007 - a union built from a tuple of classes


class MessageView(_Strict, frozen=True):
    role: Literal["user", "assistant"]
    content: str | list[AnyBlock]


class ThinkingView(_Strict, frozen=True):
    type: Literal["enabled", "disabled", "adaptive", "between_tools"]
    budget_tokens: int | UnsetType = UNSET
    display: str | UnsetType = UNSET


class ToolChoiceView(_Strict, frozen=True):
    type: Literal["auto", "any", "tool", "none"]
    name: str | UnsetType = UNSET
    disable_parallel_tool_use: bool | UnsetType = UNSET


class BodyView(_Strict, frozen=True):
    """A body holding only keys the reader maps: its messages and tools decoded, the other
    (small) values kept raw for the reader's own decoders, which name a fault's JSON path."""

    messages: list[MessageView] | UnsetType = UNSET
    tools: list[dict[str, Any]] | UnsetType = UNSET
    model: msgspec.Raw | UnsetType = UNSET
    stream: msgspec.Raw | UnsetType = UNSET
    temperature: msgspec.Raw | UnsetType = UNSET
    top_p: msgspec.Raw | UnsetType = UNSET
    top_k: msgspec.Raw | UnsetType = UNSET
    service_tier: msgspec.Raw | UnsetType = UNSET
    system: msgspec.Raw | UnsetType = UNSET
    max_tokens: msgspec.Raw | UnsetType = UNSET
    stop_sequences: msgspec.Raw | UnsetType = UNSET
    tool_choice: msgspec.Raw | UnsetType = UNSET
    thinking: msgspec.Raw | UnsetType = UNSET
    output_config: msgspec.Raw | UnsetType = UNSET
    metadata: msgspec.Raw | UnsetType = UNSET
