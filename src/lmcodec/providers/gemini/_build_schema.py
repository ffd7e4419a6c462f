"""Gemini's two schema fields (MAP-16) and lm15's judgment form of a response schema (MAP-14).

The OpenAPI Schema check runs for every function tool and response schema of every build; its
answer is remembered by the schema's JSON (:func:`fits_openapi_schema`).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.codecs._hooks import builtin_value
from lmcodec.errors import ValidationError
from lmcodec.providers._build_common import Judgment
from lmcodec.providers._memo import BytesMemo
from lmcodec.providers.gemini._build_tables import SCHEMA_FIELDS
from lmcodec.wire._float_literals import float_literal

__all__ = ["fits_openapi_schema", "judgment_schema", "walk_fits_openapi_schema"]

_SCHEMA_JSON: Final = msgspec.json.Encoder(enc_hook=builtin_value).encode  # a str subclass as its str
_SCHEMA_VALUE: Final = msgspec.json.Decoder(float_hook=float_literal).decode
_FITS: Final[BytesMemo[bool]] = BytesMemo()  # bounded by bytes: clients send their own schemas


def fits_openapi_schema(schema: Any) -> bool:
    """MAP-16: can Gemini's OpenAPI Schema field (``parameters``, ``responseSchema``) carry it?

    Decided on the JSON the body carries, and remembered by it: the answer for the schema's
    JSON bytes is the walk (:func:`walk_fits_openapi_schema`) of those bytes' value. For a
    schema made of JSON values (all FunctionTool's constructor and lm15 admit) that value
    equals the schema, so the answer is the walk's of the schema itself."""
    try:
        key = _SCHEMA_JSON(schema)
    except (TypeError, ValueError, UnicodeEncodeError, OverflowError):
        return walk_fits_openapi_schema(schema)
    fits = _FITS.get(key)
    if fits is None:
        fits = walk_fits_openapi_schema(_SCHEMA_VALUE(key))
        _FITS.put(key, fits)
    return fits


def walk_fits_openapi_schema(schema: Any) -> bool:
    """:func:`fits_openapi_schema` by walking the schema: exact-type tests first, the rarer keys
    tested by membership, no generator."""
    fields = SCHEMA_FIELDS
    stack = [schema]
    pop = stack.pop
    push = stack.append
    while stack:
        node = pop()
        if type(node) is not dict:
            if isinstance(node, bool):
                return False
            if not isinstance(node, dict):
                continue
        if not node.keys() <= fields:
            return False
        kind = node.get("type")
        if type(kind) is not str and isinstance(kind, list):
            return False
        if "enum" in node:
            enum = node["enum"]
            if isinstance(enum, list):
                for value in enum:
                    if not isinstance(value, str):
                        return False
        if "properties" in node:
            props = node["properties"]
            if isinstance(props, dict):
                stack.extend(props.values())
        if "items" in node:
            push(node["items"])
        if "anyOf" in node:
            branches = node["anyOf"]
            if isinstance(branches, list):
                stack.extend(branches)
            else:
                push(branches)
    return True


def judgment_schema(schema: dict[str, Any], found: dict[str, Judgment]) -> dict[str, Any]:
    """lm15 ``gemini_schema``: judgments as ``enum``, per-key labels folded into the description."""
    props = dict(schema["properties"])
    for name, judgment in found.items():
        prop = props[name]
        if judgment.kind in ("boolean", "box") or "anyOf" not in prop:
            continue
        prop = {k: v for k, v in prop.items() if k != "anyOf"}
        ordered = judgment.kind == "ordered"
        prop["type"] = "integer" if ordered else "string"
        prop["enum"] = [int(k) for k in judgment.keys] if ordered else list(judgment.keys)
        lines = []
        labelled = False
        for key in judgment.keys:
            title, desc = judgment.titles.get(key), judgment.descriptions.get(key)
            labelled = labelled or bool(title or desc)
            if title is None and desc is None:
                lines.append(key)
            else:
                lines.append(f"{key} = " + (f"{title}: {desc}" if title and desc else (title or desc or "")))
        if labelled:
            head = prop.get("description") or ""
            if not isinstance(head, str):  # lm15 crashes (TypeError) joining it to the labels
                raise ValidationError(
                    f"the description of judgment property {name!r} is {type(head).__name__}, "
                    "not a string: the Gemini schema folds its option labels into it",
                    f"$.config.response_format.schema.properties.{name}.description",
                )
            intro = "Levels: " if ordered else "Options: "
            prop["description"] = (head + (" " if head else "") + intro + "; ".join(lines)).strip()
        props[name] = prop
    return {**schema, "properties": props}
