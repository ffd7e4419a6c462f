"""MessagePack of the canonical values (msgspec.msgpack), single objects and streams."""

from __future__ import annotations

import os
import struct
from collections.abc import Iterable, Iterator
from typing import IO, Any

import msgspec

from lmcodec.codecs._hooks import dec_hook, enc_hook, raise_decode_error, raise_encode_error, top_level
from lmcodec.codecs.files import Source, open_read, open_write
from lmcodec.errors import DecodeError, EncodeError, ValidationError

__all__ = ["decode", "encode", "read_stream", "write_stream"]

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


_LENGTH = struct.Struct(">I")


def write_stream(
    dest: str | os.PathLike[str] | IO[bytes],
    objects: Iterable[Any],
    *,
    include_provider_data: bool = False,
) -> int:
    """Write length-delimited MessagePack records (4-byte big-endian length, then the record)."""
    count = 0
    buffer = bytearray()
    with open_write(dest) as fh:
        for obj in objects:
            start = len(buffer)
            buffer.extend(b"\0\0\0\0")
            try:
                _encoder.encode_into(top_level(obj, include_provider_data), buffer, -1)
            except (TypeError, ValueError, OverflowError) as exc:
                raise EncodeError(f"record {count}: {exc}") from exc
            size = len(buffer) - start - 4
            if size > 0xFFFFFFFF:
                raise EncodeError(f"record {count} is larger than 4 GiB")
            _LENGTH.pack_into(buffer, start, size)
            count += 1
            if len(buffer) >= 1 << 20:
                fh.write(buffer)
                buffer.clear()
        if buffer:
            fh.write(buffer)
    return count


def read_stream(src: Source, type: Any) -> Iterator[Any]:
    """The records of a length-delimited MessagePack stream, decoded one at a time."""
    decode = decoder_for(type).decode
    index = 0
    offset = 0
    with open_read(src) as fh:
        while True:
            head = fh.read(4)
            if not head:
                return
            if len(head) < 4:
                raise DecodeError(f"record {index} (byte {offset}): truncated length prefix")
            (size,) = _LENGTH.unpack(head)
            body = fh.read(size)
            if len(body) < size:
                raise DecodeError(
                    f"record {index} (byte {offset}): truncated record ({len(body)} of {size} bytes)"
                )
            try:
                yield decode(body)
            except msgspec.DecodeError as exc:
                try:
                    raise_decode_error(exc)
                except ValidationError as err:
                    raise ValidationError(f"record {index} (byte {offset}): {err.message}", err.path) from exc
                except DecodeError as err:
                    raise DecodeError(f"record {index} (byte {offset}): {err}") from exc
            index += 1
            offset += 4 + size
