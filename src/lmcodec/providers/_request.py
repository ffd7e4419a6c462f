"""The provider request a builder produces: what lm15 1.5.0's adapter would send, minus credentials."""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.wire import Adaptation
from lmcodec.wire._struct import reduced

__all__ = ["ProviderRequest"]


class ProviderRequest(msgspec.Struct, frozen=True, kw_only=True):
    """One HTTP request to a provider, as lm15's ``build_request`` makes it.

    ``path`` is relative to the base URL the provider's own SDK takes
    (``https://api.openai.com/v1`` for both OpenAI wires: ``"/responses"``;
    ``https://api.anthropic.com``: ``"/v1/messages"``;
    ``https://generativelanguage.googleapis.com``: ``"/v1beta/models/...:generateContent"``),
    ``headers`` holds the non-secret headers lm15 sets (API versions, beta
    flags, content type; never credentials), ``body`` the JSON payload with
    lm15's key order, and ``adaptations`` lm15's record of what it changed or
    dropped (MAP-13: each entry names the field, the action and the reason).
    """

    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    adaptations: tuple[Adaptation, ...] = ()

    def __reduce__(self) -> tuple[Any, ...]:
        return reduced(self)  # (pickled as lmcodec.ProviderRequest)
