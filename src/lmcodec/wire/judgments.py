"""Judgment answers (MAP-14; lm15 ``judgments.py``): does a request's schema declare one, and the
TextPart of such an answer becoming a DataPart.

Shared by stream assembly (:mod:`lmcodec.stream.assembler`) and the complete-body
provider parsers (:mod:`lmcodec.providers`); depends on the wire types only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from lmcodec.wire import DataPart, Part, Request, TextPart

__all__ = ["declares_judgments", "replace_text_with_data", "schema_has_judgments"]

_BOX_EDGES: Final = frozenset({"top", "bottom", "left", "right"})


def _is_box(prop: Mapping[str, Any]) -> bool:
    if prop.get("type", "object") != "object":
        return False
    props = prop.get("properties")
    if not isinstance(props, dict) or set(props) != _BOX_EDGES:
        return False
    return all(isinstance(edge, dict) and edge.get("type") == "number" for edge in props.values())


def _is_judgment(prop: Any) -> bool:
    """lm15 ``_judgment_of(name, prop) is not None``."""
    if not isinstance(prop, dict):
        return False
    if _is_box(prop) or prop.get("type") == "boolean":
        return True
    enum = prop.get("enum")
    branches = prop.get("anyOf")
    if (
        not isinstance(branches, list)
        or not branches
        or not all(isinstance(b, dict) and "const" in b for b in branches)
    ):
        branches = None
    values: list[Any]
    if isinstance(enum, list) and enum and branches is None:
        values = enum
    elif branches is not None and enum is None:
        values = [b["const"] for b in branches]
    else:
        return False
    if all(isinstance(v, str) and v for v in values):
        return prop.get("type") in (None, "string") and len(set(values)) == len(values)
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        if prop.get("type") not in (None, "integer"):
            return False
        return len(values) >= 2 and values == list(range(len(values)))
    return False


def schema_has_judgments(response_format: Any) -> bool:
    """lm15 ``bool(request_judgments(request))`` for a request's ``response_format``."""
    if not isinstance(response_format, dict) or response_format.get("type") != "json_schema":
        return False
    schema = response_format.get("schema")
    if not isinstance(schema, dict) or schema.get("type") not in (None, "object"):
        return False
    props = schema.get("properties")
    if not isinstance(props, dict):
        return False
    return any(isinstance(name, str) and _is_judgment(prop) for name, prop in props.items())


def declares_judgments(request: Request) -> bool:
    """Whether the request's ``json_schema`` response format declares a judgment (lm15 request_judgments)."""
    return schema_has_judgments(request.config.response_format)


def replace_text_with_data(
    parts: list[Part], loads: Callable[[str], Any], errors: tuple[type[BaseException], ...]
) -> None:
    """lm15 ``replace_text_with_data``, in place: the single TextPart of a judgment answer,
    when ``loads`` reads its stripped text as a JSON object, becomes a DataPart.

    ``errors`` are the exceptions of ``loads`` that leave the parts as they are
    (any other propagates: the complete-body parsers let lm15's crashes through)."""
    found: TextPart | None = None
    position = -1
    for i, part in enumerate(parts):
        if type(part) is TextPart:
            if found is not None:
                return
            found, position = part, i
    if found is None:
        return
    try:
        value = loads(found.text.strip())
    except errors:
        return
    if isinstance(value, dict):
        parts[position] = DataPart(value=value, continuation=found.continuation)
