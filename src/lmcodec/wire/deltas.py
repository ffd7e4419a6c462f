"""Deltas: typed fragments of streamable parts, one tagged Struct per ``type``.

Every delta writes ``part_index`` (even 0) right after its tag, and drops only
``None`` values: empty strings are data in a stream.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeAlias

from lmcodec.wire._plan import Factory
from lmcodec.wire._struct import WireStruct
from lmcodec.wire._types import JsonObject, NonEmptyStr, NonNegativeInt
from lmcodec.wire.parts import ContinuationState
from lmcodec.wire.telemetry import TokenLogprob

__all__ = [
    "AudioDelta",
    "CitationDelta",
    "ContinuationDelta",
    "Delta",
    "ImageDelta",
    "TextDelta",
    "ThinkingDelta",
    "ToolCallDelta",
]


class TextDelta(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="text"):
    """A text fragment, with the logprobs of exactly its tokens."""

    type: ClassVar[Literal["text"]] = "text"
    part_index: NonNegativeInt
    text: str
    logprobs: tuple[TokenLogprob, ...] = ()
    logprobs_complete: bool = True

    _lm_order: ClassVar[tuple[str, ...] | None] = ("text", "part_index", "logprobs")
    _lm_kwonly: ClassVar[tuple[str, ...]] = ("logprobs_complete",)
    _lm_defaults: ClassVar[dict[str, Any]] = {"part_index": 0}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["text"], Literal["part_index"], Literal["logprobs"]]]

        def __init__(
            self,
            text: str,
            part_index: int = ...,
            logprobs: TokenLogprob | Sequence[TokenLogprob] = ...,
            *,
            logprobs_complete: bool = ...,
        ) -> None: ...


class ThinkingDelta(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="thinking"):
    """A reasoning fragment."""

    type: ClassVar[Literal["thinking"]] = "thinking"
    part_index: NonNegativeInt
    text: str

    _lm_order: ClassVar[tuple[str, ...] | None] = ("text", "part_index")
    _lm_defaults: ClassVar[dict[str, Any]] = {"part_index": 0}

    if TYPE_CHECKING:
        __match_args__: ClassVar[tuple[Literal["text"], Literal["part_index"]]]

        def __init__(
            self,
            text: str,
            part_index: int = ...,
        ) -> None: ...


class _MediaDelta(WireStruct, frozen=True, kw_only=True):
    """A media fragment: at most one of data/url/file_id (data may be unaligned base64)."""

    part_index: NonNegativeInt
    data: str | None = None
    url: str | None = None
    file_id: str | None = None
    media_type: NonEmptyStr | None = None

    _lm_order: ClassVar[tuple[str, ...] | None] = ("data", "url", "file_id", "part_index", "media_type")
    _lm_defaults: ClassVar[dict[str, Any]] = {"part_index": 0}

    def __post_init__(self) -> None:
        if (self.data is not None) + (self.url is not None) + (self.file_id is not None) > 1:
            raise ValueError(f"{type(self).__name__} can include at most one of data, url, or file_id")

    def __repr__(self) -> str:
        data = None if self.data is None else f"<base64: {len(self.data)} chars>"
        return (
            f"{type(self).__name__}(data={data!r}, url={self.url!r}, file_id={self.file_id!r}, "
            f"part_index={self.part_index!r}, media_type={self.media_type!r})"
        )


# fmt: off
if TYPE_CHECKING:  # lm15's positional fields: __match_args__ as type checkers read it
    _AudioDeltaArgs: TypeAlias = tuple[Literal["data"], Literal["url"], Literal["file_id"],
        Literal["part_index"], Literal["media_type"]]
    _ToolCallDeltaArgs: TypeAlias = tuple[Literal["input"], Literal["part_index"], Literal["id"],
        Literal["name"]]
    _CitationDeltaArgs: TypeAlias = tuple[Literal["text"], Literal["url"], Literal["title"],
        Literal["part_index"]]
    _ContinuationDeltaArgs: TypeAlias = tuple[Literal["provider"], Literal["kind"], Literal["data"],
        Literal["part_index"]]
# fmt: on


class AudioDelta(_MediaDelta, frozen=True, kw_only=True, tag_field="type", tag="audio"):
    """An audio fragment."""

    type: ClassVar[Literal["audio"]] = "audio"

    if TYPE_CHECKING:
        __match_args__: ClassVar[_AudioDeltaArgs]

        def __init__(
            self,
            data: str | None = ...,
            url: str | None = ...,
            file_id: str | None = ...,
            part_index: int = ...,
            media_type: str | None = ...,
        ) -> None: ...


class ImageDelta(_MediaDelta, frozen=True, kw_only=True, tag_field="type", tag="image"):
    """An image fragment."""

    type: ClassVar[Literal["image"]] = "image"

    if TYPE_CHECKING:
        __match_args__: ClassVar[_AudioDeltaArgs]

        def __init__(
            self,
            data: str | None = ...,
            url: str | None = ...,
            file_id: str | None = ...,
            part_index: int = ...,
            media_type: str | None = ...,
        ) -> None: ...


class ToolCallDelta(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="tool_call"):
    """A fragment of a tool call's JSON input, optionally carrying its identity."""

    type: ClassVar[Literal["tool_call"]] = "tool_call"
    part_index: NonNegativeInt
    input: str
    id: NonEmptyStr | None = None
    name: NonEmptyStr | None = None

    _lm_order: ClassVar[tuple[str, ...] | None] = ("input", "part_index", "id", "name")
    _lm_defaults: ClassVar[dict[str, Any]] = {"part_index": 0}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ToolCallDeltaArgs]

        def __init__(
            self,
            input: str,
            part_index: int = ...,
            id: str | None = ...,
            name: str | None = ...,
        ) -> None: ...


