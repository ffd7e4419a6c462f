"""MessagePack of the canonical values (msgspec.msgpack), single objects and streams."""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.codecs._hooks import dec_hook, enc_hook, raise_decode_error, raise_encode_error, top_level

__all__ = ["decode", "encode"]

_encoder = msgspec.msgpack.Encoder(enc_hook=enc_hook)
_decoders: dict[Any, msgspec.msgpack.Decoder[Any]] = {}


def decoder_for(tp: Any) -> msgspec.msgpack.Decoder[Any]:
    """The one shared Decoder of a target type, built on first use."""
    dec = _decoders.get(tp)
    if dec is None:
        dec = _decoders[tp] = msgspec.msgpack.Decoder(tp, dec_hook=dec_hook)
    return dec


def encode(obj: Any, *, include_provider_data: bool = False) -> bytes:
    """MessagePack bytes of a wire object. Integers beyond 64 bits raise EncodeError."""
    try:
        return _encoder.encode(top_level(obj, include_provider_data))
    except (TypeError, ValueError, OverflowError) as exc:
        raise_encode_error(exc)


def decode(data: bytes | bytearray | memoryview, type: Any) -> Any:
    """Decode MessagePack into ``type``, validating every rule."""
    try:
        return decoder_for(type).decode(data)
    except msgspec.DecodeError as exc:
        raise_decode_error(exc)
