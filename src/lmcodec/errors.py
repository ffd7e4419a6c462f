"""Every exception and warning lmcodec raises, in one tree.

::

    LmcodecError                    base of everything lmcodec raises while reading or writing data
    ├── DecodeError                 the input cannot be read (.offset: byte offset, when known)
    │   ├── ValidationError         well-formed input that breaks a type rule or invariant (.path);
    │   │                           also a ValueError, as lm15's constructors raise
    │   ├── StreamDecodeError       a stream frame lm15 1.5.0 would crash on, or one over a framing
    │   │                           limit (.frame, .events)
    │   └── RecordError             a bad record of a log under on_error="raise" (.line, .offset,
    │                               .path, .file, .cause)
    ├── EncodeError                 an object the requested format cannot hold; also a TypeError
    ├── UnsupportedTypeError        a decode or schema target lmcodec cannot read (API misuse, not
    │                               bad input; the message says what is supported); also a TypeError
    ├── ProviderError               a provider body that lm15 turns into a ProviderError (.code,
    │                               .provider, .provider_code)
    ├── StreamError                 the stream reported a failure: a StreamErrorEvent (.error)
    └── StreamAssemblyError         a stream that cannot be assembled (.partial: what arrived, .code)

    StreamCleanupWarning            (a RuntimeWarning) the event source failed after the end event

:class:`ValidationError` is a :class:`DecodeError`, as in msgspec: ``except
lc.DecodeError`` catches every failure to read input, whether its bytes are
malformed or its values break a rule. Constructors called from Python raise
plain ``ValueError``/``TypeError`` as lm15's constructors do; a ValidationError
is one too.

Every error pickles to an equal one (type, message, attributes), so that it crosses a process
boundary (a process pool's worker, a Dask worker): ``tests/test_errors.py`` walks the package for
every exception class lmcodec defines.

:class:`BadRecord` is not an exception: it is the record of one rejected log
record (``on_error="collect"``), kept verbatim with its error.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import msgspec

if TYPE_CHECKING:
    from lmcodec.wire.events import StreamEvent
    from lmcodec.wire.requests import Response
    from lmcodec.wire.telemetry import ErrorDetail

__all__ = [
    "BadRecord",
    "DecodeError",
    "EncodeError",
    "LmcodecError",
    "ProviderError",
    "RecordError",
    "StreamAssemblyError",
    "StreamCleanupWarning",
    "StreamDecodeError",
    "StreamError",
    "UnsupportedTypeError",
    "ValidationError",
]

QUOTED_CHARACTERS = 64


def quoted(value: object) -> str:
    """``value`` as an error message quotes it: its ``repr``, a string's cut to its first
    :data:`QUOTED_CHARACTERS` characters and its length (red team 50, F04: a refused 1 MiB tag or
    key was written back whole in every message, and so in every log of refusals)."""
    if isinstance(value, str) and len(value) > QUOTED_CHARACTERS:
        return f"{value[:QUOTED_CHARACTERS]!r}... ({len(value):,} characters)"
    return repr(value)


def quoted_in(message: str) -> str:
    """msgspec's ``message`` with the input value it quotes whole (``Invalid enum value 'X'``,
    ``Invalid value 'X'``, ``Object contains unknown field `X```) as :func:`quoted` writes it
    when it is longer than :data:`QUOTED_CHARACTERS` (a shorter one is left as msgspec spells it)."""
    for head, close in _QUOTING:
        if message.startswith(head) and message.endswith(close):
            value = message[len(head) : -1]
            if len(value) <= QUOTED_CHARACTERS:  # as msgspec wrote it: readers match its spelling
                return message
            return head[:-1] + quoted(value)
    return message


_QUOTING = (("Invalid enum value '", "'"), ("Invalid value '", "'"), ("Object contains unknown field `", "`"))


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


class UnsupportedTypeError(LmcodecError, TypeError):
    """A type given to a decode-by-type entry point (``decode``, ``from_builtins``, ``schema``,
    ``msgpack.decode``, ``jsonl.read``, ``llm.decode``) that it cannot read or describe.

    A mistake in the call, not in the data: raised before any input is read, and a TypeError as
    msgspec's own refusal of such a type is. The message names the types that are supported.
    """


class ValidationError(DecodeError, ValueError):
    """Well-formed input that breaks a type rule or invariant.

    ``path`` is the JSON path of the offending value (``"$.parts[1].text"``),
    or ``"$"`` when the whole value is at fault.
    """

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(message)
        self.offset = None
        self.message = message
        self.path = path

    def __str__(self) -> str:
        if self.path and self.path != "$":
            return f"{self.message} - at `{self.path}`"
        return self.message


class StreamAssemblyError(LmcodecError):
    """A stream could not be assembled into a Response.

    ``partial`` holds the Response built from everything received so far
    (or ``None``), ``part_index`` the first offending slot when one is known;
    ``code`` is lm15's error code for it, ``"stream_assembly"``.
    """

    code = "stream_assembly"

    def __init__(
        self, message: str, *, partial: Response | None = None, part_index: int | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.partial: Response | None = partial
        self.part_index = part_index


class StreamError(LmcodecError):
    """The stream itself reported a failure: a StreamErrorEvent arrived.

    ``error`` is the event's ErrorDetail (``code``, ``message``, ``provider_code``,
    ``http_response``); lm15 raises the typed error class of ``error.code`` here
    (RateLimitError, ServerError, ...), lmcodec raises this one class and keeps the detail.

    Picklable, so that it travels from a process pool's worker to its parent (red team 48 F01:
    the default pickling called ``StreamError(message)``, which broke the pool).
    """

    def __init__(self, error: ErrorDetail) -> None:
        super().__init__(error.message or f"the stream failed ({error.code})")
        self.message = error.message
        self.error = error

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.error,), self.__dict__)

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


class StreamDecodeError(DecodeError):
    """A frame lm15 1.5.0 would crash on (non-JSON data, a JSON non-object where
    lm15 calls ``.get``, a value a canonical constructor refuses, ...), or one the
    framer refuses (a line or an event over ``max_line_bytes`` / ``max_event_bytes``).

    ``events`` holds the canonical events decoded from the same ``feed()``
    call before the failing frame (already yielded by ``decode()``);
    ``frame`` is the index of the failing SSE event in the stream; ``partial``
    the Response assembled from everything before it when the error comes
    out of :func:`lmcodec.assemble` (``None`` otherwise).
    """

    def __init__(
        self,
        message: str,
        *,
        frame: int | None = None,
        events: Sequence[StreamEvent] = (),
        partial: Response | None = None,
    ) -> None:
        super().__init__(message)
        self.frame = frame
        self.events: list[StreamEvent] = list(events)
        self.partial = partial


class RecordError(DecodeError):
    """A bad record in a log: where it is (file, line, byte offset, JSON path) and why.

    Picklable, so that it travels from a Dask worker to the client.
    """

    def __init__(
        self,
        message: str,
        *,
        line: int,
        offset: int,
        path: str,
        cause: LmcodecError | None = None,
        file: str | None = None,
    ) -> None:
        where = f"line {line} (byte {offset})"
        super().__init__(
            (f"{file}: " if file else "") + f"{where}: {message}" + (f" - at `{path}`" if path else ""),
            offset=offset,
        )
        self.message = message
        self.line = line
        self.path = path
        self.cause = cause
        self.file = file

    def __reduce__(self) -> tuple[Any, ...]:
        arguments = (self.message, self.line, self.offset, self.path, self.cause, self.file)
        return (_record_error, arguments, self.__dict__)  # (the state: attributes set since, notes)


def _record_error(
    message: str, line: int, offset: int, path: str, cause: LmcodecError | None, file: str | None
) -> RecordError:
    return RecordError(message, line=line, offset=offset, path=path, cause=cause, file=file)


class ProviderError(LmcodecError):
    """A complete (non-streamed) provider body that lm15 turns into a ``ProviderError``:
    an error envelope, an unnamed tool call, a Gemini in-band refusal, a
    Chat body with several choices.

    ``code`` is lm15's canonical error code (``"server"``, ``"provider"``,
    ``"invalid_request"``, ``"unsupported_feature"``, ...), ``provider`` lm15's
    provider string (``"openai-chat"`` with a hyphen), ``provider_code`` the
    provider's own code. ``message`` is lm15's ``message`` field: for the
    classes whose lm15 constructor appends a "To fix" paragraph (rate limit,
    context length, auth) that paragraph is not reproduced.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str = "provider",
        provider: str | None = None,
        provider_code: str | None = None,
        feature: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code
        self.provider = provider
        self.provider_code = provider_code
        self.feature = feature

    def __str__(self) -> str:
        return f"{self.message} ({self.provider})" if self.provider else self.message


class StreamCleanupWarning(RuntimeWarning):
    """The event source failed after the end event: the Response is complete and returned anyway."""


class BadRecord(msgspec.Struct, frozen=True):
    """A rejected log record, kept verbatim (without its line end) with its error.

    ``file`` names the source where several are read at once (``lmcodec.dask``).
    """

    line: int
    offset: int
    path: str
    message: str
    raw: bytes = b""
    file: str | None = None
