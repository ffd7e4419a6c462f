"""A client's user turn split at its tool results, as the Anthropic and Gemini readers split it.

Anthropic and Gemini hold a turn's tool results in a user turn beside any other content; the
canonical Request keeps tool results in ``tool`` messages. Each maximal run of tool results
becomes a ``tool`` message, each run of anything else a ``user`` message, in order: the dict
walkers' reading (:func:`turn_messages`, parts as dicts) and the typed paths' (:func:`user_turn_into`,
parts as wire Structs) are the one rule, written once.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.wire import Message, TextPart, ToolResultPart

__all__ = ["turn_messages", "user_turn_into"]

_replace: Final = msgspec.structs.replace
_MESSAGE: Final = Message(role="user", parts=(TextPart(text=""),))


def turn_messages(parts: list[dict[str, Any]], assistant: bool) -> list[dict[str, Any]]:
    """A turn's canonical message dicts: an assistant turn whole, a user turn split into runs of
    tool results (``tool`` messages) and of the rest (``user`` messages)."""
    if assistant:
        return [{"role": "assistant", "parts": parts}]
    out: list[dict[str, Any]] = []
    run: list[dict[str, Any]] = []
    run_is_tool = False
    for part in parts:
        is_tool = part["type"] == "tool_result"
        if run and is_tool != run_is_tool:
            out.append({"role": "tool" if run_is_tool else "user", "parts": run})
            run = []
        run.append(part)
        run_is_tool = is_tool
    out.append({"role": "tool" if run_is_tool else "user", "parts": run})
    return out


def user_turn_into(parts: list[Any], out: list[Message]) -> None:
    """A user turn's wire ``parts`` (one at least) appended to ``out`` as Messages: runs of tool
    results become ``tool`` messages, the rest ``user`` messages."""
    start = 0
    is_tool = type(parts[0]) is ToolResultPart
    for index in range(1, len(parts)):
        if (type(parts[index]) is ToolResultPart) is not is_tool:
            out.append(
                _replace(_MESSAGE, role="tool" if is_tool else "user", parts=tuple(parts[start:index]))
            )
            start = index
            is_tool = not is_tool
    out.append(_replace(_MESSAGE, role="tool" if is_tool else "user", parts=tuple(parts[start:])))
