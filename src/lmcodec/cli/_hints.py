"""The hint ``convert`` and ``validate`` give when not one record was good: the format or the
record type another reading of the first bad record finds (Parquet's magic, a MessagePack
stream's length prefix, llm's records, another ``--type``)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Final

import msgspec

import lmcodec as lc
from lmcodec.wire._float_literals import float_literal

__all__ = ["hint"]


def hint(
    good: int, earliest: lc.BadRecord | None, fmt: str, option: str, type_name: str, head: bytes = b""
) -> None:
    """When no record was good (``good`` read, ``earliest`` the first bad one, ``type_name`` the
    type it was read as), say which format or record type the first bad one is in, if another
    reads it; with no bad record (the reading stopped at the first one: a MessagePack length
    prefix past the end), which format the input's first bytes (``head``) are in."""
    if good:
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
    if fmt == "parquet":
        return
    candidates: list[tuple[str, Callable[[bytes], Any]]]
    if fmt == "msgpack":
        candidates = [(f"--type {name}", _msgpack_reader(getattr(lc, name))) for name in _LOG_TYPES]
    elif fmt == "lm15":
        import lmcodec.llm as llm

        candidates = [(f"--type {name}", _strict_reader(getattr(lc, name))) for name in _LOG_TYPES]
        for name in _LOG_TYPES:  # lm15's tolerant forms: the option is --lenient (F13)
            advice = "--lenient" if name == type_name else f"--type {name} --lenient"
            candidates.append((advice, _lenient_reader(getattr(lc, name))))
        as_llm = (f"{option} llm", lambda b: llm.decode(b, llm.Response))
        # llm's reader takes any object with a "model" (a canonical Request became a Turn whose
        # answer was the user's prompt: red team 12 F16): first only for a line with llm's "prompt".
        candidates.insert(0 if _has_llm_prompt(raw) else len(candidates), as_llm)
    else:
        candidates = [(f"{option} lm15", lambda b: lc.decode(b, lc.Turn))]
    for advice, decode in candidates:
        try:
            decode(raw)
        except lc.LmcodecError:
            continue
        print(f"lmcodec: hint: no record was read; the first bad one reads with {advice}", file=sys.stderr)
        return


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
