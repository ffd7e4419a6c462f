"""A short Anthropic stream held whole read straight into its answer: the frames decoded once into
the mapper's views and mapped to the parts, finish reason, usage, id and model the mapper and the
Assembler would give it, without a sink (``stream/_lone.py`` builds the Response).

What it takes: ``message_start`` naming the model, first of the content; text, thinking (with its
signatures) and ``tool_use`` blocks (input in the start and ``input_json_delta`` fragments);
``message_delta`` with its stop reason and usage, once; ``message_stop``; pings and block stops.
Anything else (an error frame, a citation, a redacted thinking block, a frame the views refuse, a
second ``message_delta`` end, an unnamed call, tool input msgspec does not read) leaves the body to
the general way, which reads it again from its first frame.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._mapper import NO_USAGE, REFUSED, SHORT_FRAME_BYTES, LoneAnswer, has_long_digit_run
from lmcodec.providers._proven_parts import assembled_tool_call, proven_text, proven_thinking
from lmcodec.providers.anthropic.views import (
    FINISH_REASONS,
    BlockDeltaFrame,
    BlockStartFrame,
    BlockStopFrame,
    MessageDeltaFrame,
    MessageStartFrame,
    MessageStopFrame,
    PingFrame,
    delta_usage,
    finish_reason,
    frame_decoder,
    start_input,
)
from lmcodec.wire import ContinuationState, Part, TextPart, Usage
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.telemetry import FinishReason

__all__ = ["read_body"]

_plain: Final = msgspec.json.Decoder(float_hook=float_literal).decode
_replace: Final = msgspec.structs.replace
_SIGNATURE: Final = msgspec.StructMeta.__call__(
    ContinuationState, provider="anthropic", kind="thinking_signature", data={}
)
_TEXT: Final = msgspec.StructMeta.__call__(TextPart, text="")
_BARE_END: Final = (None, None, None)


_join: Final = b"".join


def read_body(frames: list[bytes]) -> LoneAnswer | None:
    """The answer of a body of ``frames`` (its events' data), each decoded by the mapper's view
    decoder as :meth:`StreamMapper.frames` decodes it and mapped as the mapper and an Assembler
    map it, in one pass: the parts (one a slot, as the Assembler builds them), finish reason,
    usage, provider_data, id and model; None where the module leaves the body to the general way
    (a frame the views refuse, one that may hold an integer ``json.loads`` refuses, anything the
    module docstring does not list)."""
    # (no frame is longer than all of them joined: one join, where max(map(len, ...)) costs twice it)
    if len(_join(frames)) > SHORT_FRAME_BYTES and any(map(has_long_digit_run, frames)):
        return None
    decode = frame_decoder.decode
    text: dict[int, list[str]] = {}
    thinking: dict[int, list[str]] = {}
    tool_raw: dict[int, list[str]] = {}
    tool_id: dict[int, str] = {}
    tool_name: dict[int, str] = {}
    states: dict[int, list[ContinuationState]] = {}
    started = False
    id: str | None = None
    model: str | None = None
    end: tuple[Any, Any, Any] | None = None
    try:
        for data in frames:
            f = decode(data)
            kind = type(f)
            if kind is BlockDeltaFrame:
                delta = f.delta
                if delta is None:
                    continue
                dtype = delta.type
                # (each slot's list appended to inline: a helper's call costs more than the append)
                if dtype == "text_delta":
                    chunks = text.get(f.index)
                    if chunks is None:
                        text[f.index] = [delta.text or ""]
                    else:
                        chunks.append(delta.text or "")
                elif dtype == "input_json_delta":
                    chunks = tool_raw.get(f.index)
                    if chunks is None:
                        tool_raw[f.index] = [delta.partial_json or ""]
                    else:
                        chunks.append(delta.partial_json or "")
                elif dtype == "thinking_delta":
                    chunks = thinking.get(f.index)
                    if chunks is None:
                        thinking[f.index] = [delta.thinking or ""]
                    else:
                        chunks.append(delta.thinking or "")
                elif dtype == "signature_delta":
                    if delta.signature:
                        state = _replace(_SIGNATURE, data={"signature": delta.signature})
                        held = states.get(f.index)
                        if held is None:
                            states[f.index] = [state]
                        else:
                            held.append(state)
                elif dtype in ("citation_delta", "citations_delta"):
                    return None
            elif kind is PingFrame or kind is BlockStopFrame:
                continue
            elif kind is BlockStartFrame:
                block = f.content_block
                if block is None:
                    continue
                btype = block.type
                if btype == "tool_use":
                    given = block.input
                    # (a start's input is {} but for a call the model wrote whole: start_input
                    # reads a value that is not true as "", called for the others only)
                    raw = start_input(given) if given else ""
                    chunks = tool_raw.get(f.index)
                    if chunks is None:
                        tool_raw[f.index] = [raw]
                    else:
                        chunks.append(raw)
                    if block.id:
                        tool_id[f.index] = block.id
                    if block.name:
                        tool_name[f.index] = block.name
                elif btype == "redacted_thinking" and block.data is not None:
                    return None
            elif kind is MessageStartFrame:
                if started:  # (the Assembler takes the first start only)
                    continue
                msg = f.message
                if text or thinking or tool_raw or states or msg is None or not msg.model:
                    return None
                started = True
                id = msg.id or None
                model = msg.model
            elif kind is MessageDeltaFrame:
                payload = _plain(data)
                stop_delta = f.delta
                stop = stop_delta.stop_reason if stop_delta is not None else None
                counts = f.usage
                usage = delta_usage(counts) if counts is not None and payload["usage"] else None
                if stop is None and usage is None:
                    continue
                if end is not None:  # a second end (the Assembler merges them)
                    return None
                reason = (FINISH_REASONS.get(stop) or finish_reason(stop)) if stop is not None else None
                end = (reason, usage, payload)
            elif kind is MessageStopFrame:
                if end is None:
                    end = _BARE_END
            else:  # an error frame
                return None
    except REFUSED:
        return None
    if end is None or model is None:
        return None
    if thinking or states:
        built = _slot_parts(text, thinking, tool_raw, tool_id, tool_name, states)
    elif not tool_raw and len(text) == 1:  # one text (the common answer)
        built = (_replace(_TEXT, text="".join(*text.values())),), False
    elif not text and len(tool_raw) == 1:  # one call
        ((index, raw_chunks),) = tool_raw.items()
        call = _call_part(index, raw_chunks, tool_id, tool_name, ())
        built = ((call,), True) if call is not None else None
    else:
        built = _slot_parts(text, thinking, tool_raw, tool_id, tool_name, states)
    if built is None:
        return None
    parts, calls = built
    finish: FinishReason | None = end[0]
    if finish is None:
        finish = "tool_call" if calls else "stop"
    elif finish == "stop" and calls:
        finish = "tool_call"
    counts_read: Usage | None = end[1]
    return parts, finish, counts_read if counts_read is not None else NO_USAGE, end[2], id, model


def _call_part(
    index: int,
    raw_chunks: list[str],
    tool_id: dict[int, str],
    tool_name: dict[int, str],
    cont: tuple[ContinuationState, ...],
) -> Part | None:
    """The call of slot ``index`` as the Assembler builds it (its input the fragments joined and
    decoded, a value not an object wrapped as ``{"value": ...}``); None where it has no name or
    input msgspec reads (the general way decides)."""
    return assembled_tool_call(index, "".join(raw_chunks), tool_id, tool_name, cont)


def _slot_parts(
    text: dict[int, list[str]],
    thinking: dict[int, list[str]],
    tool_raw: dict[int, list[str]],
    tool_id: dict[int, str],
    tool_name: dict[int, str],
    states: dict[int, list[ContinuationState]],
) -> tuple[tuple[Part, ...], bool] | None:
    """The parts slot by slot, as the Assembler's ``_slot_parts`` builds them, and whether a call
    is among them; None where a call has no name or input msgspec reads (the general way decides)."""
    slots = set(thinking)
    slots.update(text, tool_raw, states)
    parts: list[Part] = []
    calls = False
    for index in sorted(slots):
        cont = tuple(states[index]) if index in states else ()
        content = False
        if index in thinking:
            parts.append(proven_thinking("".join(thinking[index]), cont))
            content = True
        if index in text:
            parts.append(proven_text("".join(text[index]), cont))
            content = True
        if index in tool_raw:
            call = _call_part(index, tool_raw[index], tool_id, tool_name, cont)
            if call is None:
                return None
            parts.append(call)
            calls = True
        elif not content:
            parts.append(proven_text("", cont))
    if not parts:
        parts.append(proven_text(""))
    return tuple(parts), calls
