"""Canonical StreamEvents -> this provider's SSE bytes; a Response -> its non-streamed body."""

from __future__ import annotations

from lmcodec.wire import Response, StreamEvent

__all__ = ["StreamWriter", "encode_response"]


class StreamWriter:
    """Writes one stream, event by event, as the provider's SSE (one writer per stream)."""

    def feed(self, event: StreamEvent) -> bytes:
        """The SSE bytes for one canonical event (may be empty)."""
        raise NotImplementedError("stream writing is not implemented for anthropic yet")

    def close(self) -> bytes:
        """What ends the stream (may be empty)."""
        raise NotImplementedError("stream writing is not implemented for anthropic yet")


def encode_response(response: Response) -> bytes:
    """The provider's non-streamed JSON body for ``response``."""
    raise NotImplementedError("encode_response is not implemented for anthropic yet")
