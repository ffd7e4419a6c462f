"""The event-building :class:`~lmcodec.stream.sink.Sink` of ``stream.decode``, ``Decoder`` and ``adecode``.

It turns a mapper's calls into the canonical event sequence lm15's contract
harness produces (adapter events through ``coalesce_stream``): one start first
(a provider start passes through; wires without one get
``StreamStartEvent(model=<begin's model>)`` before the first delta, or before
the end); deltas and errors in place; every adapter end merged by
:class:`~lmcodec.stream.coalesce.EndMerge` into one end at :meth:`close`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import msgspec

from lmcodec.stream.coalesce import EndMerge
from lmcodec.wire import (
    StreamDeltaEvent,
    StreamEndEvent,
    StreamEvent,
    StreamStartEvent,
    TextDelta,
    ThinkingDelta,
    TokenLogprob,
    ToolCallDelta,
    Usage,
)

__all__ = ["EventSink", "scored_text_event"]

_new: Final[Callable[..., Any]] = msgspec.StructMeta.__call__
_replace: Final[Callable[..., Any]] = msgspec.structs.replace
# Templates of the hot-path events, copied with ``replace`` (about 3x faster than a keyword construction).
_TEXT: Final = _new(TextDelta, part_index=0, text="")
_THINKING: Final = _new(ThinkingDelta, part_index=0, text="")
_TOOL_CALL: Final = _new(ToolCallDelta, part_index=0, input="")
_EVENT: Final = _new(StreamDeltaEvent, delta=_TEXT)
_START: Final = _new(StreamStartEvent)  # (a copy: ~1.7k instructions less than the keyword call)
# (the one end of a stream of one: copied as EndMerge.merged copies its own)
_END: Final = _new(StreamEndEvent)


def scored_text_event(part_index: int, text: str, logprobs: tuple[TokenLogprob, ...]) -> StreamDeltaEvent:
    """The event a ``Sink.text_with_logprobs`` call stands for (copied from the templates)."""
    event: StreamDeltaEvent = _replace(
        _EVENT, delta=_replace(_TEXT, part_index=part_index, text=text, logprobs=logprobs)
    )
    return event


class EventSink:
    """Builds the coalesced canonical events of a stream into :attr:`out` (the caller takes the list)."""

    __slots__ = ("_end", "_ends", "_model", "_started", "out")

    def __init__(self) -> None:
        self.out: list[StreamEvent] = []
        self._model: str | None = None
        self._started = False
        self._end: tuple[Any, Usage | None, Any, bool] | None = None  # the stream's first end, as given
        self._ends: EndMerge | None = None  # made at a second end that may change the merge

    def begin(self, model: str | None) -> None:
        self._model = model
        self._started = False
        self._end = None
        self._ends = None

    def _synthesize(self) -> None:
        self._started = True
        self.out.append(_replace(_START, model=self._model))

    def start(self, id: str | None, model: str | None) -> None:
        if not self._started:
            self._started = True
            self.out.append(_replace(_START, id=id, model=model))

    def text(self, part_index: int, text: str) -> None:
        if not self._started:
            self._synthesize()
        self.out.append(_replace(_EVENT, delta=_replace(_TEXT, part_index=part_index, text=text)))

    def text_with_logprobs(self, part_index: int, text: str, logprobs: tuple[TokenLogprob, ...]) -> None:
        if not self._started:
            self._synthesize()
        delta = _replace(_TEXT, part_index=part_index, text=text, logprobs=logprobs)
        self.out.append(_replace(_EVENT, delta=delta))

    def thinking(self, part_index: int, text: str) -> None:
        if not self._started:
            self._synthesize()
        self.out.append(_replace(_EVENT, delta=_replace(_THINKING, part_index=part_index, text=text)))

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None:
        if not self._started:
            self._synthesize()
        delta = _replace(_TOOL_CALL, part_index=part_index, input=fragment, id=id, name=name)
        self.out.append(_replace(_EVENT, delta=delta))

    def event(self, event: StreamEvent) -> None:
        if not self._started and type(event) is StreamDeltaEvent:
            self._synthesize()
        self.out.append(event)

    def end(
        self, finish_reason: str | None, usage: Usage | None, provider_data: Any, *, strict_json: bool = False
    ) -> None:
        """One adapter end, merged at :meth:`close` as the Assembler merges them: a single end is the
        merged end as it is, and a bare end after another (Anthropic's ``message_stop``) changes
        nothing a merge keeps, so a stream whose first end carries its usage (Gemini, Responses,
        Anthropic) makes no :class:`EndMerge` (~3k instructions); one without usage first makes it at
        once (Chat: the usage chunk follows)."""
        ends = self._ends
        if ends is None:
            first = self._end
            if first is None:
                if usage is not None:  # (an end without usage, Chat's finish chunk, has one after it)
                    self._end = (finish_reason, usage, provider_data, strict_json)
                    return
            elif finish_reason is None and usage is None and provider_data is None:
                return
            self._ends = ends = EndMerge()
            if first is not None:
                ends.add(first[0], first[1], first[2], first[3])
        ends.add(finish_reason, usage, provider_data, strict_json)

    def close(self) -> bool:
        ends, first = self._ends, self._end
        self._ends = self._end = None
        if ends is not None:
            end = ends.merged()
            if end is None:
                return False
        elif first is not None:
            end = _replace(_END, finish_reason=first[0], usage=first[1], provider_data=first[2])
        else:  # no end came
            return False
        if not self._started:
            self._synthesize()
        self.out.append(end)
        return True
