"""A Gemini body Google filtered, read as the content-filter end it is (red team 34 F08).

Google answers a prompt it blocks (``promptFeedback.blockReason``) and an answer it stops for
safety, recitation, ... (``finishReason`` SAFETY, RECITATION, PROHIBITED_CONTENT, ...) with a 200.
lm15 1.5.0 reads both as a request error (``ProviderError``, code ``invalid_request``), and
:func:`lmcodec.decode_response` keeps that reading. Written on to another dialect's client, that is
an error where the answer is a finish; a gateway that answered it with a 5xx had the client's SDK
send the blocked prompt again. ``lc.stream.translate`` reads the same chunk streamed as its end
(``stream/_inband.py``); :func:`filtered_response` is that reading for a whole body, for
``lc.translate_response``. A finish of a call Gemini could not produce (:data:`TOOL_FINISHES`) is
no safety stop: it keeps lm15's error, as the stream's translation keeps it.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ProviderError
from lmcodec.providers.gemini.body import parse_response
from lmcodec.providers.gemini.views import CANDIDATE_FINISH_ERRORS
from lmcodec.wire import Request, Response
from lmcodec.wire._float_literals import decode_any

__all__ = ["TOOL_FINISHES", "filtered_response", "inband_body", "is_tool_finish"]

TOOL_FINISHES: Final = frozenset(
    {"MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS", "MISSING_THOUGHT_SIGNATURE"}
)
"""The in-band finishes of a call Gemini could not produce: no safety stop, but an error, as lm15
reads every in-band finish (red team 14 F08)."""


def is_tool_finish(reason: Any) -> bool:
    """Whether a candidate's ``finishReason`` is one of :data:`TOOL_FINISHES`. Tested as a string
    first: a hostile object or list there is no tool finish (lm15 reads its ``str()``, which names
    none), where a set membership test raised TypeError (red team 37 F01)."""
    return type(reason) is str and reason in TOOL_FINISHES


_INBAND: Final = frozenset({"promptFeedback", *CANDIDATE_FINISH_ERRORS})
"""The ``provider_code`` of lm15's in-band error (a blocked prompt, a candidate's finish)."""


def inband_body(body: bytes, refused: ProviderError) -> dict[str, Any] | None:
    """The decoded Gemini ``body`` when :func:`parse_response` ``refused`` it for an in-band finish
    (a 200 answer, no error envelope); ``None`` for any other refusal."""
    if refused.provider_code not in _INBAND:
        return None
    try:
        data: Any = decode_any(body)
    except (msgspec.MsgspecError, RecursionError):  # a body only lm15's fallback reads: its reading
        return None
    return data if isinstance(data, dict) and "error" not in data else None


def filtered_response(data: dict[str, Any], request: Request | None) -> Response | None:
    """The Response of an in-band finish body (:func:`inband_body`) Google's filter gave: the parts
    the candidate holds (the text before the filter stopped it), its usage, finish
    ``content_filter``, the body as ``provider_data``; ``None`` for a :data:`TOOL_FINISHES` one."""
    plain = {key: value for key, value in data.items() if key != "promptFeedback"}
    candidates = plain.get("candidates")
    if isinstance(candidates, list) and candidates and isinstance(candidates[0], dict):
        if is_tool_finish(candidates[0].get("finishReason")):
            return None
        first = {key: value for key, value in candidates[0].items() if key != "finishReason"}
        plain["candidates"] = [first, *candidates[1:]]
    response = parse_response(msgspec.json.encode(plain), request)
    return msgspec.structs.replace(response, finish_reason="content_filter", provider_data=data)