class CitationDelta(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="citation"):
    """A citation fragment (at least one of text, url, title)."""

    type: ClassVar[Literal["citation"]] = "citation"
    part_index: NonNegativeInt
    text: str | None = None
    url: str | None = None
    title: str | None = None

    _lm_order: ClassVar[tuple[str, ...] | None] = ("text", "url", "title", "part_index")
    _lm_defaults: ClassVar[dict[str, Any]] = {"part_index": 0}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_CitationDeltaArgs]

        def __init__(
            self,
            text: str | None = ...,
            url: str | None = ...,
            title: str | None = ...,
            part_index: int = ...,
        ) -> None: ...

    def __post_init__(self) -> None:
        if self.text is None and self.url is None and self.title is None:
            raise ValueError("CitationDelta requires at least one of text, url, or title")


class ContinuationDelta(WireStruct, frozen=True, kw_only=True, tag_field="type", tag="continuation"):
    """Opaque continuation state; ``part_index=None`` attaches it to the message."""

    type: ClassVar[Literal["continuation"]] = "continuation"
    part_index: NonNegativeInt | None = None
    provider: NonEmptyStr
    kind: NonEmptyStr
    data: JsonObject

    _lm_order: ClassVar[tuple[str, ...] | None] = ("provider", "kind", "data", "part_index")
    _lm_defaults: ClassVar[dict[str, Any]] = {"data": Factory(dict)}

    if TYPE_CHECKING:
        __match_args__: ClassVar[_ContinuationDeltaArgs]

        def __init__(
            self,
            provider: str,
            kind: str,
            data: JsonObject = ...,
            part_index: int | None = ...,
        ) -> None: ...

    def to_state(self) -> ContinuationState:
        """The ContinuationState this delta carries."""
        return ContinuationState(provider=self.provider, kind=self.kind, data=self.data)


Delta: TypeAlias = (
    TextDelta | ThinkingDelta | AudioDelta | ImageDelta | ToolCallDelta | CitationDelta | ContinuationDelta
)
