"""The assembled Response, built as ``Response(...)`` builds it at a fraction of its cost."""

from __future__ import annotations

from typing import Any, get_args

import msgspec

from lmcodec.wire import Message, Part, Response, TextPart, Usage
from lmcodec.wire._checks import check_json_object
from lmcodec.wire.telemetry import FinishReason

__all__ = ["parts_response", "response_of"]

_new = msgspec.StructMeta.__call__  # a Struct without the checks of its class call (typed values)
_replace = msgspec.structs.replace
_FINISH_REASONS = frozenset(get_args(FinishReason))
_RESPONSE = _new(
    Response,
    id=None,
    model="m",
    message=_new(Message, role="assistant", parts=(_new(TextPart, text=""),)),
    finish_reason="stop",
    usage=Usage(),
)
"""The template copied by msgspec.structs.replace (its __post_init__ run), about twice as fast as a
keyword call of StructMeta.__call__; every field that differs is given."""
_MESSAGE = _RESPONSE.message
_copy_message = _MESSAGE.__copy__
_force_setattr = msgspec.structs.force_setattr


def response_of(
    strict_data: bool,
    id: str | None,
    model: str,
    message: Message,
    finish_reason: Any,
    usage: Any,
    logprobs: Any,
    logprobs_complete: Any,
    provider_data: Any,
    adaptations: Any,
) -> Response:
    """``Response(...)`` for the fields :meth:`lmcodec.Assembler._build` gathers: built without the
    class call's checks when the values that come from events are of the types it checks
    (the message, logprobs and adaptations are checked Structs already), with the one check
    that walks a value, ``provider_data``'s, made as the constructor makes it unless the data
    is known strict JSON (``strict_data``: read by msgspec); else the class call."""
    if (
        type(model) is str
        and model
        and (id is None or (type(id) is str and id))
        and finish_reason in _FINISH_REASONS
        and type(usage) is Usage
        and type(logprobs_complete) is bool
    ):
        if provider_data is not None and (not strict_data or type(provider_data) is not dict):
            check_json_object(provider_data, "Response.provider_data")
        response: Response = _replace(
            _RESPONSE,
            id=id,
            model=model,
            message=message,
            finish_reason=finish_reason,
            usage=usage,
            logprobs=logprobs,
            logprobs_complete=logprobs_complete,
            provider_data=provider_data,
            adaptations=adaptations,
        )
        return response
    return Response(
        id=id,
        model=model,
        message=message,
        finish_reason=finish_reason,
        usage=usage,
        logprobs=logprobs,
        logprobs_complete=logprobs_complete,
        provider_data=provider_data,
        adaptations=adaptations,
    )


def parts_response(
    model: str,
    parts: tuple[Part, ...],
    finish_reason: FinishReason,
    usage: Usage,
    provider_data: Any,
    id: str | None = None,
) -> Response:
    """The Response :meth:`lmcodec.Assembler._build` builds for a stream whose slots hold ``parts``
    (one part a slot, each with its slot's continuation states; no logprobs, message continuation
    state or adaptations) and one end, as :func:`response_of` builds it: ``model`` a non-empty str,
    ``id`` None or a non-empty str, ``parts`` a non-empty tuple of proven parts, none a
    ToolResultPart (an answer's), ``provider_data`` None or a dict msgspec read (strict JSON)."""
    # the template's copy with its parts set: Message.__post_init__ (~1.4k instructions, a Python
    # call from C) checks an assistant message for ToolResultParts, and no reader's parts are one
    message = _copy_message()
    _force_setattr(message, "parts", parts)
    response: Response = _replace(
        _RESPONSE,
        id=id,
        model=model,
        message=message,
        finish_reason=finish_reason,
        usage=usage,
        provider_data=provider_data,
    )
    return response
