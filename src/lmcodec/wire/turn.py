"""Turn: one logged model call, a Request and its Response."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal, TypeAlias

from lmcodec.wire._struct import WireStruct
from lmcodec.wire._types import JsonObject, NonEmptyStr
from lmcodec.wire.requests import Request, Response

__all__ = ["Turn"]


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _TurnArgs: TypeAlias = tuple[Literal["request"], Literal["response"], Literal["id"],
        Literal["created_at"], Literal["metadata"]]
# fmt: on


class Turn(WireStruct, frozen=True, kw_only=True):
    """A conversation-log record: the request, its response, and optional metadata.

    Wire form ``{"id"?, "created_at"?, "request", "response", "metadata"?}``;
    the nested Response keeps ``provider_data`` so a log loses nothing.
    """

    id: NonEmptyStr | None = None
    created_at: NonEmptyStr | None = None
    request: Request
    response: Response
    metadata: JsonObject | None = None

    _lm_order: ClassVar[tuple[str, ...] | None] = ("request", "response", "id", "created_at", "metadata")

    if TYPE_CHECKING:
        __match_args__: ClassVar[_TurnArgs]

        def __init__(
            self,
            request: Request,
            response: Response,
            id: str | None = ...,
            created_at: str | None = ...,
            metadata: JsonObject | None = ...,
        ) -> None: ...
