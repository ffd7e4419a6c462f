"""Server-sent events framing (public face of :mod:`lmcodec.stream.sse`)."""

from lmcodec.stream.sse import (
    DEFAULT_MAX_EVENT_BYTES,
    DEFAULT_MAX_LINE_BYTES,
    SSEDecoder,
    SSEEvent,
    aiter_sse,
    iter_sse,
)

__all__ = [
    "DEFAULT_MAX_EVENT_BYTES",
    "DEFAULT_MAX_LINE_BYTES",
    "SSEDecoder",
    "SSEEvent",
    "aiter_sse",
    "iter_sse",
]
