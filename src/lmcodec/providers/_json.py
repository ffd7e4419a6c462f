"""JSON as lm15's adapters read it: frames (``json.loads`` of UTF-8 with replacement), whole bodies,
and lm15's numeric idioms (``int(value or 0)``, ``_int_or_none``, ``parse_json_object``).

msgspec decodes first; stdlib ``json`` only for what msgspec refuses (NaN/Infinity,
``1e400``, lone surrogates, invalid UTF-8, integers past 64 bits), so such values read
as they do in lm15.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final, NoReturn, TypeVar

import msgspec

from lmcodec.codecs._hooks import builtin_value
from lmcodec.errors import DecodeError, EncodeError
from lmcodec.providers._errors import a_or_an
from lmcodec.wire._float_literals import decode_any
from lmcodec.wire._types import NonFiniteFloat

__all__ = [
    "int_or_none",
    "load_body",
    "load_frame",
    "load_head",
    "parse_json_object",
    "pyint",
    "raw_arguments",
    "reads_as_json",
    "unwritable",
    "utf8_body",
    "writer_encoder",
]

_Head = TypeVar("_Head")

_TOO_DEEP: Final = "JSON nested too deeply (nesting is bounded by the interpreter's recursion bounds)"


def _writer_enc_hook(obj: Any) -> Any:
    """What msgspec cannot encode itself: a non-finite logprob is refused; a str, int or float
    subclass (a tagged id set by ``msgspec.structs.replace``) is written as its value, as lm15's
    ``json.dumps`` writes it (red team 40 F01); any other value (an object a field was set to past
    its checks, which a writer may have held since an earlier event) is refused as an
    :class:`EncodeError`, not msgspec's bare TypeError. msgspec calls this only for such values: a
    common value costs nothing."""
    if type(obj) is NonFiniteFloat:
        raise EncodeError(
            f"cannot write a provider stream or body: a value is {float(obj)!r}, which JSON cannot carry"
        )
    if isinstance(obj, (str, int, float)):
        return builtin_value(obj)
    raise EncodeError(
        f"cannot write a provider stream or body: a value is {a_or_an(type(obj).__name__)}, which no "
        "wire field holds (changed past its checks: msgspec.structs.replace?)"
    )


def writer_encoder() -> msgspec.json.Encoder:
    """The JSON encoder of a wire writer. A writer never writes what is not JSON: each writer
    spells a non-finite logprob as its wire does before encoding (docs/writers.md), and a
    :class:`~lmcodec.NonFiniteFloat` that reaches the encoder is an :class:`EncodeError`, never
    Python's ``-Infinity`` token."""
    return msgspec.json.Encoder(enc_hook=_writer_enc_hook)


def load_frame(data: bytes) -> Any:
    """A frame's JSON value as lm15 reads it: ``json.loads`` of the data decoded
    as UTF-8 with replacement. msgspec first; stdlib ``json`` only for what
    msgspec refuses (NaN/Infinity, ``1e400``, lone surrogates, invalid
    UTF-8), so those frames map as they do in lm15. Raises ``ValueError``."""
    try:
        return decode_any(data)
    except msgspec.DecodeError:
        pass
    except RecursionError:
        raise ValueError(_TOO_DEEP) from None
    try:
        return json.loads(data.decode("utf-8", "replace"))
    except RecursionError:
        raise ValueError(_TOO_DEEP) from None


def load_head(decoder: msgspec.json.Decoder[_Head], data: bytes) -> _Head | None:
    """A frame read into the small Struct of ``decoder`` (the keys read once per stream: the
    model and id a start-less stream names), or ``None`` when the frame is not JSON of that
    shape. A frame msgspec refuses as JSON is read as :func:`load_frame` reads it, as the port
    and lm15 read it, so a NaN or ``-Infinity`` anywhere in it does not hide its model; the
    typed read costs what it cost before."""
    try:
        return decoder.decode(data)
    except msgspec.ValidationError:
        return None
    except (msgspec.DecodeError, RecursionError):
        pass
    try:
        head: _Head = msgspec.convert(load_frame(data), decoder.type)
    except ValueError:  # not JSON, too deep, or not of the Struct's shape (ValidationError)
        return None
    return head


_NOT_PLAIN_UTF8_FIRST: Final = frozenset((0x00, 0xEF, 0xFE, 0xFF))  # a NUL, or a byte order mark's first


