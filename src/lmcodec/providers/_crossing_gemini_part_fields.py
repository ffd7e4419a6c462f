"""Gemini part fields no canonical part carries, read by the gateway (red team 26 F05).

google-genai sends, and the Gemini API documents, a part's ``mediaResolution`` (Gemini 3's
per-part tokenization quality), a function response's ``willContinue`` and ``scheduling`` (a
NON_BLOCKING function's streamed results) and a Blob's or FileData's ``displayName`` (a media
label, which the API reads with its server-side tools), each in either spelling (google-genai
copies a function response and a Blob as they stand: ``will_continue``, ``display_name``).
``decode_request`` refuses them (no canonical field rebuilds them). ``lc.translate_request``, where
the reader refuses one (:func:`refuses_part_field`), takes them out of the body and reads it again
(:func:`part_fields_out`), each ``dropped`` at its path;
Gemini -> Gemini puts each back where the client wrote it and withdraws its note
(:func:`part_fields_back`), so the API answers the client's own body.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.wire import Adaptation

__all__ = ["REASONS", "part_fields_back", "part_fields_out", "refuses_part_field"]

_MARKS: Final = (
    b"mediaResolution",
    b"media_resolution",
    b"willContinue",
    b"will_continue",
    b"scheduling",
    b"displayName",
    b"display_name",
)
"""Byte marks of every key taken (a body spelling none is not decoded)."""
_DATA_KEYS: Final = {
    "text": "text",
    "inlineData": "inlineData",
    "inline_data": "inlineData",
    "fileData": "fileData",
    "file_data": "fileData",
    "functionCall": "functionCall",
    "function_call": "functionCall",
    "functionResponse": "functionResponse",
    "function_response": "functionResponse",
}
"""A part's data key, either spelling -> the spelling lm15's builder writes."""
_PART: Final = (
    "a media part's resolution (Gemini's per-part tokenization quality): no canonical part carries "
    "it; the part is sent"
)
_RESPONSE: Final = (
    "a function response's continuation or scheduling (Gemini's non-blocking functions): no canonical "
    "tool result carries it; the result is sent"
)
_MEDIA: Final = (
    "a media part's display name (Gemini's label): no canonical media part carries it; the media is sent"
)
_TAKEN: Final = {
    "": {"mediaResolution": _PART, "media_resolution": _PART},
    "functionResponse": {"willContinue": _RESPONSE, "will_continue": _RESPONSE, "scheduling": _RESPONSE},
    "inlineData": {"displayName": _MEDIA, "display_name": _MEDIA},
    "fileData": {"displayName": _MEDIA, "display_name": _MEDIA},
}
"""Where a key is taken from (the part itself, or its data object) -> the keys and their reasons."""
REASONS: Final = frozenset({_PART, _RESPONSE, _MEDIA})
_KEYS: Final = frozenset(key for keys in _TAKEN.values() for key in keys)
_UNKNOWN: Final = "Object contains unknown field `"

_Taken = tuple[str, int, str, str, Any]
"""(the part's data key as lm15 writes it, its ordinal among the parts of that key, where in the
part: "" or the data key, the key as the client spelled it, its value)."""


def part_fields_out(
    raw: bytes | bytearray | memoryview,
) -> tuple[bytes | bytearray | memoryview, tuple[Adaptation, ...]]:
    """``raw`` without these keys and one ``dropped`` note per key at its path; ``raw`` as it is
    when it holds none or is not a JSON object with a ``contents`` list (the reader's error stands)."""
    taken = _taken(raw)
    if taken is None:
        return raw, ()
    value, found = taken
    return msgspec.json.encode(value), tuple(
        Adaptation(field=path, action="dropped", reason=_TAKEN[where][key], asked=asked)
        for path, (_, _, where, key, asked) in found
    )


def refuses_part_field(error: ValidationError) -> bool:
    """Whether the reader's ``error`` refuses one of these keys (msgspec's unknown-field error), the
    one sign that a body holds them: a body without them pays nothing for this pass."""
    message = error.message
    return message.startswith(_UNKNOWN) and message[len(_UNKNOWN) :].split("`", 1)[0] in _KEYS


def part_fields_back(
    raw: bytes | bytearray | memoryview, body: bytes, notes: tuple[Adaptation, ...]
) -> tuple[bytes, tuple[Adaptation, ...]]:
    """``body`` (lm15's Gemini build of the client's ``raw`` body read without these keys) with each
    key back on the part the client wrote it on, and ``notes`` without their notes. The n-th part
    of a data key in the client's body is the n-th of that key in the built one; a key whose part
    cannot be found so (the counts differ) stays out, its note kept."""
    if not any(note.reason in REASONS for note in notes):
        return body, notes
    taken = _taken(raw)
    if taken is None:
        return body, notes
    value = msgspec.json.decode(body)
    built = _parts_by_data_key(value)
    asked = _parts_by_data_key(msgspec.json.decode(raw))
    back: set[str] = set()
    for path, (data_key, ordinal, where, key, asked_value) in taken[1]:
        parts = built.get(data_key, [])
        if len(parts) != len(asked.get(data_key, ())):
            continue
        target = parts[ordinal] if where == "" else parts[ordinal].get(where)
        if isinstance(target, dict):
            target[key] = asked_value
            back.add(path)
    if not back:
        return body, notes
    kept = tuple(note for note in notes if note.reason not in REASONS or note.field not in back)
    return msgspec.json.encode(value), kept


def _taken(raw: bytes | bytearray | memoryview) -> tuple[Any, list[tuple[str, _Taken]]] | None:
    """The body decoded with these keys taken out, and (path, what was taken) of each; None when
    it holds none."""
    data = raw.tobytes() if isinstance(raw, memoryview) else raw
    if not any(mark in data for mark in _MARKS):
        return None
    try:
        value = msgspec.json.decode(data)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    contents = value.get("contents") if isinstance(value, dict) else None
    if not isinstance(contents, list):
        return None
    found: list[tuple[str, _Taken]] = []
    seen: dict[str, int] = {}
    for i, content in enumerate(contents):
        parts = content.get("parts") if isinstance(content, dict) else None
        if not isinstance(parts, list):
            continue
        for j, part in enumerate(parts):
            if not isinstance(part, dict):
                continue
            data_key = next((_DATA_KEYS[key] for key in part if key in _DATA_KEYS), "")
            ordinal = seen.get(data_key, 0)
            seen[data_key] = ordinal + 1
            for spelled, where in ((key, _DATA_KEYS[key]) for key in list(part) if key in _DATA_KEYS):
                _take(
                    part.get(spelled),
                    f"$.contents[{i}].parts[{j}].{spelled}",
                    where,
                    data_key,
                    ordinal,
                    found,
                )
            _take(part, f"$.contents[{i}].parts[{j}]", "", data_key, ordinal, found)
    return (value, found) if found else None


def _take(
    holder: Any, path: str, where: str, data_key: str, ordinal: int, found: list[tuple[str, _Taken]]
) -> None:
    keys = _TAKEN.get(where)
    if keys is None or not isinstance(holder, dict):
        return
    for key in keys:
        if key in holder:
            found.append((f"{path}.{key}", (data_key, ordinal, where, key, holder.pop(key))))


def _parts_by_data_key(value: Any) -> dict[str, list[dict[str, Any]]]:
    """A Gemini body's parts, in order, by their data key as lm15's builder spells it."""
    out: dict[str, list[dict[str, Any]]] = {}
    contents = value.get("contents") if isinstance(value, dict) else None
    for content in contents if isinstance(contents, list) else ():
        parts: Any = content.get("parts") if isinstance(content, dict) else None
        for part in parts if isinstance(parts, list) else ():
            if isinstance(part, dict):
                data_key = next((_DATA_KEYS[key] for key in part if key in _DATA_KEYS), "")
                out.setdefault(data_key, []).append(part)
    return out
