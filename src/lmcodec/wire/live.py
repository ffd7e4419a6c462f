"""Live (realtime) sessions: AudioFormat, LiveConfig and the client/server events."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias

import msgspec

from lmcodec.wire._checks import check_base64, require_model
from lmcodec.wire._plan import REQUIRED
from lmcodec.wire._struct import WireStruct, empty_to_none
from lmcodec.wire._types import JsonObject, NonEmptyStr, PositiveInt
from lmcodec.wire.messages import SystemContent
from lmcodec.wire.parts import PromptPart, ToolResultContentPart, reject_judged_data
from lmcodec.wire.requests import check_tools, normalize_system, normalize_tools
from lmcodec.wire.telemetry import EMPTY_USAGE, ErrorDetail, Usage
from lmcodec.wire.tools import Tool

__all__ = [
    "AudioFormat",
    "LiveClientAudioEvent",
    "LiveClientEndAudioEvent",
    "LiveClientEvent",
    "LiveClientImageEvent",
    "LiveClientInterruptEvent",
    "LiveClientTextEvent",
    "LiveClientToolResultEvent",
    "LiveClientTurnEvent",
    "LiveConfig",
    "LiveServerAudioEvent",
    "LiveServerErrorEvent",
    "LiveServerEvent",
    "LiveServerInterruptedEvent",
    "LiveServerTextEvent",
    "LiveServerToolCallDeltaEvent",
    "LiveServerToolCallEvent",
    "LiveServerTurnEndEvent",
    "LiveServerUsageEvent",
]

AudioEncoding = Literal["pcm16", "opus", "mp3", "aac"]


class AudioFormat(WireStruct, frozen=True, kw_only=True):
    """An audio stream format."""

    encoding: AudioEncoding
    sample_rate: PositiveInt
    channels: PositiveInt

    _lm_defaults: ClassVar[dict[str, Any]] = {"channels": 1}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["encoding"], Literal["sample_rate"], Literal["channels"]]]

        def __init__(
            self,
            encoding: AudioEncoding,
            sample_rate: int,
            channels: int = ...,
        ) -> None: ...


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _LiveConfigArgs: TypeAlias = tuple[Literal["model"], Literal["system"], Literal["tools"],
        Literal["voice"], Literal["input_format"], Literal["output_format"], Literal["extensions"]]
# fmt: on


class LiveConfig(WireStruct, frozen=True, kw_only=True):
    """The configuration of a live session."""

    model: NonEmptyStr
    system: NonEmptyStr | Annotated[tuple[PromptPart, ...], msgspec.Meta(min_length=1)] | None = None
    tools: tuple[Tool, ...] = ()
    voice: NonEmptyStr | None = None
    input_format: AudioFormat | None = None
    output_format: AudioFormat | None = None
    extensions: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_LiveConfigArgs]

        def __init__(
            self,
            model: str,
            system: SystemContent | None = ...,
            tools: Tool | Sequence[Tool] = ...,
            voice: str | None = ...,
            input_format: AudioFormat | None = ...,
            output_format: AudioFormat | None = ...,
            extensions: JsonObject | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        require_model(kwargs)
        normalize_system(kwargs)
        normalize_tools("LiveConfig", kwargs)

    def __post_init__(self) -> None:
        check_tools("LiveConfig", self.tools)
        empty_to_none(self, "extensions")


class LiveClientTurnEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="turn"):
    """A user turn of prompt parts."""

    type: ClassVar[Literal["turn"]] = "turn"
    parts: Annotated[tuple[PromptPart, ...], msgspec.Meta(min_length=1)]
    turn_complete: bool

    _lm_defaults: ClassVar[dict[str, Any]] = {"turn_complete": True}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["parts"], Literal["turn_complete"]]]

        def __init__(
            self,
            parts: PromptPart | Sequence[PromptPart],
            turn_complete: bool = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        reject_judged_data("live input", self.parts)


class LiveClientAudioEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="audio"):
    """A chunk of input audio (base64)."""

    type: ClassVar[Literal["audio"]] = "audio"
    data: NonEmptyStr
    media_type: NonEmptyStr

    _lm_defaults: ClassVar[dict[str, Any]] = {"media_type": "audio/pcm;rate=16000"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["data"], Literal["media_type"]]]

        def __init__(
            self,
            data: str,
            media_type: str = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        check_base64("LiveClientAudioEvent", self.data)
        if not self.media_type.startswith("audio/"):
            raise ValueError("LiveClientAudioEvent.media_type must start with 'audio/'")


class LiveClientImageEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="image"):
    """An input image frame (base64)."""

    type: ClassVar[Literal["image"]] = "image"
    data: NonEmptyStr
    media_type: NonEmptyStr

    _lm_defaults: ClassVar[dict[str, Any]] = {"media_type": "image/jpeg"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["data"], Literal["media_type"]]]

        def __init__(
            self,
            data: str,
            media_type: str = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        check_base64("LiveClientImageEvent", self.data)
        if not self.media_type.startswith("image/"):
            raise ValueError("LiveClientImageEvent.media_type must start with 'image/'")


class LiveClientTextEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="text"):
    """Input text."""

    type: ClassVar[Literal["text"]] = "text"
    text: str

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["text"]]]

        def __init__(
            self,
            text: str,
        ) -> None: ...


class LiveClientToolResultEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="tool_result"):
    """The result of a tool call made during the session."""

    type: ClassVar[Literal["tool_result"]] = "tool_result"
    id: NonEmptyStr
    content: Annotated[tuple[ToolResultContentPart, ...], msgspec.Meta(min_length=1)]

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["id"], Literal["content"]]]

        def __init__(
            self,
            id: str,
            content: Sequence[ToolResultContentPart],
        ) -> None: ...

    def __post_init__(self) -> None:
        reject_judged_data("live tool results", self.content)


class LiveClientInterruptEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="interrupt"):
    """The client interrupts the model."""

    type: ClassVar[Literal["interrupt"]] = "interrupt"

    if TYPE_CHECKING:

        def __init__(
            self,
        ) -> None: ...


class LiveClientEndAudioEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="end_audio"):
    """The client's audio input ended."""

    type: ClassVar[Literal["end_audio"]] = "end_audio"

    if TYPE_CHECKING:

        def __init__(
            self,
        ) -> None: ...


