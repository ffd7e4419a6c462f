"""Gemini -> Gemini: a client's function response error objects sent back as the client wrote them.

The gateway's reading takes a function response with an ``error`` object (``{"error": {"code":
404, "message": ...}}``, google-genai's way to report a failed call) as a failed result whose text
is the error's JSON (``gemini/_read_lenient.py``), which every dialect carries; lm15's Gemini builder
writes it back as ``{"error": "<that JSON as a string>"}``. To Gemini itself nothing needs to
change (red team 24 F04): :func:`error_responses_back` puts each such response back as it came.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers.gemini._read_lenient import ERROR_REASON, failed
from lmcodec.wire import Adaptation
from lmcodec.wire._float_literals import decode_any

__all__ = ["error_responses_back"]

_RESPONSE_KEYS: Final = ("functionResponse", "function_response")


def error_responses_back(
    raw: bytes | bytearray | memoryview, body: bytes, notes: tuple[Adaptation, ...]
) -> tuple[bytes, tuple[Adaptation, ...]]:
    """``body`` (built by lm15's Gemini builder from the client's ``raw`` body) with each failed
    function response as the client sent it, and ``notes`` without the notes of those read as
    error text. The builder writes one function response a failed result, in order, so the n-th
    failed response of the client's body is the n-th ``error`` response of the built one; where the
    counts differ, ``body`` and ``notes`` are given back unchanged."""
    if not any(note.reason == ERROR_REASON for note in notes):
        return body, notes
    asked = [answer for answer in _responses(decode_any(raw)) if failed(answer)]
    value = decode_any(body)
    built = [
        call
        for call in _calls(value)
        if isinstance(call.get("response"), dict) and "error" in call["response"]
    ]
    if len(asked) != len(built):
        return body, notes
    for call, answer in zip(built, asked, strict=True):
        call["response"] = answer
    kept = tuple(note for note in notes if note.reason != ERROR_REASON)
    return msgspec.json.encode(value), kept


def _calls(value: Any) -> list[dict[str, Any]]:
    """The function responses of a Gemini body's contents, in order (either spelling)."""
    out: list[dict[str, Any]] = []
    contents = value.get("contents") if isinstance(value, dict) else None
    for content in contents if isinstance(contents, list) else ():
        parts = content.get("parts") if isinstance(content, dict) else None
        for part in parts if isinstance(parts, list) else ():
            for key in _RESPONSE_KEYS:
                call = part.get(key) if isinstance(part, dict) else None
                if isinstance(call, dict):
                    out.append(call)
    return out


def _responses(value: Any) -> list[dict[str, Any]]:
    return [call["response"] for call in _calls(value) if isinstance(call.get("response"), dict)]
