"""Parts: the atoms of content, one tagged Struct per ``type``."""

from __future__ import annotations

from collections.abc import Sequence
from os import PathLike
from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal, TypeAlias

import msgspec

from lmcodec.wire._checks import is_json_value
from lmcodec.wire._media import MediaFields as _Media  # private: no wire class of its own
from lmcodec.wire._plan import REQUIRED, Factory
from lmcodec.wire._struct import WireStruct
from lmcodec.wire._types import JsonObject, NonEmptyStr, Probability

__all__ = [
    "AssistantPart",
    "AudioPart",
    "BinaryPart",
    "CitationPart",
    "ContinuationState",
    "DataPart",
    "DocumentPart",
    "ImagePart",
    "MediaPart",
    "NonStreamablePart",
    "Part",
    "PromptPart",
    "RefusalPart",
    "StreamablePart",
    "TextPart",
    "ThinkingPart",
    "ToolCallPart",
    "ToolResultContentPart",
    "ToolResultPart",
]

JudgmentMethod = Literal["provider_classification", "candidate_sequence_likelihood"]


class ContinuationState(WireStruct, frozen=True, kw_only=True):
    """Opaque provider-owned state needed to continue or replay a transcript."""

    provider: NonEmptyStr
    kind: NonEmptyStr
    data: JsonObject

    _lm_defaults: ClassVar[dict[str, Any]] = {"data": Factory(dict)}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["provider"], Literal["kind"], Literal["data"]]]

        def __init__(
            self,
            provider: str,
            kind: str,
            data: JsonObject = ...,
        ) -> None: ...

    def __repr__(self) -> str:
        return (
            f"ContinuationState(provider={self.provider!r}, kind={self.kind!r}, "
            f"data=<dict: {len(self.data)} keys>)"
        )


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _TextArgs: TypeAlias = tuple[Literal["text"], Literal["continuation"]]
    _CitationPartArgs: TypeAlias = tuple[Literal["url"], Literal["title"], Literal["text"],
        Literal["continuation"]]
    _ImagePartArgs: TypeAlias = tuple[Literal["media_type"], Literal["data"], Literal["url"],
        Literal["file_id"], Literal["path"], Literal["continuation"], Literal["detail"]]
    _MediaArgs: TypeAlias = tuple[Literal["media_type"], Literal["data"], Literal["url"], Literal["file_id"],
        Literal["path"], Literal["continuation"]]
    _ToolCallPartArgs: TypeAlias = tuple[Literal["id"], Literal["name"], Literal["input"],
        Literal["continuation"]]
    _DataPartArgs: TypeAlias = tuple[Literal["value"], Literal["probabilities"], Literal["method"],
        Literal["continuation"]]
    _ToolResultPartArgs: TypeAlias = tuple[Literal["id"], Literal["content"], Literal["name"],
        Literal["is_error"], Literal["continuation"]]
# fmt: on


