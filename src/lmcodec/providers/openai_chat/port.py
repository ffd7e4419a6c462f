"""lm15 1.5.0's Chat Completions ``parse_stream_events`` (openai_chat.py:2101), line for line.

The port: what maps a chunk the typed view of :mod:`lmcodec.providers.openai_chat.views`
refuses. It builds events through the checked constructors, so lm15's coercions and
failures are reproduced; what lm15 would crash with is raised as it is
(``MapperBase.port`` turns it into a :class:`lmcodec.StreamDecodeError`).
"""

from __future__ import annotations

from typing import Any

from lmcodec.providers._content import openai_token_logprobs
from lmcodec.providers._json import pyint
from lmcodec.providers._mapper import EndFrame
from lmcodec.providers.openai_chat.views import FINISH_REASONS, error_event, usage_from_chat
from lmcodec.wire import StreamDeltaEvent, TextDelta, ThinkingDelta, ToolCallDelta

__all__ = ["port_frame"]


def port_frame(payload: Any, out: list[Any]) -> None:
    """lm15's ``parse_stream_events`` for one chunk's JSON value, appending its events to ``out``."""
    if not isinstance(payload, dict):
        return
    err = payload.get("error")
    if isinstance(err, dict):
        out.append(error_event(err))
        return
    choices = payload.get("choices") or []
    choice: Any = choices[0] if choices and isinstance(choices[0], dict) else {}
    delta: Any = choice.get("delta") if isinstance(choice.get("delta"), dict) else {}
    reasoning_text = delta.get("reasoning_content") or delta.get("reasoning")
    if reasoning_text:
        out.append(StreamDeltaEvent(delta=ThinkingDelta(text=str(reasoning_text), part_index=0)))
    content = delta.get("content")
    if isinstance(content, str) and content:
        logprobs_payload: Any = choice.get("logprobs") if isinstance(choice.get("logprobs"), dict) else {}
        logprobs = openai_token_logprobs(logprobs_payload.get("content"))
        out.append(StreamDeltaEvent(delta=TextDelta(text=content, part_index=0, logprobs=logprobs)))
    for call in delta.get("tool_calls") or []:
        if not isinstance(call, dict):
            continue
        function: Any = call.get("function") if isinstance(call.get("function"), dict) else {}
        arguments = str(function.get("arguments") or "")
        out.append(
            StreamDeltaEvent(
                delta=ToolCallDelta(
                    input=arguments,
                    part_index=pyint(call.get("index", 0)),
                    id=str(call.get("id") or "") or None,
                    name=str(function.get("name") or "") or None,
                )
            )
        )
    finish_raw = choice.get("finish_reason")
    usage_data = payload.get("usage")
    if finish_raw:
        usage = usage_from_chat(usage_data) if isinstance(usage_data, dict) else None
        out.append(EndFrame(FINISH_REASONS.get(str(finish_raw), "stop"), usage, payload))
    elif isinstance(usage_data, dict):
        out.append(EndFrame(None, usage_from_chat(usage_data), payload))
