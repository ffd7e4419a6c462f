"""The one error hierarchy: every decode failure in lmcodec is an LmcodecError."""

from __future__ import annotations

from typing import Any

__all__ = ["DecodeError", "EncodeError", "LmcodecError", "StreamAssemblyError", "ValidationError"]


class LmcodecError(Exception):
    """Base class of every error lmcodec raises while reading data."""


class DecodeError(LmcodecError):
    """The input is not well-formed (malformed JSON/MessagePack bytes, bad SSE framing)."""


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
