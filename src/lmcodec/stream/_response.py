"""The assembled Response, built as ``Response(...)`` builds it at a fraction of its cost."""

from __future__ import annotations

from typing import Any, get_args

import msgspec

from lmcodec.providers._response import RESPONSE as _RESPONSE
from lmcodec.wire import Message, Response, Usage
from lmcodec.wire._checks import check_json_object
from lmcodec.wire.telemetry import FinishReason

__all__ = ["response_of"]

_replace = msgspec.structs.replace
_FINISH_REASONS = frozenset(get_args(FinishReason))


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
