"""A client's request body in this provider's dialect -> canonical Request.

The body is what the anthropic SDK sends to ``POST /v1/messages`` (``MessageCreateParams``).
``build_request("anthropic", decode_request("anthropic", body), stream=body.get("stream", False))``
gives back the body's JSON value, with these documented equivalences of the Messages API
(the rebuilt body uses the long or short form lm15 writes):

- a message's ``content`` string is one text block;
- a tool_result's ``content`` of one text block is that block's text; an absent or empty
  ``content`` is ``""``; ``is_error: false`` is no ``is_error``;
- a user turn that mixes tool_result blocks with other blocks is split into consecutive user
  turns (the canonical Request keeps tool results in ``tool`` messages); the API reads
  consecutive user turns as one;
- ``stream`` is not part of the Request: pass it to ``build_request``;
- a model spelled ``"anthropic:<model>"`` is rebuilt without the prefix;
- a reply replayed as the anthropic SDK returns it (``response.content``): ``citations: null``
  or ``[]`` on a text block, ``caller: null`` or ``{"type": "direct"}`` and ``toolset_name:
  null`` on a tool_use block read as absent (``_read_replay.py``); any other value of them is
  refused.

Mapping: ``max_tokens`` is the visible cap (the thinking budget is subtracted when
``thinking.type`` is ``enabled``, as lm15 adds it); ``thinking``/``output_config.effort`` become
``Config.reasoning`` where the model's class (lm15's table) rebuilds them; ``output_config.format``
is ``response_format``; ``metadata.user_id`` is ``user_id``; cache marks on the last block of one
message (and on the system prompt) become a ``CacheConfig``; thinking signatures and redacted
thinking ride the ThinkingPart's continuation (``anthropic``/``thinking_signature`` and
``redacted_thinking``), so they are replayed to Anthropic. A tool result's name is left unset (a
Gemini build finds it from the matching tool_use).

What the canonical fields cannot carry exactly is kept in ``Config.extensions`` under its
top-level key (lm15's builders send extensions verbatim, overriding the built value): unknown
top-level fields (``container``, ``mcp_servers``, ``context_management``, top-level
``cache_control``, ...), and ``system``, ``tools``, ``tool_choice``, ``thinking``,
``output_config``, ``metadata``, ``stop_sequences``, ``max_tokens`` whenever the canonical fields
would rebuild them differently (several system blocks, a cache mark on a tool, ``display``, a
model outside the thinking class, ...). The canonical fields still hold their meaning for other
dialects; extensions are this dialect's own wire and should be forwarded only to it.

Refused with :class:`lmcodec.ValidationError` (never dropped): block types with no canonical
part (``server_tool_use``, ``web_search_tool_result``, ``search_result``, ``mcp_tool_use``, ...),
any unknown block field, non-empty ``citations`` on a text block, a document's ``title``/``context``/
``citations`` or ``text``/``content`` source, a thinking block with an empty signature, cache
marks on more than one message or not on a message's last block or with a ``ttl`` other than
``1h``, an empty content list, and a missing ``model``/``messages``/``max_tokens``. Errors carry
the JSON path; decoding is linear in the body's size.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.codecs._hooks import decode_error, with_path
from lmcodec.errors import LmcodecError, ProviderError, ValidationError
from lmcodec.providers._build_common import Notes
from lmcodec.providers.anthropic._build_tables import takes_adaptive_thinking
from lmcodec.providers.anthropic._read_replay import citations_absent
from lmcodec.providers.anthropic._read_replay import messages as replay_messages
from lmcodec.providers.anthropic._read_views import (
    BodyView,
    CacheControl,
    Document,
    Image,
    MessageView,
    Redacted,
    Text,
    Thinking,
    ThinkingView,
    ToolChoiceView,
    ToolResult,
    ToolUse,
)
from lmcodec.providers.anthropic.build import top_level
from lmcodec.providers.openai._read_common import url_image_type
from lmcodec.wire import Request, effort_for_budget

__all__ = ["decode_request"]

_TOP: Final = msgspec.json.Decoder(dict[str, msgspec.Raw])
_BODY: Final = msgspec.json.Decoder(BodyView)
_RAW_FIELDS: Final = tuple(name for name in BodyView.__struct_fields__ if name not in ("messages", "tools"))
_SYSTEM: Final = msgspec.json.Decoder(str | list[Text])
_THINKING: Final = msgspec.json.Decoder(ThinkingView)
_CHOICE: Final = msgspec.json.Decoder(ToolChoiceView)
_TOOLS: Final = msgspec.json.Decoder(list[dict[str, Any]])
_ANY: Final = msgspec.json.Decoder()
_INT: Final = msgspec.json.Decoder(int)
_FLOAT: Final = msgspec.json.Decoder(float)
_STR: Final = msgspec.json.Decoder(str)
_STRS: Final = msgspec.json.Decoder(list[str])
_BUILTIN_TYPES: Final = {"web_search": "web_search_20250305", "code_execution": "code_execution_20250522"}
_BUILTIN_NAMES: Final = {kind: name for name, kind in _BUILTIN_TYPES.items()}
_EFFORTS: Final = frozenset({"low", "medium", "high", "xhigh", "max"})
_OVERRIDABLE: Final = (
    "system",
    "max_tokens",
    "stop_sequences",
    "tools",
    "tool_choice",
    "thinking",
    "output_config",
    "metadata",
)
_MAPPED: Final = frozenset(
    {
        "model",
        "messages",
        "stream",
        "temperature",
        "top_p",
        "top_k",
        "service_tier",
        *_OVERRIDABLE,
    }
)


def _field(decoder: msgspec.json.Decoder[Any], raw: msgspec.Raw, key: str) -> Any:
    try:
        return decoder.decode(raw)
    except msgspec.ValidationError as exc:
        raise with_path(exc, f"$.{key}") from None


class _Marks:
    """The cache marks met while reading: (message index, ttl) and the system's ttl."""

    __slots__ = ("message", "system")

    def __init__(self) -> None:
        self.message: tuple[int, str | None] | None = None
        self.system: list[str | None] = []


