"""Endpoint types: files, cache resources and batches (generation endpoints: ``generation.py``)."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias, get_args

import msgspec

from lmcodec.wire._local_file import regular_file_bytes
from lmcodec.wire._struct import WireStruct, empty_to_none
from lmcodec.wire._types import JsonObject, NonEmptyStr, NonNegativeInt
from lmcodec.wire.config import EMPTY_CONFIG, CacheConfig, Config
from lmcodec.wire.messages import Message
from lmcodec.wire.requests import Request, Response
from lmcodec.wire.telemetry import ErrorDetail

__all__ = [
    "BatchEntry",
    "BatchJobInfo",
    "BatchRequest",
    "CacheInfo",
    "CachePage",
    "CachedPrefix",
    "FileInfo",
    "FilePage",
    "FileUploadRequest",
]

_Bytes = builtins.bytes
FileReadiness = Literal["pending", "ready", "failed"]
BatchStatus = Literal["queued", "running", "cancelling", "completed", "failed", "cancelled", "expired"]
BatchOutcome = Literal["succeeded", "errored", "cancelled", "expired"]
_BATCH_TERMINAL = frozenset({"completed", "failed", "cancelled", "expired"})
_NonEmptyBytes = Annotated[_Bytes, msgspec.Meta(min_length=1)]


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _FileUploadRequestArgs: TypeAlias = tuple[Literal["filename"], Literal["bytes_data"],
        Literal["media_type"], Literal["extensions"], Literal["path"]]
    _FileInfoArgs: TypeAlias = tuple[Literal["id"], Literal["filename"], Literal["media_type"],
        Literal["size_bytes"], Literal["created_at"], Literal["expires_at"], Literal["readiness"],
        Literal["downloadable"], Literal["provider_data"]]
    _CacheInfoArgs: TypeAlias = tuple[Literal["id"], Literal["model"], Literal["tokens"],
        Literal["created_at"], Literal["expires_at"], Literal["label"], Literal["provider_data"]]
    _BatchRequestArgs: TypeAlias = tuple[Literal["model"], Literal["requests"], Literal["label"],
        Literal["extensions"]]
    _BatchJobInfoArgs: TypeAlias = tuple[Literal["id"], Literal["status"], Literal["label"],
        Literal["created_at"], Literal["provider_data"]]
    _BatchEntryArgs: TypeAlias = tuple[Literal["index"], Literal["outcome"], Literal["response"],
        Literal["error"]]
# fmt: on


class FileUploadRequest(WireStruct, frozen=True, kw_only=True):
    """A file upload: in-memory bytes (base64 on the wire) or a local path."""

    filename: NonEmptyStr
    bytes_data: _NonEmptyBytes | None = None
    media_type: NonEmptyStr
    extensions: JsonObject | None = None
    path: Path | None = None

    _lm_defaults: ClassVar[dict[str, Any]] = {"media_type": "application/octet-stream"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_FileUploadRequestArgs]

        def __init__(
            self,
            filename: str,
            bytes_data: builtins.bytes | None = ...,
            media_type: str = ...,
            extensions: JsonObject | None = ...,
            path: str | PathLike[str] | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        # lm15 asks for exactly one source before it checks the bytes' type
        if (
            kwargs["bytes_data"] is not None
            and kwargs["path"] is not None
            and isinstance(kwargs["filename"], str)
        ):
            raise ValueError("FileUploadRequest requires exactly one of bytes_data or path")

    def __post_init__(self) -> None:
        if self.bytes_data is None and self.path is None:
            raise TypeError("FileUploadRequest requires bytes_data or path")
        if self.bytes_data is not None and self.path is not None:
            raise ValueError("FileUploadRequest requires exactly one of bytes_data or path")
        empty_to_none(self, "extensions")

    def __repr__(self) -> str:
        data = None if self.bytes_data is None else f"<bytes: {len(self.bytes_data)} bytes>"
        return (
            f"FileUploadRequest(filename={self.filename!r}, bytes_data={data!r}, "
            f"media_type={self.media_type!r}, extensions={self.extensions!r}, path={self.path!r})"
        )

    @property
    def bytes(self) -> _Bytes:
        """The file content: the in-memory bytes, or the file at ``path``."""
        if self.bytes_data is not None:
            return self.bytes_data
        if self.path is not None:
            return regular_file_bytes(self.path, "FileUploadRequest.path")
        raise ValueError("FileUploadRequest has neither bytes_data nor path")


class FileInfo(WireStruct, frozen=True, kw_only=True):
    """A snapshot of one provider-side stored file."""

    id: NonEmptyStr
    filename: NonEmptyStr | None = None
    media_type: NonEmptyStr | None = None
    size_bytes: NonNegativeInt | None = None
    created_at: NonEmptyStr | None = None
    expires_at: NonEmptyStr | None = None
    readiness: FileReadiness
    downloadable: bool | None = None
    provider_data: JsonObject | None = None

    _lm_defaults: ClassVar[dict[str, Any]] = {"readiness": "ready"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_FileInfoArgs]

        def __init__(
            self,
            id: str,
            filename: str | None = ...,
            media_type: str | None = ...,
            size_bytes: int | None = ...,
            created_at: str | None = ...,
            expires_at: str | None = ...,
            readiness: FileReadiness = ...,
            downloadable: bool | None = ...,
            provider_data: JsonObject | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        empty_to_none(self, "provider_data")

    @property
    def ready(self) -> bool:
        """True when the file can be used."""
        return self.readiness == "ready"


class FilePage(WireStruct, frozen=True, kw_only=True):
    """One page of stored files plus an opaque continuation cursor."""

    items: tuple[FileInfo, ...] = ()
    next_cursor: NonEmptyStr | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["items"], Literal["next_cursor"]]]

        def __init__(
            self,
            items: Sequence[FileInfo] = ...,
            next_cursor: str | None = ...,
        ) -> None: ...


class CacheInfo(WireStruct, frozen=True, kw_only=True):
    """A snapshot of one provider-side stored cache object."""

    id: NonEmptyStr
    model: NonEmptyStr
    tokens: NonNegativeInt | None = None
    created_at: NonEmptyStr | None = None
    expires_at: NonEmptyStr | None = None
    label: NonEmptyStr | None = None
    provider_data: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_CacheInfoArgs]

        def __init__(
            self,
            id: str,
            model: str,
            tokens: int | None = ...,
            created_at: str | None = ...,
            expires_at: str | None = ...,
            label: str | None = ...,
            provider_data: JsonObject | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        empty_to_none(self, "provider_data")


class CachePage(WireStruct, frozen=True, kw_only=True):
    """One page of stored cache objects plus an opaque continuation cursor."""

    items: tuple[CacheInfo, ...] = ()
    next_cursor: NonEmptyStr | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["items"], Literal["next_cursor"]]]

        def __init__(
            self,
            items: Sequence[CacheInfo] = ...,
            next_cursor: str | None = ...,
        ) -> None: ...


class CachedPrefix(WireStruct, frozen=True, kw_only=True):
    """A reusable prompt beginning, optionally backed by a stored cache object."""

    prefix: Request
    resource: CacheInfo | None = None
    provider: str | None = None

    _lm_kwonly: ClassVar[tuple[str, ...]] = ("provider",)

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["prefix"], Literal["resource"]]]

        def __init__(
            self,
            prefix: Request,
            resource: CacheInfo | None = ...,
            *,
            provider: str | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        provider = self.provider
        if provider is not None:
            if not provider or any(c.isspace() or c in ":/" for c in provider):
                raise ValueError(
                    "CachedPrefix.provider must be a non-empty provider name without routing separators"
                )
            if "_" in provider:
                msgspec.structs.force_setattr(self, "provider", provider.replace("_", "-"))
        if self.prefix.config != EMPTY_CONFIG:
            raise ValueError(
                "CachedPrefix.prefix must carry a default Config: a cached object has no generation settings"
            )
        if self.resource is not None and self.resource.model != self.prefix.model:
            raise ValueError(
                "CachedPrefix.resource.model must equal the prefix model "
                "(a stored cache belongs to one model)"
            )

    @property
    def id(self) -> str | None:
        """The stored cache object's id, if any."""
        return self.resource.id if self.resource is not None else None

    @property
    def expires_at(self) -> str | None:
        """When the stored cache object expires, if known."""
        return self.resource.expires_at if self.resource is not None else None

    def cache_config(self) -> CacheConfig:
        """The CacheConfig marking the seam between prefix and suffix."""
        return CacheConfig(mode="auto", prefix_until_index=len(self.prefix.messages) - 1, resource=self.id)

    def request(self, messages: Any, *, config: Config | None = None) -> Request:
        """Append ``messages`` to the prefix and set the cache boundary."""
        model = f"{self.provider}:{self.prefix.model}" if self.provider is not None else self.prefix.model
        suffix: tuple[Message, ...]
        if isinstance(messages, Request):
            head, sep, rest = messages.model.partition(":")
            same_route = (
                self.provider is not None
                and sep
                and head.replace("_", "-") == self.provider
                and rest == self.prefix.model
            )
            if messages.model != self.prefix.model and not same_route:
                raise ValueError("suffix Request model must equal the prefix model")
            if messages.system is not None or messages.tools:
                raise ValueError("suffix Request cannot redefine system or tools: the prefix owns them")
            if config is None and messages.config != EMPTY_CONFIG:
                config = messages.config
            suffix = messages.messages
        elif isinstance(messages, str):
            suffix = (Message.user(messages),)
        elif isinstance(messages, Message):
            suffix = (messages,)
        else:
            suffix = tuple(messages)
            if not suffix or not all(isinstance(m, Message) for m in suffix):
                raise TypeError("messages must be a Message or a non-empty sequence of Messages")
        base = config if config is not None else Config()
        if base.cache is not None:
            raise ValueError("config.cache is decided by the CachedPrefix; leave it unset")
        return Request(
            model=model,
            system=self.prefix.system,
            tools=self.prefix.tools,
            messages=self.prefix.messages + suffix,
            config=msgspec.structs.replace(base, cache=self.cache_config()),
        )

    def __add__(self, messages: Any) -> Request:
        return self.request(messages)


