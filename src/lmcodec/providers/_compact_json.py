"""A Gemini call's ``args`` as lm15 spells them: ``json.dumps(args, separators=(",", ":"))``.

That text (ASCII, non-ASCII characters as ``\\u`` escapes) is the canonical ``ToolCallDelta.input``
of a Gemini call, and what every writer is handed for it (the Chat and Responses ``arguments``, the
Assembler's call). msgspec writes it where the two agree (several times faster); a value holding
non-ASCII text is written by json.dumps's own C encoder, made once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from json.encoder import encode_basestring_ascii
from typing import Any, Final

import msgspec

__all__ = ["acyclic_json", "compact_json", "surrogate_free_json"]

# Where msgspec's JSON and json.dumps's may differ: a number as the whole value, a float
# spelled with an exponent or as 0.0000... (msgspec's "1e20", "0.00001"; repr's "1e+20",
# "1e-05"), and DEL (json.dumps escapes it). The floats are told by reading msgspec's text back
# with a float hook that sees each float literal as msgspec spelled it (one C parse, ~2.4k
# instructions a 240-byte call against ~8.5k for a fixed-string and a regular-expression search
# of the whole text, which stopped at every "e" of its strings).
_NUMBER_START: Final = frozenset(b"-0123456789")
_DIGITS: Final = frozenset(b"0123456789")
_EXPONENT: Final = re.compile(rb"e[-0-9]")
_MAYBE_EXPONENT: Final = _EXPONENT.search
_EXPONENTS: Final = _EXPONENT.finditer
_REFUSED: Final = (msgspec.EncodeError, TypeError, ValueError, OverflowError)


class _Respelled(Exception):
    """A float of msgspec's text that json.dumps spells otherwise (raised by :func:`_float_seen`)."""


def _float_seen(literal: str) -> float:
    """The float hook of :data:`_read_floats`: refuses a literal json.dumps would spell otherwise
    (an exponent, or ``0.0000`` anywhere in it: a few such spell alike, and only cost the slow way)."""
    if "e" in literal or "0.0000" in literal:
        raise _Respelled
    return 0.0


_read_floats: Final = msgspec.json.Decoder(float_hook=_float_seen).decode

_MAKE_C_ENCODER: Final[Callable[..., Callable[[Any, int], Iterable[str]]] | None] = getattr(
    json.encoder, "c_make_encoder", None
)  # None where the stdlib runs without its C part
_ascii_chunks: Final = (
    None
    if _MAKE_C_ENCODER is None
    else _MAKE_C_ENCODER(
        None, json.JSONEncoder().default, encode_basestring_ascii, None, ":", ",", False, False, True
    )
)
"""``json.dumps(value, separators=(",", ":"))``'s C encoder made once, without its circular-reference
check (``markers`` None): only for a value msgspec has encoded, so one that holds no cycle."""


def acyclic_json(value: Any) -> str:
    """``json.dumps(value, separators=(",", ":"))`` (ASCII escapes) of a value msgspec has encoded
    (so one that holds no cycle), by the C encoder made once."""
    if _ascii_chunks is None:
        return json.dumps(value, separators=(",", ":"))
    return "".join(_ascii_chunks(value, 0))


def compact_json(value: Any) -> str:
    """``json.dumps(value, separators=(",", ":"))`` for a value msgspec decoded from JSON (so its
    floats are finite), written by msgspec where the two agree: several times faster."""
    try:
        encoded = msgspec.json.encode(value)
    except _REFUSED:
        return json.dumps(value, separators=(",", ":"))
    return _spelled(encoded, value)


def surrogate_free_json(value: Any) -> str | None:
    """:func:`compact_json` of ``value`` where msgspec writes it, so that no string of it holds a
    surrogate code point (msgspec refuses one) and the text spells none as an escape: no writer
    need look for a lone one (``providers/_escapes``). Else ``None``."""
    try:
        encoded = msgspec.json.encode(value)
    except _REFUSED:
        return None
    return _spelled(encoded, value)


def _spelled(encoded: bytes, value: Any) -> str:
    """json.dumps's text of ``value``, ``encoded`` by msgspec."""
    if not encoded.isascii():
        # Non-ASCII characters stand only inside strings: json.dumps's C encoder spells them (\u
        # escapes, surrogate pairs), and every number as json.dumps does, so the tests below are
        # not made. Respelling msgspec's UTF-8 text by the stdlib's string encoder and two replaces
        # cost ~3x as much (~80k instructions a call of 430 characters, against ~26k).
        return acyclic_json(value)
    if encoded[0] in _NUMBER_START or 0x7F in encoded:
        return json.dumps(value, separators=(",", ":"))
    try:
        _read_floats(encoded)
    except _Respelled:
        return json.dumps(value, separators=(",", ":"))
    except msgspec.DecodeError:  # (text msgspec wrote and cannot read back, as nesting past its depth)
        return _scanned(encoded, value)
    return encoded.decode("ascii")


def _scanned(encoded: bytes, value: Any) -> str:
    """:func:`_spelled`'s ASCII case told by searching the text: a float with an exponent ("e"
    after a digit) or ``0.0000`` found anywhere (inside a string too) sends the value to json.dumps."""
    if encoded.find(b"0.0000") >= 0 or (
        _MAYBE_EXPONENT(encoded) is not None
        and any(encoded[m.start() - 1] in _DIGITS for m in _EXPONENTS(encoded))
    ):
        return json.dumps(value, separators=(",", ":"))
    return encoded.decode("ascii")
