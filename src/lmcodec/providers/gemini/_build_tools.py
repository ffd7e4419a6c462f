"""Gemini's ``tools`` (MAP-16): each function's schema under the field its fit check picks.

The builder writes a request's tools once per distinct tools: :func:`tools_json` keys the
finished JSON by the tools' MessagePack bytes (one encode, cheaper than their JSON: no string
escapes to look for), so a build that sends the same tools again (an agent loop, a gateway)
pays one encode and one lookup instead of a fit check per schema and a declaration per tool.
:func:`tools_wire` is the plain value (the reader compares it to a body's, and it is what the
remembered JSON is made from).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.codecs._hooks import builtin_value
from lmcodec.providers._build_common import unknown_item
from lmcodec.providers._memo import BytesMemo
from lmcodec.providers.gemini._build_schema import fits_openapi_schema
from lmcodec.providers.gemini._build_tables import BUILTIN_KEYS
from lmcodec.wire import BuiltinTool, FunctionTool
from lmcodec.wire.unknown import Unknown

__all__ = ["tools_json", "tools_wire"]

_TOOLS_JSON: Final = msgspec.json.Encoder(enc_hook=builtin_value).encode
_TOOLS_KEY: Final = msgspec.msgpack.Encoder(enc_hook=builtin_value).encode  # a str subclass as its str
_TOOLS_VALUE: Final = msgspec.msgpack.Decoder(tuple[FunctionTool | BuiltinTool, ...]).decode
_WRITTEN: Final[BytesMemo[msgspec.Raw]] = BytesMemo()  # bounded by bytes: clients send their own tools


def tools_wire(tools: tuple[Any, ...]) -> list[dict[str, Any]]:
    """The ``tools`` lm15 writes: the function declarations in one entry, then each builtin tool
    under its GenerateContent key; a tool of an unknown type is refused (:func:`unknown_item`)."""
    declarations = []
    for tool in tools:
        if type(tool) is FunctionTool or isinstance(tool, FunctionTool):
            schema = tool.parameters
            field = "parameters" if fits_openapi_schema(schema) else "parametersJsonSchema"
            if tool.description:
                declarations.append({"name": tool.name, "description": tool.description, field: schema})
            else:
                declarations.append({"name": tool.name, field: schema})
    wire: list[dict[str, Any]] = [{"functionDeclarations": declarations}] if declarations else []
    for tool in tools:  # exact type first: a negative isinstance on a wire class is slow
        if type(tool) is not FunctionTool and isinstance(tool, BuiltinTool):
            wire.append({BUILTIN_KEYS.get(tool.name, tool.name): tool.config or {}})
        elif isinstance(tool, Unknown):
            raise unknown_item(tool, "gemini")
    return wire


def tools_json(tools: tuple[Any, ...]) -> Any:
    """:func:`tools_wire` as the JSON the body carries (``msgspec.Raw``), remembered by the
    tools' MessagePack bytes: the answer for those bytes is :func:`tools_wire` of the tools they
    decode to, which write what the tools themselves write (the fields it reads are JSON values,
    which MessagePack carries with their types: an int stays an int, a float a float). Tools
    msgspec cannot write (a lone surrogate, an int past 64 bits, an unknown tool) or read back
    as function and builtin tools get :func:`tools_wire` itself."""
    try:
        key = _TOOLS_KEY(tools)
    except (TypeError, ValueError, UnicodeEncodeError, OverflowError, RecursionError):
        return tools_wire(tools)
    written = _WRITTEN.get(key)
    if written is None:
        try:
            decoded = _TOOLS_VALUE(key)
        except (msgspec.ValidationError, RecursionError):
            return tools_wire(tools)
        written = msgspec.Raw(_TOOLS_JSON(tools_wire(decoded)))
        _WRITTEN.put(key, written, len(written))
    return written
