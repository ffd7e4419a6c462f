"""MessagePack of the canonical values (msgspec.msgpack), single objects and streams.

Every decode failure is an :class:`lmcodec.LmcodecError` (a ValidationError
with the path, a DecodeError with the byte offset; ``read_stream`` also names
the record index and its byte offset). MessagePack values with no JSON
counterpart inside opaque payloads (bin, ext, timestamps, non-string keys)
are kept as msgspec decodes them (``docs/hostile-input.md``).
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterable, Iterator
from typing import IO, Any, Literal

import msgspec

from lmcodec.codecs import _keep, _nonfinite
from lmcodec.codecs._hooks import (
    HOSTILE,
    NOT_FINITE,
    dec_hook,
    decode_error,
    hostile_error,
    msgpack_enc_hook,
    raise_encode_error,
    top_level,
)
from lmcodec.codecs.files import Source, open_read, open_write
from lmcodec.errors import DecodeError, EncodeError, LmcodecError, ValidationError

__all__ = ["decode", "encode", "read_stream", "write_stream"]

_encoder = msgspec.msgpack.Encoder(enc_hook=msgpack_enc_hook)
_READ_CHUNK = 1 << 20  # a record is read in chunks of this size, so a forged length allocates nothing
_decoders: dict[Any, msgspec.msgpack.Decoder[Any]] = {}
_raw_decoder = msgspec.msgpack.Decoder()


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
    except (TypeError, ValueError, OverflowError, RecursionError) as exc:
        raise_encode_error(exc)


def decode(
    data: bytes | bytearray | memoryview, type: Any, *, unknown: Literal["error", "keep"] = "error"
) -> Any:
    """Decode MessagePack into ``type``, validating every rule.

    ``unknown="keep"`` keeps items of unknown tags as Unknown* values holding
    their exact MessagePack bytes (see :func:`lmcodec.decode`).
    """
    try:
        return decoder_for(type).decode(data)
    except msgspec.ValidationError as exc:
        if NOT_FINITE in str(exc):  # a NaN/inf logprob, which MessagePack holds as a float
            obj = _non_finite_logprobs(data, type)
            if obj is not None:
                return obj
        if unknown == "keep":
            return _keep.decode(data, type, "msgpack")
        if unknown != "error":
            raise ValueError(f"unknown must be 'error' or 'keep', not {unknown!r}") from None
        raise decode_error(exc) from exc
    except msgspec.DecodeError as exc:
        raise decode_error(exc, data, json=False) from exc
    except HOSTILE as exc:
        raise hostile_error(exc, data, "MessagePack") from exc


def _non_finite_logprobs(data: Any, tp: Any) -> Any:
    """``data`` read when what the typed decoder refused is NaN/inf logprobs, else None."""
    try:
        value = _raw_decoder.decode(data)
    except (msgspec.DecodeError, *HOSTILE):
        return None
    return _nonfinite.convert(value, tp, dec_hook)


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
            except (TypeError, ValueError, OverflowError, RecursionError) as exc:
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


def read_stream(src: Source, type: Any, *, unknown: Literal["error", "keep"] = "error") -> Iterator[Any]:
    """The records of a length-delimited MessagePack stream, decoded one at a time.

    A bad record raises a DecodeError/ValidationError naming its index and
    byte offset; a length prefix larger than the rest of the input is a
    truncated record (memory grows with the bytes actually read, never with
    the announced length).
    """
    fast = decoder_for(type).decode
    index = 0
    offset = 0
    with open_read(src) as fh:
        while True:
            head = fh.read(4)
            if not head:
                return
            if len(head) < 4:
                raise DecodeError(f"record {index} (byte {offset}): truncated length prefix", offset=offset)
            (size,) = _LENGTH.unpack(head)
            body = _read_exactly(fh, size)
            if len(body) < size:
                raise DecodeError(
                    f"record {index} (byte {offset}): truncated record ({len(body)} of {size} bytes)",
                    offset=offset,
                )
            try:
                record = fast(body)
            except (msgspec.DecodeError, *HOSTILE):
                record = _record(body, type, unknown, index, offset)
            yield record
            index += 1
            offset += 4 + size


def _record(body: bytes, tp: Any, unknown: Any, index: int, offset: int) -> Any:
    """A record the fast decoder refused: decoded again for its value or its located error."""
    try:
        return decode(body, tp, unknown=unknown)
    except ValidationError as err:
        raise ValidationError(f"record {index} (byte {offset}): {err.message}", err.path) from err
    except LmcodecError as err:
        at = offset + 4 + err.offset if isinstance(err, DecodeError) and err.offset is not None else offset
        raise DecodeError(f"record {index} (byte {offset}): {err}", offset=at) from err


def _read_exactly(fh: IO[bytes], size: int) -> bytes:
    """Up to ``size`` bytes (fewer at end of input), read in chunks so a forged length cannot allocate."""
    first = fh.read(min(size, _READ_CHUNK))
    if len(first) == size or not first:
        return first
    chunks: list[bytes] = [first]
    left = size - len(first)
    while left:
        chunk = fh.read(min(left, _READ_CHUNK))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)
