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
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import IO, TYPE_CHECKING, Any, Generic, Literal, TypeVar

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
    unreadable_buffer,
)
from lmcodec.codecs._msgpack_realign import NUL_LED, Budget, Realigned, nuls_before, realigned, replayed
from lmcodec.codecs._on_error import OnError, checked
from lmcodec.codecs._targets import refused, resolve, wire_target
from lmcodec.codecs._top_level import top_level
from lmcodec.codecs.files import Source, binary_only, open_read, open_write, records_only
from lmcodec.errors import BadRecord, DecodeError, EncodeError, LmcodecError, ValidationError

if TYPE_CHECKING:
    from typing_extensions import TypeForm

__all__ = ["StreamReader", "decode", "encode", "read_stream", "write_stream"]

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

_encoder = msgspec.msgpack.Encoder(enc_hook=msgpack_enc_hook)
_READ_CHUNK = 1 << 20  # a record is read in chunks of this size, so a forged length allocates nothing
_ZERO_RUN = 1 << 16
"""Bytes of zero-length records after a first one reported with it as one bad record, at most."""
_ZERO_LENGTH = b"\0\0\0\0"
_decoders: dict[Any, msgspec.msgpack.Decoder[Any]] = {}
_raw_decoder = msgspec.msgpack.Decoder()


def decoder_for(tp: TypeForm[T]) -> msgspec.msgpack.Decoder[T]:
    """The one shared Decoder of a target type, built on first use."""
    dec: msgspec.msgpack.Decoder[T] | None = _decoders.get(tp)
    if dec is None:
        wire_target(tp)
        target = resolve(tp)
        try:
            dec = _decoders[tp] = msgspec.msgpack.Decoder(target, dec_hook=dec_hook)
        except TypeError as exc:
            raise refused(tp, exc) from None
    return dec


def encode(obj: Any, *, include_provider_data: bool = False) -> bytes:
    """MessagePack bytes of a wire object. Integers beyond 64 bits raise EncodeError.

    ``Response.provider_data`` (a provider's raw last frame or body) is written only with
    ``include_provider_data=True`` or inside a Turn or BatchEntry, as lm15 writes it: a bare
    Response read from a provider does not read back equal without it.
    """
    try:
        return _encoder.encode(top_level(obj, include_provider_data))
    except (TypeError, ValueError, OverflowError, RecursionError) as exc:
        raise_encode_error(exc)


def decode(
    data: bytes | bytearray | memoryview, type: TypeForm[T], *, unknown: Literal["error", "keep"] = "error"
) -> T:
    """Decode MessagePack into ``type``, validating every rule.

    ``unknown="keep"`` keeps items of unknown tags as Unknown* values holding
    their exact MessagePack bytes (see :func:`lmcodec.decode`).
    """
    if unknown != "error" and unknown != "keep":  # fails at the call, not at the first unknown tag
        raise ValueError(f"unknown must be 'error' or 'keep', not {unknown!r}")
    try:
        return decoder_for(type).decode(data)
    except msgspec.ValidationError as exc:
        if NOT_FINITE in str(exc):  # a NaN/inf logprob, which MessagePack holds as a float
            obj: T | None = _non_finite_logprobs(data, type)
            if obj is not None:
                return obj
        if unknown == "keep":
            try:
                kept: T = _keep.decode(data, type, "msgpack")
            except ValidationError as refused:  # a far or non-finite logprob beside an unknown item
                stood: T | None = _kept_stood_in(data, type) if NOT_FINITE in str(refused) else None
                if stood is None:
                    raise
                return stood
            return kept
        if unknown != "error":
            raise ValueError(f"unknown must be 'error' or 'keep', not {unknown!r}") from None
        raise decode_error(exc) from exc
    except msgspec.DecodeError as exc:
        raise decode_error(exc, data, json=False) from exc
    except BufferError as exc:  # msgspec reads a buffer in place: a strided view has no single span
        raise TypeError(f"a C-contiguous bytes-like object is required ({exc})") from None
    except HOSTILE as exc:
        raise hostile_error(exc, data, "MessagePack") from exc
    except ValueError:  # after HOSTILE: a UnicodeError is a ValueError too
        wrong = unreadable_buffer(data)  # a released memoryview
        if wrong is None:
            raise
        raise wrong from None


def _non_finite_logprobs(data: Any, tp: Any) -> Any:
    """``data`` read when what the typed decoder refused is NaN/inf logprobs, else None."""
    try:
        value = _raw_decoder.decode(data)
    except (msgspec.DecodeError, *HOSTILE):
        return None
    return _nonfinite.convert(value, tp, dec_hook)


