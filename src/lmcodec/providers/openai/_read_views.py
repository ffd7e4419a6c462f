"""Typed views of a Responses request body, as the openai SDK sends it.

Each view declares the keys the dict reader (``read.py``) admits in that place, with the JSON
types it accepts, so a body the views decode maps as the dict reader maps it; anything the views
refuse goes to the dict reader, which names the fault with its JSON path. An input item is one
flat :class:`Item` (a message need not carry ``"type"``, so items cannot be a tagged union); the
mapper checks that an item holds only its kind's keys. Content blocks are tagged by ``type``.
:class:`ResponsesBody` is the whole body when it holds only keys with a canonical home (its
settings kept as decoded, for the dict reader's rules); a body with any other key goes the
two-step way (``input`` and ``tools`` alone).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec
from msgspec import UNSET, UnsetType

__all__ = [
    "EXTENSION_FIELDS",
    "Breakpoint",
    "FunctionToolView",
    "HostedToolsBody",
    "InputFile",
    "InputImage",
    "InputText",
    "Item",
    "OutputText",
    "RawInput",
    "RefusalBlock",
    "ReplayedBody",
    "ReplayedItem",
    "ResponsesBody",
    "SummaryText",
]


class _Strict(msgspec.Struct, frozen=True, forbid_unknown_fields=True, gc=False):
    """Views are trees decoded from JSON, never part of a cycle: not tracked by the GC."""


class Breakpoint(_Strict, frozen=True):
    """``{"mode": "explicit"}``, the one prompt_cache_breakpoint the reader takes."""

    mode: Literal["explicit"]


class InputText(_Strict, frozen=True, tag="input_text", tag_field="type"):
    text: str
    prompt_cache_breakpoint: Breakpoint | None = None


class InputImage(_Strict, frozen=True, tag="input_image", tag_field="type"):
    image_url: str | None = None
    file_id: str | None = None
    detail: str | None = None


class InputFile(_Strict, frozen=True, tag="input_file", tag_field="type"):
    file_url: str | None = None
    file_id: str | None = None
    filename: str | None = None
    file_data: str | None = None


class OutputText(_Strict, frozen=True, tag="output_text", tag_field="type"):
    text: str
    annotations: list[Any] | None = None
    logprobs: list[Any] | None = None


class RefusalBlock(_Strict, frozen=True, tag="refusal", tag_field="type"):
    refusal: str


Block = InputText | InputImage | InputFile | OutputText | RefusalBlock


class SummaryText(_Strict, frozen=True):
    type: Literal["summary_text"]
    text: str


class Item(_Strict, frozen=True):
    """Any input item: the union of the keys of messages, function calls, their outputs and
    reasoning items (``UNSET`` where absent, so the mapper can refuse a key of another kind)."""

    type: str = "message"
    role: str | UnsetType = UNSET
    content: str | list[Block] | UnsetType = UNSET
    call_id: str | UnsetType = UNSET
    name: str | UnsetType = UNSET
    arguments: str | UnsetType = UNSET
    output: str | list[Block] | UnsetType = UNSET
    id: str | UnsetType | None = UNSET
    encrypted_content: str | UnsetType | None = UNSET
    summary: list[SummaryText] | UnsetType = UNSET
    status: str | UnsetType | None = UNSET
    """An output item's, replayed (``_read_output_items.py``): on an assistant-side item only."""


class FunctionToolView(_Strict, frozen=True):
    type: Literal["function"]
    name: str
    description: str | None = None
    parameters: dict[str, Any] | None = None
    strict: bool | None = None


class RawInput(msgspec.Struct, frozen=True, gc=False):
    """The body's ``input`` items undecoded: where a reasoning item's key order is needed."""

    input: list[msgspec.Raw]


class ResponsesBody(_Strict, frozen=True):
    """A body of the keys with a canonical home and the Responses API's own keys that ride in
    ``Config.extensions`` (:data:`EXTENSION_FIELDS`); the settings as plain decoded values."""

    input: str | list[Item]
    tools: list[FunctionToolView] | None = None
    instructions: str | UnsetType | None = UNSET
    model: Any = UNSET
    max_output_tokens: Any = UNSET
    temperature: Any = UNSET
    top_p: Any = UNSET
    tool_choice: Any = UNSET
    parallel_tool_calls: Any = UNSET
    stream: Any = UNSET
    text: Any = UNSET  # the first of the rarer keys (the usual ones come first)
    reasoning: Any = UNSET
    include: Any = UNSET
    top_logprobs: Any = UNSET
    service_tier: Any = UNSET
    safety_identifier: Any = UNSET
    store: Any = UNSET
    prompt_cache_key: Any = UNSET
    prompt_cache_retention: Any = UNSET
    prompt_cache_options: Any = UNSET
    metadata: Any = UNSET
    previous_response_id: Any = UNSET
    conversation: Any = UNSET
    truncation: Any = UNSET
    background: Any = UNSET
    user: Any = UNSET
    max_tool_calls: Any = UNSET
    stream_options: Any = UNSET
    prompt: Any = UNSET


class HostedToolsBody(ResponsesBody, frozen=True):
    """The body with a hosted tool among its tools: those read as plain values (any keys)."""

    tools: list[Any] | None = None


class ReplayedItem(Item, frozen=True):
    """An input item as a client replaying its output sends it (Codex): an assistant message's
    ``phase``, a ``custom_tool_call``'s raw ``input``. The reader refuses both; the gateway reads
    them (``providers/_gateway_read.py``) into the items the reader takes."""

    phase: Any = UNSET
    input: str | UnsetType = UNSET


class ReplayedBody(HostedToolsBody, frozen=True):
    """:class:`HostedToolsBody` whose input items are :class:`ReplayedItem`."""

    input: str | list[ReplayedItem]  # type: ignore[assignment]  # (a ReplayedItem is an Item; list is invariant)


EXTENSION_FIELDS = (
    "metadata",
    "previous_response_id",
    "conversation",
    "truncation",
    "background",
    "user",
    "max_tool_calls",
    "stream_options",
    "prompt",
)
"""The fields of :class:`ResponsesBody` without a canonical home (they ride in ``Config.extensions``)."""
