"""The message-level frames of the Anthropic stream writer: the start's usage, the end's ``message_delta``.

A stream's blocks are written by :class:`~lmcodec.providers.anthropic.write.StreamWriter`; what
says something of the whole message is here, written once a stream. ``message_delta`` carries the
stop reason and every known count (the anthropic SDK's accumulator takes them as cumulative
totals), or the end's ``provider_data`` as it came when that is an Anthropic ``message_delta``
frame that says the same (:func:`message_delta`). The start's usage is the counts an Anthropic
source's ``message_start`` held (:func:`start_usage`), else zeros.
"""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.providers.anthropic import _frames as f
from lmcodec.providers.anthropic.views import finish_reason, usage_from
from lmcodec.wire import StreamEndEvent
from lmcodec.wire._float_literals import decode_any
from lmcodec.wire.telemetry import EMPTY_USAGE

__all__ = ["message_delta", "start_usage"]

_encode = f.ENCODER.encode


def message_delta(end: StreamEndEvent, has_tool: bool, refused: bool, stop_sequence: str | None) -> bytes:
    """The ``message_delta`` event of ``end``: ``has_tool`` when a tool_use block was written,
    ``refused`` when a refusal was (the stop reason is ``refusal``), ``stop_sequence`` the client's
    stop sequence the stream was cut at (``stop_sequence``, naming it), both for an end_turn."""
    if has_tool and (end.finish_reason is None or end.finish_reason == "stop"):
        # what lm15's materialize (and lc.assemble, and encode_response) says of a stop beside
        # calls: a client's agent loop runs the calls on tool_use only
        end = msgspec.structs.replace(end, finish_reason="tool_call")
    data = end.provider_data
    if data is not None and _is_same_message_delta(data, end, has_tool):
        return b"event: message_delta\ndata: " + _encode(data) + b"\n\n"
    reason = f.stop_reason(end.finish_reason, has_tool)
    sequence = None
    if refused and reason == "end_turn":
        reason = "refusal"
    elif stop_sequence is not None and reason == "end_turn":
        reason, sequence = "stop_sequence", stop_sequence
    frame = {
        "type": "message_delta",
        "delta": {"stop_reason": reason, "stop_sequence": sequence},
        "usage": f.usage_object(end.usage),
    }
    return b"event: message_delta\ndata: " + _encode(frame) + b"\n\n"


def start_usage(usage: dict[str, Any]) -> dict[str, Any] | None:
    """What the start written keeps of ``usage``, an Anthropic source's ``message_start`` usage:
    only counts (an int, or an object of ints) and ASCII strings; None unless it holds the two
    counts the wire requires."""
    kept = {key: value for key, value in usage.items() if _usage_value(value)}
    if type(kept.get("input_tokens")) is int and type(kept.get("output_tokens")) is int:
        return kept
    return None


def _usage_value(value: Any) -> bool:
    """Whether ``value`` is what a usage object holds: a count, an object of counts
    (``cache_creation``), or an ASCII string (``service_tier``)."""
    if type(value) is int:
        return True
    if type(value) is str:
        return value.isascii()
    return type(value) is dict and all(type(v) is int and k.isascii() for k, v in value.items())


def _is_same_message_delta(data: dict[str, Any], end: StreamEndEvent, has_tool: bool) -> bool:
    """Whether ``data`` is a ``message_delta`` frame that lm15 reads as ``end``'s reason and usage,
    and says ``tool_use`` only if a tool_use block was written (``has_tool``)."""
    if data.get("type") != "message_delta" or not isinstance(data.get("delta"), dict):
        return False
    stop = data["delta"].get("stop_reason")
    if stop == "tool_use" and not has_tool:
        return False
    if (finish_reason(stop) if stop is not None else None) != end.finish_reason:
        return False
    usage = data.get("usage")
    try:
        read = usage_from(usage) if isinstance(usage, dict) and usage else None
    except (TypeError, ValueError):
        return False
    if (None if read is None or read == EMPTY_USAGE else read) != end.usage:
        return False
    read_back: dict[str, Any] = decode_any(_encode(data))
    return read_back == data  # a NaN or infinity in it would be written as null
