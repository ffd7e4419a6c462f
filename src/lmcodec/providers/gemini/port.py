"""lm15 1.5.0's Gemini ``parse_stream_events`` (gemini.py:1035) over plain values, line for line.

The port: what maps a chunk the typed views of :mod:`lmcodec.providers.gemini.views`
refuse or leave to it (no candidate, an error, a prompt block, an in-band refusal,
logprobs, values of unexpected JSON types). It builds events through the checked
constructors, so lm15's coercions and failures are reproduced; what lm15 would
crash with is raised as it is (``MapperBase.port`` turns it into a
:class:`lmcodec.StreamDecodeError`).
"""

from __future__ import annotations

import json
from typing import Any

from lmcodec.providers._errors import gemini_str_exception
from lmcodec.providers._mapper import EndFrame
from lmcodec.providers.gemini.views import (
    PROVIDER,
    finish_reason,
    gemini_token_logprobs,
    gemini_usage,
    inband_error,
    stream_error_detail,
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

__all__ = ["port_frame"]


def port_frame(payload: Any, out: list[Any]) -> None:
    """lm15's ``parse_stream_events`` for one chunk's JSON value, appending its events to ``out``."""
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
                    StreamDeltaEvent(delta=ThinkingDelta(text=str(part.get("text") or ""), part_index=idx))
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
                        StreamDeltaEvent(delta=AudioDelta(data=inline_data, part_index=idx, media_type=mime))
                    )
                elif mime.startswith("image/"):
                    yielded_delta = True
                    out.append(
                        StreamDeltaEvent(delta=ImageDelta(data=inline_data, part_index=idx, media_type=mime))
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
