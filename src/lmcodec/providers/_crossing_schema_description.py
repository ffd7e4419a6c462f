"""A structured-output schema's ``description`` sent where the destination has the field (red team
26 F07).

Chat's ``response_format.json_schema.description`` and Responses' ``text.format.description`` ("used
by the model to determine how to respond in the format") have no canonical field (INV-050: the
canonical response_format is ``type``, ``schema``, ``name``, ``strict``), and ``decode_request``
refuses them, as lm15's ingest does. The gateway's reading takes one out with a ``dropped`` note at
its path (``openai_chat/_read_lenient.py``, ``openai/_read_lenient.py``). To either OpenAI dialect
:func:`schema_description_back` writes it into the built body's format, after its ``name`` (where
the openai SDK's types declare it), and withdraws the note: the same dialect gets the body back as
written. Anthropic and Gemini have no such field: the note stands.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.wire import Adaptation
from lmcodec.wire._float_literals import decode_any

__all__ = ["schema_description_back"]

_READ_AT: Final = frozenset({"$.response_format.json_schema.description", "$.text.format.description"})
"""Where the gateway's readings take a description out (its note's field)."""


def schema_description_back(
    destination: str, body: bytes, notes: tuple[Adaptation, ...]
) -> tuple[bytes, tuple[Adaptation, ...]]:
    """``body`` (the Chat or Responses builder's) with the description a reading's note took out
    written in its structured-output format, that note withdrawn; ``body`` and ``notes`` as they
    are where there is no such note or the body has no json_schema format."""
    note = next((n for n in notes if n.field in _READ_AT and n.action == "dropped"), None)
    if note is None or not isinstance(note.asked, str):
        return body, notes
    value = decode_any(body)
    holder: Any = value.get("response_format") if destination == "openai_chat" else value.get("text")
    key = "json_schema" if destination == "openai_chat" else "format"
    fmt = holder.get(key) if isinstance(holder, dict) else None
    if not isinstance(fmt, dict) or "name" not in fmt:
        return body, notes
    written: dict[str, Any] = {}
    for name, item in fmt.items():
        written[name] = item
        if name == "name":
            written["description"] = note.asked
    holder[key] = written
    return msgspec.json.encode(value), tuple(n for n in notes if n is not note)
