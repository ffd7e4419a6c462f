"""lm15 1.5.0's per-model rules for GenerateContent, as data (MAP-7 rule 10, MAP-16)."""

from __future__ import annotations

from typing import Final

__all__ = [
    "BASE_PATH",
    "BUILTIN_KEYS",
    "LEVELS",
    "LEVEL_CLASS_PREFIXES",
    "MODALITIES",
    "SCHEMA_FIELDS",
    "TOOL_MODES",
    "takes_thinking_level",
]

BASE_PATH: Final = "/v1beta"

LEVEL_CLASS_PREFIXES: Final = ("models/gemini-3", "gemini-3")
"""Model names of the class that takes ``thinkingLevel`` and has no full off switch."""

LEVELS: Final = ("minimal", "low", "medium", "high")
"""``thinkingLevel`` words of that class; a higher effort is clamped to the last."""

BUILTIN_KEYS: Final = {"web_search": "googleSearch", "code_execution": "codeExecution"}
"""Canonical builtin tool name -> the GenerateContent tool key."""

TOOL_MODES: Final = {"none": "NONE", "required": "ANY", "auto": "AUTO"}

MODALITIES: Final = {"image": ["IMAGE"], "audio": ["AUDIO"]}
"""``extensions["output"]`` -> ``generationConfig.responseModalities``."""

SCHEMA_FIELDS: Final = frozenset(
    {
        "type",
        "format",
        "title",
        "description",
        "nullable",
        "enum",
        "maxItems",
        "minItems",
        "properties",
        "required",
        "minProperties",
        "maxProperties",
        "minLength",
        "maxLength",
        "pattern",
        "example",
        "anyOf",
        "propertyOrdering",
        "default",
        "items",
        "minimum",
        "maximum",
    }
)
"""The keys of Gemini's OpenAPI Schema object; a schema with any other key goes as JSON Schema."""


def takes_thinking_level(model: str) -> bool:
    """lm15 ``gemini_level_class``."""
    return model.lower().startswith(LEVEL_CLASS_PREFIXES)
