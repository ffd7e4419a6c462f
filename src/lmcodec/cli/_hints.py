"""The hint ``convert`` and ``validate`` give when not one record was good: the format or the
record type another reading of the first bad record finds (Parquet's magic, a MessagePack
stream's length prefix, llm's records, another ``--type``), or the command that reads it when
it is no log at all (a provider's SSE stream or response body: ``lmcodec assemble``)."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable
from typing import Any, Final

import msgspec

import lmcodec as lc
from lmcodec.cli._llm_records import read_llm_record
from lmcodec.codecs.files import open_read
from lmcodec.wire._float_literals import float_literal

__all__ = ["hint"]


def hint(
    good: int,
    earliest: lc.BadRecord | None,
    fmt: str,
    option: str,
    type_name: str,
    head: bytes = b"",
    src: str = "FILE",
) -> None:
    """When no record was good (``good`` read, ``earliest`` the first bad one, ``type_name`` the
    type it was read as, ``src`` the input), say which format or record type the first bad one
    is in, if another reads it; with no bad record (the reading stopped at the first one: a
    MessagePack length prefix past the end), which format the input's first bytes (``head``) are in."""
    if good:
        return
    first = earliest.raw if earliest is not None and not earliest.offset else b""
    compressed = _compression_of(head or first)
    if compressed is not None:  # read as text, one bad line per chance newline byte (red team 56 F04)
        print(
            f"lmcodec: hint: no record was read; the input is {compressed} data: {compressed} compression "
            "is not supported: decompress it first, or use .gz, .zst or no compression",
            file=sys.stderr,
        )
        return
    if earliest is None:
        _hint_by_head(head, fmt, option)
        return
    raw = earliest.raw
    if raw.startswith(b"PAR1"):  # Parquet's magic bytes
        _say_parquet(option)
        return
    if fmt != "msgpack" and _looks_like_msgpack(raw):
        print(
            f"lmcodec: hint: no record was read; the input looks like MessagePack ({option} msgpack)",
            file=sys.stderr,
        )
        return
    if fmt == "parquet" or _say_provider_input(raw, src):
        return
    candidates: list[tuple[str, Callable[[bytes], Any]]]
    if fmt == "msgpack":
        candidates = [(f"--type {name}", _msgpack_reader(getattr(lc, name))) for name in _LOG_TYPES]
    elif fmt == "lm15":
        candidates = [(f"--type {name}", _strict_reader(getattr(lc, name))) for name in _LOG_TYPES]
        for name in _LOG_TYPES:  # lm15's tolerant forms: the option is --lenient (F13)
            advice = "--lenient" if name == type_name else f"--type {name} --lenient"
            candidates.append((advice, _lenient_reader(getattr(lc, name))))
        as_llm = (f"{option} llm", read_llm_record)
        # llm's reader takes any object with a "model" (a canonical Request became a Turn whose
        # answer was the user's prompt: red team 12 F16): first only for a line with llm's "prompt".
        candidates.insert(0 if _has_llm_prompt(raw) else len(candidates), as_llm)
    else:  # llm input: the canonical log types
        candidates = [
            (f"{option} lm15{_type_option(name)}", _strict_reader(getattr(lc, name))) for name in _LOG_TYPES
        ]
    for advice, decode in candidates:
        try:
            decode(raw)
        except lc.LmcodecError:
            continue
        print(f"lmcodec: hint: no record was read; the first bad one reads with {advice}", file=sys.stderr)
        return


def _say_provider_input(raw: bytes, src: str) -> bool:
    """Name ``lmcodec assemble`` for a first bad line that is an SSE field (a captured stream) or
    a provider's whole response body, which no log format reads (red team 54 F01, F05). (The
    provider code ``_assemble`` brings is imported only here: validating a log needs none of it.)"""
    from lmcodec.cli._assemble import SSE_FIELD, dialect_of_body
    from lmcodec.providers._errors import a_or_an

    if SSE_FIELD.match(raw) is not None:
        stream = _stream_dialect(src)
        print(
            f"lmcodec: hint: no record was read; the input looks like an SSE stream"
            f"{'' if stream == 'PROVIDER' else f' ({stream} dialect)'}, not a log: "
            f"lmcodec assemble {stream} {src}",
            file=sys.stderr,
        )
        return True
    dialect = dialect_of_body(raw)
    if dialect is None and raw.strip() == b"{":  # the first line of a pretty-printed body
        dialect = dialect_of_body(_small_file(src))
    if dialect is None:
        return False
    print(
        f"lmcodec: hint: no record was read; the input looks like {a_or_an(dialect)} response "
        f"body, not a log: lmcodec assemble {dialect} {src} (a whole body is read with decode_response)",
        file=sys.stderr,
    )
    return True


