"""A short Chat Completions stream held whole read straight into its answer: the chunks decoded once
by the mapper's view decoder and mapped to the parts, finish reason, usage and provider_data the
mapper and the Assembler would give them, without a sink (``stream/_lone.py`` builds the Response).

What it takes: chunks of ``delta.content``, ``delta.reasoning_content``/``reasoning`` and
``delta.tool_calls`` (a named call, its arguments in fragments), the finish chunk and the usage
chunk (each its end, merged as the Assembler merges them), the last ``[DONE]``. Anything else (an
``error`` key, logprobs, a chunk the view refuses or msgspec does not read whole, ``[DONE]`` before
the last frame, no end, an unnamed call, arguments msgspec does not read) leaves the body to the
general way, which reads it again from its first chunk.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._mapper import NO_USAGE, REFUSED, SHORT_FRAME_BYTES, LoneAnswer, has_long_digit_run
from lmcodec.providers._proven_parts import assembled_tool_call, proven_text, proven_thinking
from lmcodec.providers.openai_chat.views import FINISH_REASONS, chunk_decoder, typed_usage
from lmcodec.wire import Part, Usage
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.telemetry import FinishReason

__all__ = ["read_body"]

_plain: Final = msgspec.json.Decoder(float_hook=float_literal).decode


def read_body(frames: list[bytes]) -> LoneAnswer | None:
    """The answer of a body of ``frames`` (its events' data), each chunk decoded by the view decoder
    as :meth:`StreamMapper.frames` decodes it and mapped as the mapper and an Assembler map it, in
    one pass: the parts (slot 0's thinking and text, then each call's slot, as the Assembler builds
    them), finish reason, usage and provider_data (None, None for the id and model: a Chat stream
    has no start); None where the module leaves the body to the general way."""
    done = frames[-1] == b"[DONE]"  # the bare end (what the mapper tells before the view refuses it)
    decode = chunk_decoder.decode
    text: list[str] = []
    thinking: list[str] = []
    tool_raw: dict[int, list[str]] = {}
    tool_id: dict[int, str] = {}
    tool_name: dict[int, str] = {}
    ended = done
    finish: FinishReason | None = None
    usage: Usage | None = None
    provider_data: Any = None
    short = SHORT_FRAME_BYTES
    try:
        for data in frames[:-1] if done else frames:
            # (a frame's len() tested in the loop: max(map(len, frames)) costs 4k on five frames)
            if len(data) > short and has_long_digit_run(data):
                return None
            chunk = decode(data)
            if chunk.error is not None:
                return None
            choices = chunk.choices
            counts = chunk.usage
            reason = None
            if choices:
                choice = choices[0]
                reason = choice.finish_reason
                delta = choice.delta
                if delta is not None:
                    content = delta.content
                    reasoning = delta.reasoning_content or delta.reasoning
                    if reasoning:
                        thinking.append(reasoning)
                    if content:
                        logprobs = choice.logprobs
                        if logprobs is not None and logprobs.content:
                            return None
                        text.append(content)
                    calls = delta.tool_calls
                    if calls:
                        for call in calls:
                            index = call.index
                            fn = call.function
                            fragment = (fn.arguments or "") if fn is not None else ""
                            chunks = tool_raw.get(index)
                            if chunks is None:
                                tool_raw[index] = [fragment]
                            else:
                                chunks.append(fragment)
                            if call.id:
                                tool_id[index] = call.id
                            if fn is not None and fn.name:
                                tool_name[index] = fn.name
            if reason or counts is not None:
                # an end: the whole chunk is its provider_data (strict JSON: msgspec reads it), the
                # merged end's that of the last end with usage, else of the last with a finish (D9)
                payload = _plain(data)
                ended = True
                if reason:
                    finish = FINISH_REASONS.get(reason, "stop")
                if counts is not None:
                    usage = typed_usage(counts)
                    provider_data = payload
                elif usage is None:
                    provider_data = payload
    except REFUSED:
        return None
    if not ended:
        return None
    if not tool_raw:
        if thinking:
            joined = proven_thinking("".join(thinking))
            parts: tuple[Part, ...] = (joined, proven_text("".join(text))) if text else (joined,)
        else:
            parts = (proven_text("".join(text)),)  # (no text: the one empty TextPart of MAP-2)
        calls_made = False
    else:
        built = _slot_parts(text, thinking, tool_raw, tool_id, tool_name)
        if built is None:
            return None
        parts = built
        calls_made = True
    if finish is None:
        finish = "tool_call" if calls_made else "stop"
    elif finish == "stop" and calls_made:
        finish = "tool_call"
    return parts, finish, usage if usage is not None else NO_USAGE, provider_data, None, None


def _slot_parts(
    text: list[str],
    thinking: list[str],
    tool_raw: dict[int, list[str]],
    tool_id: dict[int, str],
    tool_name: dict[int, str],
) -> tuple[Part, ...] | None:
    """The parts slot by slot, as the Assembler's ``_slot_parts`` builds them (slot 0's thinking and
    text before a call of slot 0); None where a call has no name or arguments msgspec reads (the
    general way decides)."""
    slots = set(tool_raw)
    if text or thinking:
        slots.add(0)
    parts: list[Part] = []
    for index in sorted(slots):
        if index == 0:
            if thinking:
                parts.append(proven_thinking("".join(thinking)))
            if text:
                parts.append(proven_text("".join(text)))
        if index in tool_raw:
            call = assembled_tool_call(index, "".join(tool_raw[index]), tool_id, tool_name)
            if call is None:
                return None
            parts.append(call)
    return tuple(parts)
