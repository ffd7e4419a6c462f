"""The parts of a Gemini stream that the canonical events have no slot for, for translate.

With the code-execution tool on, Gemini streams the code it ran and its output as
``executableCode`` and ``codeExecutionResult`` parts (google-genai's ``part.executable_code`` /
``part.code_execution_result``). lm15 1.5.0's Gemini adapter maps such a part to nothing, and
lmcodec's decoder keeps that reading, so a Gemini client behind ``translate("gemini", "gemini")``
got neither the code nor its result (red team 14 F12). They are the server's own tool output, as a
Responses ``web_search_call`` is, so :class:`ForeignParts`, the Gemini mapper ``translate`` runs,
hands each to the sink's ``foreign_item`` (the hand-off :mod:`lmcodec.stream._foreign_items` makes
for Responses items) as the source sent it, in stream order: a Gemini writer writes it in a chunk of
its own; another dialect leaves it out, as it leaves out every server-run item (docs/writers.md).

A chunk that ends the stream (``finishReason``) is not split: it is the end's ``provider_data``,
which the Gemini writer writes back as it came, its code parts included.
"""

from __future__ import annotations

from typing import Any, Final, cast

import msgspec

from lmcodec.errors import StreamDecodeError
from lmcodec.stream._foreign_items import ForeignItemSink, mapped_at
from lmcodec.stream._streamed_calls import StreamedCallWatch
from lmcodec.wire import StreamDeltaEvent
from lmcodec.wire._float_literals import decode_any

__all__ = ["FOREIGN_PARTS", "ForeignParts", "ForeignPartsToGemini"]

FOREIGN_PARTS: Final = ("executableCode", "codeExecutionResult")
"""The Gemini part kinds lm15 reads as nothing that the server ran (its code-execution tool)."""

_CODE: Final = b'"executableCode"'
_RESULT: Final = b'"codeExecutionResult"'
_READ: Final = frozenset({"text", "functionCall", "inlineData"})  # a part holding one is lm15's
_decode: Final = decode_any
_encode: Final = msgspec.json.encode


class _Recorded:
    """A sink that records the calls made on it, to be replayed in order (:meth:`replay`)."""

    __slots__ = ("calls",)

    def __init__(self) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> None:
            self.calls.append((name, args, kwargs))

        return record


class ForeignParts(StreamedCallWatch):
    """The Gemini mapper of ``stream.translate`` (:class:`StreamedCallWatch`), handing every
    ``executableCode`` / ``codeExecutionResult`` part of a chunk that does not end the stream to
    the sink's ``foreign_item``, between the calls lm15's mapping of the chunk makes for the parts
    before and after it. A batch with no such part is mapped as before (two substring searches per
    frame)."""

    __slots__ = ()

    def frames(self, datas: list[bytes]) -> int:
        if len(datas) == 1:
            data = datas[0]
            if data.find(_CODE) < 0 and data.find(_RESULT) < 0:
                return _frames(self, datas)
        elif not any(data.find(_CODE) >= 0 or data.find(_RESULT) >= 0 for data in datas):
            return _frames(self, datas)
        skipped, start = 0, 0
        for i, data in enumerate(datas):
            parts = _foreign(data)
            if not parts:
                continue
            skipped += mapped_at(_frames, self, datas[start:i], start)
            start = i + 1
            try:
                skipped += self._with_foreign(data, parts)
            except StreamDecodeError as exc:
                exc.frame = i
                raise
        return skipped + mapped_at(_frames, self, datas[start:], start)

    def _with_foreign(self, data: bytes, parts: list[tuple[int, str, bytes]]) -> int:
        """Chunk ``data`` mapped as lm15 maps it, each of its ``parts`` (position, kind, JSON)
        handed to the sink's ``foreign_item`` before the first call for a later position (or for
        no position: the end of a chunk lm15 reads as usage only), the rest after the chunk's."""
        held = self._held
        sink = held.sink
        recorded = _Recorded()
        held.sink = cast(Any, recorded)
        try:
            skipped = _frames(self, [data])
        finally:
            held.sink = sink
        hand = cast(ForeignItemSink, sink).foreign_item
        waiting = parts[::-1]
        for name, args, kwargs in recorded.calls:
            if waiting and name != "start":
                at = _position(name, args)
                while waiting and (at is None or waiting[-1][0] < at):
                    _, kind, part = waiting.pop()
                    hand(kind, part)
            getattr(sink, name)(*args, **kwargs)
        for _, kind, part in reversed(waiting):
            hand(kind, part)
        return skipped


class ForeignPartsToGemini(ForeignParts):
    """:class:`ForeignParts` for a Gemini client: an in-band finish chunk (SAFETY, ...) hands none
    of its parts on, so that the writer writes the chunk as it came (``stream/_inband.py``)."""

    __slots__ = ()

    hands_parts = False


def _position(name: str, args: tuple[Any, ...]) -> int | None:
    """The part position a recorded sink call is for (``None``: not a part's)."""
    if name in ("text", "thinking", "tool_input", "tool_call_value"):
        position: int = args[0]
        return position
    if name == "event" and type(args[0]) is StreamDeltaEvent:
        index: int | None = args[0].delta.part_index
        return index
    return None


def _foreign(data: bytes) -> list[tuple[int, str, bytes]]:
    """The positions, kinds and JSON of the code-execution parts of chunk ``data`` that lm15 reads as
    nothing; none for a chunk that ends the stream, an error, or one that is no chunk."""
    if data.find(_CODE) < 0 and data.find(_RESULT) < 0:
        return []
    try:
        payload = _decode(data)
    except (msgspec.DecodeError, RecursionError):
        return []  # (lm15's mapping reads it, or refuses it)
    candidates = payload.get("candidates") if type(payload) is dict else None
    if type(candidates) is not list or not candidates or "error" in payload:
        return []
    candidate = candidates[0]
    if type(candidate) is not dict or candidate.get("finishReason"):
        return []
    content = candidate.get("content")
    parts = content.get("parts") if type(content) is dict else None
    if type(parts) is not list:
        return []
    found: list[tuple[int, str, bytes]] = []
    for i, part in enumerate(parts):
        if type(part) is dict and _READ.isdisjoint(part):
            kind = next((kind for kind in FOREIGN_PARTS if kind in part), None)
            if kind is not None:
                found.append((i, kind, _encode(part)))
    return found


_frames: Final = StreamedCallWatch.frames