def _kept_stood_in(data: Any, tp: Any) -> Any:
    """``data`` read by the unknown-keeping reader with its far and non-finite logprobs stood in for
    (``_nonfinite.stand_in_packed``: its typed decoders hold a logprob to the 1e288 bound, NaN
    included), then put back: in place, and in a kept item's bytes as they came; else None."""
    stood, values, originals = _nonfinite.stand_in_packed(bytes(data))
    if not values:
        return None
    try:
        obj = _keep.decode(stood, tp, "msgpack")
        restored = _nonfinite.restore(obj, tp, values)
        if restored < len(values):
            back = lambda raw: _nonfinite.packed_back(raw, originals)  # noqa: E731
            restored += _keep.put_back_in_kept(obj, "msgpack", back)
    except (LmcodecError, msgspec.MsgspecError, TypeError, ValueError, *HOSTILE):
        return None
    return obj if restored == len(values) else None


_LENGTH = struct.Struct(">I")


def write_stream(
    dest: str | os.PathLike[str] | IO[bytes],
    objects: Iterable[Any],
    *,
    include_provider_data: bool = False,
) -> int:
    """Write length-delimited MessagePack records (4-byte big-endian length, then the record).

    A record that cannot be encoded stops the write with an :class:`EncodeError` naming
    its index; nothing after it is consumed. On a new path or a file object every record before
    it has been written; over an existing file, this or any other exception (``objects``
    raising, a full disk, Ctrl-C) leaves the old file as it was
    (:func:`lmcodec.codecs.files.open_write`).
    """
    binary_only(dest, "lmcodec.msgpack.write_stream", "wb")
    records_only(objects, "lc.msgpack.write_stream")
    count = 0
    buffer = bytearray()
    with open_write(dest) as fh:
        try:
            for obj in objects:
                start = len(buffer)
                buffer.extend(b"\0\0\0\0")
                try:
                    _encoder.encode_into(top_level(obj, include_provider_data), buffer, -1)
                except (TypeError, ValueError, OverflowError, RecursionError) as exc:
                    del buffer[start:]
                    raise EncodeError(f"record {count}: {exc}") from exc
                size = len(buffer) - start - 4
                if size > 0xFFFFFFFF:
                    del buffer[start:]
                    raise EncodeError(f"record {count} is larger than 4 GiB")
                _LENGTH.pack_into(buffer, start, size)
                count += 1
                if len(buffer) >= 1 << 20:
                    fh.write(buffer)
                    buffer.clear()
        finally:
            if buffer:
                fh.write(buffer)
    return count


