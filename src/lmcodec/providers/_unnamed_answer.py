"""A backend's body that names no model, translated without a request: written as the stream is.

A Gemini body without ``modelVersion`` (a Messages, Chat or Responses body without ``model``), read
with no request to name the model, is no Response for lm15: :func:`lmcodec.decode_response` refuses
it (``DecodeError``, "Response.model cannot be empty"), and so does ``lc.assemble`` the same answer
streamed ("the stream named no model"). ``lc.stream.translate`` passes the answer on: its start names
no model, which the Responses, Chat and Anthropic stream writers write as ``"model": ""`` and the
Gemini writer leaves out (``modelVersion`` is optional), all of which the openai, anthropic and
google-genai SDKs read. ``lc.translate_response`` refused the same answer as a body; it now writes it
as ``translate`` does: the answer read as lm15 reads it under a request (a stand-in whose model is
:data:`UNNAMED`, no config), each body written for it, its model then named ``""`` (Responses, Chat,
Anthropic) or left out (Gemini), as the stream's start names none. docs/writers.md ("The served
model")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import msgspec

from lmcodec.errors import LmcodecError
from lmcodec.wire import Message, Request, Response
from lmcodec.wire._float_literals import decode_any

__all__ = ["UNNAMED", "unnamed_answer", "unnamed_body"]

UNNAMED: Final = "lmcodec-unnamed-model"
"""The stand-in request's model: what lm15's reading names an answer whose body names none."""

_STAND_IN: Final = Request(model=UNNAMED, messages=(Message.user("."),))


def unnamed_answer(read: Callable[[Request], Response | None]) -> Response | None:
    """The Response ``read`` reads under the stand-in request (``decode_response``'s reading of a
    body, or ``gemini/_filtered.filtered_response``'s of a filtered one), where the body names no
    model (the Response names :data:`UNNAMED`); None where it is unreadable under a request too,
    or names a model (its refusal without a request was another)."""
    try:
        response = read(_STAND_IN)
    except LmcodecError:
        return None
    return response if response is not None and response.model == UNNAMED else None


def unnamed_body(dst: str, written: bytes) -> bytes:
    """``dst``'s body ``written`` for an :func:`unnamed_answer`, naming no model as the stream's
    writers name a start that names none: ``"model": ""`` in place, Gemini's ``modelVersion`` left
    out. The keys keep their order; numbers and strings are written again as msgspec wrote them."""
    data = decode_any(written)
    if dst == "gemini":
        data.pop("modelVersion", None)
    else:
        data["model"] = ""
    return msgspec.json.encode(data)
