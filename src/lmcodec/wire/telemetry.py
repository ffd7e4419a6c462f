"""Decoding telemetry and diagnostics: Usage, logprobs, ErrorDetail, Adaptation."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeAlias, get_args

import msgspec

from lmcodec.wire._checks import is_json_value
from lmcodec.wire._plan import REQUIRED
from lmcodec.wire._struct import WireStruct
from lmcodec.wire._types import FiniteFloat, JsonObject, NonEmptyStr, NonFiniteFloat, NonNegativeInt

__all__ = [
    "EMPTY_USAGE",
    "Adaptation",
    "ErrorCode",
    "ErrorDetail",
    "FinishReason",
    "TokenLogprob",
    "TopLogprob",
    "Usage",
]

FinishReason = Literal["stop", "length", "tool_call", "content_filter", "error"]
ErrorCode = Literal[
    "auth",
    "auth_operation",
    "billing",
    "rate_limit",
    "invalid_request",
    "context_length",
    "timeout",
    "server",
    "unsupported_model",
    "unsupported_feature",
    "not_configured",
    "unknown_model",
    "ambiguous_model",
    "transport",
    "lock_timeout",
    "stream_assembly",
    "collection_limit",
    "provider",
]
AdaptationAction = Literal["dropped", "clamped", "substituted", "client_side", "satisfied", "defaulted"]
_ACTIONS: tuple[str, ...] = get_args(AdaptationAction)


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _UsageArgs: TypeAlias = tuple[Literal["input_tokens"], Literal["output_tokens"], Literal["total_tokens"],
        Literal["cache_read_tokens"], Literal["cache_write_tokens"], Literal["reasoning_tokens"],
        Literal["input_audio_tokens"], Literal["output_audio_tokens"]]
    _TopLogprobArgs: TypeAlias = tuple[Literal["token"], Literal["logprob"], Literal["bytes"],
        Literal["token_id"]]
    _TokenLogprobArgs: TypeAlias = tuple[Literal["token"], Literal["logprob"], Literal["bytes"],
        Literal["token_id"], Literal["top"]]
    _ErrorDetailArgs: TypeAlias = tuple[Literal["code"], Literal["message"], Literal["provider_code"],
        Literal["http_response"]]
    _AdaptationArgs: TypeAlias = tuple[Literal["field"], Literal["action"], Literal["reason"],
        Literal["asked"], Literal["applied"]]
# fmt: on


class Usage(WireStruct, frozen=True, kw_only=True):
    """Token usage; ``None`` means "not reported", distinct from a reported 0."""

    input_tokens: NonNegativeInt | None = None
    output_tokens: NonNegativeInt | None = None
    total_tokens: NonNegativeInt | None = None
    cache_read_tokens: NonNegativeInt | None = None
    cache_write_tokens: NonNegativeInt | None = None
    reasoning_tokens: NonNegativeInt | None = None
    input_audio_tokens: NonNegativeInt | None = None
    output_audio_tokens: NonNegativeInt | None = None

    # lm15 checks total_tokens after the other counts.
    _lm_check_order: ClassVar[tuple[str, ...]] = (
        "input_tokens",
        "output_tokens",
        "cache_read_tokens",
        "cache_write_tokens",
        "reasoning_tokens",
        "input_audio_tokens",
        "output_audio_tokens",
        "total_tokens",
    )

    if TYPE_CHECKING:
        __match_args__: ClassVar[_UsageArgs]

        def __init__(
            self,
            input_tokens: int | None = ...,
            output_tokens: int | None = ...,
            total_tokens: int | None = ...,
            cache_read_tokens: int | None = ...,
            cache_write_tokens: int | None = ...,
            reasoning_tokens: int | None = ...,
            input_audio_tokens: int | None = ...,
            output_audio_tokens: int | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        if self.total_tokens is None and self.input_tokens is not None and self.output_tokens is not None:
            msgspec.structs.force_setattr(self, "total_tokens", self.input_tokens + self.output_tokens)


EMPTY_USAGE = Usage()
"""The one "nothing reported" Usage: fields equal to it are omitted on the wire."""


def canonical_usage(usage: Usage | None) -> Usage | None:
    """``usage`` itself, or the shared EMPTY_USAGE when nothing is reported."""
    if usage is not None and usage is not EMPTY_USAGE and usage == EMPTY_USAGE:
        return EMPTY_USAGE
    return usage


def _prepare_token_bytes(kwargs: dict[str, Any]) -> None:
    """lm15's rule for ``bytes``: any iterable of non-negative ints (TypeError otherwise, no coercion).

    A non-finite ``logprob`` (which lm15 accepts) becomes a :class:`NonFiniteFloat`, so that it is
    written as lm15 writes it.
    """
    logprob = kwargs.get("logprob")
    if type(logprob) is float and logprob - logprob != 0.0:
        kwargs["logprob"] = NonFiniteFloat(logprob)
    value = kwargs.get("bytes")
    if value is None:
        return
    items = tuple(value)
    for item in items:
        if isinstance(item, bool) or not isinstance(item, int) or item < 0:
            raise TypeError("bytes must contain non-negative ints")
    kwargs["bytes"] = items


_TOKEN_BYTES_UNCHANGED: tuple[str, dict[str, Any]] = (
    "bytes is None and ({b}type(logprob) is not {b}float or logprob - logprob == 0.0)",
    {},
)
"""When :func:`_prepare_token_bytes` changes nothing: no bytes, and no non-finite float logprob."""


class TopLogprob(WireStruct, frozen=True, kw_only=True):
    """One scored alternative token at a decoding step."""

    token: str
    logprob: FiniteFloat
    bytes: tuple[NonNegativeInt, ...] | None = None
    token_id: int | None = None

    _lm_prepare = staticmethod(_prepare_token_bytes)
    _lm_prepare_unless: ClassVar[tuple[str, dict[str, Any]] | None] = _TOKEN_BYTES_UNCHANGED

    if TYPE_CHECKING:
        __match_args__: ClassVar[_TopLogprobArgs]

        def __init__(
            self,
            token: str,
            logprob: float,
            bytes: Sequence[int] | None = ...,
            token_id: int | None = ...,
        ) -> None: ...


class TokenLogprob(WireStruct, frozen=True, kw_only=True):
    """The chosen token at one decoding step, with ranked alternatives."""

    token: str
    logprob: FiniteFloat
    bytes: tuple[NonNegativeInt, ...] | None = None
    token_id: int | None = None
    top: tuple[TopLogprob, ...] = ()

    _lm_prepare = staticmethod(_prepare_token_bytes)
    _lm_prepare_unless: ClassVar[tuple[str, dict[str, Any]] | None] = _TOKEN_BYTES_UNCHANGED

    if TYPE_CHECKING:
        __match_args__: ClassVar[_TokenLogprobArgs]

        def __init__(
            self,
            token: str,
            logprob: float,
            bytes: Sequence[int] | None = ...,
            token_id: int | None = ...,
            top: TopLogprob | Sequence[TopLogprob] = ...,
        ) -> None: ...


_HTTP_KEYS = frozenset({"request_id", "retry_after", "rate_limit_headers"})
RATE_LIMIT_HEADERS = frozenset(
    {
        "retry-after",
        "retry-after-ms",
        "x-ms-retry-after-ms",
        "x-ratelimit-type",
        "x-ratelimit-abusepenalty-active",
        *(
            f"x-ratelimit-{field}-{unit}"
            for field in ("limit", "remaining", "reset", "renewalperiod")
            for unit in ("requests", "tokens")
        ),
        *(
            f"anthropic-ratelimit-{unit}-{field}"
            for unit in ("requests", "tokens", "input-tokens", "output-tokens")
            for field in ("limit", "remaining", "reset")
        ),
    }
)


def normalize_http_response(value: Any) -> JsonObject:
    """The closed handshake block of ErrorDetail: request_id, retry_after, rate_limit_headers."""
    if not isinstance(value, dict):
        raise TypeError("ErrorDetail.http_response must be an object")
    if value.keys() - _HTTP_KEYS:
        raise ValueError("unknown ErrorDetail.http_response field")
    out: JsonObject = {}
    request_id = value.get("request_id")
    if request_id is not None:
        if not isinstance(request_id, str) or not request_id:
            raise ValueError("http_response.request_id must be a non-empty string")
        out["request_id"] = request_id
    wait = value.get("retry_after")
    if wait is not None:
        if (
            isinstance(wait, bool)
            or not isinstance(wait, (int, float))
            or not math.isfinite(wait)
            or wait < 0
        ):
            raise ValueError("http_response.retry_after must be finite nonnegative seconds")
        out["retry_after"] = float(wait)
    if "rate_limit_headers" in value:
        headers = value["rate_limit_headers"]
        if not isinstance(headers, dict) or any(
            not isinstance(v, (list, tuple)) or any(not isinstance(s, str) for s in v)
            for v in headers.values()
        ):
            raise TypeError("http_response.rate_limit_headers must map names to string arrays")
        kept: dict[str, list[str]] = {}
        for name, values in headers.items():
            if not isinstance(name, str):
                continue
            lowered = name.lower()
            for item in values:
                if lowered not in RATE_LIMIT_HEADERS or not 1 <= len(item) <= 256:
                    continue
                if any(ord(c) < 32 or ord(c) > 126 for c in item):
                    continue
                bucket = kept.setdefault(lowered, [])
                if len(bucket) < 4:
                    bucket.append(item)
        if kept:
            out["rate_limit_headers"] = kept
    return out


class ErrorDetail(WireStruct, frozen=True, kw_only=True):
    """Structured error information."""

    code: ErrorCode
    message: str = ""
    provider_code: NonEmptyStr | None = None
    http_response: JsonObject = msgspec.field(default_factory=dict)

    _lm_defaults: ClassVar[dict[str, Any]] = {"message": REQUIRED}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ErrorDetailArgs]

        def __init__(
            self,
            code: ErrorCode,
            message: str,
            provider_code: str | None = ...,
            http_response: JsonObject = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        # lm15 normalizes first: tuple header values and non-string header names are accepted.
        kwargs["http_response"] = normalize_http_response(kwargs["http_response"])

    def __post_init__(self) -> None:
        if self.http_response:
            msgspec.structs.force_setattr(self, "http_response", normalize_http_response(self.http_response))


class Adaptation(WireStruct, frozen=True, kw_only=True):
    """One thing the wire got that differs from what was asked (MAP-13)."""

    field: NonEmptyStr
    action: AdaptationAction
    reason: NonEmptyStr
    asked: Any = None
    applied: Any = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_AdaptationArgs]

        def __init__(
            self,
            field: str,
            action: AdaptationAction,
            reason: str,
            asked: Any = ...,
            applied: Any = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        # lm15 raises ValueError (not TypeError) for a non-string field or reason, and for an
        # action not among its actions (an unhashable one too), in this order.
        field = kwargs["field"]
        if not isinstance(field, str) or not field:
            raise ValueError("Adaptation.field must be a non-empty string")
        action = kwargs["action"]
        if not any(action == known for known in _ACTIONS):
            raise ValueError(f"unsupported adaptation action: {action!r}")
        reason = kwargs["reason"]
        if not isinstance(reason, str) or not reason:
            raise ValueError("Adaptation.reason must be a non-empty string")
        for name in ("asked", "applied"):  # lm15 writes a tuple as a JSON array
            value = kwargs[name]
            if not is_json_value(value):
                try:
                    kwargs[name] = _tuples_as_lists(value)
                except RecursionError:
                    pass  # left as given: the field check rejects it


def _tuples_as_lists(value: Any) -> Any:
    """``value`` with every tuple, at any depth, turned into a list (what ``json.dumps`` writes)."""
    if isinstance(value, (tuple, list)):
        return [_tuples_as_lists(item) for item in value]
    if isinstance(value, dict):
        return {key: _tuples_as_lists(item) for key, item in value.items()}
    return value