class StreamReader(Generic[T_co]):
    """Iterates the records of a length-delimited MessagePack stream; counts and (optionally)
    keeps the bad ones, as :class:`lmcodec.jsonl.Reader` does for lines.

    A record whose bytes do not decode is a bad record (``on_error``); a stream whose
    framing is broken (a truncated length prefix or record, a damaged compressed file)
    cannot be read past that point and raises a :class:`DecodeError` in every mode, after
    every record before it. ``errors`` holds :class:`BadRecord` values whose ``line`` is
    the record index (0-based, as in the messages) and ``offset`` its byte offset.
    """

    def __init__(
        self,
        src: Source,
        type: TypeForm[T_co],
        *,
        on_error: OnError = "raise",
        unknown: Literal["error", "keep"] = "error",
    ) -> None:
        self._on_error = checked(on_error)
        if unknown not in ("error", "keep"):
            raise ValueError(f"unknown must be 'error' or 'keep', not {unknown!r}")
        binary_only(src, "lmcodec.msgpack.read_stream", "rb")
        self._src = src
        self._type = type
        self._unknown = unknown
        self.good = 0
        self.bad = 0
        self.index = 0
        """The index of the record yielded last."""
        self.recovered = 0
        """Records found after a run of NULs whose length is not a multiple of 4, where the framing
        of the bytes before them does not put them (:mod:`lmcodec.codecs._msgpack_realign`); their
        bytes are not the frame a length-prefixed reading of the input gives."""
        self.errors: list[BadRecord] = []

    def __iter__(self) -> Iterator[T_co]:
        self.good = self.bad = self.index = self.recovered = 0  # each pass counts itself, as jsonl.Reader's
        self.errors = []
        fast = decoder_for(self._type).decode
        index = 0
        offset = 0
        head = b""
        budget = Budget()
        with open_read(self._src) as fh:
            while True:
                if not head:
                    head = _read_framing(fh, 4, index, offset)
                    if not head:
                        return
                if len(head) < 4:
                    raise DecodeError(
                        f"record {index} (byte {offset}): truncated length prefix", offset=offset
                    )
                (size,) = _LENGTH.unpack(head)
                head = b""
                if not size:  # no MessagePack value is 0 bytes: the NULs of a sparse or preallocated tail?
                    try:
                        run, head = _zero_length_run(fh)
                    except DecodeError as err:
                        raise _framing_error(err, index, offset) from err
                    self._fail(_zero_length(index, offset, run), index, offset, b"")
                    index += 1 + run // 4
                    offset += 4 + run
                    try:
                        head = head or _read_exactly(fh, 4)
                        if len(head) < 4 or head == _ZERO_LENGTH:
                            continue
                        # The run may end inside the next length prefix (its length any, not 4n).
                        found, held = self._realigned(fh, budget, head, b"", -3, fast, index, offset)
                    except DecodeError as err:
                        raise _framing_error(err, index, offset) from err
                    fh = replayed(fh, held[4 if found is None else found.end :])
                    if found is None:
                        continue  # the framing goes on at the head
                    head = b""
                    offset += found.start
                    size = found.size
                    body = found.body
                    self.recovered += found.start != 0
                else:
                    body = _read_framing(fh, size, index, offset)
                if len(body) < size:
                    found = None
                    if size < NUL_LED:  # a run of 1-3 NULs before a record's prefix framed it?
                        found, fh = self._after_nuls(fh, budget, size, body, fast, index, offset)
                    if found is None:
                        raise DecodeError(
                            f"record {index} (byte {offset}): truncated record ({len(body)} of {size} bytes)",
                            offset=offset,
                        )
                    index += 1
                    offset += found.start
                    size = found.size
                    body = found.body
                    self.recovered += 1
                try:
                    record = fast(body)
                except (msgspec.DecodeError, *HOSTILE):
                    try:
                        record = _record(body, self._type, self._unknown, index, offset)
                    except LmcodecError as err:
                        found = None
                        if size < NUL_LED:
                            found, fh = self._after_nuls(fh, budget, size, body, fast, index, offset)
                        if found is None:
                            self._fail(err, index, offset, body)
                            index += 1
                            offset += 4 + size
                            continue
                        index += 1
                        offset += found.start
                        size = found.size
                        record = found.record
                        self.recovered += 1
                self.good += 1
                self.index = index
                yield record
                index += 1
                offset += 4 + size

    def _realigned(
        self,
        fh: IO[bytes],
        budget: Budget,
        head: bytes,
        body: bytes,
        earliest: int,
        fast: Callable[[bytes], Any],
        index: int,
        offset: int,
    ) -> tuple[Realigned | None, bytes]:
        """:func:`~lmcodec.codecs._msgpack_realign.realigned` from ``fh``, within ``budget``."""
        found, held = realigned(
            head,
            body,
            partial(_read_exactly, fh),
            partial(self._body, fast, index, offset),
            earliest,
            budget.left(offset),
        )
        budget.spent += len(held)
        return found, held

    def _after_nuls(
        self,
        fh: IO[bytes],
        budget: Budget,
        size: int,
        body: bytes,
        fast: Callable[[bytes], Any],
        index: int,
        offset: int,
    ) -> tuple[Realigned | None, IO[bytes]]:
        """The record that starts 1-3 bytes into the bad or cut record ``index`` (its length prefix
        starts with a NUL: a run of NULs glued before a prefix whose high bytes are NULs too), the
        NULs before it reported; and ``fh`` with the bytes read past where the framing goes on."""
        try:
            found, held = self._realigned(fh, budget, _LENGTH.pack(size), body, 1, fast, index, offset)
        except DecodeError as err:
            raise _framing_error(err, index, offset) from err
        fh = replayed(fh, held[4 + len(body) if found is None else found.end :])
        if found is not None:
            self._fail(nuls_before(index, offset, found.start), index, offset, b"")
        return found, fh

    def _body(self, fast: Callable[[bytes], Any], index: int, offset: int, body: bytes) -> Any:
        """The record of ``body`` (a realignment's try), or the LmcodecError saying why not."""
        try:
            return fast(body)
        except (msgspec.DecodeError, *HOSTILE):
            return _record(body, self._type, self._unknown, index, offset)

    def _fail(self, err: LmcodecError, index: int, offset: int, body: bytes) -> None:
        self.bad += 1
        on_error = self._on_error
        if on_error == "raise":
            raise err
        if on_error == "skip":
            return
        path = err.path if isinstance(err, ValidationError) else ""
        message = err.message if isinstance(err, ValidationError) else str(err)
        message = message.removeprefix(f"record {index} (byte {offset}): ")  # (the record says where)
        bad = BadRecord(index, offset, path, message, body)
        if isinstance(on_error, str):  # "collect"
            self.errors.append(bad)
        else:
            on_error(bad)