def _ttl(mark: CacheControl, path: str) -> str | None:
    if isinstance(mark.ttl, str) and mark.ttl != "1h":
        raise ValidationError(
            f"cache_control ttl {mark.ttl!r} cannot be represented (a CacheConfig carries the "
            "default 5 minutes or retention='long', '1h')",
            path,
        )
    return mark.ttl if isinstance(mark.ttl, str) else None


_KINDS: Final = {Image: ("image", "image/png"), Document: ("document", "application/pdf")}
"""Block class -> (canonical part type, lm15's default media type for a url/file source)."""


def _media(block: Image | Document, path: str) -> dict[str, Any]:
    if isinstance(block, Document):
        for name in ("title", "context", "citations"):
            if getattr(block, name) is not msgspec.UNSET:
                raise ValidationError(f"a document's {name} has no canonical field", f"{path}.{name}")
    kind, default_type = _KINDS[type(block)]
    source = block.source
    if source.type == "base64" and isinstance(source.data, str) and isinstance(source.media_type, str):
        return {"type": kind, "media_type": source.media_type, "data": source.data}
    if source.type == "url" and isinstance(source.url, str):
        media_type = url_image_type(source.url) if kind == "image" else default_type
        return {"type": kind, "media_type": media_type, "url": source.url}
    if source.type == "file" and isinstance(source.file_id, str):
        return {"type": kind, "media_type": default_type, "file_id": source.file_id}
    raise ValidationError(
        f"a {source.type!r} source cannot be represented (base64 with media_type, url or file_id only)",
        f"{path}.source",
    )


def _text(block: Text, path: str) -> dict[str, Any]:
    if not citations_absent(block.citations):
        raise ValidationError("citations on a text block have no canonical field", f"{path}.citations")
    return {"type": "text", "text": block.text}


def _result_content(block: ToolResult, path: str) -> list[dict[str, Any]]:
    content = block.content
    if isinstance(content, str) or not content:
        return [{"type": "text", "text": content if isinstance(content, str) else ""}]
    parts: list[dict[str, Any]] = []
    for k, item in enumerate(content):
        where = f"{path}.content[{k}]"
        if item.cache_control is not msgspec.UNSET:
            raise ValidationError("a cache mark inside a tool_result cannot be represented", where)
        parts.append(_text(item, where) if isinstance(item, Text) else _media(item, where))
    return parts


