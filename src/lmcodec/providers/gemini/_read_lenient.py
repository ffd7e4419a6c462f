"""Function responses as Gemini's docs and google-genai users write them, which ``decode_request``
refuses, as the gateway's reading (``lc.translate_request``) takes them (red-team gateway F09).

``decode_request`` is exact: a ``functionResponse.response`` is carried as ``{"result": text}`` or
``{"error": text}``, what lm15 writes. Gemini's own docs write ``{"output": ...}``, and SDK users
pass any object (``{"temp_c": 18}``). A gateway reading a refused body writes each other response
as ``{"result": text}`` - the text of ``output`` when it is a string, else the object's JSON (the
tool result every other dialect carries as text) - and reads it again, one ``substituted``
Adaptation per response, named by its JSON path in the client's body. Only a body
``decode_request`` refuses is read twice.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.wire import Adaptation

__all__ = ["sdk_responses_out"]

_REASON: Final = (
    "a function response object other than {result: text} / {error: text}: sent as the result "
    "text every dialect carries (its output text, else its JSON)"
)
_KEPT: Final = (frozenset({"result"}), frozenset({"error"}))


def sdk_responses_out(body: bytes | bytearray | memoryview) -> tuple[bytes, list[Adaptation]] | None:
    """``body`` with each other function response as ``{"result": text}``, and one note each;
    None when it holds none (or is no JSON object: the reader's own error stands)."""
    try:
        value = msgspec.json.decode(body)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    contents = value.get("contents") if isinstance(value, dict) else None
    if not isinstance(contents, list):
        return None
    notes: list[Adaptation] = []
    for i, content in enumerate(contents):
        parts = content.get("parts") if isinstance(content, dict) else None
        for j, part in enumerate(parts if isinstance(parts, list) else ()):
            call = (
                part.get("functionResponse", part.get("function_response"))
                if isinstance(part, dict)
                else None
            )
            if not isinstance(call, dict):
                continue
            answer = call.get("response")
            if not isinstance(answer, dict) or not answer or _carried(answer):
                continue
            text = _text(answer)
            call["response"] = {"result": text}
            where = f"$.contents[{i}].parts[{j}].functionResponse.response"
            notes.append(
                Adaptation(field=where, action="substituted", reason=_REASON, asked=answer, applied=text)
            )
    if not notes:
        return None
    return msgspec.json.encode(value), notes


def _carried(answer: dict[str, Any]) -> bool:
    return frozenset(answer) in _KEPT and all(isinstance(v, str) for v in answer.values())


def _text(answer: dict[str, Any]) -> str:
    value = answer["output"] if answer.keys() == {"output"} else answer
    return value if isinstance(value, str) else msgspec.json.encode(value).decode()
