"""The body objects the request builders make most often, as lean msgspec Structs.

Building a Struct and encoding it costs less than a dict (no key hashing on the way in, the
field names pre-encoded on the way out), and a build makes one per message and per part. Field
order is the key order lm15 writes; a tag is the object's leading ``type`` (or ``role``) key;
a field lm15 writes only sometimes defaults to ``UNSET``, which the encoder omits. None is a
value that is written (``"content": null``). Rarer objects stay dicts: the encoder takes both in
one list; the top-level fields a reader compares to a body stay plain values there (the
builders ask for Anthropic's tools as Structs and Gemini's as JSON). The Structs are mutable
where a builder adds a key after the fact (a cache mark on a message's last block), and
untracked by the GC (they hold strings and the request's own JSON values, never themselves).
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

__all__ = [
    "UNSET",
    "AnthropicMessage",
    "AnthropicText",
    "AnthropicThinking",
    "AnthropicTool",
    "AnthropicToolResult",
    "AnthropicToolUse",
    "ChatAssistant",
    "ChatCall",
    "ChatFunction",
    "ChatFunctionTool",
    "ChatRow",
    "ChatToolRow",
    "ChatToolSpec",
    "GeminiCall",
    "GeminiContent",
    "GeminiError",
    "GeminiFunctionCall",
    "GeminiFunctionResponse",
    "GeminiResponse",
    "GeminiResult",
    "GeminiText",
    "ResponsesCall",
    "ResponsesCallOutput",
    "ResponsesFunctionTool",
    "ResponsesInputText",
    "ResponsesItem",
    "ResponsesOutputText",
    "built_places",
    "json_object",
]


# ─── Anthropic Messages ───


class AnthropicText(msgspec.Struct, tag_field="type", tag="text", gc=False):
    text: str
    cache_control: Any = UNSET


class AnthropicThinking(msgspec.Struct, tag_field="type", tag="thinking", gc=False):
    thinking: str
    signature: Any  # the state's value as it is (a JSON value)
    cache_control: Any = UNSET


class AnthropicToolUse(msgspec.Struct, tag_field="type", tag="tool_use", gc=False):
    id: str
    name: str
    input: Any
    cache_control: Any = UNSET


class AnthropicToolResult(msgspec.Struct, tag_field="type", tag="tool_result", gc=False):
    tool_use_id: str
    content: Any
    is_error: bool | UnsetType = UNSET
    cache_control: Any = UNSET


class AnthropicTool(msgspec.Struct, gc=False):
    name: str
    description: str | UnsetType  # UNSET (no description) is left out
    input_schema: Any


class AnthropicMessage(msgspec.Struct, gc=False):
    role: str
    content: list[Any] | tuple[Any, ...]  # a tuple: the message's own text parts (written alike)


# ─── OpenAI Chat Completions ───


class ChatRow(msgspec.Struct, gc=False):
    """A system, user or developer row: ``{"role", "content"}``."""

    role: str
    content: Any


class ChatAssistant(msgspec.Struct, tag_field="role", tag="assistant", gc=False):
    content: str | None
    tool_calls: list[Any] | UnsetType = UNSET


class ChatToolRow(msgspec.Struct, tag_field="role", tag="tool", gc=False):
    tool_call_id: str
    content: Any


class ChatFunction(msgspec.Struct, gc=False):
    name: str
    arguments: str


class ChatCall(msgspec.Struct, gc=False):
    """``{"id", "type": "function", "function"}`` (the id comes before the type)."""

    id: str
    type: str
    function: ChatFunction


class ChatToolSpec(msgspec.Struct, gc=False):
    name: str
    description: str | UnsetType  # UNSET (no description) is left out
    parameters: Any


class ChatFunctionTool(msgspec.Struct, tag_field="type", tag="function", gc=False):
    function: ChatToolSpec


# ─── OpenAI Responses ───


class ResponsesInputText(msgspec.Struct, tag_field="type", tag="input_text", gc=False):
    text: str
    prompt_cache_breakpoint: Any = UNSET


class ResponsesOutputText(msgspec.Struct, tag_field="type", tag="output_text", gc=False):
    text: str


class ResponsesItem(msgspec.Struct, gc=False):
    """A message item: ``{"role", "content"}``."""

    role: str
    content: list[Any]


class ResponsesCall(msgspec.Struct, tag_field="type", tag="function_call", gc=False):
    call_id: str
    name: str
    arguments: str


class ResponsesCallOutput(msgspec.Struct, tag_field="type", tag="function_call_output", gc=False):
    call_id: str
    output: Any


def json_object(value: Any) -> dict[str, Any] | None:
    """The JSON object a built body's ``value`` is written as, one level deep: a dict as it is, a
    Struct of this module as its tag then its fields (an ``UNSET`` one left out), None for a value
    that is no object. What a step that read the encoded body would see, read before encoding
    (the three input items of a Responses body first: a generic Struct's view costs ~20x theirs)."""
    kind = type(value)
    if kind is dict:
        return value  # type: ignore[no-any-return]
    if kind is ResponsesItem:
        return {"role": value.role, "content": value.content}
    if kind is ResponsesCall:
        arguments = value.arguments
        return {"type": "function_call", "call_id": value.call_id, "name": value.name, "arguments": arguments}
    if kind is ResponsesCallOutput:
        return {"type": "function_call_output", "call_id": value.call_id, "output": value.output}
    if isinstance(value, dict):
        return value
    if not isinstance(value, msgspec.Struct):
        return None
    config = value.__struct_config__
    view: dict[str, Any] = {} if config.tag_field is None else {config.tag_field: config.tag}
    for name, key in zip(value.__struct_fields__, value.__struct_encode_fields__, strict=True):
        field = getattr(value, name)
        if field is not UNSET:
            view[key] = field
    return view


class ResponsesFunctionTool(msgspec.Struct, tag_field="type", tag="function", gc=False):
    name: str
    description: str | UnsetType  # UNSET (no description) is left out
    parameters: Any


# ─── Gemini GenerateContent ───


class GeminiText(msgspec.Struct, gc=False):
    text: str


class GeminiCall(msgspec.Struct, gc=False):
    name: str
    args: Any
    id: str


class GeminiFunctionCall(msgspec.Struct, gc=False):
    functionCall: GeminiCall  # the wire's key


class GeminiResult(msgspec.Struct, gc=False):
    """A function response's ``{"result": text}``."""

    result: str


class GeminiError(msgspec.Struct, gc=False):
    """A function response's ``{"error": text}`` (the result of a failed call)."""

    error: str


class GeminiResponse(msgspec.Struct, gc=False):
    name: str
    response: Any
    id: str


class GeminiFunctionResponse(msgspec.Struct, gc=False):
    functionResponse: GeminiResponse  # the wire's key


class GeminiContent(msgspec.Struct, gc=False):
    role: str
    parts: list[Any]


def built_places(items: list[Any]) -> dict[str, list[int]]:
    """Where each function call, function call output and assistant message of a built Responses
    ``input`` is, in order, in one pass (the builder's own items told by their type, any other by
    its JSON object): what the passes that put a client's items back in place look up."""
    places: dict[str, list[int]] = {"function_call": [], "function_call_output": [], "message": []}
    calls, outputs, assistants = places["function_call"], places["function_call_output"], places["message"]
    for at, item in enumerate(items):
        kind = type(item)
        if kind is ResponsesCall:
            calls.append(at)
        elif kind is ResponsesCallOutput:
            outputs.append(at)
        elif kind is ResponsesItem:
            if item.role == "assistant":
                assistants.append(at)
        else:
            view = json_object(item)
            if view is None:
                continue
            tag = view.get("type", "message")
            if tag == "function_call":
                calls.append(at)
            elif tag == "function_call_output":
                outputs.append(at)
            elif tag == "message" and view.get("role") == "assistant":
                assistants.append(at)
    return places