def utf8_body(body: bytes | bytearray | memoryview, what: str) -> bytes | bytearray | memoryview:
    """``body`` (``what``'s JSON) as the UTF-8 bytes ``json.loads(body)`` reads, which :func:`load_body`
    falls back on: a UTF-8 byte order mark dropped, UTF-16/32 (with a mark or without, told by
    ``json.detect_encoding`` from the NULs of the first bytes) decoded and written as UTF-8. A UTF-8
    body without a mark, all but any real one, is returned as given (two byte tests)."""
    if not body or (body[0] not in _NOT_PLAIN_UTF8_FIRST and (len(body) < 2 or body[1] != 0)):
        return body
    encoding = json.detect_encoding(bytes(body[:4]))
    if encoding == "utf-8":
        return body
    if encoding == "utf-8-sig":
        return body[3:]
    try:
        return bytes(body).decode(encoding).encode("utf-8")
    except UnicodeError as exc:  # (a lone surrogate in UTF-16, an odd length, ...)
        raise DecodeError(f"the {what} body is not JSON: it is not valid {encoding}: {exc}") from None


def load_body(body: bytes) -> Any:
    """A complete body's JSON value as lm15's ``HttpResponse.json()`` reads it
    (``json.loads(bytes)``: UTF-8/16/32 detected, invalid UTF-8 refused).
    Raises :class:`DecodeError` where lm15 raises its non-JSON ``ProviderError``."""
    try:
        return decode_any(body)
    except (msgspec.DecodeError, RecursionError):
        try:
            return json.loads(body)
        except (ValueError, UnicodeDecodeError, RecursionError) as exc:
            excerpt = body[:200].decode("utf-8", "replace")
            raise DecodeError(
                f"the body ({len(body)} bytes) is not JSON: {exc}{_sse_hint(body)}. Body starts: {excerpt!r}"
            ) from exc


_SSE_START: Final = re.compile(rb"[ \t\r\n]*(?:event|data)[ \t]*:")


def _sse_hint(body: bytes) -> str:
    """What to call for a body that is an SSE stream (red team 54 F13), else nothing."""
    if _SSE_START.match(body) is None:
        return ""
    return "; it is an SSE stream: lc.assemble(lc.stream.decode(provider, [body]))"


def pyint(value: Any) -> int:
    """lm15's index idiom ``int(value or 0)`` (``"3"`` -> 3, ``2.7`` -> 2, ``true`` -> 1)."""
    return int(value or 0)


def int_or_none(value: Any) -> int | None:
    """lm15's ``_int_or_none`` (citation offsets): ``int(value)``, or None for None, a bool or a failure."""
    if isinstance(value, bool) or value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def parse_json_object(value: Any) -> dict[str, Any]:
    """lm15 ``common.parse_json_object``: the complete path's tool-arguments parser."""
    if isinstance(value, dict):
        return value
    if isinstance(value, str) and value:
        try:
            parsed = json.loads(value)
        except Exception:
            return {"partial_json": value}
        if isinstance(parsed, dict):
            return parsed
        return {"value": parsed}
    return {}


def raw_arguments(arguments: dict[str, Any]) -> str | None:
    """The argument text a call's ``{"partial_json": raw}`` input was read from (lm15's marker for
    arguments that are not JSON, such as a call cut by max_tokens), else None.

    A wire whose arguments are text (Chat Completions, Responses) writes it back as it came, as
    its stream writer writes the fragments. A ``raw`` that is JSON was never marked by lm15 (it
    would have read the value; a stream's reader marks text with NaN or Infinity too), so that
    input is a call's own argument named ``partial_json``."""
    if len(arguments) != 1:
        return None
    raw = arguments.get("partial_json")
    if type(raw) is not str or reads_as_json(raw):
        return None
    return raw


def reads_as_json(text: str) -> bool:
    """Whether lm15's stream reader takes ``text`` as JSON (``json.loads``; NaN and Infinity are
    not, nor JSON nested past the recursion limit: it marks them as text that is not JSON)."""
    try:
        json.loads(text, parse_constant=_not_json)
    except (ValueError, RecursionError):
        return False
    return True


def _not_json(constant: str) -> NoReturn:
    raise ValueError(f"{constant} is not JSON")


def unwritable(exc: UnicodeEncodeError, provider: str) -> EncodeError:
    """The lc error for a value a writer cannot put on ``provider``'s wire: a lone surrogate
    (which lm15 reads from a frame such as ``"\\ud83d"``) has no UTF-8 spelling, and msgspec
    writes UTF-8 JSON."""
    bad = exc.object[exc.start : exc.end] if isinstance(exc.object, str) else ""
    points = ", ".join(f"U+{ord(c):04X}" for c in bad) or "a lone surrogate"
    return EncodeError(
        f"cannot write the {provider} stream or body: a string holds a lone surrogate ({points}), "
        "which UTF-8 JSON cannot carry"
    )
