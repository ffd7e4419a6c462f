"""lm15's ``coalesce_stream`` (lm15/result.py, MAP-3/MAP-4): one start first, one merged end last.

:class:`EndMerge` is the end-merging rule, the one piece of coalescing with
state worth naming; every consumer of a stream uses it (the event builder of
:mod:`lmcodec.stream.events`, the :class:`lmcodec.Assembler` as a sink, and
:func:`coalesce` over canonical events).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

import msgspec

from lmcodec.wire import Adaptation, StreamDeltaEvent, StreamEndEvent, StreamEvent, StreamStartEvent, Usage
from lmcodec.wire._checks import is_json_value

__all__ = ["EndMerge", "coalesce"]

_new: Final[Callable[..., Any]] = msgspec.StructMeta.__call__
_replace: Final[Callable[..., Any]] = msgspec.structs.replace
_END: Final = _new(StreamEndEvent)
"""The template of the merged end: copied with its three fields given (its ``__post_init__`` run),
~2.1k instructions less than the keyword call of StructMeta.__call__."""


_REFUSED: Final = 3  # the rank of a provider_data JSON cannot carry: nothing replaces it


class EndMerge:
    """Every adapter end of a stream merged into one (lm15 ``coalesce_stream``).

    A later non-null ``finish_reason`` or ``usage`` replaces the held one (an
    empty ``Usage()`` is a value and replaces too); the merged end's
    ``provider_data`` is that of the last end that carried usage, else of the
    last that carried a finish reason, else of the last that carried any (D9:
    a later frame of the same or higher rank wins). One that JSON cannot carry
    (NaN, Infinity), which lm15's end event refuses, is kept whatever follows, so
    that the end fails to assemble as lm15's stream fails; only the ones passed
    over are checked.
    """

    __slots__ = ("finish_reason", "provider_data", "rank", "seen", "strict_json", "usage")

    def __init__(self) -> None:
        self.seen = False
        self.finish_reason: Any = None
        self.usage: Usage | None = None
        self.provider_data: dict[str, Any] | None = None
        self.strict_json = False  # the kept provider_data was read by msgspec
        self.rank = -1

    def add(
        self,
        finish_reason: Any,
        usage: Usage | None,
        provider_data: dict[str, Any] | None,
        strict_json: bool = False,
    ) -> None:
        """Absorb one adapter end (``strict_json``: its provider_data was read by msgspec)."""
        self.seen = True
        if finish_reason is not None:
            self.finish_reason = finish_reason
        if usage is not None:
            self.usage = usage
        if provider_data is not None and self.rank != _REFUSED:
            rank = 2 if usage is not None else 1 if finish_reason is not None else 0
            if rank < self.rank:
                if not strict_json and not is_json_value(provider_data):
                    self.provider_data, self.rank, self.strict_json = provider_data, _REFUSED, False
            elif (
                self.provider_data is not None
                and not self.strict_json
                and not is_json_value(self.provider_data)
            ):
                self.rank = _REFUSED
            else:
                self.provider_data = provider_data
                self.strict_json = strict_json
                self.rank = rank

    def merged(self) -> StreamEndEvent | None:
        """The one end of the stream, or ``None`` when no end came."""
        if not self.seen:
            return None
        end: StreamEndEvent = _replace(
            _END, finish_reason=self.finish_reason, usage=self.usage, provider_data=self.provider_data
        )
        return end


def coalesce(
    events: Iterable[StreamEvent], *, model: str | None = None, adaptations: tuple[Adaptation, ...] = ()
) -> Iterator[StreamEvent]:
    """lm15's ``coalesce_stream`` over canonical events: one start first, one merged end last.

    Deltas and errors pass through; a second start is dropped; a start
    ``StreamStartEvent(model=model)`` is synthesized before the first delta or the
    end when the source has none (never before an error). Every end is absorbed by
    :class:`EndMerge`; the merged end is emitted when the source is exhausted, and
    only if an end was seen.

    Note: lmcodec's StreamEndEvent stores an all-empty ``Usage()`` as ``None``, so an
    end with an empty usage ranks as a usage-less end here (lm15 keeps the empty
    Usage: it replaces an earlier usage and ranks as a usage frame).
    """
    started = False
    ends = EndMerge()
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
            ends.add(ev.finish_reason, ev.usage, ev.provider_data)
            continue
        if not started and kind is StreamDeltaEvent:
            started = True
            yield StreamStartEvent(model=model, adaptations=tuple(adaptations))
        yield ev
    end = ends.merged()
    if end is not None:
        if not started:
            yield StreamStartEvent(model=model, adaptations=tuple(adaptations))
        yield StreamEndEvent(
            finish_reason=end.finish_reason, usage=end.usage, provider_data=end.provider_data
        )
