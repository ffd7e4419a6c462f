"""Credentials (lm15.credentials, AUTH-2): tagged by ``kind``; reprs never show secrets."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import TYPE_CHECKING, ClassVar, Literal, TypeAlias

import msgspec

from lmcodec.wire._struct import WireStruct
from lmcodec.wire._types import NonEmptyStr

__all__ = ["ApiKey", "AwsCredentials", "BearerToken", "Credential"]


def _whole_utc_seconds(obj: msgspec.Struct) -> None:
    value: datetime | None = getattr(obj, "expires_at", None)
    if value is None:
        return
    if value.tzinfo is None:
        raise ValueError(f"{type(obj).__name__}.expires_at must be timezone-aware")
    normalized = value.astimezone(timezone.utc).replace(microsecond=0)
    if normalized != value or normalized.tzinfo is not value.tzinfo or value.microsecond:
        msgspec.structs.force_setattr(obj, "expires_at", normalized)


def _rfc3339(value: datetime | None) -> str:
    return "" if value is None else ", expires_at=" + value.isoformat().replace("+00:00", "Z")


class ApiKey(WireStruct, frozen=True, kw_only=True, tag_field="kind", tag="api_key"):
    """An API key."""

    kind: ClassVar[Literal["api_key"]] = "api_key"
    value: NonEmptyStr

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["value"]]]

        def __init__(
            self,
            value: str,
        ) -> None: ...

    def __repr__(self) -> str:
        return "ApiKey(<redacted>)"


class BearerToken(WireStruct, frozen=True, kw_only=True, tag_field="kind", tag="bearer_token"):
    """A bearer token, optionally expiring (whole UTC seconds on the wire)."""

    kind: ClassVar[Literal["bearer_token"]] = "bearer_token"
    value: NonEmptyStr
    expires_at: datetime | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["value"], Literal["expires_at"]]]

        def __init__(
            self,
            value: str,
            expires_at: datetime | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        _whole_utc_seconds(self)

    def __repr__(self) -> str:
        return f"BearerToken(<redacted>{_rfc3339(self.expires_at)})"


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _AwsCredentialsArgs: TypeAlias = tuple[Literal["access_key_id"], Literal["secret_access_key"],
        Literal["session_token"], Literal["expires_at"]]
# fmt: on


class AwsCredentials(WireStruct, frozen=True, kw_only=True, tag_field="kind", tag="aws"):
    """AWS access keys, optionally with a session token and an expiry."""

    kind: ClassVar[Literal["aws"]] = "aws"
    access_key_id: NonEmptyStr
    secret_access_key: NonEmptyStr
    session_token: NonEmptyStr | None = None
    expires_at: datetime | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_AwsCredentialsArgs]

        def __init__(
            self,
            access_key_id: str,
            secret_access_key: str,
            session_token: str | None = ...,
            expires_at: datetime | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        _whole_utc_seconds(self)

    def __repr__(self) -> str:
        return f"AwsCredentials(access_key_id={self.access_key_id!r}, <redacted>{_rfc3339(self.expires_at)})"


Credential: TypeAlias = ApiKey | BearerToken | AwsCredentials
