"""Server-sent events framing, as the stream stage exposes it (the framer is :mod:`lmcodec.framing.sse`).

The framer lives in :mod:`lmcodec.framing`, below the providers that name it, so that
:mod:`lmcodec.providers` never imports the stream package; this module keeps its public path.
"""

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
