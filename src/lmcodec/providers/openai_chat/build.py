"""Canonical Request -> this provider's HTTP request, as lm15 1.5.0's adapter builds it."""

from __future__ import annotations

from lmcodec.providers._request import ProviderRequest
from lmcodec.wire import Request

__all__ = ["build_request"]


def build_request(request: Request, *, stream: bool = False) -> ProviderRequest:
    """The request lm15's adapter sends for ``request`` (path, non-secret headers, body, adaptations)."""
    raise NotImplementedError("build_request is not implemented for openai_chat yet")