LiveClientEvent: TypeAlias = (
    LiveClientTurnEvent
    | LiveClientAudioEvent
    | LiveClientImageEvent
    | LiveClientTextEvent
    | LiveClientToolResultEvent
    | LiveClientInterruptEvent
    | LiveClientEndAudioEvent
)


class LiveServerAudioEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="audio"):
    """A chunk of output audio (base64)."""

    type: ClassVar[Literal["audio"]] = "audio"
    data: NonEmptyStr
    media_type: NonEmptyStr | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["data"], Literal["media_type"]]]

        def __init__(
            self,
            data: str,
            media_type: str | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        check_base64("LiveServerAudioEvent", self.data)
        if self.media_type is not None and not self.media_type.startswith("audio/"):
            raise ValueError("LiveServerAudioEvent.media_type must start with 'audio/'")


class LiveServerTextEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="text"):
    """Output text."""

    type: ClassVar[Literal["text"]] = "text"
    text: str

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["text"]]]

        def __init__(
            self,
            text: str,
        ) -> None: ...


class LiveServerToolCallEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="tool_call"):
    """A complete tool call."""

    type: ClassVar[Literal["tool_call"]] = "tool_call"
    id: NonEmptyStr
    name: NonEmptyStr
    input: JsonObject

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["id"], Literal["name"], Literal["input"]]]

        def __init__(
            self,
            id: str,
            name: str,
            input: JsonObject,
        ) -> None: ...


class LiveServerToolCallDeltaEvent(
    WireStruct, frozen=True, kw_only=True, tag_field="type", tag="tool_call_delta"
):
    """A fragment of a tool call's input."""

    type: ClassVar[Literal["tool_call_delta"]] = "tool_call_delta"
    id: NonEmptyStr | None = None
    name: NonEmptyStr | None = None
    input_delta: str = ""

    _lm_order: ClassVar[tuple[str, ...] | None] = ("input_delta", "id", "name")
    _lm_defaults: ClassVar[dict[str, Any]] = {"input_delta": REQUIRED}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["input_delta"], Literal["id"], Literal["name"]]]

        def __init__(
            self,
            input_delta: str,
            id: str | None = ...,
            name: str | None = ...,
        ) -> None: ...


class LiveServerInterruptedEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="interrupted"):
    """The model was interrupted."""

    type: ClassVar[Literal["interrupted"]] = "interrupted"

    if TYPE_CHECKING:

        def __init__(
            self,
        ) -> None: ...


class _UsageEvent(WireStruct, frozen=True, kw_only=True):
    usage: Usage = EMPTY_USAGE

    _lm_defaults: ClassVar[dict[str, Any]] = {"usage": REQUIRED}

    def __post_init__(self) -> None:
        if self.usage is not EMPTY_USAGE and self.usage == EMPTY_USAGE:
            msgspec.structs.force_setattr(self, "usage", EMPTY_USAGE)


class LiveServerTurnEndEvent(_UsageEvent, frozen=True, kw_only=True, tag_field="type", tag="turn_end"):
    """The model's turn ended, with its usage."""

    type: ClassVar[Literal["turn_end"]] = "turn_end"

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["usage"]]]

        def __init__(
            self,
            usage: Usage,
        ) -> None: ...


class LiveServerUsageEvent(_UsageEvent, frozen=True, kw_only=True, tag_field="type", tag="usage"):
    """Billed usage of a response that did not end the turn."""

    type: ClassVar[Literal["usage"]] = "usage"

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["usage"]]]

        def __init__(
            self,
            usage: Usage,
        ) -> None: ...


class LiveServerErrorEvent(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="error"):
    """The session reported an error."""

    type: ClassVar[Literal["error"]] = "error"
    error: ErrorDetail

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["error"]]]

        def __init__(
            self,
            error: ErrorDetail,
        ) -> None: ...


LiveServerEvent: TypeAlias = (
    LiveServerAudioEvent
    | LiveServerTextEvent
    | LiveServerToolCallEvent
    | LiveServerToolCallDeltaEvent
    | LiveServerInterruptedEvent
    | LiveServerTurnEndEvent
    | LiveServerUsageEvent
    | LiveServerErrorEvent
)
