"""Stream events: start, delta, end, error."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar, Literal, TypeAlias

import msgspec

from lmcodec.wire._struct import WireStruct
from lmcodec.wire._types import JsonObject, NonEmptyStr
from lmcodec.wire.deltas import Delta
from lmcodec.wire.telemetry import EMPTY_USAGE, Adaptation, ErrorDetail, FinishReason, Usage

__all__ = ["StreamDeltaEvent", "StreamEndEvent", "StreamErrorEvent", "StreamEvent", "StreamStartEvent"]

_force_setattr = msgspec.structs.force_setattr


class StreamStartEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="start"):
    """The response stream has started."""

    type: ClassVar[Literal["start"]] = "start"
    id: NonEmptyStr | None = None
    model: NonEmptyStr | None = None
    adaptations: tuple[Adaptation, ...] = ()

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["id"], Literal["model"], Literal["adaptations"]]]

        def __init__(
            self,
            id: str | None = ...,
            model: str | None = ...,
            adaptations: Sequence[Adaptation] = ...,
        ) -> None: ...


class StreamDeltaEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="delta"):
    """A typed content delta arrived."""

    type: ClassVar[Literal["delta"]] = "delta"
    delta: Delta

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["delta"]]]

        def __init__(
            self,
            delta: Delta,
        ) -> None: ...


class StreamEndEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="end"):
    """The response stream completed. An all-``None`` usage is stored as ``None``."""

    type: ClassVar[Literal["end"]] = "end"
    finish_reason: FinishReason | None = None
    usage: Usage | None = None
    provider_data: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["finish_reason"], Literal["usage"], Literal["provider_data"]]]

        def __init__(
            self,
            finish_reason: FinishReason | None = ...,
            usage: Usage | None = ...,
            provider_data: JsonObject | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        # (every end event built, copied or decoded runs this: written out, with no helper call)
        usage = self.usage
        if usage is not None and usage == EMPTY_USAGE:
            _force_setattr(self, "usage", None)
        data = self.provider_data
        if data is not None and not data:  # (empty_to_none)
            _force_setattr(self, "provider_data", None)

    def __repr__(self) -> str:
        fields = []
        if self.finish_reason is not None:
            fields.append(f"    finish_reason={self.finish_reason!r}")
        if self.usage is not None:
            fields.append(f"    usage={self.usage!r}")
        if self.provider_data is not None:
            fields.append(f"    provider_data=<dict: {len(self.provider_data)} keys>")
        fields.append("    type='end'")
        return "StreamEndEvent(\n" + ",\n".join(fields) + ",\n)"


class StreamErrorEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="error"):
    """The stream failed."""

    type: ClassVar[Literal["error"]] = "error"
    error: ErrorDetail

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["error"]]]

        def __init__(
            self,
            error: ErrorDetail,
        ) -> None: ...


StreamEvent: TypeAlias = StreamStartEvent | StreamDeltaEvent | StreamEndEvent | StreamErrorEvent
