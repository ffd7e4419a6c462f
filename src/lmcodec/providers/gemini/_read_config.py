"""The settings side of a GenerateContent request body: the system instruction, tools, toolConfig,
generationConfig and the other Config fields, and the wire shapes kept in ``Config.extensions``.

Split from :mod:`lmcodec.providers.gemini.read` (which reads the conversation); both of its paths,
the dict walker and the typed fast path, read the settings here. The verdicts are listed in that
module's docstring.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Literal

import msgspec

from lmcodec.codecs._hooks import with_path
from lmcodec.errors import ProviderError, ValidationError
from lmcodec.providers._build_common import Notes
from lmcodec.providers.gemini._build_tables import BUILTIN_KEYS, takes_thinking_level
from lmcodec.providers.gemini._read_views import SystemView
from lmcodec.providers.gemini.build import top_level
from lmcodec.wire import Request, effort_for_budget
from lmcodec.wire._float_literals import float_literal

__all__ = [
    "ANY",
    "MAPPED",
    "OVERRIDABLE",
    "field",
    "function_dict",
    "keep_wire_shapes",
    "read_config",
    "read_system",
    "read_tools",
]

ANY: Final = msgspec.json.Decoder(float_hook=float_literal)
_BUILTIN_NAMES: Final = {key: name for name, key in BUILTIN_KEYS.items()}
_MODES: Final[dict[str, Literal["auto", "required", "none"]]] = {
    "AUTO": "auto",
    "ANY": "required",
    "NONE": "none",
    "VALIDATED": "auto",
}
_EXACT_FLOAT_INTEGERS: Final = 2**53
_LEVELS: Final = frozenset({"minimal", "low", "medium", "high"})
_MODALITIES: Final = {("IMAGE",): "image", ("AUDIO",): "audio"}
OVERRIDABLE: Final = (
    "systemInstruction",
    "generationConfig",
    "tools",
    "toolConfig",
    "cachedContent",
    "store",
    "serviceTier",
)
"""The top-level keys the canonical fields rebuild, which ride in extensions where they would not
rebuild the body's value."""
MAPPED: Final = frozenset({"model", "contents", *OVERRIDABLE})
"""The top-level keys the reader maps (every other key rides in ``Config.extensions``)."""


def field(decoder: msgspec.json.Decoder[Any], raw: msgspec.Raw, key: str) -> Any:
    try:
        return decoder.decode(raw)
    except msgspec.ValidationError as exc:
        raise with_path(exc, f"$.{key}") from None


def read_system(view: SystemView) -> str | list[dict[str, Any]] | None:
    texts = []
    for k, part in enumerate(view.parts):
        if not isinstance(part.text, str) or part.thought is not msgspec.UNSET:
            raise ValidationError(
                "systemInstruction takes text parts only", f"$.systemInstruction.parts[{k}]"
            )
        texts.append(part.text)
    if len(texts) == 1:
        return texts[0] or None
    return [{"type": "text", "text": t} for t in texts] or None


def _number(config: dict[str, Any], key: str, low: float, high: float) -> float | None:
    value = config.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ValidationError(f"{key} must be a number in [{low:g}, {high:g}]", f"$.generationConfig.{key}")
    return float(value)


