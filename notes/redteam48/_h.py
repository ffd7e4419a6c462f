"""Shared bits of red team 48's reproducers: the path set-up and a few streams of each dialect."""
from __future__ import annotations

import os
import sys
import warnings

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "src"))
import lmcodec as lc  # noqa: E402

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))


def _d(delta):
    return lc.StreamDeltaEvent(delta=delta)


def event_streams():
    """Canonical event sequences: text, two parallel calls, signed thinking."""
    start = lc.StreamStartEvent(id="resp_x1", model="m-served")
    text = [start, _d(lc.TextDelta(text="Hello", part_index=0)), _d(lc.TextDelta(text=", wörld 🌍", part_index=0)),
            lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=3, output_tokens=4))]
    calls = [start, _d(lc.TextDelta(text="Two calls:", part_index=0)),
             _d(lc.ToolCallDelta(input="", part_index=1, id="call_a", name="search")),
             _d(lc.ToolCallDelta(input='{"q": ', part_index=1)),
             _d(lc.ToolCallDelta(input='"x"}', part_index=1)),
             _d(lc.ToolCallDelta(input="", part_index=2, id="call_b", name="read")),
             _d(lc.ToolCallDelta(input='{"p": 1}', part_index=2)),
             lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=10, output_tokens=20))]
    thinking = [lc.StreamStartEvent(id="msg_x2", model="claude-x"), _d(lc.ThinkingDelta(text="Let me ", part_index=0)),
                _d(lc.ThinkingDelta(text="think.", part_index=0)),
                _d(lc.ContinuationDelta(provider="anthropic", kind="thinking_signature", data={"signature": "sig=="},
                                        part_index=0)),
                _d(lc.TextDelta(text="Answer.", part_index=1)),
                lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=5, output_tokens=6))]
    return {"text": text, "calls": calls, "thinking": thinking}


def wire_streams():
    """(dialect, shape) -> the SSE bytes lc.stream.encode writes for the shape."""
    out = {}
    for shape, events in event_streams().items():
        for dialect in DIALECTS:
            out[dialect, shape] = b"".join(lc.stream.encode(dialect, events))
    return out


def cut(data: bytes, size: int) -> list[bytes]:
    return [data[i:i + size] for i in range(0, len(data), size)]


def digest(value):
    if isinstance(value, BaseException):
        return ("raised", type(value).__name__, str(value)[:200])
    if isinstance(value, list):
        return [digest(v) for v in value]
    if isinstance(value, (bytes, str)):
        return value
    return lc.encode(value, include_provider_data=True)
