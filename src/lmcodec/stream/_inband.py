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
``incomplete`` / ``content_filter``; the Gemini writer writes the chunk as it came). A finish of a
call Gemini could not produce (``MALFORMED_FUNCTION_CALL``, ``UNEXPECTED_TOOL_CALL``,
``TOO_MANY_TOOL_CALLS``, ``MISSING_THOUGHT_SIGNATURE``) is no safety stop: another dialect's client
gets the error lm15 reads from it, its message Gemini's ``finishMessage`` (:func:`tool_finish_error`).

Such a chunk may carry parts of the answer too (the text before the filter stopped it: red team 11
F02). lm15 yields its error before them, so they were lost to every client but Gemini's (which got
the chunk, parts and all). The translator hands them on first, as lm15 maps the parts of any chunk,
then the end; its provider_data is the chunk without the parts handed on, a part lm15 does not read
(``executableCode``, ...) left in it. The mapper of a Gemini client's translation hands no parts
(:attr:`InbandWatch.hands_parts`): the chunk, parts and all, is the end's provider_data, which the
Gemini writer writes as it came, as a Gemini client gets the body (``lc.translate_response``) and
a STOP chunk (red team 37 F04: it got the parts, then the finish, in two chunks of lmcodec's).
"""

from __future__ import annotations

from typing import Any, ClassVar

from lmcodec.providers._mapper import LM15_CRASHES, EndFrame
from lmcodec.providers.gemini._filtered import TOOL_FINISHES, is_tool_finish
from lmcodec.providers.gemini.port import port_frame
from lmcodec.providers.gemini.stream import StreamMapper
from lmcodec.providers.gemini.views import gemini_usage
from lmcodec.wire import StreamDeltaEvent, StreamEndEvent, StreamErrorEvent

__all__ = ["TOOL_FINISHES", "InbandWatch", "tool_finish_error"]


class InbandWatch(StreamMapper):
    """The Gemini mapper, mapping an in-band finish to its end instead of lm15's error."""

    __slots__ = ()

    hands_parts: ClassVar[bool] = True
    """Whether the in-band finish chunk's parts go out before its end, as their deltas (for a client
    of another dialect, whose writer writes the end as its own finish)."""

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
        parts = _parts(payload) if self.hands_parts else []
        out[-1:] = [*parts, EndFrame("content_filter", usage, _without_handed(payload, parts))]


def _parts(payload: dict[str, Any]) -> list[Any]:
    """The deltas lm15 maps from the in-band finish chunk's parts (none when it has none)."""
    candidates = payload.get("candidates")
    candidate = candidates[0] if isinstance(candidates, list) and candidates else None
    if not isinstance(candidate, dict) or not isinstance(candidate.get("content"), dict):
        return []
    parts: list[Any] = []
    port_frame({"candidates": [{"content": candidate["content"]}]}, parts)
    return parts


def _without_handed(payload: dict[str, Any], parts: list[Any]) -> dict[str, Any]:
    """``payload`` without the parts ``parts`` (its deltas) hands on; the chunk itself when none."""
    handed = {event.delta.part_index for event in parts if type(event) is StreamDeltaEvent}
    if not handed:
        return payload
    candidate = payload["candidates"][0]
    content = candidate["content"]
    kept = [part for i, part in enumerate(content.get("parts") or ()) if i not in handed]
    rest = {key: value for key, value in candidate.items() if key != "content"}
    if kept:
        rest = {"content": {**content, "parts": kept}, **rest}
    return {**payload, "candidates": [rest, *payload["candidates"][1:]]}


def tool_finish_error(end: StreamEndEvent) -> StreamErrorEvent | None:
    """The error lm15 reads from the in-band finish ``end`` carries when it is one of
    :data:`TOOL_FINISHES` (its message Gemini's ``finishMessage``, where Google sent one), for a
    client of another dialect; ``None`` for any other end. Those finishes are no safety stop, but
    written as the content-filter end they became a refusal (Anthropic ``refusal``; Chat
    ``content_filter``, which the openai SDK raises as ContentFilterFinishReasonError) and the
    message was lost; a Gemini client gets the chunk as Google sent it."""
    data = end.provider_data
    if end.finish_reason != "content_filter" or type(data) is not dict:
        return None
    candidates = data.get("candidates")
    candidate = candidates[0] if type(candidates) is list and candidates else None
    if type(candidate) is not dict or not is_tool_finish(candidate.get("finishReason")):
        return None
    out: list[Any] = []
    port_frame(data, out)
    errors = [event for event in out if type(event) is StreamErrorEvent]
    return errors[0] if errors else None
