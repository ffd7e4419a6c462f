"""Gemini's OpenAPI Schemas as the JSON Schema another dialect reads (``lc.translate_request``).

Gemini's ``parameters`` and ``responseSchema`` take an OpenAPI Schema, which google-genai's typed
``Schema`` writes with upper-case type names (``"OBJECT"``) and ``nullable``; ``decode_request("gemini")``
keeps it as it came (so Gemini gets it back). Crossing to another dialect, :func:`openapi_schemas_out`
writes each such schema as JSON Schema (:func:`json_schema_of`), one ``substituted`` Adaptation per
schema that changed; :func:`is_json_schema` remembers, by the schema's JSON bytes, which schemas need
no rewrite, so a gateway's same tools are walked once. One pass of ``crossing`` (which exports these
names), apart from its extension and content-loss passes.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.codecs._hooks import builtin_value
from lmcodec.providers._build_common import adaptation
from lmcodec.providers._memo import BytesMemo
from lmcodec.wire import Adaptation, FunctionTool, Request
from lmcodec.wire._float_literals import float_literal

__all__ = ["is_json_schema", "json_schema_of", "openapi_schemas_out"]

_OPENAPI_TYPES: Final = {
    "STRING": "string",
    "NUMBER": "number",
    "INTEGER": "integer",
    "BOOLEAN": "boolean",
    "ARRAY": "array",
    "OBJECT": "object",
    "NULL": "null",
}
"""Gemini's ``Type`` enum names and the JSON Schema type each one is."""
_SCHEMA_MAPS: Final = frozenset({"properties", "$defs", "definitions", "patternProperties"})
"""Keys whose value maps names to schemas."""
_SCHEMA_VALUES: Final = frozenset(
    {"items", "anyOf", "oneOf", "allOf", "not", "additionalProperties", "prefixItems", "contains"}
)
"""Keys whose value is a schema or a list of schemas."""
_GEMINI_ONLY: Final = frozenset({"propertyOrdering", "property_ordering"})
"""Gemini's order of an object's keys in its answer (google-genai writes it snake_cased): no
JSON Schema keyword (key order is no part of validation), so it does not cross."""
_OPENAPI_REASON: Final = (
    "Gemini's OpenAPI Schema spelling (upper-case type names, nullable) written as the JSON "
    "Schema the destination reads"
)


_SCHEMA_JSON: Final = msgspec.json.Encoder(enc_hook=builtin_value).encode  # a str subclass as its str
_SCHEMA_VALUE: Final = msgspec.json.Decoder(float_hook=float_literal).decode
_UNCHANGED: Final[BytesMemo[bool]] = BytesMemo()  # bounded by bytes: clients send their own schemas


def is_json_schema(schema: Any) -> bool:
    """Whether :func:`json_schema_of` gives ``schema`` back as it is, decided on the JSON the schema
    carries and remembered by it (as ``fits_openapi_schema`` is): the answer for the schema's JSON
    bytes is the rewrite of those bytes' value. A schema read from a body is made of JSON values,
    which equal that value, so the answer is the rewrite's of the schema itself; a gateway sends
    the same tools with every request, and their schemas are walked once. False for a value that
    is not JSON (the rewrite then decides)."""
    try:
        key = _SCHEMA_JSON(schema)
    except (TypeError, ValueError, UnicodeEncodeError, OverflowError, RecursionError):
        return False
    unchanged = _UNCHANGED.get(key)
    if unchanged is None:
        try:
            value = _SCHEMA_VALUE(key)
            unchanged = bool(json_schema_of(value) == value)
        except RecursionError:
            return False
        _UNCHANGED.put(key, unchanged)
    return unchanged


def openapi_schemas_out(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` (read from a Gemini body) with its function tools' parameters and its
    response schema as JSON Schema, one Adaptation per schema that changed (a schema
    :func:`is_json_schema` knows to be JSON Schema already is left as it is, unwalked). With no
    response schema, the tools' parameters are first asked as one list (one encode and one lookup of
    the memo, where a call per tool cost ~5k instructions more on three tools): the rewrite maps a
    list item by item, so the list is unchanged exactly where every schema of it is."""
    fmt = request.config.response_format
    if fmt is None:
        schemas = [tool.parameters for tool in request.tools if type(tool) is FunctionTool]
        if not schemas or is_json_schema(schemas):
            return request, ()
    notes: list[Adaptation] = []
    tools = list(request.tools)
    for i, tool in enumerate(tools):
        if type(tool) is FunctionTool and not is_json_schema(tool.parameters):
            schema = json_schema_of(tool.parameters)
            if schema != tool.parameters:
                tools[i] = msgspec.structs.replace(tool, parameters=schema)
                where = f"tools[{i}].parameters"
                notes.append(adaptation(where, "substituted", _OPENAPI_REASON, tool.parameters, schema))
    changes: dict[str, Any] = {"tools": tuple(tools)} if notes else {}
    config = request.config
    if fmt is not None and isinstance(fmt.get("schema"), dict) and not is_json_schema(fmt["schema"]):
        schema = json_schema_of(fmt["schema"])
        if schema != fmt["schema"]:
            config = msgspec.structs.replace(config, response_format={**fmt, "schema": schema})
            changes["config"] = config
            notes.append(
                adaptation(
                    "config.response_format.schema", "substituted", _OPENAPI_REASON, fmt["schema"], schema
                )
            )
    if not changes:
        return request, ()
    return msgspec.structs.replace(request, **changes), tuple(notes)


def json_schema_of(schema: Any) -> Any:
    """An OpenAPI Schema (Gemini's spelling) as JSON Schema: ``"type": "OBJECT"`` is
    ``"object"``, ``"nullable": true`` beside a type adds ``"null"`` to it (``false``, the
    default, goes), ``propertyOrdering`` goes (Gemini's alone); every other key, and every
    value that is not a schema (``enum``, ``default``, ``example``), as it is. A schema already
    in JSON Schema comes back equal."""
    if isinstance(schema, list):
        return [json_schema_of(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "type" and isinstance(value, str):
            out[key] = _OPENAPI_TYPES.get(value, value)
        elif key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: json_schema_of(item) for name, item in value.items()}
        elif key in _SCHEMA_VALUES:
            out[key] = json_schema_of(value)
        elif key in _GEMINI_ONLY:
            continue
        elif key != "nullable" or not isinstance(value, bool):
            out[key] = value
    if schema.get("nullable") is True:
        kind = out.get("type")
        if isinstance(kind, str):
            out["type"] = [kind, "null"]
        else:
            out["nullable"] = True  # no type to widen: kept as it came
    return out
