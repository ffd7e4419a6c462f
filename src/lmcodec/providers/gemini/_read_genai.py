"""google-genai's own snake_case spellings, read on the typed path.

google-genai copies some of its pydantic objects into a GenerateContent body as they stand and
dumps them with their Python field names (``models._GenerateContentConfig_to_mldev`` and
``_Tool_to_mldev``, google-genai 3.6): ``generationConfig.thinkingConfig`` (``ThinkingConfig``:
``include_thoughts``, ``thinking_budget``, ``thinking_level``) and each of
``tools[].functionDeclarations[]`` (``FunctionDeclaration``: ``parameters_json_schema``,
``response_json_schema``). Every body its agent loop sends has them. The general path reads such a
body camelCased (:func:`._read_snake.camel_case_fields`, after a refused typed read and a general
read); here those keys are renamed in place, and the typed path reads on: the same body as the
general path's camelCased one. Any other snake_case name in the settings (``generationConfig``,
``tools``, ``toolConfig``, the unmapped top-level keys and values, where that walk renames), a field
given in both spellings (whose error the general path names) or a snake_case name in the
conversation other than the media fields google-genai writes so (refused by the strict views)
leaves the body to the general path. A body whose conversation spells those media fields in
snake_case (``_read_views.GenaiPartView``) is checked here as a google-genai body is, whatever its
settings hold: the general path reads it camelCased whole.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.providers.gemini._read_snake import DATA, SNAKE, camel, has_snake_case_names
from lmcodec.providers.gemini._read_typed_settings import Refused
from lmcodec.providers.gemini._read_views import BodyView

__all__ = ["GENAI_DECLARATION_KEYS", "GENAI_THINKING_KEYS", "genai_spelling_read"]

GENAI_THINKING_KEYS: Final = frozenset({"include_thoughts", "thinking_budget", "thinking_level"})
"""``ThinkingConfig``'s fields as google-genai writes them under ``thinkingConfig``."""
GENAI_DECLARATION_KEYS: Final = frozenset({"parameters_json_schema", "response_json_schema"})
"""``FunctionDeclaration``'s snake_case fields as google-genai writes them in a declaration."""
_THINKING_NAMES: Final = {name: camel(name) for name in GENAI_THINKING_KEYS}
_DECLARATION_NAMES: Final = {name: camel(name) for name in GENAI_DECLARATION_KEYS}


def _renamed(value: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """``value`` with the keys of ``names`` renamed in place (its order kept); :class:`Refused`
    where a renamed key is given in both spellings."""
    for name in names.keys() & value.keys():
        if names[name] in value:
            raise Refused
    return {names.get(key, key): item for key, item in value.items()}


def _holds_snake_case(value: Any) -> bool:
    """Whether ``value`` holds a snake_case field name where ``camel_case_fields`` renames one (the
    caller's data, ``_read_snake.DATA``, is not looked into): a check, no copy; iterative."""
    stack = [value]
    while stack:
        item = stack.pop()
        if type(item) is list:
            stack.extend(item)
        elif type(item) is dict:
            for key, inner in item.items():
                if "_" in key and SNAKE.fullmatch(key):
                    return True
                if key not in DATA and (type(inner) is dict or type(inner) is list):
                    stack.append(inner)
    return False


def _tools(tools: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tools with google-genai's declaration keys renamed; :class:`Refused` for a builtin tool
    named in snake_case (``google_search``: the general path reads it as ``googleSearch``, and the
    builder may write the tools back as they came, so that no snake_case name would be kept)."""
    out = []
    for entry in tools:
        if has_snake_case_names(entry):
            raise Refused
        declarations = entry.get("functionDeclarations")
        if type(declarations) is list:
            renamed = [
                _renamed(item, _DECLARATION_NAMES) if type(item) is dict else item for item in declarations
            ]
            entry = {**entry, "functionDeclarations": renamed}
        out.append(entry)
    return out


def _genai_spelled(whole: BodyView) -> bool:
    """Whether the settings hold one of google-genai's own snake_case keys where it writes them."""
    generation = whole.generation_config
    if generation is not UNSET:
        thinking = generation.get("thinkingConfig")
        if type(thinking) is dict and not GENAI_THINKING_KEYS.isdisjoint(thinking):
            return True
    if whole.tools is not UNSET:
        for entry in whole.tools:
            declarations = entry.get("functionDeclarations")
            if type(declarations) is list:
                for declaration in declarations:
                    if type(declaration) is dict and not GENAI_DECLARATION_KEYS.isdisjoint(declaration):
                        return True
    return False


def genai_spelling_read(
    whole: BodyView, extensions: dict[str, Any], conversation_spelled: bool = False
) -> tuple[BodyView, dict[str, Any]]:
    """The view with google-genai's own keys camelCased, as the general path's reading of the
    camelCased body has them; as given where it holds none and the conversation spelled no media
    field in snake_case (``conversation_spelled``: the general path reads such a body camelCased
    whole, its settings too). Raises :class:`Refused` for a body the
    general path must read: a field in both spellings, a snake_case name in an unmapped top-level
    value (the Request keeps those values as they are, unlooked-into) or a builtin tool's. Any other
    snake_case name in the settings makes a value the builder does not write back: it rides in
    extensions, and ``_read_snake.snake_case_kept`` sends the body the general path's way."""
    if not conversation_spelled and not _genai_spelled(whole):
        return whole, extensions
    if _holds_snake_case(extensions):
        raise Refused
    generation = whole.generation_config
    if generation is not UNSET:
        thinking = generation.get("thinkingConfig")
        if type(thinking) is dict:
            generation = {**generation, "thinkingConfig": _renamed(thinking, _THINKING_NAMES)}
    tools = whole.tools if whole.tools is UNSET else _tools(whole.tools)
    return msgspec.structs.replace(whole, generation_config=generation, tools=tools), extensions
