"""Dataclass-style helpers of lm15.types: part factories, continuation lookup, replace."""

from __future__ import annotations

import base64
import mimetypes
from collections.abc import Sequence
from os import PathLike
from pathlib import Path
from typing import Any, Literal, TypeVar

import msgspec

from lmcodec.wire import (
    AudioPart,
    BinaryPart,
    CitationPart,
    ContinuationState,
    DataPart,
    DocumentPart,
    ImagePart,
    Message,
    Part,
    RefusalPart,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    VideoPart,
)
from lmcodec.wire._struct import rebuilt
from lmcodec.wire.messages import ToolResultContent, tool_result_part

__all__ = [
    "audio",
    "binary",
    "citation",
    "continuation_data",
    "data",
    "document",
    "image",
    "refusal",
    "replace",
    "text",
    "thinking",
    "tool_call",
    "tool_result",
    "video",
]

S = TypeVar("S", bound=msgspec.Struct)
Continuations = Sequence[ContinuationState] | ContinuationState | None


def _states(continuation: Continuations) -> tuple[ContinuationState, ...]:
    """The factories' continuation, checked before the part is built (lm15 checks it first)."""
    if continuation is None:
        return ()
    if isinstance(continuation, ContinuationState):
        return (continuation,)
    if isinstance(continuation, str):
        raise TypeError("continuation must contain ContinuationState objects")
    try:
        states = tuple(continuation)
    except TypeError as exc:
        raise TypeError("continuation must be a sequence of ContinuationState objects") from exc
    if not all(isinstance(state, ContinuationState) for state in states):
        raise TypeError("continuation must contain ContinuationState objects")
    return states


def replace(obj: S, /, **changes: Any) -> S:
    """A copy of ``obj`` with ``changes`` applied, checked like a fresh construction (what
    ``copy.replace`` does too; ``msgspec.structs.replace`` skips the checks)."""
    if not isinstance(obj, msgspec.Struct):
        given = type(obj)
        hint = " (convert lm15's with lc.from_lm15(...))" if given.__module__.split(".")[0] == "lm15" else ""
        module = "" if given.__module__ == "builtins" else f"{given.__module__}."
        raise TypeError(f"lc.replace takes an lmcodec object, not {module}{given.__qualname__}{hint}")
    return rebuilt(obj, changes)


def text(content: str, *, continuation: Continuations = None) -> TextPart:
    """A text part."""
    return TextPart(text=content, continuation=_states(continuation))


def thinking(content: str, *, continuation: Continuations = None) -> ThinkingPart:
    """A thinking part."""
    return ThinkingPart(text=content, continuation=_states(continuation))


def refusal(content: str, *, continuation: Continuations = None) -> RefusalPart:
    """A refusal part."""
    return RefusalPart(text=content, continuation=_states(continuation))


def citation(
    *,
    url: str | None = None,
    title: str | None = None,
    text: str | None = None,
    continuation: Continuations = None,
) -> CitationPart:
    """A citation part."""
    return CitationPart(url=url, title=title, text=text, continuation=_states(continuation))


def data(
    value: Any,
    *,
    probabilities: dict[str, dict[str, float]] | None = None,
    method: Literal["provider_classification", "candidate_sequence_likelihood"] | None = None,
    continuation: Continuations = None,
) -> DataPart:
    """A data part (structured input, or a judged answer)."""
    return DataPart(
        value=value, probabilities=probabilities, method=method, continuation=_states(continuation)
    )


def tool_call(
    id: str, name: str, input: dict[str, Any], *, continuation: Continuations = None
) -> ToolCallPart:
    """A tool-call part."""
    return ToolCallPart(id=id, name=name, input=input, continuation=_states(continuation))


def tool_result(
    id: str,
    content: ToolResultContent,
    *,
    name: str | None = None,
    is_error: bool = False,
    continuation: Continuations = None,
) -> ToolResultPart:
    """A tool-result part; ``content`` may be a string, a Part or a sequence of them."""
    return tool_result_part(id, content, name=name, is_error=is_error, continuation=_states(continuation))


def _media_args(
    kind: str,
    url: str | None,
    data: bytes | str | None,
    file_id: str | None,
    path: str | PathLike[str] | None,
    media_type: str | None,
    default: str,
) -> dict[str, Any]:
    if (data is not None) + (url is not None) + (file_id is not None) + (path is not None) != 1:
        raise ValueError(f"{kind} requires exactly one of data, url, file_id, or path")
    media_path: Path | None = None
    if path is not None:
        if str(path) == "":
            raise ValueError(f"{kind} path cannot be empty")
        media_path = Path(path)
        media_type = media_type or mimetypes.guess_type(str(media_path))[0]
    encoded = base64.b64encode(data).decode("ascii") if isinstance(data, bytes) else data
    return {
        "media_type": media_type or default,
        "data": encoded,
        "url": url,
        "file_id": file_id,
        "path": media_path,
    }


def image(
    *,
    url: str | None = None,
    data: bytes | str | None = None,
    path: str | PathLike[str] | None = None,
    file_id: str | None = None,
    media_type: str | None = None,
    detail: Literal["low", "high", "auto"] | None = None,
    continuation: Continuations = None,
) -> ImagePart:
    """An image part from exactly one of url, data (bytes or base64), path, file_id."""
    args = _media_args("ImagePart", url, data, file_id, path, media_type, "image/png")
    return ImagePart(**args, detail=detail, continuation=_states(continuation))


def audio(
    *,
    url: str | None = None,
    data: bytes | str | None = None,
    path: str | PathLike[str] | None = None,
    file_id: str | None = None,
    media_type: str | None = None,
    continuation: Continuations = None,
) -> AudioPart:
    """An audio part from exactly one of url, data, path, file_id."""
    args = _media_args("AudioPart", url, data, file_id, path, media_type, "audio/wav")
    return AudioPart(**args, continuation=_states(continuation))


def video(
    *,
    url: str | None = None,
    data: bytes | str | None = None,
    path: str | PathLike[str] | None = None,
    file_id: str | None = None,
    media_type: str | None = None,
    continuation: Continuations = None,
) -> VideoPart:
    """A video part from exactly one of url, data, path, file_id."""
    args = _media_args("VideoPart", url, data, file_id, path, media_type, "video/mp4")
    return VideoPart(**args, continuation=_states(continuation))


def document(
    *,
    url: str | None = None,
    data: bytes | str | None = None,
    path: str | PathLike[str] | None = None,
    file_id: str | None = None,
    media_type: str | None = None,
    continuation: Continuations = None,
) -> DocumentPart:
    """A document part from exactly one of url, data, path, file_id."""
    args = _media_args("DocumentPart", url, data, file_id, path, media_type, "application/pdf")
    return DocumentPart(**args, continuation=_states(continuation))


def binary(
    *,
    url: str | None = None,
    data: bytes | str | None = None,
    path: str | PathLike[str] | None = None,
    file_id: str | None = None,
    media_type: str | None = None,
    continuation: Continuations = None,
) -> BinaryPart:
    """A binary part from exactly one of url, data, path, file_id."""
    args = _media_args("BinaryPart", url, data, file_id, path, media_type, "application/octet-stream")
    return BinaryPart(**args, continuation=_states(continuation))


def continuation_data(
    value: Message | Part | tuple[ContinuationState, ...], provider: str, kind: str
) -> dict[str, Any] | None:
    """The data of the first matching ContinuationState of a Message, a Part, or a tuple of states."""
    states = value if isinstance(value, tuple) else getattr(value, "continuation", ())
    for state in states:
        if state.provider == provider and state.kind == kind:
            data: dict[str, Any] = state.data
            return data
    return None
