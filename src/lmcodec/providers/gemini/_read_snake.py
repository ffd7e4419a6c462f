"""GenerateContent bodies spelled with protobuf field names (``inline_data``, ``mime_type``,
``system_instruction``, ``generation_config``, ...), which the REST API accepts beside their JSON
names and its own curl examples use: the same body with every field name in lowerCamelCase.

Field names are renamed in the request's messages and settings; values that are the caller's
data stay as they are: function call ``args``, function ``response`` objects, schemas
(``parameters``, ``parametersJsonSchema``, ``responseSchema``, ...), ``labels`` and a builtin
tool's configuration (``google_search`` is read as ``googleSearch``, its value as given). A field given
in both spellings in one object is refused (the API would take one of them; which is not ours
to guess). The walk is iterative and looks at each value once.

Where the spelling sends a body the general path's way (:func:`snake_case_kept`: a snake_case field
the typed reading kept in the Request's extensions) and the body renamed for it
(:func:`camel_case_body`).
"""

from __future__ import annotations

import re
from typing import Any, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers.gemini._read_config import ANY, OVERRIDABLE
from lmcodec.wire import Request

__all__ = [
    "DATA",
    "SNAKE",
    "camel",
    "camel_case_body",
    "camel_case_fields",
    "has_snake_case_names",
    "holds_snake_case_fields",
    "snake_case_kept",
]

SNAKE: Final = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
DATA: Final = frozenset(
    {
        "args",
        "response",
        "parameters",
        "parametersJsonSchema",
        "responseSchema",
        "responseJsonSchema",
        "labels",
    }
)
"""Fields whose values are the caller's data (JSON objects or schemas), never renamed inside."""


def camel(name: str) -> str:
    """A protobuf field name as its JSON name (``mime_type`` -> ``mimeType``)."""
    head, *rest = name.split("_")
    return head + "".join(word[:1].upper() + word[1:] for word in rest)


def has_snake_case_names(names: Any) -> bool:
    """Whether any of ``names`` is a protobuf field name with an underscore."""
    for name in names:  # (a name without "_" is none: no regular expression run for it)
        if isinstance(name, str) and "_" in name and SNAKE.fullmatch(name):
            return True
    return False


def camel_case_fields(body: dict[str, Any]) -> dict[str, Any] | None:
    """``body`` with its snake_case field names in lowerCamelCase, or None when it has none."""
    renamed = False
    root: dict[str, Any] = {}
    stack: list[tuple[Any, Any, str, str]] = [(body, root, "$", "")]
    while stack:
        source, target, path, context = stack.pop()
        if isinstance(source, list):
            inner = "tool" if context == "tools" else ""
            for k, item in enumerate(source):
                target.append(_shell(item, stack, f"{path}[{k}]", inner))
            continue
        for name, value in source.items():
            key = name
            if SNAKE.fullmatch(name):
                key = camel(name)
                renamed = True
                if key in source:
                    raise ValidationError(f"{name!r} and {key!r} are one field given twice", f"{path}.{key}")
            if key in DATA or (context == "tool" and key != "functionDeclarations"):
                target[key] = value
            else:
                child = "tools" if path == "$" and key == "tools" else ""
                target[key] = _shell(value, stack, f"{path}.{key}", child)
    return root if renamed else None


def holds_snake_case_fields(body: dict[str, Any]) -> bool:
    """Whether :func:`camel_case_fields` would rename a field of ``body`` (or refuse one given twice),
    for a value decoded from JSON: the same walk, looking into the same values, without the copies,
    paths and a regular expression a key (a key without ``_`` is no snake_case name). Iterative."""
    stack: list[tuple[Any, str]] = [(body, "$")]
    while stack:
        source, context = stack.pop()
        if type(source) is list:
            inner = "tool" if context == "tools" else ""
            for item in source:
                if type(item) is dict or type(item) is list:
                    stack.append((item, inner))
            continue
        for key, value in source.items():
            if "_" in key and SNAKE.fullmatch(key):
                return True
            if key in DATA or (context == "tool" and key != "functionDeclarations"):
                continue
            if type(value) is dict or type(value) is list:
                stack.append((value, "tools" if context == "$" and key == "tools" else ""))
    return False


def _shell(value: Any, stack: list[tuple[Any, Any, str, str]], path: str, context: str) -> Any:
    """An empty copy of a container, queued to be filled; any other value as it is."""
    if isinstance(value, dict):
        shell: Any = {}
    elif isinstance(value, list):
        shell = []
    else:
        return value
    stack.append((value, shell, path, context))
    return shell


_OVERRIDABLE: Final = frozenset(OVERRIDABLE)
_ENCODER: Final = msgspec.json.Encoder()


def snake_case_kept(request: Request) -> bool:
    """Whether a snake_case field the reader did not map rides in the Request's extensions."""
    extensions = request.config.extensions
    if not extensions:
        return False
    return has_snake_case_names(extensions) or _overrides_hold_snake_case(extensions)


def _overrides_hold_snake_case(extensions: dict[str, Any]) -> bool:
    """Whether a top-level value kept verbatim (a wire shape the canonical fields would not
    rebuild) spells a field in snake_case: checked on those values, not the whole body again, by a
    walk that copies nothing; ``camel_case_fields`` runs only where it finds one (and refuses a field
    given twice, as before)."""
    kept = {key: value for key, value in extensions.items() if key in _OVERRIDABLE}
    return bool(kept) and holds_snake_case_fields(kept) and camel_case_fields(kept) is not None


def camel_case_body(body: bytes) -> bytes | None:
    """The body with its protobuf field names as JSON names, or None when it has none (or does
    not parse: the caller's error stands)."""
    try:
        tree = ANY.decode(body)
    except (msgspec.MsgspecError, RecursionError):
        return None
    camel = camel_case_fields(tree) if isinstance(tree, dict) else None
    return None if camel is None else _ENCODER.encode(camel)
