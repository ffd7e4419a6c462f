"""A stream's error crossing dialects: :func:`crossed_error` gives the stream writers the source
provider's error code in their own vocabulary (``_ERROR_KINDS``, ``_ERROR_NAMES``), so a rate limit
stays a rate limit and an overload an overload behind a gateway (lm15's canonical codes fold an
overload into ``server`` and a Chat ``429`` into ``provider``). The OpenAI writers take the name only
where lm15's OpenAI readers read it back as the error's canonical code (their vocabulary has no
overload: an overload is ``server_error``; ``providers/openai/_sse_write.error_code``).
"""

from __future__ import annotations

from typing import Final

import msgspec

from lmcodec.wire import ErrorDetail

_ERROR_KINDS: Final[dict[str, str]] = {
    "rate_limit_error": "rate_limit",  # Anthropic error types
    "overloaded_error": "overloaded",
    "api_error": "server",
    "timeout_error": "timeout",
    "authentication_error": "auth",
    "permission_error": "permission",
    "not_found_error": "not_found",
    "invalid_request_error": "invalid_request",
    "RESOURCE_EXHAUSTED": "rate_limit",  # Google API statuses
    "UNAVAILABLE": "overloaded",
    "INTERNAL": "server",
    "DEADLINE_EXCEEDED": "timeout",
    "UNAUTHENTICATED": "auth",
    "PERMISSION_DENIED": "permission",
    "NOT_FOUND": "not_found",
    "INVALID_ARGUMENT": "invalid_request",
    "rate_limit_exceeded": "rate_limit",  # OpenAI error codes, and the HTTP statuses Chat servers send
    "server_error": "server",
    "invalid_api_key": "auth",
    "model_not_found": "not_found",
    "429": "rate_limit",
    "503": "overloaded",
    "500": "server",
    "504": "timeout",
    "401": "auth",
    "403": "permission",
    "404": "not_found",
    "400": "invalid_request",
}
"""A provider's error code (any dialect's) -> the kind of failure it names, finer than the canonical
code lm15 reads it as (``overloaded`` and ``server`` are both ``server``; a Chat ``429`` is ``provider``)."""

_ERROR_NAMES: Final[dict[str, dict[str, str]]] = {
    "anthropic": {
        "rate_limit": "rate_limit_error",
        "overloaded": "overloaded_error",
        "server": "api_error",
        "timeout": "timeout_error",
        "auth": "authentication_error",
        "permission": "permission_error",
        "not_found": "not_found_error",
        "invalid_request": "invalid_request_error",
    },
    "gemini": {
        "rate_limit": "RESOURCE_EXHAUSTED",
        "overloaded": "UNAVAILABLE",
        "server": "INTERNAL",
        "timeout": "DEADLINE_EXCEEDED",
        "auth": "UNAUTHENTICATED",
        "permission": "PERMISSION_DENIED",
        "not_found": "NOT_FOUND",
        "invalid_request": "INVALID_ARGUMENT",
    },
    "openai": {  # the codes OpenAI sends (lm15's OpenAILM._stream_error_code_map reads them)
        "rate_limit": "rate_limit_exceeded",
        "overloaded": "server_error",
        "server": "server_error",
        "timeout": "vector_store_timeout",
        "auth": "invalid_api_key",
        "not_found": "model_not_found",
        "invalid_request": "invalid_prompt",
    },
}
"""Each kind in a destination's own vocabulary (its writer writes a provider code it knows as it is:
an Anthropic error ``type``, a Google status with its HTTP code)."""


def crossed_error(error: ErrorDetail, destination: str) -> ErrorDetail:
    """``error`` with its provider code in ``destination``'s vocabulary where the code names a known
    kind of failure, so a client's retry logic keyed on the type or status (a rate limit, an
    overload) sees the same failure behind a gateway as from the provider."""
    code = error.provider_code
    kind = _ERROR_KINDS.get(code) if code is not None else None
    name = _ERROR_NAMES[destination].get(kind) if kind is not None else None
    if name is None or name == code:
        return error
    crossed: ErrorDetail = msgspec.structs.replace(error, provider_code=name)
    return crossed
