"""Server-sent events framing (public face of :mod:`lmcodec.framing.sse`, also :mod:`lmcodec.stream.sse`)."""

from lmcodec.framing.sse import (
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
