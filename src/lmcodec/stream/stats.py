"""The counters of a :class:`lmcodec.stream.decoder.Decoder` (``Decoder.stats``)."""

from __future__ import annotations

__all__ = ["DecodeStats"]


class DecodeStats:
    """Counters of a :class:`Decoder` (cumulative over the streams it decoded).

    ``frames``: SSE events with data (JSON-array elements for a Gemini array
    body); ``events``: canonical events emitted; ``skipped``: frames that
    mapped to nothing (ignored or unknown types, empty data, chunks without
    content; an end frame counts as mapped); ``generic``: frames the port
    (lm15's dict code, ``providers/<name>/port.py``) mapped: those the typed views refuse,
    and the few lm15 reads as a whole dict (an end frame whose JSON is its provider_data);
    ``truncated``: unterminated, cut-short last frames dropped at end of input;
    ``unknown``: frames of an event type the adapter does not know (skipped,
    or surfaced as UnknownEvents with ``unknown="keep"``). Counted by :class:`Decoder` (``assemble(decode())``
    counts nothing visible).
    """

    __slots__ = ("events", "frames", "generic", "skipped", "truncated", "unknown")

    def __init__(self) -> None:
        self.frames = 0
        self.events = 0
        self.skipped = 0
        self.generic = 0
        self.truncated = 0
        self.unknown = 0

    def as_dict(self) -> dict[str, int]:
        names = ("frames", "events", "skipped", "generic", "truncated", "unknown")
        return {name: getattr(self, name) for name in names}

    def __repr__(self) -> str:
        return "DecodeStats(" + ", ".join(f"{k}={v}" for k, v in self.as_dict().items()) + ")"
