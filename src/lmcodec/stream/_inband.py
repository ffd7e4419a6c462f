"""The end :func:`lmcodec.stream.translate` reads from a Gemini in-band finish.

Gemini ends an answer it stops for safety, recitation, a malformed function call, ... with a
200 chunk whose ``finishReason`` says so, and refuses a prompt with ``promptFeedback.blockReason``.
lm15 1.5.0 reads both as a stream error (lmcodec's decoder keeps that reading: ``provider_code``
``inband_finish_reason``), and a gateway that wrote that error on wrote a *request* error to its
client (Gemini ``400 INVALID_ARGUMENT``, Anthropic ``invalid_request_error``, Chat
``invalid_prompt``): no finish, no usage, and an agent does not retry a malformed call. So the
translator, and only it, maps such a chunk with :class:`InbandWatch`: the end it is, finish
``content_filter`` with the chunk's usage and the chunk as provider_data. Each destination then
writes its own finish for it (Chat ``content_filter``, Anthropic ``refusal``, Responses
``incomplete`` / ``content_filter``; the Gemini writer writes the chunk as it came).
"""

from __future__ import annotations

from typing import Any

from lmcodec.providers._mapper import LM15_CRASHES, EndFrame
from lmcodec.providers.gemini.stream import StreamMapper
from lmcodec.providers.gemini.views import gemini_usage
from lmcodec.wire import StreamErrorEvent

__all__ = ["InbandWatch"]


class InbandWatch(StreamMapper):
    """The Gemini mapper, mapping an in-band finish to its end instead of lm15's error."""

    __slots__ = ()

    def port_frame(self, payload: Any, out: list[Any]) -> None:
        super().port_frame(payload, out)
        if not out or type(out[-1]) is not StreamErrorEvent or "error" in payload:
            return
        if out[-1].error.provider_code != "inband_finish_reason":
            return
        try:
            usage = gemini_usage(payload.get("usageMetadata"))
        except LM15_CRASHES:  # a usage lm15 could not read: the finish without it
            usage = None
        out[-1] = EndFrame("content_filter", usage, payload)
