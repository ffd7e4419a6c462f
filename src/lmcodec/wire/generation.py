"""Generation endpoint types: image, speech and video generation requests and their results."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

import msgspec

from lmcodec.wire._checks import require_model_and_prompt
from lmcodec.wire._struct import WireStruct, empty_to_none
from lmcodec.wire._types import JsonObject, NonEmptyStr, PositiveInt, tag_required
from lmcodec.wire.parts import AudioPart, ImagePart
from lmcodec.wire.telemetry import EMPTY_USAGE, Usage

if TYPE_CHECKING:
    from typing import TypeAlias

    _TaggedImage: TypeAlias = ImagePart
    _TaggedAudio: TypeAlias = AudioPart
else:  # an item without its "type" is refused, as lm15 refuses it (hostile-input H11)
    _TaggedImage = tag_required(ImagePart)
    _TaggedAudio = tag_required(AudioPart)

__all__ = [
    "ImageGenerationRequest",
    "ImageGenerationResponse",
    "SpeechGenerationRequest",
    "SpeechGenerationResponse",
    "VideoGenerationRequest",
    "VideoJobInfo",
]

VideoStatus = Literal["queued", "running", "completed", "failed", "cancelled"]
_VIDEO_TERMINAL = frozenset({"completed", "failed", "cancelled"})


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _ImageGenerationRequestArgs: TypeAlias = tuple[Literal["model"], Literal["prompt"], Literal["size"],
        Literal["images"], Literal["extensions"]]
    _ImageGenerationResponseArgs: TypeAlias = tuple[Literal["images"], Literal["text"], Literal["id"],
        Literal["model"], Literal["usage"], Literal["provider_data"]]
    _SpeechGenerationRequestArgs: TypeAlias = tuple[Literal["model"], Literal["prompt"], Literal["voice"],
        Literal["format"], Literal["extensions"]]
    _SpeechGenerationResponseArgs: TypeAlias = tuple[Literal["audio"], Literal["id"], Literal["model"],
        Literal["usage"], Literal["provider_data"]]
    _VideoGenerationRequestArgs: TypeAlias = tuple[Literal["model"], Literal["prompt"], Literal["seconds"],
        Literal["images"], Literal["extensions"]]
    _VideoJobInfoArgs: TypeAlias = tuple[Literal["id"], Literal["status"], Literal["progress"],
        Literal["created_at"], Literal["model"], Literal["provider_data"]]
# fmt: on


class ImageGenerationRequest(WireStruct, frozen=True, kw_only=True):
    """Text (and optional input images) in; images out."""

    model: NonEmptyStr
    prompt: NonEmptyStr
    size: NonEmptyStr | None = None
    images: tuple[_TaggedImage, ...] = ()
    extensions: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ImageGenerationRequestArgs]

        def __init__(
            self,
            model: str,
            prompt: str,
            size: str | None = ...,
            images: Sequence[ImagePart] = ...,
            extensions: JsonObject | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        require_model_and_prompt(kwargs)

    def __post_init__(self) -> None:
        empty_to_none(self, "extensions")


class ImageGenerationResponse(WireStruct, frozen=True, kw_only=True):
    """Generated images, plus any text the model said while drawing."""

    images: Annotated[tuple[_TaggedImage, ...], msgspec.Meta(min_length=1)]
    text: NonEmptyStr | None = None
    id: NonEmptyStr | None = None
    model: NonEmptyStr | None = None
    usage: Usage = EMPTY_USAGE
    provider_data: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ImageGenerationResponseArgs]

        def __init__(
            self,
            images: Sequence[ImagePart],
            text: str | None = ...,
            id: str | None = ...,
            model: str | None = ...,
            usage: Usage = ...,
            provider_data: JsonObject | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        if self.usage is not EMPTY_USAGE and self.usage == EMPTY_USAGE:
            msgspec.structs.force_setattr(self, "usage", EMPTY_USAGE)
        empty_to_none(self, "provider_data")


class SpeechGenerationRequest(WireStruct, frozen=True, kw_only=True):
    """Text-to-speech; ``voice`` and ``format`` take the provider's vocabulary."""

    model: NonEmptyStr
    prompt: NonEmptyStr
    voice: NonEmptyStr | None = None
    format: NonEmptyStr | None = None
    extensions: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_SpeechGenerationRequestArgs]

        def __init__(
            self,
            model: str,
            prompt: str,
            voice: str | None = ...,
            format: str | None = ...,
            extensions: JsonObject | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        require_model_and_prompt(kwargs)

    def __post_init__(self) -> None:
        empty_to_none(self, "extensions")


class SpeechGenerationResponse(WireStruct, frozen=True, kw_only=True):
    """Generated speech."""

    audio: _TaggedAudio
    id: NonEmptyStr | None = None
    model: NonEmptyStr | None = None
    usage: Usage = EMPTY_USAGE
    provider_data: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_SpeechGenerationResponseArgs]

        def __init__(
            self,
            audio: AudioPart,
            id: str | None = ...,
            model: str | None = ...,
            usage: Usage = ...,
            provider_data: JsonObject | None = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        if self.usage is not EMPTY_USAGE and self.usage == EMPTY_USAGE:
            msgspec.structs.force_setattr(self, "usage", EMPTY_USAGE)
        empty_to_none(self, "provider_data")


class VideoGenerationRequest(WireStruct, frozen=True, kw_only=True):
    """Text (and optional input frames) in; a video job out."""

    model: NonEmptyStr
    prompt: NonEmptyStr
    seconds: PositiveInt | None = None
    images: tuple[_TaggedImage, ...] = ()
    extensions: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_VideoGenerationRequestArgs]

        def __init__(
            self,
            model: str,
            prompt: str,
            seconds: int | None = ...,
            images: Sequence[ImagePart] = ...,
            extensions: JsonObject | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        require_model_and_prompt(kwargs)
        seconds = kwargs.get("seconds")
        if seconds is not None and (
            not isinstance(seconds, int) or isinstance(seconds, bool) or seconds <= 0
        ):
            raise ValueError("VideoGenerationRequest.seconds must be a positive int")

    def __post_init__(self) -> None:
        empty_to_none(self, "extensions")


class VideoJobInfo(WireStruct, frozen=True, kw_only=True):
    """A snapshot of a provider-side video job."""

    id: NonEmptyStr
    status: VideoStatus
    progress: Annotated[int, msgspec.Meta(ge=0, le=100)] | None = None
    created_at: NonEmptyStr | None = None
    model: NonEmptyStr | None = None
    provider_data: JsonObject | None = None

    if TYPE_CHECKING:
        __match_args__: ClassVar[_VideoJobInfoArgs]

        def __init__(
            self,
            id: str,
            status: VideoStatus,
            progress: int | None = ...,
            created_at: str | None = ...,
            model: str | None = ...,
            provider_data: JsonObject | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        progress = kwargs.get("progress")
        if progress is not None and (
            not isinstance(progress, int) or isinstance(progress, bool) or not 0 <= progress <= 100
        ):
            raise ValueError("VideoJobInfo.progress must be an int percentage 0-100")

    def __post_init__(self) -> None:
        empty_to_none(self, "provider_data")

    @property
    def done(self) -> bool:
        """True once the job will make no further progress."""
        return self.status in _VIDEO_TERMINAL
