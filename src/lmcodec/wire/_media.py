"""The fields and rules the five media parts share: exactly one source, checked base64, repr, bytes.

Split from :mod:`lmcodec.wire.parts`, whose ImagePart, AudioPart, VideoPart, DocumentPart and
BinaryPart subclass :class:`MediaFields` and add their tag, defaults and continuation.
"""

from __future__ import annotations

import base64
import binascii
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lmcodec.wire._checks import base64_payload, check_base64
from lmcodec.wire._local_file import regular_file_bytes
from lmcodec.wire._struct import WireStruct
from lmcodec.wire._types import NonEmptyStr

if TYPE_CHECKING:
    from lmcodec.wire.parts import ContinuationState

__all__ = ["MediaFields"]


class MediaFields(WireStruct, frozen=True, kw_only=True):
    """Shared fields of the media parts: exactly one of data/url/file_id/path."""

    media_type: NonEmptyStr
    data: str | None = None
    url: str | None = None
    file_id: str | None = None
    path: Path | None = None

    @classmethod
    def _lm_prepare(cls, kwargs: dict[str, Any]) -> None:
        # lm15's order: path, then media_type (ValueError even for a non-string),
        # then the source count, before any source's type is checked.
        name = cls.__name__
        path = kwargs.get("path")
        if path is not None and not isinstance(path, Path):
            if str(path) == "":
                raise ValueError(f"{name} path cannot be empty")
            kwargs["path"] = Path(path)
        media_type = kwargs.get("media_type")
        if not isinstance(media_type, str) or media_type == "":
            raise ValueError(f"{name} requires media_type")
        if sum(kwargs.get(k) is not None for k in ("data", "url", "file_id", "path")) != 1:
            raise ValueError(f"{name} requires exactly one of data, url, file_id, or path")

    def __post_init__(self) -> None:
        name = type(self).__name__
        sources = (
            (self.data is not None)
            + (self.url is not None)
            + (self.file_id is not None)
            + (self.path is not None)
        )
        if sources != 1:
            raise ValueError(f"{name} requires exactly one of data, url, file_id, or path")
        if self.data is not None:
            check_base64(name, self.data)
        elif self.url == "":
            raise ValueError(f"{name} url cannot be empty")
        elif self.file_id == "":
            raise ValueError(f"{name} file_id cannot be empty")

    def __repr__(self) -> str:
        fields: list[tuple[str, Any]] = [
            ("media_type", self.media_type),
            ("data", None if self.data is None else f"<base64: {len(base64_payload(self.data))} chars>"),
            ("url", self.url),
            ("file_id", self.file_id),
            ("path", self.path),
        ]
        detail = getattr(self, "detail", None)
        if detail is not None:
            fields.append(("detail", detail))
        continuation: tuple[ContinuationState, ...] = getattr(self, "continuation", ())
        if continuation:
            plural = "s" if len(continuation) != 1 else ""
            fields.append(("continuation", f"<{len(continuation)} continuation state{plural}>"))
        body = ", ".join(f"{k}={v!r}" for k, v in fields)
        return f"{type(self).__name__}({body})"

    @property
    def bytes(self) -> bytes:
        """The media content: decoded inline data, or the file at ``path``."""
        name = type(self).__name__
        if self.data is not None:
            try:
                return base64.b64decode(base64_payload(self.data), validate=True)
            except (binascii.Error, ValueError) as exc:
                raise ValueError(f"{name}.data must be a valid base64 string") from exc
        if self.path is not None:
            return regular_file_bytes(self.path, f"{name}.path")
        raise ValueError(
            f"{name} has no inline data or path; fetch url/file_id-addressed media before decoding"
        )
