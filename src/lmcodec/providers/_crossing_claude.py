"""What Claude refuses in a request another dialect's client sent, changed before it is built
(``lc.translate_request`` to Anthropic; ``build_request`` stays lm15's and writes what it is given).

Manual extended thinking (``thinking: {"type": "enabled"}``, what lm15's builder sends for a
model outside the adaptive class) needs the assistant turn of the tool loop in progress to start
with a thinking block the API issued (Anthropic: "Expected `thinking` or `redacted_thinking`, but
found `tool_use`"). The loop in progress is what follows the last turn of the user's own (a turn
of tool results continues it); its first assistant turn starts with a thinking part that carries
Anthropic's state, or the request cannot keep thinking on. A google-genai client (its wire has no
field for Anthropic's signature), a Chat client that rebuilds its assistant message without
``thinking_blocks``, a conversation that began on another backend: none has it. The request goes
without thinking (as LiteLLM does), ``config.reasoning`` ``dropped``: the conversation goes on,
thinking again from the next question. Adaptive thinking (the model decides whether to think)
takes a tool turn without thinking and is left as it is.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers.anthropic._build_tables import takes_adaptive_thinking
from lmcodec.wire import Adaptation, Request, ThinkingPart, ToolCallPart, ToolResultPart

__all__ = ["claude_refusals_out"]

_UNSIGNED_LOOP: Final = (
    "manual extended thinking needs the tool loop in progress to start with the thinking block "
    "Claude issued (the API refuses the request: expected thinking, found tool_use), and the "
    "client's turn carries none: sent without thinking, thinking again from the next question"
)


def claude_refusals_out(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` without what Claude refuses beside the rest of it (see the module docstring),
    one Adaptation per change; ``request`` itself when there is none."""
    config = request.config
    reasoning = config.reasoning
    if reasoning is None or reasoning.effort == "off" or takes_adaptive_thinking(request.model):
        return request, ()
    if _loop_starts_signed(request):
        return request, ()
    note = Adaptation(
        field="config.reasoning",
        action="dropped",
        reason=_UNSIGNED_LOOP,
        asked=msgspec.to_builtins(reasoning),
    )
    changed = msgspec.structs.replace(config, reasoning=None)
    return msgspec.structs.replace(request, config=changed), (note,)


def _loop_starts_signed(request: Request) -> bool:
    """Whether the tool loop in progress (if any) starts with Anthropic-signed thinking."""
    messages = request.messages
    start = len(messages)
    while start > 0:
        message = messages[start - 1]
        if message.role != "assistant" and not any(type(p) is ToolResultPart for p in message.parts):
            break
        start -= 1
    first: Any = None
    calls = False
    for message in messages[start:]:
        if message.role == "assistant":
            if first is None:
                first = message
            calls = calls or any(type(p) is ToolCallPart for p in message.parts)
    if not calls:
        return True  # no tool loop in progress: nothing to start
    head = first.parts[0] if first.parts else None
    return type(head) is ThinkingPart and any(state.provider == "anthropic" for state in head.continuation)
