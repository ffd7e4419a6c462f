"""A client's request body in this provider's dialect -> canonical Request."""

from __future__ import annotations

from lmcodec.wire import Request

__all__ = ["decode_request"]


def decode_request(body: bytes) -> Request:
    """The canonical Request a client's body asks for (unmapped fields go to Config.extensions)."""
    raise NotImplementedError("decode_request is not implemented for openai yet")