def _integer(value: Any) -> int | None:
    """An integer field's value, or None. An integral float counts (google-genai types ``topK``
    as a float and sends ``3.0``; the API's JSON parser takes it for an integer field)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) <= _EXACT_FLOAT_INTEGERS:
        return int(value)
    return None


def _count(config: dict[str, Any], key: str, low: int) -> int | None:
    value = config.get(key)
    if value is None:
        return None
    count = _integer(value)
    if count is None or count < low:
        raise ValidationError(f"{key} must be an integer >= {low}", f"$.generationConfig.{key}")
    return count


def _seed(config: dict[str, Any]) -> int | None:
    value = config.get("seed")
    if value is None:
        return None
    seed = _integer(value)
    if seed is None:
        raise ValidationError("seed must be an integer", "$.generationConfig.seed")
    return seed


def _reasoning(thinking: Any, model: str) -> dict[str, Any] | None:
    if not isinstance(thinking, dict):
        return None
    shown = {"summary": "auto"} if thinking.get("includeThoughts") is True else {}
    level = thinking.get("thinkingLevel")
    raw_budget = thinking.get("thinkingBudget")
    budget = _integer(raw_budget) if raw_budget is not None else None
    if budget == 0 and level is None and not shown:
        return {"effort": "off"}
    if budget is not None and budget > 0 and level is None:
        return {"effort": effort_for_budget(budget), "thinking_budget": budget, **shown}
    if budget is None and level in _LEVELS and takes_thinking_level(model):
        return {"effort": level, **shown}
    return None


def _response_format(config: dict[str, Any]) -> dict[str, Any] | None:
    if config.get("responseMimeType") != "application/json":
        return None
    schema = config.get("responseSchema", config.get("responseJsonSchema"))
    if isinstance(schema, dict):
        return {"type": "json_schema", "schema": schema}
    return {"type": "json_object"}


def _logprobs(config: dict[str, Any]) -> int | None:
    if config.get("responseLogprobs") is not True:
        return None
    count = _integer(config.get("logprobs"))
    return count if count is not None and count >= 0 else 0


def function_dict(name: str, description: str | None, parameters: dict[str, Any]) -> dict[str, Any]:
    """A function tool in canonical JSON form (the walker's; ``msgspec.convert`` checks it)."""
    tool: dict[str, Any] = {"type": "function", "name": name, "parameters": parameters}
    if description is not None:
        tool["description"] = description
    return tool


def _builtin_dict(name: str, config: dict[str, Any] | None) -> dict[str, Any]:
    builtin: dict[str, Any] = {"type": "builtin", "name": name}
    if config is not None:
        builtin["config"] = config
    return builtin


def read_tools(
    values: list[dict[str, Any]],
    function: Callable[[str, str | None, dict[str, Any]], Any] = function_dict,
    builtin: Callable[[str, dict[str, Any] | None], Any] = _builtin_dict,
) -> list[Any]:
    """The tools, each made by ``function(name, description, parameters)`` or ``builtin(name,
    config)``: canonical JSON dicts by default, the canonical Structs on the fast path."""
    tools: list[Any] = []
    for k, entry in enumerate(values):
        for key, value in entry.items():
            if key != "functionDeclarations":
                tools.append(
                    builtin(
                        _BUILTIN_NAMES.get(key, key), value if isinstance(value, dict) and value else None
                    )
                )
                continue
            if not isinstance(value, list):
                raise ValidationError(
                    "functionDeclarations must be a list", f"$.tools[{k}].functionDeclarations"
                )
            for d, declaration in enumerate(value):
                name = declaration.get("name") if isinstance(declaration, dict) else None
                if not isinstance(name, str) or not name:
                    raise ValidationError(
                        "a function declaration needs a name", f"$.tools[{k}].functionDeclarations[{d}]"
                    )
                schema = declaration.get("parameters", declaration.get("parametersJsonSchema", {}))
                if not isinstance(schema, dict):
                    raise ValidationError(
                        "a function declaration's parameters must be an object",
                        f"$.tools[{k}].functionDeclarations[{d}]",
                    )
                description = declaration.get("description")
                tools.append(function(name, description if isinstance(description, str) else None, schema))
    return tools


def _tool_choice(tool_config: Any) -> dict[str, Any] | None:
    calling = tool_config.get("functionCallingConfig") if isinstance(tool_config, dict) else None
    if not isinstance(calling, dict):
        return None
    word = calling.get("mode")
    if type(word) is not str or word not in _MODES:  # (an object there is unhashable: red team 37 F01)
        return None
    allowed = calling.get("allowedFunctionNames")
    mode = _MODES[word]
    if mode != "none" and isinstance(allowed, list) and allowed:
        return {"mode": mode, "allowed": allowed}
    return {"mode": mode}


def read_config(
    generation: dict[str, Any],
    tool_config: Any,
    resource: str | None,
    service_tier: str | None,
    store: bool | None,
    model: str,
    extensions: dict[str, Any],
) -> dict[str, Any]:
    """The Config in canonical JSON form (only the fields the body sets). ``extensions`` holds
    the body's unmapped top-level keys; ``responseModalities`` adds its ``output``."""
    g = generation  # each rule reads absent as None: only the keys present are judged, in this order
    fields: dict[str, Any] = {}
    if "maxOutputTokens" in g:
        fields["max_tokens"] = _count(g, "maxOutputTokens", 1)
    if "temperature" in g:
        fields["temperature"] = _number(g, "temperature", 0.0, 2.0)
    if "topP" in g:
        fields["top_p"] = _number(g, "topP", 0.0, 1.0)
    if "topK" in g:
        fields["top_k"] = _count(g, "topK", 1)
    if "responseMimeType" in g:
        fields["response_format"] = _response_format(g)
    if tool_config is not None:
        fields["tool_choice"] = _tool_choice(tool_config)
    if "thinkingConfig" in g:
        fields["reasoning"] = _reasoning(g["thinkingConfig"], model)
    if resource:
        fields["cache"] = {"mode": "auto", "resource": resource}
    if "seed" in g:
        fields["seed"] = _seed(g)
    if "frequencyPenalty" in g:
        fields["frequency_penalty"] = _number(g, "frequencyPenalty", -2.0, 2.0)
    if "presencePenalty" in g:
        fields["presence_penalty"] = _number(g, "presencePenalty", -2.0, 2.0)
    if service_tier:
        fields["service_tier"] = service_tier
    if store is not None:
        fields["store"] = store
    if "responseLogprobs" in g:
        fields["logprobs"] = _logprobs(g)
    config = {key: value for key, value in fields.items() if value is not None}
    stop = generation.get("stopSequences")
    if isinstance(stop, list) and any(isinstance(s, str) and s for s in stop):
        config["stop"] = [s for s in stop if isinstance(s, str) and s]
    modalities = generation.get("responseModalities")
    if isinstance(modalities, list) and all(isinstance(m, str) for m in modalities):
        output = _MODALITIES.get(tuple(modalities))
        if output is not None:
            extensions["output"] = output
    if extensions:
        config["extensions"] = extensions
    return config


def keep_wire_shapes(request: Request, values: dict[str, Any], extensions: dict[str, Any]) -> Request:
    """Top-level fields the canonical ones would rebuild differently ride in extensions verbatim.

    ``values`` holds the body's overridable keys as plain JSON values; ``extensions`` the Config's."""
    cache = request.config.cache
    try:
        built = top_level(request, request.model, [], cache.resource if cache else None, Notes())
    except ProviderError as exc:
        raise ValidationError(f"the body cannot be represented: {exc.message}") from None
    overrides = {}
    for key in OVERRIDABLE:
        if key in values:
            value = values[key]
            if key not in built or built[key] != value:
                overrides[key] = value
    if not overrides:
        return request
    config = msgspec.structs.replace(request.config, extensions={**extensions, **overrides})
    return msgspec.structs.replace(request, config=config)