_STREAM_HEAD: Final = 1 << 16
"""The input's first bytes searched for a dialect's marks."""


_WHOLE_BODY: Final = 1 << 24
"""The largest pretty-printed body read whole to find its dialect."""


def _head(src: str, size: int) -> bytes:
    """The first ``size`` bytes of the regular file ``src`` (decompressed), else nothing."""
    if src == "-":
        return b""
    try:
        if not stat.S_ISREG(os.stat(src).st_mode):  # a FIFO opened again waits for a writer
            return b""
        with open_read(src) as fh:
            return bytes(fh.read(size))
    except (OSError, lc.LmcodecError):
        return b""


def _small_file(src: str) -> bytes:
    """The whole of ``src`` when it is at most :data:`_WHOLE_BODY` bytes, else nothing."""
    data = _head(src, _WHOLE_BODY + 1)
    return b"" if len(data) > _WHOLE_BODY else data


def _stream_dialect(src: str) -> str:
    """The dialect whose marks the first bytes of the file ``src`` show, else ``PROVIDER``."""
    from lmcodec.cli._assemble import DIALECT_MARKS

    head = _head(src, _STREAM_HEAD)
    for name, mark in DIALECT_MARKS:
        if mark.search(head) is not None:
            return name
    return "PROVIDER"


def _type_option(name: str) -> str:
    return "" if name == "Turn" else f" --type {name}"


def _say_parquet(option: str) -> None:
    print(f"lmcodec: hint: no record was read; the input is Parquet ({option} parquet)", file=sys.stderr)


_JSON_START: Final = b"\xef\xbb\xbf \t\r\n"
"""What may come before a JSON Lines log's first ``{``: a UTF-8 byte order mark, blank space."""


def _hint_by_head(head: bytes, fmt: str, option: str) -> None:
    """A MessagePack reading that stopped at its first record (a JSON Lines or Parquet file read
    as MessagePack: ``{"re`` or ``PAR1`` read as a length prefix of about 2 GB, red team 38 F01)."""
    if fmt != "msgpack":
        return
    if head.startswith(b"PAR1"):
        _say_parquet(option)
    elif head.lstrip(_JSON_START).startswith(b"{"):
        print(
            f"lmcodec: hint: no record was read; the input looks like JSON Lines "
            f"({option} lm15, or {option} llm for llm's records)",
            file=sys.stderr,
        )


_COMPRESSED: Final = (
    (b"\xfd7zXZ\x00", "xz"),
    (b"BZh", "bzip2"),
    (b"PK\x03\x04", "zip"),
    (b"PK\x05\x06", "zip"),  # (an empty archive)
    (b"7z\xbc\xaf\x27\x1c", "7z"),
    (b"\x04\x22\x4d\x18", "lz4"),
)
"""The magic bytes of the compressed formats not read here (gzip and zstd are read by theirs)."""


def _compression_of(first: bytes) -> str | None:
    """The unsupported compression whose magic bytes start ``first``, or None."""
    return next((kind for magic, kind in _COMPRESSED if first.startswith(magic)), None)


_LOG_TYPES: Final = ("Turn", "Request", "Response", "Message", "StreamEvent")


class _LlmKeys(msgspec.Struct):
    """The key of llm's records that no canonical record has."""

    prompt: msgspec.Raw = msgspec.field(default_factory=msgspec.Raw)


_llm_keys: Final = msgspec.json.Decoder(_LlmKeys, float_hook=float_literal)


def _has_llm_prompt(line: bytes) -> bool:
    try:
        return len(_llm_keys.decode(line).prompt) > 0
    except (msgspec.DecodeError, RecursionError):
        return False


def _looks_like_msgpack(raw: bytes) -> bool:
    """Whether a first "line" starts as ``lc.msgpack.write_stream`` writes: a 4-byte length,
    then a MessagePack map (no JSON text starts with a NUL or these bytes)."""
    return (
        len(raw) > 4
        and int.from_bytes(raw[:4], "big") > 0
        and (0x80 <= raw[4] <= 0x8F or raw[4] in (0xDE, 0xDF))
    )


def _msgpack_reader(tp: Any) -> Callable[[bytes], Any]:
    def read(body: bytes) -> Any:
        return lc.msgpack.decode(body, tp)

    return read


def _strict_reader(tp: Any) -> Callable[[bytes], Any]:
    def read(line: bytes) -> Any:
        return lc.decode(line, tp)

    return read


def _lenient_reader(tp: Any) -> Callable[[bytes], Any]:
    def read(line: bytes) -> Any:
        return lc.decode(line, tp, lenient=True)

    return read
