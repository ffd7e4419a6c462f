"""A source stream's keep-alive frames, written to the client as its own dialect's keep-alive.

A backend that works before its first token keeps the connection open with keep-alives
(Anthropic's ``event: ping``, a ``: keep-alive`` comment line from Chat servers). Read as nothing
by every decoder, they wrote nothing, so a gateway's client saw no bytes while the backend kept
the gateway alive, and an idle timeout between them (a proxy's read timeout, a load balancer's
idle timeout) cut a live stream (red team 21 F04). :func:`lmcodec.stream.translate` writes one
keep-alive of the destination for each the source sent in a chunk that wrote nothing else (a
chunk that wrote content keeps the client alive already): Anthropic's own ``ping`` event to an
Anthropic client (its SDKs skip it anywhere in the stream), a comment line to a Chat or Responses
client (the openai SDK's SSE decoder skips ``:`` lines), and an empty line to a Gemini client:
google-genai reads every line that is not ``data:`` as JSON (1.0 parses it, 2.x and 3.x join it
into an error body), and skips empty lines only."""

from __future__ import annotations

from typing import Final

__all__ = ["KEEP_ALIVES", "KeepAlives"]

KEEP_ALIVES: Final = {
    "anthropic": b'event: ping\ndata: {"type":"ping"}\n\n',
    "openai": b": keep-alive\n\n",
    "openai_chat": b": keep-alive\n\n",
    "gemini": b"\n",
}
"""Each destination's keep-alive, read by its SDKs as nothing."""

# The marks of a keep-alive: a comment line's start (after LF or CR) and an Anthropic ping event's
# name line; none overlaps itself, and none is inside a JSON data line (whose strings hold no raw
# line break).
_KEPT: Final = len(b"event: ping") - 1  # the bytes of the last chunk a mark may start in


class KeepAlives:
    """Counts a stream's keep-alive frames chunk by chunk, each once however chunks cut it."""

    __slots__ = ("_pings", "_tail")

    def __init__(self, pings: bool) -> None:
        """``pings``: the source sends ``ping`` events (Anthropic); comment lines from any."""
        self._pings = pings
        self._tail = b"\n"  # the end of what came before (a line starts the stream)

    def count(self, chunk: bytes | bytearray | memoryview, wanted: bool) -> int:
        """The keep-alives that end in ``chunk`` when ``wanted`` (else 0: only the place in the
        stream is kept, at the cost of a slice)."""
        tail = self._tail
        if not wanted:
            end = chunk[-_KEPT:]
            if type(end) is bytes and len(end) == _KEPT:
                self._tail = end
            else:
                self._tail = (tail + bytes(end))[-_KEPT:]
            return 0
        data = tail + bytes(chunk)
        self._tail = data[-_KEPT:]
        # (a ping's name line is longer than the tail: only a comment's start can lie inside it; a
        # CR alone ends a line only where the stream has no LF, a rare form: looked for only then)
        comments = data.count(b"\n:") - tail.count(b"\n:")
        if b"\r" in data:
            comments += data.count(b"\r:") - tail.count(b"\r:")
        return comments + data.count(b"event: ping") if self._pings else comments
