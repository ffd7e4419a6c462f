"""Function responses as Gemini's docs and google-genai users write them, which ``decode_request``
refuses, as the gateway's reading (``lc.translate_request``) takes them (red-team gateway F09).

``decode_request`` is exact: a ``functionResponse.response`` is carried as ``{"result": text}`` or
``{"error": text}``, what lm15 writes. Gemini's own docs write ``{"output": ...}``, and SDK users
pass any object (``{"temp_c": 18}``). A gateway reading a refused body writes each other response
as ``{"result": text}`` - the text of ``output`` when it is a string, else the object's JSON (the
tool result every other dialect carries as text) - and reads it again, one ``substituted``
Adaptation per response, named by its JSON path in the client's body. A response with a non-null
``error`` key (``{"error": {"code": 404, ...}}``) is the call's failure (google-genai's
``FunctionResponse.response``: "error" key to specify error details; red team 24 F04): it is
written as ``{"error": text}`` (the error's text, else its JSON; the whole object's JSON beside
other keys), so every dialect gets a failed result; Gemini to Gemini gets it back as it came
(``providers/_crossing_signatures.error_responses_back``). The typed path reads such
a response so itself where it takes the body (:func:`substituted_response`: google-genai's agent
loop answers every call so); only a body it refuses is rewritten here and read again.

A replayed answer of Gemini's code execution tool (red-team 5 F13): its ``executableCode`` and
``codeExecutionResult`` parts (google-genai's chat history keeps them) have no canonical part
(lm15 reads them as unmapped) and no builder sends them back; they are what the server ran, and
the answer's text says what came of it. Each is left out (``dropped``), and a turn of nothing else
goes with it (named too).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.wire import Adaptation
from lmcodec.wire._float_literals import decode_any

__all__ = ["ERROR_REASON", "failed", "sdk_responses_out", "substituted_response"]

_REASON: Final = (
    "a function response object other than {result: text} / {error: text}: sent as the result "
    "text every dialect carries (its output text, else its JSON)"
)
ERROR_REASON: Final = (
    "a function response with an error object: the call's failure, sent as the error text every "
    "dialect carries (its JSON)"
)
_KEPT: Final = (frozenset({"result"}), frozenset({"error"}))
_SUBSTITUTED: Final = Adaptation(field="-", action="substituted", reason=_REASON)
"""The note's prototype: :func:`substituted_response` copies it (``msgspec.structs.replace``) rather
than run the checked constructor, which walks ``asked`` twice as a JSON value (~45k instructions a
note, three a google-genai agent loop); its words are checked here once."""


def sdk_responses_out(body: bytes | bytearray | memoryview) -> tuple[bytes, list[Adaptation]] | None:
    """``body`` with each other function response as ``{"result": text}``, and one note each;
    None when it holds none (or is no JSON object: the reader's own error stands)."""
    try:
        value = decode_any(body)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    contents = value.get("contents") if isinstance(value, dict) else None
    if not isinstance(contents, list):
        return None
    notes: list[Adaptation] = []
    emptied: list[int] = []
    for i, content in enumerate(contents):
        parts = content.get("parts") if isinstance(content, dict) else None
        if isinstance(parts, list) and _code_execution_out(parts, i, notes):
            emptied.append(i)
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
            text, note = substituted_response(answer, (i, j))
            call["response"] = {"error" if failed(answer) else "result": text}
            notes.append(note)
    if not notes:
        return None
    if emptied:  # one pass (del in a loop would be quadratic in a hostile body)
        gone = set(emptied)
        contents[:] = [content for i, content in enumerate(contents) if i not in gone]
    return msgspec.json.encode(value), notes


_CODE_KEYS: Final = frozenset(
    {"executableCode", "codeExecutionResult", "executable_code", "code_execution_result"}
)
_CODE_REASON: Final = (
    "a code execution part of a replayed answer: no canonical part carries it (lm15 reads it as "
    "unmapped) and no builder sends it back; the answer's text is sent"
)
_CODE_TURN: Final = "a turn of code execution parts only: nothing of it is left to send"


def _code_execution_out(parts: list[Any], i: int, notes: list[Adaptation]) -> bool:
    """Take the code execution parts out of ``parts`` (in place), one note each; whether that left
    the turn empty (then noted too)."""
    code = [j for j, part in enumerate(parts) if isinstance(part, dict) and not _CODE_KEYS.isdisjoint(part)]
    if not code:
        return False
    for j in code:
        where = f"$.contents[{i}].parts[{j}]"
        notes.append(Adaptation(field=where, action="dropped", reason=_CODE_REASON, asked=parts[j]))
    left_out = set(code)
    parts[:] = [part for j, part in enumerate(parts) if j not in left_out]
    if parts:
        return False
    notes.append(Adaptation(field=f"$.contents[{i}]", action="dropped", reason=_CODE_TURN))
    return True


def substituted_response(answer: dict[str, Any], where: tuple[int, int]) -> tuple[str, Adaptation]:
    """The result text a function response object other than ``{"result": text}`` /
    ``{"error": text}`` is sent as, and its note (``where``: the part's content and part index);
    the typed path's reading of such a response too. ``answer`` is a JSON object as msgspec decoded
    it (string keys, finite numbers: what the checked constructor would store as given)."""
    text = _text(answer)
    field = f"$.contents[{where[0]}].parts[{where[1]}].functionResponse.response"
    reason = ERROR_REASON if failed(answer) else _REASON
    note: Adaptation = msgspec.structs.replace(
        _SUBSTITUTED, field=field, reason=reason, asked=answer, applied=text
    )
    return text, note


def failed(answer: dict[str, Any]) -> bool:
    """Whether a function response object reports the call's failure: an ``error`` key that is not
    null (null: no error details)."""
    return answer.get("error") is not None


def _carried(answer: dict[str, Any]) -> bool:
    return frozenset(answer) in _KEPT and all(isinstance(v, str) for v in answer.values())


def _text(answer: dict[str, Any]) -> str:
    value: Any = answer
    if len(answer) == 1 and "output" in answer:
        value = answer["output"]
    elif len(answer) == 1 and failed(answer):
        value = answer["error"]
    return value if isinstance(value, str) else msgspec.json.encode(value).decode()
