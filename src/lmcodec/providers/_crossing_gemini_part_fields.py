"""Gemini part fields no canonical part carries, read by the gateway (red team 26 F05).

google-genai sends, and the Gemini API documents, a part's ``mediaResolution`` (Gemini 3's
per-part tokenization quality), a function response's ``willContinue`` and ``scheduling`` (a
NON_BLOCKING function's streamed results) and a Blob's or FileData's ``displayName`` (a media
label, which the API reads with its server-side tools), each in either spelling (google-genai
copies a function response and a Blob as they stand: ``will_continue``, ``display_name``), on a
content's part, on a function response's own parts (FunctionResponsePart: its ``mediaResolution``,
its Blob's or FileData's ``displayName``) and on the system instruction's parts.
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
from lmcodec.providers._key_marks import holds_mark
from lmcodec.wire import Adaptation
from lmcodec.wire._float_literals import decode_any

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
"""Byte marks of every key taken (a body spelling none, as its bytes or with ``\\u`` escapes, is
not decoded)."""
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

_SYSTEM: Final = "systemInstruction"
"""The group of the system instruction's parts (beside the data keys of the contents' parts)."""
_SYSTEM_KEYS: Final = ("systemInstruction", "system_instruction")
_RESPONSE_KEYS: Final = ("functionResponse", "function_response")

_Taken = tuple[str, int, int | None, str, str, Any]
"""(the part's group: its data key as lm15 writes it, or the system instruction; its ordinal in
that group; the index of the function response's own part it is on, or None; where in that part:
"" or the data key; the key as the client spelled it; its value)."""


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
        for path, (_, _, _, where, key, asked) in found
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
    value = decode_any(body)
    built = _parts_by_data_key(value)
    asked = _parts_by_data_key(decode_any(raw))
    back: set[str] = set()
    for path, (group, ordinal, nested, where, key, asked_value) in taken[1]:
        parts = built.get(group, [])
        if len(parts) != len(asked.get(group, ())):
            continue
        part: Any = parts[ordinal]
        if nested is not None:  # a function response's own part: the n-th of n, as the client's
            own = _response_parts(part)
            if len(own) != len(_response_parts(asked[group][ordinal])):
                continue
            part = own[nested]
        target = part if where == "" else part.get(where)
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
    if not holds_mark(data, _MARKS):
        return None
    try:
        value = decode_any(data)
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
            _take_part(part, f"$.contents[{i}].parts[{j}]", (data_key, ordinal, None), found)
            for spelled in _RESPONSE_KEYS:
                response = part.get(spelled)
                own = response.get("parts") if isinstance(response, dict) else None
                for k, inner in enumerate(own if isinstance(own, list) else ()):
                    path = f"$.contents[{i}].parts[{j}].{spelled}.parts[{k}]"
                    _take_part(inner, path, (data_key, ordinal, k), found)
    for spelled in _SYSTEM_KEYS:
        system = value.get(spelled)
        parts = system.get("parts") if isinstance(system, dict) else None
        for k, part in enumerate(parts if isinstance(parts, list) else ()):
            _take_part(part, f"$.{spelled}.parts[{k}]", (_SYSTEM, k, None), found)
    return (value, found) if found else None


def _take_part(
    part: Any, path: str, at: tuple[str, int, int | None], found: list[tuple[str, _Taken]]
) -> None:
    """The keys taken from ``part`` (at ``path``; ``at``: its group, ordinal and own index) and
    from its data object."""
    if not isinstance(part, dict):
        return
    for spelled in [key for key in part if key in _DATA_KEYS]:
        _take(part.get(spelled), f"{path}.{spelled}", _DATA_KEYS[spelled], at, found)
    _take(part, path, "", at, found)


def _take(
    holder: Any, path: str, where: str, at: tuple[str, int, int | None], found: list[tuple[str, _Taken]]
) -> None:
    keys = _TAKEN.get(where)
    if keys is None or not isinstance(holder, dict):
        return
    for key in keys:
        if key in holder:
            found.append((f"{path}.{key}", (*at, where, key, holder.pop(key))))


def _response_parts(part: dict[str, Any]) -> list[Any]:
    """A function response part's own parts (either spelling), [] where it has none."""
    response = next((part[key] for key in _RESPONSE_KEYS if key in part), None)
    own = response.get("parts") if isinstance(response, dict) else None
    return own if isinstance(own, list) else []


def _parts_by_data_key(value: Any) -> dict[str, list[dict[str, Any]]]:
    """A Gemini body's parts, in order, by their data key as lm15's builder spells it, and the
    system instruction's parts."""
    out: dict[str, list[dict[str, Any]]] = {}
    system = (
        next((value[key] for key in _SYSTEM_KEYS if key in value), None) if isinstance(value, dict) else None
    )
    own = system.get("parts") if isinstance(system, dict) else None
    if isinstance(own, list):
        out[_SYSTEM] = own
    contents = value.get("contents") if isinstance(value, dict) else None
    for content in contents if isinstance(contents, list) else ():
        parts: Any = content.get("parts") if isinstance(content, dict) else None
        for part in parts if isinstance(parts, list) else ():
            if isinstance(part, dict):
                data_key = next((_DATA_KEYS[key] for key in part if key in _DATA_KEYS), "")
                out.setdefault(data_key, []).append(part)
    return out