def _part(block: Any, path: str) -> dict[str, Any]:
    """The block as a canonical part, in canonical JSON form (one msgspec.convert checks them all)."""
    kind = type(block)
    if kind is Text:
        return _text(block, path)
    if kind is ToolUse:
        return {"type": "tool_call", "id": block.id, "name": block.name, "input": block.input}
    if kind is ToolResult:
        out = {"type": "tool_result", "id": block.tool_use_id, "content": _result_content(block, path)}
        if block.is_error is True:
            out["is_error"] = True
        return out
    if kind is Thinking:
        if not block.signature:
            raise ValidationError(
                "a thinking block without a signature cannot be replayed", f"{path}.signature"
            )
        state = {
            "provider": "anthropic",
            "kind": "thinking_signature",
            "data": {"signature": block.signature},
        }
        return {"type": "thinking", "text": block.thinking, "continuation": [state]}
    if kind is Redacted:
        state = {"provider": "anthropic", "kind": "redacted_thinking", "data": {"data": block.data}}
        return {"type": "thinking", "text": "", "continuation": [state]}
    if kind is Image or kind is Document:
        return _media(block, path)
    raise ValidationError(
        f"a {block.__struct_config__.tag!r} block has no canonical part and cannot be carried", f"{path}.type"
    )


def _split(role: str, parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """User turns: runs of tool results become ``tool`` messages, the rest ``user`` messages."""
    if role == "assistant":
        return [{"role": "assistant", "parts": parts}]
    out: list[dict[str, Any]] = []
    run: list[dict[str, Any]] = []
    run_is_tool = False
    for part in parts:
        is_tool = part["type"] == "tool_result"
        if run and is_tool != run_is_tool:
            out.append({"role": "tool" if run_is_tool else "user", "parts": run})
            run = []
        run.append(part)
        run_is_tool = is_tool
    out.append({"role": "tool" if run_is_tool else "user", "parts": run})
    return out


def _messages(views: list[MessageView], marks: _Marks) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for i, view in enumerate(views):
        content = view.content
        if isinstance(content, str):
            out.append({"role": view.role, "parts": [{"type": "text", "text": content}]})
            continue
        if not content:
            raise ValidationError("a message needs at least one content block", f"$.messages[{i}].content")
        parts = []
        last = len(content) - 1
        ttl: str | bool | None = False
        for j, block in enumerate(content):
            kind = type(block)
            if kind is Text and block.citations is msgspec.UNSET and block.cache_control is msgspec.UNSET:
                parts.append({"type": "text", "text": block.text})  # the common block, inline
                continue
            if kind is ToolUse and block.cache_control is msgspec.UNSET:
                parts.append({"type": "tool_call", "id": block.id, "name": block.name, "input": block.input})
                continue
            where = f"$.messages[{i}].content[{j}]"
            mark = getattr(block, "cache_control", msgspec.UNSET)
            if mark is not msgspec.UNSET:
                if j != last or marks.message is not None:
                    raise ValidationError(
                        "cache marks are carried on the last block of one message only (CacheConfig)",
                        f"{where}.cache_control",
                    )
                ttl = _ttl(mark, where)
            parts.append(_part(block, where))
        out.extend(_split(view.role, parts))
        if ttl is not False:
            marks.message = (len(out) - 1, ttl if isinstance(ttl, str) else None)
    return out


def _system(value: str | list[Text], marks: _Marks) -> str | list[dict[str, Any]] | None:
    if isinstance(value, str):
        return value or None
    parts = []
    for block in value:
        mark = block.cache_control
        if isinstance(mark, CacheControl):
            marks.system.append(mark.ttl if isinstance(mark.ttl, str) else None)
        parts.append({"type": "text", "text": block.text})
    if len(parts) == 1:
        return parts[0]["text"] or None
    return parts or None


def _cache(marks: _Marks, count: int) -> dict[str, Any] | None:
    if marks.message is not None:
        index, ttl = marks.message
        cache: dict[str, Any] = {"mode": "auto", "retention": "long"} if ttl == "1h" else {"mode": "auto"}
        if index == count - 1:
            cache["prefix"] = "history"
        else:
            cache["prefix_until_index"] = index
        return cache
    if marks.system:
        return {"mode": "auto", "retention": "long"} if marks.system[-1] == "1h" else {"mode": "auto"}
    return None


def _tools(values: list[dict[str, Any]]) -> list[dict[str, Any]]:
    tools: list[dict[str, Any]] = []
    for k, tool in enumerate(values):
        raw_name = tool.get("name")
        kind = tool.get("type")
        named_null = False
        if raw_name is None and "name" in tool and isinstance(kind, str) and kind not in ("", "custom"):
            # lm15 writes a BuiltinTool whose config sets "name": None as {"type": T, "name": null}.
            named_null = True
            name: str = _BUILTIN_NAMES.get(kind, kind)
        elif isinstance(raw_name, str) and raw_name:
            name = raw_name
        else:
            raise ValidationError("a tool needs a non-empty name", f"$.tools[{k}].name")
        if kind is None or kind == "custom":
            schema = tool.get("input_schema")
            if not isinstance(schema, dict):
                raise ValidationError(
                    "a function tool needs an input_schema object", f"$.tools[{k}].input_schema"
                )
            entry: dict[str, Any] = {"type": "function", "name": name, "parameters": schema}
            description = tool.get("description")
            if isinstance(description, str):
                entry["description"] = description
            tools.append(entry)
            continue
        config = {
            key: value for key, value in tool.items() if (key != "name" or named_null) and key != "type"
        }
        if kind != _BUILTIN_TYPES.get(name, name):
            config = {"type": kind, **config}
        tools.append(
            {"type": "builtin", "name": name, "config": config}
            if config
            else {"type": "builtin", "name": name}
        )
    return tools


def _tool_choice(view: ToolChoiceView) -> dict[str, Any]:
    if view.type == "none":
        return {"mode": "none"}
    choice: dict[str, Any] = {"mode": "required" if view.type in ("any", "tool") else "auto"}
    if view.type == "tool":
        if not isinstance(view.name, str) or not view.name:
            raise ValidationError("tool_choice type 'tool' needs a name", "$.tool_choice.name")
        choice["allowed"] = [view.name]
    if isinstance(view.disable_parallel_tool_use, bool):
        choice["parallel"] = not view.disable_parallel_tool_use
    return choice


def _reasoning(
    thinking: ThinkingView | None, output: dict[str, Any] | None, model: str, max_tokens: int
) -> tuple[dict[str, Any] | None, int]:
    """Config.reasoning and the visible max_tokens, where the model's class rebuilds them."""
    if thinking is None:
        return None, max_tokens
    adaptive = takes_adaptive_thinking(model)
    if thinking.type == "disabled":
        return {"effort": "off"}, max_tokens
    if thinking.type == "enabled" and not adaptive and isinstance(thinking.budget_tokens, int):
        budget = thinking.budget_tokens
        if budget >= 1 and max_tokens - budget >= 1:
            return {"effort": effort_for_budget(budget), "thinking_budget": budget}, max_tokens - budget
    if thinking.type == "adaptive" and adaptive and output is not None and output.get("effort") in _EFFORTS:
        return {"effort": output["effort"]}, max_tokens
    return None, max_tokens


def _response_format(output: dict[str, Any] | None) -> dict[str, Any] | None:
    fmt = output.get("format") if output is not None else None
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema" and isinstance(fmt.get("schema"), dict):
        return {"type": "json_schema", "schema": fmt["schema"]}
    return None


def _number(raw: dict[str, msgspec.Raw], key: str, low: float, high: float) -> float | None:
    if key not in raw:
        return None
    value: float = _field(_FLOAT, raw[key], key)
    if not low <= value <= high:
        raise ValidationError(f"{key} must be in [{low:g}, {high:g}]", f"$.{key}")
    return value


def _config(
    raw: dict[str, msgspec.Raw], model: str, marks: _Marks, count: int, plain: dict[str, Any]
) -> dict[str, Any]:
    """The Config in canonical JSON form (only the fields the body sets); ``plain`` gets the
    top-level values it decodes as plain JSON, for :func:`_keep_wire_shapes`."""
    thinking = _field(_THINKING, raw["thinking"], "thinking") if "thinking" in raw else None
    output = _field(_ANY, raw["output_config"], "output_config") if "output_config" in raw else None
    if output is not None:
        plain["output_config"] = output
    output = output if isinstance(output, dict) else None
    plain["max_tokens"] = max_tokens = _field(_INT, raw["max_tokens"], "max_tokens")
    reasoning, visible = _reasoning(thinking, output, model, max_tokens)
    metadata = _field(_ANY, raw["metadata"], "metadata") if "metadata" in raw else None
    if metadata is not None:
        plain["metadata"] = metadata
    user_id = metadata.get("user_id") if isinstance(metadata, dict) else None
    fields: dict[str, Any] = {
        "max_tokens": visible if visible >= 1 else None,
        "temperature": _number(raw, "temperature", 0.0, 1.0),
        "top_p": _number(raw, "top_p", 0.0, 1.0),
        "top_k": _field(_INT, raw["top_k"], "top_k") if "top_k" in raw else None,
        "response_format": _response_format(output),
        "tool_choice": _tool_choice(_field(_CHOICE, raw["tool_choice"], "tool_choice"))
        if "tool_choice" in raw
        else None,
        "reasoning": reasoning,
        "cache": _cache(marks, count),
        "service_tier": _field(_STR, raw["service_tier"], "service_tier") if "service_tier" in raw else None,
        "user_id": user_id if isinstance(user_id, str) and user_id else None,
    }
    config = {key: value for key, value in fields.items() if value is not None}
    if "stop_sequences" in raw:
        plain["stop_sequences"] = sequences = _field(_STRS, raw["stop_sequences"], "stop_sequences")
        stop = [s for s in sequences if s]
        if stop:
            config["stop"] = stop
    extensions = {key: _ANY.decode(value) for key, value in raw.items() if key not in _MAPPED}
    if extensions:
        config["extensions"] = extensions
    return config


def _read(
    raw: dict[str, msgspec.Raw],
    views: list[MessageView] | None = None,
    tool_values: list[dict[str, Any]] | None = None,
) -> Request:
    """The Request of a body given as its top-level keys (``messages`` and ``tools`` may come
    decoded already, as :class:`BodyView` gives them, and are then absent from ``raw``)."""
    for key in ("model", "messages", "max_tokens"):
        if key not in raw and not (key == "messages" and views is not None):
            raise ValidationError(f"Object missing required field `{key}`")
    model: str = _field(_STR, raw["model"], "model")
    marks = _Marks()
    plain: dict[str, Any] = {}
    messages = _messages(views if views is not None else replay_messages(raw["messages"]), marks)
    if not messages:
        raise ValidationError("messages needs at least one message", "$.messages")
    tree: dict[str, Any] = {"model": model, "messages": messages}
    if "system" in raw and bytes(raw["system"]) != b"null":  # ``system: null`` reads as absent
        system = _system(_field(_SYSTEM, raw["system"], "system"), marks)
        if system is not None:
            tree["system"] = system
    if tool_values is None and "tools" in raw:
        tool_values = _field(_TOOLS, raw["tools"], "tools")
    if tool_values is not None:
        plain["tools"] = tool_values
        tree["tools"] = _tools(tool_values)
    config = _config(raw, model, marks, len(messages), plain)
    if config:
        tree["config"] = config
    request = msgspec.convert(tree, Request)
    return _keep_wire_shapes(request, raw, config.get("extensions", {}), plain)


def _keep_wire_shapes(
    request: Request, raw: dict[str, msgspec.Raw], extensions: dict[str, Any], plain: dict[str, Any]
) -> Request:
    """Top-level fields the canonical ones would rebuild differently ride in extensions verbatim."""
    try:
        built = top_level(request, request.model, [], False, Notes())
    except ProviderError as exc:
        raise ValidationError(f"the body cannot be represented: {exc.message}") from None
    overrides = {}
    for key in _OVERRIDABLE:
        if key in plain or key in raw:
            value = plain[key] if key in plain else _ANY.decode(raw[key])
            if key not in built or built[key] != value:
                overrides[key] = value
    if not overrides:
        return request
    config = msgspec.structs.replace(request.config, extensions={**extensions, **overrides})
    return msgspec.structs.replace(request, config=config)


def _read_one_pass(body: bytes) -> Request:
    """A body of mapped keys only, its bulk (messages, tools) decoded in the same pass as the
    top level; any other body (or one the views refuse) as its top-level keys, where each
    decode names its fault with its JSON path."""
    try:
        whole = _BODY.decode(body)
    except msgspec.ValidationError:
        return _read(_TOP.decode(body))
    raw = {name: item for name in _RAW_FIELDS if (item := getattr(whole, name)) is not UNSET}
    views = None if whole.messages is UNSET else whole.messages
    return _read(raw, views, None if whole.tools is UNSET else whole.tools)


def decode_request(body: bytes, *, model: str | None = None) -> Request:
    """The canonical Request a client's body asks for (unmapped fields go to Config.extensions).

    ``model``, when given, replaces the body's model (a gateway routing an alias to a backend model).
    """
    request = _decode_request(body)
    return request if model is None else msgspec.structs.replace(request, model=model)


def _decode_request(body: bytes) -> Request:
    try:
        return _read_one_pass(body)
    except LmcodecError:
        raise
    except msgspec.ValidationError as exc:
        raise with_path(exc) from None
    except msgspec.DecodeError as exc:
        raise decode_error(exc, body) from None
    except RecursionError:
        raise ValidationError("the body nests deeper than a request can") from None
    except (ValueError, TypeError) as exc:
        raise ValidationError(str(exc)) from None