class TextPart(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="text"):
    """A block of text content."""

    type: ClassVar[Literal["text"]] = "text"
    text: str
    continuation: tuple[ContinuationState, ...] = ()

    if TYPE_CHECKING:
        __match_args__: ClassVar[_TextArgs]

        def __init__(
            self,
            text: str,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...


class ThinkingPart(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="thinking"):
    """Model reasoning trace; hidden thinking is ``text=""`` plus continuation state."""

    type: ClassVar[Literal["thinking"]] = "thinking"
    text: str
    continuation: tuple[ContinuationState, ...] = ()

    if TYPE_CHECKING:
        __match_args__: ClassVar[_TextArgs]

        def __init__(
            self,
            text: str,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...


class RefusalPart(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="refusal"):
    """The model explicitly refused; the text is never empty."""

    type: ClassVar[Literal["refusal"]] = "refusal"
    text: NonEmptyStr
    continuation: tuple[ContinuationState, ...] = ()

    if TYPE_CHECKING:
        __match_args__: ClassVar[_TextArgs]

        def __init__(
            self,
            text: str,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...


class CitationPart(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="citation"):
    """A reference to source material (at least one of url, title, text)."""

    type: ClassVar[Literal["citation"]] = "citation"
    text: NonEmptyStr | None = None
    url: NonEmptyStr | None = None
    title: NonEmptyStr | None = None
    continuation: tuple[ContinuationState, ...] = ()

    _lm_order: ClassVar[tuple[str, ...] | None] = ("url", "title", "text", "continuation")

    if TYPE_CHECKING:
        __match_args__: ClassVar[_CitationPartArgs]

        def __init__(
            self,
            url: str | None = ...,
            title: str | None = ...,
            text: str | None = ...,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        if self.url is None and self.title is None and self.text is None:
            raise ValueError("CitationPart requires at least one of url, title, or text")


_MEDIA_ORDER = ("media_type", "data", "url", "file_id", "path", "continuation")


class ImagePart(_Media, frozen=True, kw_only=True, tag_field="type", tag="image"):
    """An image, addressed by exactly one of data/url/file_id/path."""

    type: ClassVar[Literal["image"]] = "image"
    detail: Literal["low", "high", "auto"] | None = None
    continuation: tuple[ContinuationState, ...] = ()

    _lm_order: ClassVar[tuple[str, ...] | None] = (*_MEDIA_ORDER, "detail")
    _lm_defaults: ClassVar[dict[str, Any]] = {"media_type": "image/png"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ImagePartArgs]

        def __init__(
            self,
            media_type: str = ...,
            data: str | None = ...,
            url: str | None = ...,
            file_id: str | None = ...,
            path: str | PathLike[str] | None = ...,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
            detail: Literal["low", "high", "auto"] | None = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        super()._lm_prepare(kwargs)
        detail = kwargs.get("detail")
        if detail is not None and not isinstance(detail, str):
            raise TypeError("ImagePart.detail must be a string")


class AudioPart(_Media, frozen=True, kw_only=True, tag_field="type", tag="audio"):
    """Audio content, addressed by exactly one of data/url/file_id/path."""

    type: ClassVar[Literal["audio"]] = "audio"
    continuation: tuple[ContinuationState, ...] = ()

    _lm_defaults: ClassVar[dict[str, Any]] = {"media_type": "audio/wav"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_MediaArgs]

        def __init__(
            self,
            media_type: str = ...,
            data: str | None = ...,
            url: str | None = ...,
            file_id: str | None = ...,
            path: str | PathLike[str] | None = ...,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...


class VideoPart(_Media, frozen=True, kw_only=True, tag_field="type", tag="video"):
    """Video content, addressed by exactly one of data/url/file_id/path."""

    type: ClassVar[Literal["video"]] = "video"
    continuation: tuple[ContinuationState, ...] = ()

    _lm_defaults: ClassVar[dict[str, Any]] = {"media_type": "video/mp4"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_MediaArgs]

        def __init__(
            self,
            media_type: str = ...,
            data: str | None = ...,
            url: str | None = ...,
            file_id: str | None = ...,
            path: str | PathLike[str] | None = ...,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...


class DocumentPart(_Media, frozen=True, kw_only=True, tag_field="type", tag="document"):
    """A document (PDF, etc.), addressed by exactly one of data/url/file_id/path."""

    type: ClassVar[Literal["document"]] = "document"
    continuation: tuple[ContinuationState, ...] = ()

    _lm_defaults: ClassVar[dict[str, Any]] = {"media_type": "application/pdf"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_MediaArgs]

        def __init__(
            self,
            media_type: str = ...,
            data: str | None = ...,
            url: str | None = ...,
            file_id: str | None = ...,
            path: str | PathLike[str] | None = ...,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...


class BinaryPart(_Media, frozen=True, kw_only=True, tag_field="type", tag="binary"):
    """Arbitrary binary content, addressed by exactly one media source."""

    type: ClassVar[Literal["binary"]] = "binary"
    continuation: tuple[ContinuationState, ...] = ()

    _lm_defaults: ClassVar[dict[str, Any]] = {"media_type": "application/octet-stream"}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_MediaArgs]

        def __init__(
            self,
            media_type: str = ...,
            data: str | None = ...,
            url: str | None = ...,
            file_id: str | None = ...,
            path: str | PathLike[str] | None = ...,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...


class ToolCallPart(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="tool_call"):
    """The model requests an external computation; ``input`` is opaque JSON."""

    type: ClassVar[Literal["tool_call"]] = "tool_call"
    id: NonEmptyStr
    name: NonEmptyStr
    input: JsonObject
    continuation: tuple[ContinuationState, ...] = ()

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ToolCallPartArgs]

        def __init__(
            self,
            id: str,
            name: str,
            input: JsonObject,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...


class DataPart(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="data"):
    """Structured data as content; ``value`` is any JSON value, null included."""

    type: ClassVar[Literal["data"]] = "data"
    value: Any
    probabilities: (
        dict[NonEmptyStr, Annotated[dict[NonEmptyStr, Probability], msgspec.Meta(min_length=1)]] | None
    ) = None
    method: JudgmentMethod | None = None
    continuation: tuple[ContinuationState, ...] = ()

    if TYPE_CHECKING:
        __match_args__: ClassVar[_DataPartArgs]

        def __init__(
            self,
            value: Any,
            probabilities: dict[str, dict[str, float]] | None = ...,
            method: JudgmentMethod | None = ...,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        if not is_json_value(kwargs["value"]):  # lm15 checks the value before the probabilities
            raise TypeError("DataPart.value must be a JSON-compatible value")
        probabilities = kwargs.get("probabilities")
        if probabilities is not None:
            kwargs["probabilities"] = _checked_probabilities(probabilities)

    def __post_init__(self) -> None:
        if self.probabilities is not None and not self.probabilities:
            raise TypeError(
                "DataPart.probabilities must be a non-empty mapping of field -> {key: probability}"
            )
        if (self.method is None) != (self.probabilities is None):
            raise ValueError("DataPart.method is present iff DataPart.probabilities is (INV-052)")


def _checked_probabilities(value: Any) -> dict[str, dict[str, float]]:
    where = "DataPart.probabilities"
    if not isinstance(value, dict) or not value:
        raise TypeError(f"{where} must be a non-empty mapping of field -> {{key: probability}}")
    out: dict[str, dict[str, float]] = {}
    for name, dist in value.items():
        if not isinstance(name, str) or not name:
            raise TypeError(f"{where} keys must be non-empty strings")
        if not isinstance(dist, dict) or not dist:
            raise TypeError(f"{where}[{name!r}] must be a non-empty mapping of key -> probability")
        inner: dict[str, float] = {}
        for key, prob in dist.items():
            if not isinstance(key, str) or not key:
                raise TypeError(f"{where}[{name!r}] keys must be non-empty strings")
            if isinstance(prob, bool) or not isinstance(prob, (int, float)):
                raise TypeError(f"{where}[{name!r}][{key!r}] must be a number")
            if not 0.0 <= float(prob) <= 1.0:
                raise ValueError(f"{where}[{name!r}][{key!r}] must be in [0, 1]")
            inner[key] = float(prob)
        out[name] = inner
    return out


ToolResultContentPart: TypeAlias = (
    TextPart | ImagePart | AudioPart | VideoPart | DocumentPart | BinaryPart | CitationPart | DataPart
)


class ToolResultPart(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="tool_result"):
    """The result of an external computation, sent back to the model."""

    type: ClassVar[Literal["tool_result"]] = "tool_result"
    id: NonEmptyStr
    name: NonEmptyStr | None = None
    content: Annotated[tuple[ToolResultContentPart, ...], msgspec.Meta(min_length=1)]
    is_error: bool = False
    continuation: tuple[ContinuationState, ...] = ()

    _lm_order: ClassVar[tuple[str, ...] | None] = (
        "id",
        "content",
        "name",
        "is_error",
        "continuation",
    )
    _lm_defaults: ClassVar[dict[str, Any]] = {"content": REQUIRED}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ToolResultPartArgs]

        def __init__(
            self,
            id: str,
            content: Sequence[ToolResultContentPart],
            name: str | None = ...,
            is_error: bool = ...,
            continuation: ContinuationState | Sequence[ContinuationState] = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        for part in self.content:  # (the test inline: one call fewer for every tool result made)
            if type(part) is DataPart:
                reject_judged_data("tool results", self.content)


def reject_judged_data(where: str, parts: tuple[Any, ...]) -> None:
    """INV-052: input data parts carry a value only; distributions belong to answers."""
    for part in parts:
        if isinstance(part, DataPart) and part.probabilities is not None:
            raise TypeError(
                f"{where} data parts carry value only; probabilities belong to assistant messages (INV-052)"
            )


Part: TypeAlias = (
    TextPart
    | ImagePart
    | AudioPart
    | VideoPart
    | DocumentPart
    | BinaryPart
    | ToolCallPart
    | ToolResultPart
    | ThinkingPart
    | RefusalPart
    | CitationPart
    | DataPart
)
MediaPart: TypeAlias = ImagePart | AudioPart | VideoPart | DocumentPart | BinaryPart
PromptPart: TypeAlias = TextPart | ImagePart | AudioPart | VideoPart | DocumentPart | BinaryPart | DataPart
AssistantPart: TypeAlias = (
    TextPart
    | ImagePart
    | AudioPart
    | VideoPart
    | DocumentPart
    | BinaryPart
    | ToolCallPart
    | ThinkingPart
    | RefusalPart
    | CitationPart
    | DataPart
)
StreamablePart: TypeAlias = TextPart | ThinkingPart | ImagePart | AudioPart | ToolCallPart | CitationPart
NonStreamablePart: TypeAlias = VideoPart | DocumentPart | BinaryPart | ToolResultPart | RefusalPart | DataPart
