"""The one error hierarchy: every decode failure in lmcodec is an LmcodecError."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lmcodec.wire.telemetry import ErrorDetail

__all__ = [
    "DecodeError",
    "EncodeError",
    "LmcodecError",
    "StreamAssemblyError",
    "StreamError",
    "ValidationError",
]


class LmcodecError(Exception):
    """Base class of every error lmcodec raises while reading data."""


class DecodeError(LmcodecError):
    """The input is not well-formed (malformed JSON/MessagePack bytes, bad SSE framing).

    ``offset`` is the byte offset of the fault in the decoded buffer when it is
    known (``None`` otherwise); the message names it too.
    """

    def __init__(self, message: str = "", *, offset: int | None = None) -> None:
        super().__init__(message)
        self.offset = offset


class EncodeError(LmcodecError, TypeError):
    """An object cannot be written in the requested format (e.g. an int beyond 64 bits in MessagePack)."""


class ValidationError(LmcodecError, ValueError):
    """Well-formed input that breaks a type rule or invariant.

    ``path`` is the JSON path of the offending value (``"$.parts[1].text"``),
    or ``"$"`` when the whole value is at fault.
    """

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    def __str__(self) -> str:
        if self.path and self.path != "$":
            return f"{self.message} - at `{self.path}`"
        return self.message


class StreamAssemblyError(LmcodecError):
    """A stream could not be assembled into a Response.

    ``partial`` holds the Response built from everything received so far
    (or ``None``), ``part_index`` the first offending slot when one is known.
    """

    def __init__(self, message: str, *, partial: Any = None, part_index: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.partial = partial
        self.part_index = part_index


class StreamError(LmcodecError):
    """The stream itself reported a failure: a StreamErrorEvent arrived.

    ``error`` is the event's ErrorDetail (``code``, ``message``, ``provider_code``,
    ``http_response``); lm15 raises the typed error class of ``error.code`` here
    (RateLimitError, ServerError, ...), lmcodec raises this one class and keeps the detail.
    """

    def __init__(self, error: ErrorDetail) -> None:
        super().__init__(error.message or f"the stream failed ({error.code})")
        self.message = error.message
        self.error = error

    @property
    def code(self) -> str:
        """The canonical error code (``"rate_limit"``, ``"server"``, ``"context_length"``, ...)."""
        return self.error.code

    @property
    def provider_code(self) -> str | None:
        """The provider's own error code, when it sent one."""
        return self.error.provider_code

    @property
    def retry_after(self) -> float | int | None:
        """``http_response.retry_after`` when it is a finite non-negative number (as lm15 reads it)."""
        wait = self.error.http_response.get("retry_after")
        if isinstance(wait, bool) or not isinstance(wait, (int, float)):
            return None
        return wait if math.isfinite(wait) and wait >= 0 else None

    @property
    def request_id(self) -> str | None:
        """``http_response.request_id`` when it is a string."""
        value = self.error.http_response.get("request_id")
        return value if isinstance(value, str) else None
