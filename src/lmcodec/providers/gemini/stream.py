"""Gemini generateContent wire (lm15 1.5.0 ``providers/gemini.py``, ``GeminiLM``): the stream mapper.

Stream: ``streamGenerateContent?alt=sse``, one whole ``GenerateContentResponse``
chunk per SSE event; ``parse_stream_events`` (gemini.py:1035). Complete body:
``parse_response`` (gemini.py:1001), in :mod:`lmcodec.providers.gemini.body`,
including a ``streamGenerateContent`` body without ``alt=sse`` (a JSON array of
chunks, framed by :class:`ArrayFramer`). The chunk view and the maps shared with
the complete body are in :mod:`lmcodec.providers.gemini.views`. See
``notes/providers.md`` §4.

Each chunk is decoded once into a typed view. A chunk that carries an end
(``finishReason``, or usage with no delta) is decoded a second time as a plain
dict: the whole chunk is that end's ``provider_data`` and its usage is read
from it, as lm15 does (once per stream).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, ClassVar

import msgspec

from lmcodec.providers._base import (
    EVENT,
    TEXT,
    THINKING,
    EndFrame,
    MapperBase,
    continuation_event,
    gemini_str_exception,
    load_frame,
    new,
    replace,
    tool_call_event,
)
from lmcodec.providers.gemini.body import parse_response
from lmcodec.providers.gemini.framing import ArrayFramer
from lmcodec.providers.gemini.views import (
    CANDIDATE_FINISH_ERRORS,
    ERROR_STATUSES,
    PROVIDER,
    UNSET,
    chunk_decoder,
    compact_json,
    finish_reason,
    gemini_token_logprobs,
    gemini_usage,
    inband_error,
    stream_error_detail,
    text_chunk_decoder,
)
from lmcodec.wire import (
    AudioDelta,
    ContinuationDelta,
    ErrorDetail,
    ImageDelta,
    StreamDeltaEvent,
    StreamErrorEvent,
    TextDelta,
    ThinkingDelta,
    ToolCallDelta,
)

__all__ = [
    "CANDIDATE_FINISH_ERRORS",
    "ERROR_STATUSES",
    "PROVIDER",
    "ArrayFramer",
    "StreamMapper",
    "finish_reason",
    "gemini_token_logprobs",
    "gemini_usage",
    "parse_response",
    "stream_error_detail",
]


def _signature_delta(signature: Any, idx: int) -> Any:
    return continuation_event(idx, "gemini", "thought_signature", {"value": str(signature)})


# --------------------------------------------------------------------------
# stream


class StreamMapper(MapperBase):
    """Maps Gemini SSE chunks to lm15's adapter events (pre-coalesce)."""

    provider: ClassVar[str] = PROVIDER
    __slots__ = ()

    def map(self, data: bytes, out: list[Any]) -> int:
        """Map one SSE ``data`` payload, appending its events to ``out``; 1 if it mapped to nothing."""
        return self.frames((data,), out)

    def frames(self, datas: Iterable[bytes], out: list[Any]) -> int:
        """:meth:`MapperBase.frames` with the common chunk, one answer-text (or thought) part
        and nothing else, mapped inline: most of a stream is such chunks, each frame a call less."""
        skipped = 0
        data = b""
        decode = text_chunk_decoder.decode
        bare = self.bare
        try:
            for data in datas:
                try:
                    part = decode(data).candidates[0].content.parts[0]
                except (msgspec.ValidationError, msgspec.DecodeError):
                    skipped += self._map_chunk(data, out)
                    continue
                if part.thought:
                    out.append(replace(EVENT, delta=replace(THINKING, text=part.text)))
                elif bare:
                    out.append(part.text)
                else:
                    out.append(replace(EVENT, delta=replace(TEXT, text=part.text)))
                if part.thoughtSignature is not None:
                    out.append(_signature_delta(part.thoughtSignature, 0))
        except BaseException:
            self.failed = data
            self.skipped = skipped
            raise
        return skipped

    def _map_chunk(self, data: bytes, out: list[Any]) -> int:
        """:meth:`map` for any other chunk."""
        try:
            chunk = chunk_decoder.decode(data)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return self._rejected(data, out)
        candidates = chunk.candidates
        if (
            not candidates
            or chunk.error is not UNSET
            or (chunk.promptFeedback is not None and chunk.promptFeedback.blockReason)
        ):
            # no candidate, an error or a (possible) prompt block: rare, the generic path maps it
            return self._generic(data, out)
        candidate = candidates[0]
        finish = candidate.finishReason
        if (finish and finish in CANDIDATE_FINISH_ERRORS) or candidate.logprobsResult is not None:
            return self._generic(data, out)
        content = candidate.content
        parts = content.parts if content is not None else None
        if parts and len(parts) == 1 and parts[0].text is not UNSET and not parts[0].thought:
            # the common chunk: one answer-text part
            part = parts[0]
            out.append(replace(EVENT, delta=replace(TEXT, text=part.text or "")))
            if part.thoughtSignature is not None:
                out.append(_signature_delta(part.thoughtSignature, 0))
            if finish:
                self._end(data, finish, False, out)
            return 0
        yielded_delta = False
        saw_tool = False
        if parts:
            for idx, part in enumerate(parts):
                text = part.text
                if text is not UNSET:
                    yielded_delta = True
                    if part.thought:
                        out.append(replace(EVENT, delta=replace(THINKING, part_index=idx, text=text or "")))
                    else:
                        out.append(replace(EVENT, delta=replace(TEXT, part_index=idx, text=text or "")))
                    if part.thoughtSignature is not None:
                        out.append(_signature_delta(part.thoughtSignature, idx))
                elif part.functionCall is not None:
                    fc = part.functionCall
                    saw_tool = True
                    yielded_delta = True
                    args = {} if fc.args is UNSET else fc.args
                    out.append(tool_call_event(idx, compact_json(args), fc.id, fc.name))
                    signature = part.thoughtSignature or fc.thoughtSignature
                    if signature is not None:
                        out.append(_signature_delta(signature, idx))
                elif part.inlineData is not None:
                    inline = part.inlineData
                    mime = inline.mimeType or "application/octet-stream"
                    if mime.startswith("audio/"):
                        yielded_delta = True
                        audio = new(AudioDelta, part_index=idx, data=inline.data or "", media_type=mime)
                        out.append(replace(EVENT, delta=audio))
                    elif mime.startswith("image/"):
                        yielded_delta = True
                        image = new(ImageDelta, part_index=idx, data=inline.data or "", media_type=mime)
                        out.append(replace(EVENT, delta=image))
        if finish:
            self._end(data, finish, saw_tool, out)
        elif not yielded_delta:
            # a usage-only end depends on the usageMetadata key: read the chunk as lm15 does
            payload = load_frame(data)
            if "usageMetadata" in payload:
                self.special = True
                out.append(EndFrame("stop", gemini_usage(payload.get("usageMetadata")), payload))
            else:
                return 1
        return 0

    def _end(self, data: bytes, finish: str, saw_tool: bool, out: list[Any]) -> None:
        """A chunk with a finishReason: its end, with the chunk itself as provider_data."""
        self.special = True
        payload = load_frame(data)
        usage = gemini_usage(payload.get("usageMetadata"))
        out.append(EndFrame(finish_reason(finish, has_tool_call=saw_tool), usage, payload))

    def generic_frame(self, data: bytes, out: list[Any]) -> None:
        """lm15's ``parse_stream_events`` over plain values, line for line."""
        self.generic += 1
        self.special = True
        payload = load_frame(data)
        if not isinstance(payload, dict):
            return
        if "error" in payload:
            err = payload["error"]
            if isinstance(err, dict):
                provider_code = str(err.get("status") or err.get("code") or "provider")
                message = str(err.get("message") or "")
            else:
                provider_code, message = "provider", ""
            out.append(StreamErrorEvent(error=stream_error_detail(provider_code, message)))
            return
        inband = inband_error(payload)
        if inband is not None:
            out.append(
                StreamErrorEvent(
                    error=ErrorDetail(
                        code="invalid_request",
                        provider_code="inband_finish_reason",
                        message=gemini_str_exception(inband.message, PROVIDER),
                    )
                )
            )
            return
        candidates = payload.get("candidates") or []
        candidate = candidates[0] if candidates and isinstance(candidates[0], dict) else None
        yielded_delta = False
        saw_tool = False
        finish = None
        if candidate is not None:
            content = candidate.get("content", {}) if isinstance(candidate.get("content"), dict) else {}
            chunk_logprobs = gemini_token_logprobs(candidate.get("logprobsResult"))
            for idx, part in enumerate(content.get("parts", []) or []):
                if not isinstance(part, dict):
                    continue
                if part.get("thought") and "text" in part:
                    yielded_delta = True
                    out.append(
                        StreamDeltaEvent(
                            delta=ThinkingDelta(text=str(part.get("text") or ""), part_index=idx)
                        )
                    )
                    if part.get("thoughtSignature") is not None:
                        out.append(_checked_signature_delta(part.get("thoughtSignature"), idx))
                elif "text" in part:
                    yielded_delta = True
                    out.append(
                        StreamDeltaEvent(
                            delta=TextDelta(
                                text=str(part.get("text") or ""), part_index=idx, logprobs=chunk_logprobs
                            )
                        )
                    )
                    chunk_logprobs = ()
                    if part.get("thoughtSignature") is not None:
                        out.append(_checked_signature_delta(part.get("thoughtSignature"), idx))
                elif "functionCall" in part and isinstance(part["functionCall"], dict):
                    fc = part["functionCall"]
                    saw_tool = True
                    yielded_delta = True
                    out.append(
                        StreamDeltaEvent(
                            delta=ToolCallDelta(
                                input=json.dumps(fc.get("args", {}), separators=(",", ":")),
                                part_index=idx,
                                id=str(fc.get("id") or "") or None,
                                name=str(fc.get("name") or "") or None,
                            )
                        )
                    )
                    signature = part.get("thoughtSignature") or fc.get("thoughtSignature")
                    if signature is not None:
                        out.append(_checked_signature_delta(signature, idx))
                elif "inlineData" in part and isinstance(part["inlineData"], dict):
                    inline = part["inlineData"]
                    mime = str(inline.get("mimeType") or "application/octet-stream")
                    inline_data = str(inline.get("data") or "")
                    if mime.startswith("audio/"):
                        yielded_delta = True
                        out.append(
                            StreamDeltaEvent(
                                delta=AudioDelta(data=inline_data, part_index=idx, media_type=mime)
                            )
                        )
                    elif mime.startswith("image/"):
                        yielded_delta = True
                        out.append(
                            StreamDeltaEvent(
                                delta=ImageDelta(data=inline_data, part_index=idx, media_type=mime)
                            )
                        )
            finish = candidate.get("finishReason")
        if finish:
            usage = gemini_usage(payload.get("usageMetadata"))
            out.append(EndFrame(finish_reason(finish, has_tool_call=saw_tool), usage, payload))
        elif not yielded_delta and "usageMetadata" in payload:
            out.append(EndFrame("stop", gemini_usage(payload.get("usageMetadata")), payload))


def _checked_signature_delta(signature: Any, idx: int) -> StreamDeltaEvent:
    return StreamDeltaEvent(
        delta=ContinuationDelta(
            provider="gemini", kind="thought_signature", data={"value": str(signature)}, part_index=idx
        )
    )