def read_stream(
    src: Source,
    type: TypeForm[T],
    *,
    on_error: OnError = "raise",
    unknown: Literal["error", "keep"] = "error",
) -> StreamReader[T]:
    """The records of a length-delimited MessagePack stream, decoded one at a time.

    ``on_error="raise"`` (default) stops at a bad record with a DecodeError/ValidationError
    naming its index and byte offset; ``"skip"`` counts it and goes on; ``"collect"`` also
    keeps it (``reader.errors``); a callable is handed each bad record (a :class:`BadRecord`)
    as it is found, and nothing is kept. A run of zero-length records (the NULs of a sparse or
    preallocated tail: no MessagePack value is 0 bytes long) is one bad record per 64 KiB of it,
    its message naming its byte range. A length prefix larger than the rest of the input is a
    truncated record (memory grows with the bytes actually read, never with the
    announced length), raised in every mode after the records before it.
    """
    return StreamReader(src, type, on_error=on_error, unknown=unknown)


def _record(body: bytes, tp: Any, unknown: Any, index: int, offset: int) -> Any:
    """A record the fast decoder refused: decoded again for its value or its located error."""
    try:
        return decode(body, tp, unknown=unknown)
    except ValidationError as err:
        raise ValidationError(f"record {index} (byte {offset}): {err.message}", err.path) from err
    except LmcodecError as err:
        at = offset + 4 + err.offset if isinstance(err, DecodeError) and err.offset is not None else offset
        raise DecodeError(f"record {index} (byte {offset}): {err}", offset=at) from err


def _read_framing(fh: IO[bytes], size: int, index: int, offset: int) -> bytes:
    """:func:`_read_exactly`, a damaged compressed file reported at the record it cuts."""
    try:
        return _read_exactly(fh, size)
    except DecodeError as err:
        raise _framing_error(err, index, offset) from err


def _framing_error(err: DecodeError, index: int, offset: int) -> DecodeError:
    return DecodeError(
        f"record {index} (byte {offset}): {err} (every record before it was read)", offset=err.offset
    )


def _zero_length(index: int, offset: int, run: int) -> DecodeError:
    if not run:
        what = "a zero-length record"
    else:
        what = f"{1 + run // 4} zero-length records (bytes {offset}-{offset + 4 + run - 1}, all NUL)"
    return DecodeError(
        f"record {index} (byte {offset}): {what}: no MessagePack value is 0 bytes long", offset=offset
    )


def _zero_length_run(fh: IO[bytes]) -> tuple[int, bytes]:
    """The bytes of the zero-length records (4 NULs each) that follow one just read, consumed, up
    to :data:`_ZERO_RUN`: a run of NULs is one bad record, not one a 4 bytes (red team 16 F02: 1.5 s
    a MiB). Read exactly, never past the run, where ``fh`` can show what is ahead (:func:`_ahead`);
    elsewhere 4 bytes at a time, and the length prefix that ended the run is handed back."""
    ahead = _ahead(fh)
    run = 0
    while run < _ZERO_RUN:
        shown = ahead(_ZERO_RUN - run)[: _ZERO_RUN - run]
        groups = (len(shown) - len(shown.lstrip(b"\0"))) // 4 * 4
        if groups:
            fh.read(groups)
            run += groups
            if groups + 4 <= len(shown):  # the next 4 bytes, shown, are not all NUL
                return run, b""
            continue
        if len(shown) >= 4:
            return run, b""
        head = _read_exactly(fh, 4)  # nothing shown: the next length prefix itself
        if head != _ZERO_LENGTH:
            return run, head
        run += 4
    return run, b""


def _ahead(fh: IO[bytes]) -> Callable[[int], bytes]:
    """How to see up to n bytes ahead in ``fh`` without consuming them: a buffered file's
    ``peek`` (what open_read gives for a path and most file objects), else, for a seekable one
    (bytes, a BytesIO), a read and a seek back; else nothing is shown."""
    peek = getattr(fh, "peek", None)
    if peek is not None:
        return lambda n: peek(4)  # what the buffer holds (n is a bound, not a promise)
    seekable = getattr(fh, "seekable", None)
    if seekable is not None and seekable():

        def read_back(n: int) -> bytes:
            shown = fh.read(n)
            fh.seek(-len(shown), os.SEEK_CUR)
            return shown

        return read_back
    return lambda n: b""


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
