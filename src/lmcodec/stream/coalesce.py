"""lm15's ``coalesce_stream`` over canonical events: one start first, one merged end last."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import msgspec

from lmcodec.wire import Adaptation, StreamDeltaEvent, StreamEndEvent, StreamEvent, StreamStartEvent, Usage
from lmcodec.wire.telemetry import FinishReason

__all__ = ["coalesce"]


def coalesce(
    events: Iterable[StreamEvent], *, model: str | None = None, adaptations: tuple[Adaptation, ...] = ()
) -> Iterator[StreamEvent]:
    """lm15's ``coalesce_stream``: one start first, one merged end last (MAP-3, MAP-4).

    Deltas and errors pass through; a second start is dropped; a start
    ``StreamStartEvent(model=model)`` is synthesized before the first delta or the
    end when the source has none (never before an error). Every end is absorbed: a
    later non-null ``finish_reason``/``usage`` replaces the held one; the merged
    end's ``provider_data`` is that of the last end that carried usage, else of the
    last that carried a finish reason, else of the last that carried any (D9). The
    merged end is emitted when the source is exhausted, and only if an end was seen.

    Note: lmcodec's StreamEndEvent stores an all-empty ``Usage()`` as ``None``, so an
    end with an empty usage ranks as a usage-less end here (lm15 keeps the empty
    Usage: it replaces an earlier usage and ranks as a usage frame).
    """
    started = False
    saw_end = False
    finish_reason: FinishReason | None = None
    usage: Usage | None = None
    end_data: dict[str, Any] | None = None
    rank = -1
    for event in events:
        ev: Any = event
        kind = type(ev)
        if kind is StreamStartEvent:
            if started:
                continue
            started = True
            if adaptations and not ev.adaptations:
                ev = msgspec.structs.replace(ev, adaptations=tuple(adaptations))
            yield ev
            continue
        if kind is StreamEndEvent:
            saw_end = True
            if ev.finish_reason is not None:
                finish_reason = ev.finish_reason
            if ev.usage is not None:
                usage = ev.usage
            if ev.provider_data is not None:
                ev_rank = 2 if ev.usage is not None else 1 if ev.finish_reason is not None else 0
                if ev_rank >= rank:
                    end_data, rank = ev.provider_data, ev_rank
            continue
        if not started and kind is StreamDeltaEvent:
            started = True
            yield StreamStartEvent(model=model, adaptations=tuple(adaptations))
        yield ev
    if saw_end:
        if not started:
            yield StreamStartEvent(model=model, adaptations=tuple(adaptations))
        yield StreamEndEvent(finish_reason=finish_reason, usage=usage, provider_data=end_data)
