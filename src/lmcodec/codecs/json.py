"""Canonical JSON (the lm15 1.5.0 wire format) and its builtins form."""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from lmcodec.codecs import lenient as _lenient
from lmcodec.codecs._hooks import dec_hook, enc_hook, raise_decode_error, raise_encode_error, top_level

__all__ = ["decode", "encode", "from_builtins", "schema", "to_builtins"]

T = TypeVar("T")

_encoder = msgspec.json.Encoder(enc_hook=enc_hook)
_decoders: dict[Any, msgspec.json.Decoder[Any]] = {}
_raw_decoder = msgspec.json.Decoder()


def decoder_for(tp: Any) -> msgspec.json.Decoder[Any]:
    """The one shared Decoder of a target type, built on first use."""
    dec = _decoders.get(tp)
    if dec is None:
        dec = _decoders[tp] = msgspec.json.Decoder(tp, dec_hook=dec_hook)
    return dec


def encode(obj: Any, *, include_provider_data: bool = False) -> bytes:
    """Canonical JSON bytes of a wire object (or a list/tuple of them)."""
    try:
        return _encoder.encode(top_level(obj, include_provider_data))
    except (TypeError, ValueError, OverflowError) as exc:
        raise_encode_error(exc)


def encode_into(obj: Any, buffer: bytearray, offset: int = 0) -> None:
    """Write canonical JSON of ``obj`` into ``buffer`` at ``offset`` (see msgspec's encode_into)."""
    try:
        _encoder.encode_into(top_level(obj, False), buffer, offset)
    except (TypeError, ValueError, OverflowError) as exc:
        raise_encode_error(exc)


def decode(data: bytes | bytearray | memoryview | str, type: Any, *, lenient: bool = False) -> Any:
    """Decode canonical JSON into ``type`` (a wire class or union), validating every rule.

    ``lenient=True`` also accepts the tolerant input forms lm15's from_dict
    accepts; canonical input never pays for it (the strict path runs first).
    """
    try:
        return decoder_for(type).decode(data)
    except msgspec.ValidationError as exc:
        if not lenient:
            raise_decode_error(exc)
        first = exc
    except msgspec.DecodeError as exc:
        raise_decode_error(exc)
    try:
        value = _raw_decoder.decode(data)
    except msgspec.DecodeError as exc:
        raise_decode_error(exc)
    return _from_lenient(value, type, first)


def to_builtins(obj: Any, *, include_provider_data: bool = False) -> Any:
    """The JSON-compatible value of ``obj``: equal to lm15's ``*_to_dict`` output."""
    return _raw_decoder.decode(encode(obj, include_provider_data=include_provider_data))


def from_builtins(value: Any, type: Any, *, lenient: bool = False) -> Any:
    """Build ``type`` from a JSON-compatible value (lm15's ``*_from_dict``)."""
    try:
        return msgspec.convert(value, type, dec_hook=dec_hook)
    except msgspec.ValidationError as exc:
        if not lenient:
            raise_decode_error(exc)
        return _from_lenient(value, type, exc)


def _from_lenient(value: Any, tp: Any, first: msgspec.ValidationError) -> Any:
    try:
        normalized = _lenient.normalize(value, tp)
    except _lenient.Rejected:
        raise_decode_error(first)
    try:
        return msgspec.convert(normalized, tp, dec_hook=dec_hook)
    except msgspec.ValidationError as exc:
        raise_decode_error(exc)


def schema(type: Any) -> dict[str, Any]:
    """The JSON Schema of a wire type (what the strict decoder accepts)."""
    return msgspec.json.schema(type, schema_hook=_schema_hook)


def _schema_hook(tp: Any) -> dict[str, Any]:
    from pathlib import Path

    if tp is Path:
        return {"type": "string", "minLength": 1}
    raise NotImplementedError
