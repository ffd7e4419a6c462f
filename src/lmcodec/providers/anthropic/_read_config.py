"""The settings side of a Messages request body: the system prompt, tools, tool_choice, thinking
and the Config fields, and the wire shapes kept in ``Config.extensions``.

Split from :mod:`lmcodec.providers.anthropic.read` (whose conversation side is
:mod:`._read_blocks`); the verdicts are listed in that module's docstring.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.codecs._hooks import with_path
from lmcodec.errors import ProviderError, ValidationError
from lmcodec.providers._build_common import Notes
from lmcodec.providers.anthropic._build_tables import takes_adaptive_thinking
from lmcodec.providers.anthropic._read_views import CacheControl, Text, ThinkingView, ToolChoiceView
from lmcodec.providers.anthropic.build import top_level
from lmcodec.wire import Request, effort_for_budget
from lmcodec.wire._float_literals import float_literal

__all__ = [
    "ANY",
    "MAPPED",
    "STR",
    "Marks",
    "cache_config",
    "cache_ttl",
    "field",
    "keep_wire_shapes",
    "read_config",
    "read_system",
    "read_tools",
]

ANY: Final = msgspec.json.Decoder(float_hook=float_literal)
STR: Final = msgspec.json.Decoder(str, float_hook=float_literal)
_SYSTEM: Final = msgspec.json.Decoder(str | list[Text], float_hook=float_literal)
_THINKING: Final = msgspec.json.Decoder(ThinkingView, float_hook=float_literal)
_CHOICE: Final = msgspec.json.Decoder(ToolChoiceView, float_hook=float_literal)
_INT: Final = msgspec.json.Decoder(int, float_hook=float_literal)
_FLOAT: Final = msgspec.json.Decoder(float, float_hook=float_literal)
_STRS: Final = msgspec.json.Decoder(list[str], float_hook=float_literal)
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
MAPPED: Final = frozenset(
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
"""The top-level keys the reader maps (every other key rides in ``Config.extensions``)."""


def field(decoder: msgspec.json.Decoder[Any], raw: msgspec.Raw, key: str) -> Any:
    try:
        return decoder.decode(raw)
    except msgspec.ValidationError as exc:
        raise with_path(exc, f"$.{key}") from None


class Marks:
    """The cache marks met while reading: (message index, ttl) and the system's ttl."""

    __slots__ = ("message", "system")

    def __init__(self) -> None:
        self.message: tuple[int, str | None] | None = None
        self.system: list[str | None] = []


def cache_ttl(mark: CacheControl, path: str) -> str | None:
    if isinstance(mark.ttl, str) and mark.ttl != "1h":
        raise ValidationError(
            f"cache_control ttl {mark.ttl!r} cannot be represented (a CacheConfig carries the "
            "default 5 minutes or retention='long', '1h')",
            path,
        )
    return mark.ttl if isinstance(mark.ttl, str) else None


def read_system(raw: msgspec.Raw, marks: Marks) -> str | list[dict[str, Any]] | None:
    """``system`` in canonical JSON form (``null``, ``""`` and no blocks read as absent)."""
    if bytes(raw) == b"null":
        return None
    value: str | list[Text] = field(_SYSTEM, raw, "system")
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


def cache_config(marks: Marks, count: int) -> dict[str, Any] | None:
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


def read_tools(values: list[dict[str, Any]]) -> list[dict[str, Any]]:
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
            strict = tool.get("strict")
            if strict is not None and type(strict) is not bool:  # (red team 27 F02: lost, unnoted)
                raise ValidationError("a tool's strict flag must be a boolean", f"$.tools[{k}].strict")
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
    effort = output.get("effort") if output is not None else None
    if thinking.type == "adaptive" and adaptive and type(effort) is str and effort in _EFFORTS:
        return {"effort": effort}, max_tokens  # (an object there is unhashable: red team 37 F01)
    return None, max_tokens


def _response_format(output: dict[str, Any] | None) -> dict[str, Any] | None:
    fmt = output.get("format") if output is not None else None
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema" and isinstance(fmt.get("schema"), dict):
        return {"type": "json_schema", "schema": fmt["schema"]}
    return None


def _number(raw: dict[str, msgspec.Raw], key: str, low: float, high: float) -> float | None:
    if key not in raw:
        return None
    value: float = field(_FLOAT, raw[key], key)
    if not low <= value <= high:
        raise ValidationError(f"{key} must be in [{low:g}, {high:g}]", f"$.{key}")
    return value


def read_config(
    raw: dict[str, msgspec.Raw], model: str, marks: Marks, count: int, plain: dict[str, Any]
) -> dict[str, Any]:
    """The Config in canonical JSON form (only the fields the body sets); ``plain`` gets the
    top-level values it decodes as plain JSON, for :func:`keep_wire_shapes`."""
    thinking = field(_THINKING, raw["thinking"], "thinking") if "thinking" in raw else None
    output = field(ANY, raw["output_config"], "output_config") if "output_config" in raw else None
    if output is not None:
        plain["output_config"] = output
    output = output if isinstance(output, dict) else None
    plain["max_tokens"] = max_tokens = field(_INT, raw["max_tokens"], "max_tokens")
    reasoning, visible = _reasoning(thinking, output, model, max_tokens)
    metadata = field(ANY, raw["metadata"], "metadata") if "metadata" in raw else None
    if metadata is not None:
        plain["metadata"] = metadata
    user_id = metadata.get("user_id") if isinstance(metadata, dict) else None
    fields: dict[str, Any] = {
        "max_tokens": visible if visible >= 1 else None,
        "temperature": _number(raw, "temperature", 0.0, 1.0),
        "top_p": _number(raw, "top_p", 0.0, 1.0),
        "top_k": field(_INT, raw["top_k"], "top_k") if "top_k" in raw else None,
        "response_format": _response_format(output),
        "tool_choice": _tool_choice(field(_CHOICE, raw["tool_choice"], "tool_choice"))
        if "tool_choice" in raw
        else None,
        "reasoning": reasoning,
        "cache": cache_config(marks, count),
        "service_tier": field(STR, raw["service_tier"], "service_tier") if "service_tier" in raw else None,
        "user_id": user_id if isinstance(user_id, str) and user_id else None,
    }
    config = {key: value for key, value in fields.items() if value is not None}
    if "stop_sequences" in raw:
        plain["stop_sequences"] = sequences = field(_STRS, raw["stop_sequences"], "stop_sequences")
        stop = [s for s in sequences if s]
        if stop:
            config["stop"] = stop
    extensions = {key: ANY.decode(value) for key, value in raw.items() if key not in MAPPED}
    if extensions:
        config["extensions"] = extensions
    return config


def keep_wire_shapes(
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
            value = plain[key] if key in plain else ANY.decode(raw[key])
            if key not in built or built[key] != value:
                overrides[key] = value
    if not overrides:
        return request
    config = msgspec.structs.replace(request.config, extensions={**extensions, **overrides})
    return msgspec.structs.replace(request, config=config)