class BatchRequest(WireStruct, frozen=True, kw_only=True):
    """A batch of model requests; ``model`` defaults to the first request's."""

    model: NonEmptyStr | None = None
    requests: Annotated[tuple[Request, ...], msgspec.Meta(min_length=1)]
    label: NonEmptyStr | None = None
    extensions: JsonObject | None = None

    _lm_defaults: ClassVar[dict[str, Any]] = {"requests": ()}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_BatchRequestArgs]

        def __init__(
            self,
            model: str | None = ...,
            requests: Sequence[Request] = ...,
            label: str | None = ...,
            extensions: JsonObject | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        if self.model is None:
            msgspec.structs.force_setattr(self, "model", self.requests[0].model)
        empty_to_none(self, "extensions")


class BatchJobInfo(WireStruct, frozen=True, kw_only=True):
    """A snapshot of a provider-side batch job."""

    id: NonEmptyStr
    status: BatchStatus
    label: NonEmptyStr | None = None
    created_at: NonEmptyStr | None = None
    provider_data: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_BatchJobInfoArgs]

        def __init__(
            self,
            id: str,
            status: BatchStatus,
            label: str | None = ...,
            created_at: str | None = ...,
            provider_data: JsonObject | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        empty_to_none(self, "provider_data")

    @property
    def done(self) -> bool:
        """True once the job will make no further progress."""
        return self.status in _BATCH_TERMINAL


class BatchEntry(WireStruct, frozen=True, kw_only=True):
    """The fate of one request in a batch; its Response keeps ``provider_data``."""

    index: NonNegativeInt
    outcome: BatchOutcome
    response: Response | None = None
    error: ErrorDetail | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_BatchEntryArgs]

        def __init__(
            self,
            index: int,
            outcome: BatchOutcome,
            response: Response | None = ...,
            error: ErrorDetail | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        index = kwargs.get("index")
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise ValueError("BatchEntry.index must be a non-negative int")
        # lm15 checks response/error by the outcome rules alone (ValueError), before any type check
        outcome, response, error = kwargs["outcome"], kwargs["response"], kwargs["error"]
        if outcome == "succeeded":
            if not isinstance(response, Response) or error is not None:
                raise ValueError("succeeded entries carry a Response and no error")
        elif outcome == "errored":
            if not isinstance(error, ErrorDetail) or response is not None:
                raise ValueError("errored entries carry an ErrorDetail and no response")
        elif isinstance(outcome, str) and outcome in get_args(BatchOutcome):
            if response is not None or error is not None:
                raise ValueError(f"{outcome} entries carry neither response nor error")

    def __post_init__(self) -> None:
        if self.outcome == "succeeded":
            if self.response is None or self.error is not None:
                raise ValueError("succeeded entries carry a Response and no error")
        elif self.outcome == "errored":
            if self.error is None or self.response is not None:
                raise ValueError("errored entries carry an ErrorDetail and no response")
        elif self.response is not None or self.error is not None:
            raise ValueError(f"{self.outcome} entries carry neither response nor error")

    @property
    def ok(self) -> bool:
        """True for a succeeded entry."""
        return self.outcome == "succeeded"
