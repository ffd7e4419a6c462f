"""A Response built as ``Response(...)`` builds it at a fraction of its cost, from parts a mapper
proved: below the stream layer, so that a mapper's straight path (``lone_chunk``) builds its
answer's Response itself, and the Assembler (``stream/_response.py``) copies the same template."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.wire import Message, Part, Request, Response, TextPart, Usage
from lmcodec.wire.telemetry import FinishReason

__all__ = ["RESPONSE", "answer_model", "parts_response"]

_new = msgspec.StructMeta.__call__  # a Struct without the checks of its class call (typed values)
_replace = msgspec.structs.replace
RESPONSE: Final = _new(
    Response,
    id=None,
    model="m",
    message=_new(Message, role="assistant", parts=(_new(TextPart, text=""),)),
    finish_reason="stop",
    usage=Usage(),
)
"""The template copied by msgspec.structs.replace (its __post_init__ run), about twice as fast as a
keyword call of StructMeta.__call__; every field that differs is given."""
_copy_message = RESPONSE.message.__copy__
_force_setattr = msgspec.structs.force_setattr


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
    state or adaptations) and one end, as ``stream/_response.response_of`` builds it: ``model`` a
    non-empty str, ``id`` None or a non-empty str, ``parts`` a non-empty tuple of proven parts, none
    a ToolResultPart (an answer's), ``provider_data`` None or a dict msgspec read (strict JSON)."""
    # the template's copy with its parts set: Message.__post_init__ (~1.4k instructions, a Python
    # call from C) checks an assistant message for ToolResultParts, and no reader's parts are one
    message = _copy_message()
    _force_setattr(message, "parts", parts)
    response: Response = _replace(
        RESPONSE,
        id=id,
        model=model,
        message=message,
        finish_reason=finish_reason,
        usage=usage,
        provider_data=provider_data,
    )
    return response


def answer_model(stream_request: Request | None, named: str | None, request: Request | None) -> str | None:
    """The model a straight-path answer takes where no start frame named one, as the Assembler takes
    it: the stream's (``stream_request``'s model, else the model the first frame ``named``, None
    where it names no non-empty str: the mapper's ``named_model``, which a caller asks only where
    the stream has no request), else the model of assemble's ``request``; None where that is no non-empty str
    (a Request's model replaced by another value: the general way answers as it does). A caller
    takes the stream request's model, where it is a non-empty str, without the call (this rule's
    first answer: a call costs ~0.9k instructions, 2% of a Gemini one-chunk answer)."""
    model = stream_request.model if stream_request is not None else named
    if not model and request is not None:
        model = request.model
    return model if type(model) is str and model else None
