"""The lm15 turn channel of an llm record: its format, what from_turn writes, a cheap unedited check.

The channel is ``provider_metadata["lm15"]["turn"]`` on the first output message.

to_turn proves a record's lm15 channel is lmcodec's by converting the Turn it built back
(``from_turn``) and comparing with the record: ~56% of to_turn on a small record (red team 47 F06).
When the record's only channel is a turn channel restating response fields (no usage, config or
metadata, which from_turn writes elsewhere too), and the output message has no markers, the
comparison needs only the channel: ``from_turn(to_turn(r0)) == r0`` for the record ``r0``
without it (the module identity of ``llm/convert.py``), and the fields the channel restates reach
nothing else in from_turn's output, so ``from_turn(turn) == record`` exactly when the channel
from_turn writes for ``turn`` is the record's.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.codecs.json import to_builtins as lc_to_builtins
from lmcodec.errors import EncodeError
from lmcodec.llm import types as L
from lmcodec.llm._channel import builtins_hook, strict_equal
from lmcodec.llm._logprobs import nonfinite_spelled
from lmcodec.wire.config import Config
from lmcodec.wire.messages import Message
from lmcodec.wire.parts import ToolCallPart
from lmcodec.wire.telemetry import Adaptation, FinishReason, TokenLogprob, Usage
from lmcodec.wire.tools import Tool
from lmcodec.wire.turn import Turn

__all__ = ["TurnChannel", "channel_builtins", "finish_of", "response_channel", "restates_turn"]


class TurnChannel(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """``provider_metadata["lm15"]["turn"]`` on the first output message: canonical turn data
    llm has no slot for, each key only when it is not what to_turn infers."""

    response_model: str | None = None
    response_id: str | None = None
    finish_reason: FinishReason | None = None
    usage: Usage | None = None
    logprobs: tuple[TokenLogprob, ...] | None = None
    logprobs_complete: bool = True
    adaptations: tuple[Adaptation, ...] = ()
    provider_data: dict[str, Any] | None = None
    tools: tuple[Tool, ...] = ()
    config: Config | None = None
    metadata: dict[str, Any] | None = None


_RESTATED: Final = frozenset(TurnChannel.__struct_fields__) - {"usage", "config", "metadata"}
"""The turn channel's keys that restate only themselves: from_turn writes each nowhere else."""


def finish_of(message: Message) -> str:
    """The finish reason to_turn infers for an output message."""
    return "tool_call" if any(type(p) is ToolCallPart for p in message.parts) else "stop"


def response_channel(turn: Turn) -> TurnChannel:
    """The turn channel of ``turn``'s response fields and tools (from_turn adds the usage,
    config and metadata)."""
    req, resp = turn.request, turn.response
    c = TurnChannel()
    if resp.model != req.model:
        c.response_model = resp.model
    c.response_id = resp.id
    if resp.finish_reason != finish_of(resp.message):
        c.finish_reason = resp.finish_reason
    c.logprobs = resp.logprobs
    c.logprobs_complete = resp.logprobs_complete
    c.adaptations = resp.adaptations
    c.provider_data = resp.provider_data
    c.tools = req.tools
    return c


def channel_builtins(channel: TurnChannel) -> dict[str, Any]:
    """The lm15 channel as builtins. Canonical JSON cannot spell a lone surrogate (llm's
    ``json.dumps`` can): a channel holding one is taken as msgspec builds it, strings as they are."""
    try:
        value: dict[str, Any] = lc_to_builtins(channel)
    except EncodeError as exc:
        if not isinstance(exc.__cause__, UnicodeEncodeError):
            raise
        value = msgspec.to_builtins(channel, enc_hook=builtins_hook)
    if channel.logprobs:
        nonfinite_spelled(value["logprobs"])
    return value


def restates_turn(record: L.Response, turn: Turn, channels: int) -> bool | None:
    """Whether ``from_turn(turn)`` is ``record`` (``turn``: to_turn's of ``record``, which held
    ``channels`` lm15 channels), answered from the turn channel alone; None when the record is
    not one whose channel answers it (another channel, a key restated elsewhere, markers)."""
    if channels != 1 or not record.messages or turn.response.message.continuation:
        return None
    pm = record.messages[0].provider_metadata
    if type(pm) is not dict or len(pm) != 1:
        return None
    lm15 = pm.get("lm15")
    if type(lm15) is not dict or len(lm15) != 1:
        return None
    raw = lm15.get("turn")
    if type(raw) is not dict or not raw or not _RESTATED.issuperset(raw):
        return None
    return strict_equal(channel_builtins(response_channel(turn)), raw)
