"""The GenerateContent reader's fast path, its settings side: the system instruction, tools,
toolConfig and generationConfig of the one-pass view made into the canonical Request.

Split from :mod:`lmcodec.providers.gemini._read_typed` (which reads the conversation). A body whose
settings come back from the builder as they stand is read by :func:`usual_settings`, which makes the
Config directly and runs no builder; any other by :func:`settings`, as the general path reads it
(``read_config``, then ``keep_wire_shapes``: the builder's top level compared with the body).
``tests/providers/test_read_gemini_typed.py`` holds both equal to the general path.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.providers.gemini._build_schema import fits_openapi_schema
from lmcodec.providers.gemini._read_config import keep_wire_shapes, read_config, read_system, read_tools
from lmcodec.providers.gemini._read_views import BodyView, PartView
from lmcodec.wire import BuiltinTool, Config, FunctionTool, Message, Request, TextPart, ToolChoice
from lmcodec.wire.config import EMPTY_CONFIG

__all__ = ["Refused", "settings", "usual_settings"]

_replace: Final = msgspec.structs.replace
_TEXT: Final = TextPart(text="-")
_FUNCTION: Final = FunctionTool(name="-", parameters={})
_BUILTIN: Final = BuiltinTool(name="-")
_REQUEST: Final = Request(model="-", messages=(Message(role="user", parts=(_TEXT,)),))
_EXACT_FLOAT_INTEGERS: Final = 2**53


class Refused(Exception):
    """The views took the body but a rule refuses it: the general path names the fault."""


def _function(name: str, description: str | None, parameters: dict[str, Any]) -> FunctionTool:
    tool: FunctionTool = _replace(_FUNCTION, name=name, description=description, parameters=parameters)
    return tool


def _builtin(name: str, config: dict[str, Any] | None) -> BuiltinTool:
    if not name:
        raise Refused
    tool: BuiltinTool = _replace(_BUILTIN, name=name, config=config)
    return tool


_GENERATION_KEYS: Final = frozenset({"temperature", "maxOutputTokens", "topP", "topK"})
_SYSTEM_PART: Final = PartView(text="-")
_DECLARATION_KEYS: Final = frozenset({"name", "description", "parameters", "parametersJsonSchema"})
_CHOICES: Final = {
    "AUTO": ToolChoice(mode="auto"),
    "ANY": ToolChoice(mode="required"),
    "NONE": ToolChoice(mode="none"),
}
"""``functionCallingConfig.mode`` -> the ToolChoice the builder writes back as that mode alone."""


def usual_settings(
    whole: BodyView, model: str, messages: tuple[Message, ...], extensions: dict[str, Any]
) -> Request | None:
    """The Request of a body whose settings are the usual ones and come back from the builder as
    they stand (so none rides in extensions), made without running the builder: one system text
    part, the sampling knobs of ``generationConfig``, function declarations whose schema sits
    under the field the builder picks for it (``fits_openapi_schema``), a bare
    ``functionCallingConfig`` mode. None for any other body (the caller reads its settings as the
    general path does: :func:`_settings`), and where a value would be refused."""
    if whole.cached_content is not UNSET or whole.store is not UNSET or whole.service_tier is not UNSET:
        return None
    if "output" in extensions:  # (the builder writes it into generationConfig)
        return None
    system = None
    view = whole.system_instruction
    if view is not UNSET:
        if view.role is not UNSET or len(view.parts) != 1:
            return None
        system = view.parts[0].text
        if type(system) is not str or not system or view.parts[0] != _replace(_SYSTEM_PART, text=system):
            return None
    max_tokens = temperature = top_p = top_k = None
    generation = whole.generation_config
    if generation is not UNSET:
        if not generation or not _GENERATION_KEYS.issuperset(generation):
            return None
        if "maxOutputTokens" in generation:
            max_tokens = _count(generation["maxOutputTokens"])
            if max_tokens is None:
                return None
        if "temperature" in generation:
            temperature = _fraction(generation["temperature"], 2.0)
            if temperature is None:
                return None
        if "topP" in generation:
            top_p = _fraction(generation["topP"], 1.0)
            if top_p is None:
                return None
        if "topK" in generation:
            top_k = _count(generation["topK"])
            if top_k is None:
                return None
    tools: tuple[FunctionTool, ...] = ()
    if whole.tools is not UNSET:
        declared = _declarations(whole.tools)
        if declared is None:
            return None
        tools = declared
    choice = None
    if whole.tool_config is not UNSET:
        calling = whole.tool_config.get("functionCallingConfig")
        if len(whole.tool_config) != 1 or type(calling) is not dict or len(calling) != 1:
            return None
        mode = calling.get("mode")
        choice = _CHOICES.get(mode) if type(mode) is str else None
        if choice is None:
            return None
    config = EMPTY_CONFIG
    if (
        max_tokens is not None
        or temperature is not None
        or top_p is not None
        or top_k is not None
        or choice is not None
        or extensions
    ):
        config = _replace(
            EMPTY_CONFIG,
            max_tokens=max_tokens,
            temperature=temperature,
            top_p=top_p,
            top_k=top_k,
            tool_choice=choice,
            extensions=extensions or None,
        )
    request: Request = _replace(
        _REQUEST, model=model, messages=messages, system=system, tools=tools, config=config
    )
    return request


def _count(value: Any) -> int | None:
    """A positive integer setting (an integral float too, as ``read_config`` takes it), else None."""
    if type(value) is float and value.is_integer() and abs(value) <= _EXACT_FLOAT_INTEGERS:
        value = int(value)
    return value if type(value) is int and value >= 1 else None


def _fraction(value: Any, high: float) -> float | None:
    """A number setting in [0, ``high``] as a float, else None."""
    if (type(value) is int or type(value) is float) and 0.0 <= value <= high:
        return float(value)
    return None


def _declarations(values: list[dict[str, Any]]) -> tuple[FunctionTool, ...] | None:
    """The function tools of a ``tools`` list the builder writes back as it stands: one entry of
    ``functionDeclarations``, each a name, a non-empty description or none, and its schema under
    the field the builder picks for it; else None."""
    if len(values) != 1 or len(values[0]) != 1:
        return None
    declarations = values[0].get("functionDeclarations")
    if type(declarations) is not list or not declarations:
        return None
    tools: list[FunctionTool] = []
    for declaration in declarations:
        if type(declaration) is not dict or not _DECLARATION_KEYS.issuperset(declaration):
            return None
        name = declaration.get("name")
        description = declaration.get("description")
        if type(name) is not str or not name or (description is not None and type(description) is not str):
            return None
        if len(declaration) != (2 if description is None else 3) or description == "":
            return None  # (a null description, or both schema fields, or neither)
        schema = declaration.get("parameters")
        if schema is None:
            schema = declaration.get("parametersJsonSchema")
            if type(schema) is not dict or fits_openapi_schema(schema):
                return None
        elif type(schema) is not dict or not fits_openapi_schema(schema):
            return None
        tools.append(_replace(_FUNCTION, name=name, description=description, parameters=schema))
    return tuple(tools)


def settings(
    whole: BodyView, model: str, messages: tuple[Message, ...], extensions: dict[str, Any]
) -> Request:
    """The Request with its settings read as the general path reads them (``read_config``), the
    wire shapes the builder would not write back kept in extensions (``keep_wire_shapes``)."""
    values: dict[str, Any] = {}
    system: str | tuple[TextPart, ...] | None = None
    view = whole.system_instruction
    if view is not UNSET:
        value = read_system(view)
        system = (
            value if not isinstance(value, list) else tuple([_replace(_TEXT, text=p["text"]) for p in value])
        )
        values["systemInstruction"] = msgspec.to_builtins(view)
    generation: dict[str, Any] = {}
    if whole.generation_config is not UNSET:
        values["generationConfig"] = generation = whole.generation_config
    tools: tuple[Any, ...] = ()
    if whole.tools is not UNSET:
        values["tools"] = whole.tools
        tools = tuple(read_tools(whole.tools, _function, _builtin))
    tool_config: dict[str, Any] | None = None
    if whole.tool_config is not UNSET:
        values["toolConfig"] = tool_config = whole.tool_config
    resource = whole.cached_content
    store = whole.store
    tier = whole.service_tier
    if resource is not UNSET:
        values["cachedContent"] = resource
    if store is not UNSET:
        values["store"] = store
    if tier is not UNSET:
        values["serviceTier"] = tier
    fields = read_config(
        generation,
        tool_config,
        None if resource is UNSET else resource,
        None if tier is UNSET else tier,
        None if store is UNSET else store,
        model,
        extensions,
    )
    config = msgspec.convert(fields, Config) if fields else EMPTY_CONFIG
    request: Request = _replace(
        _REQUEST, model=model, messages=messages, system=system, tools=tools, config=config
    )
    return keep_wire_shapes(request, values, fields.get("extensions", {}))
