"""What msgspec needs beyond the wire Structs: path hooks, error translation, the Response rule."""

from __future__ import annotations

from pathlib import Path, PurePath
from typing import Any, NoReturn

import msgspec

from lmcodec.errors import DecodeError, EncodeError, ValidationError
from lmcodec.wire import Response
from lmcodec.wire._checks import to_path, wire_path

__all__ = ["dec_hook", "enc_hook", "raise_decode_error", "top_level"]


def enc_hook(obj: Any) -> Any:
    """Encode the non-msgspec values of the wire types (local paths)."""
    if isinstance(obj, PurePath):
        return wire_path(obj)
    raise NotImplementedError(f"cannot encode {type(obj).__name__}")


def dec_hook(tp: Any, obj: Any) -> Any:
    """Decode the non-msgspec values of the wire types (local paths)."""
    if tp is Path:
        if not isinstance(obj, str):
            raise TypeError("path must be a string")
        return to_path(obj, "media")
    raise NotImplementedError(f"cannot decode {tp!r}")


def raise_decode_error(exc: msgspec.DecodeError) -> NoReturn:
    """Re-raise a msgspec decode failure as an lmcodec error, keeping the JSON path."""
    text = str(exc)
    if isinstance(exc, msgspec.ValidationError):
        message, sep, path = text.rpartition(" - at `")
        if sep:
            raise ValidationError(message, path.rstrip("`")) from exc
        raise ValidationError(text) from exc
    raise DecodeError(text) from exc


def raise_encode_error(exc: Exception) -> NoReturn:
    """Re-raise a msgspec encode failure as an lmcodec EncodeError."""
    raise EncodeError(str(exc)) from exc


def top_level(obj: Any, include_provider_data: bool) -> Any:
    """lm15 writes Response.provider_data only when nested or when asked to."""
    if type(obj) is Response and obj.provider_data is not None and not include_provider_data:
        return msgspec.structs.replace(obj, provider_data=None)
    return obj
