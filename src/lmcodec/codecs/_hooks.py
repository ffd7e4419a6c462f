"""What msgspec needs beyond the wire Structs: path hooks, error translation, the Response rule.

Error translation is the one place where msgspec's failures (and the few
plain Python exceptions a decoder can raise on hostile input) become
lmcodec errors that say where and what: a JSON path for a
:class:`ValidationError`, a byte offset for a :class:`DecodeError`.
"""

from __future__ import annotations

import json
import operator
import re
import sys
from collections.abc import Iterator
from itertools import accumulate, compress, count
from pathlib import Path, PurePath
from typing import Any, NoReturn

import msgspec

from lmcodec.codecs._top_level import top_level
from lmcodec.errors import DecodeError, EncodeError, LmcodecError, ValidationError, quoted_in
from lmcodec.wire._checks import to_path, wire_path
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire._types import NonFiniteFloat
from lmcodec.wire.unknown import Unknown

__all__ = [
    "LONE_SURROGATE",
    "builtin_value",
    "dec_hook",
    "decode_error",
    "enc_hook",
    "json_with_surrogates",
    "msgpack_enc_hook",
    "raise_decode_error",
    "raise_encode_error",
    "released_view",
    "text_error",
    "too_deep",
    "with_path",
]

# Python-side failures a decode can hit on hostile input (after msgspec's own errors).
HOSTILE = (RecursionError, UnicodeError, OverflowError, MemoryError)


def released_view(data: Any) -> TypeError | None:
    """The TypeError for a released memoryview, else None: the caller's bug, named as such
    instead of Python's bare ValueError ("operation forbidden on released memoryview object")."""
    if type(data) is not memoryview:
        return None
    try:
        data.c_contiguous  # noqa: B018 (read for its ValueError)
    except ValueError:
        return TypeError("a released memoryview cannot be read: pass the data while its view is alive")
    return None


def unreadable_buffer(data: Any) -> TypeError | None:
    """The TypeError for a memoryview msgspec cannot read in place (released, or strided), else None:
    the caller's bug, named as such instead of msgspec's BufferError or Python's ValueError."""
    if not isinstance(data, memoryview):
        return None
    released = released_view(data)
    if released is not None:
        return released
    if data.c_contiguous:
        return None
    return TypeError(
        "a C-contiguous bytes-like object is required, not a strided memoryview: pass bytes(view)"
    )


NOT_FINITE = "e+288"
"""In a msgspec ValidationError: a FiniteFloat field (a logprob) got NaN, an infinity or a far
float (past 1e288, its bound)."""


def enc_hook(obj: Any) -> Any:
    """Encode the non-msgspec values of the wire types for JSON (local paths, unknown items,
    non-finite logprobs, values of str/int/float subclasses)."""
    if isinstance(obj, PurePath):
        return wire_path(obj)
    if isinstance(obj, Unknown):
        return obj.json_form()
    if type(obj) is NonFiniteFloat:
        return msgspec.Raw(obj.json_token())
    return builtin_value(obj)


def builtin_value(obj: Any) -> Any:
    """The exact str, int or float a subclass instance holds (numpy.float64, markupsafe.Markup, an
    int subclass in a count), as json.dumps writes it: its string, ``int.__repr__``,
    ``float.__repr__``, whatever the subclass overrides. msgspec encodes only the exact types (and
    enums, by value: the same), so a codec's enc_hook meets these; a common value never does."""
    if isinstance(obj, str):
        return str.__str__(obj)
    if isinstance(obj, int):
        return int.__index__(obj)
    if isinstance(obj, float):
        return float.__float__(obj)
    raise TypeError(f"cannot encode {type(obj).__name__}")  # the codecs raise it as EncodeError


def msgpack_enc_hook(obj: Any) -> Any:
    """:func:`enc_hook` for MessagePack: an unknown item read from JSON is written as its value."""
    if isinstance(obj, Unknown):
        return obj.msgpack_form()
    if type(obj) is NonFiniteFloat:
        return float(obj)
    return enc_hook(obj)


def dec_hook(tp: Any, obj: Any) -> Any:
    """Decode the non-msgspec values of the wire types (local paths, an Unknown* item as a target:
    it holds the value, as one read from builtins does)."""
    if tp is Path:
        if not isinstance(obj, str):
            raise TypeError("path must be a string")
        return to_path(obj, "media")
    if isinstance(tp, type) and issubclass(tp, Unknown):
        if type(obj) is not dict:
            raise ValueError(f"{tp.__name__} must hold an object, got {type(obj).__name__}")
        return tp._kept(None, None, obj)
    # A class no codec reads, nested in a target the public entry points did not judge (lmcodec's own):
    # msgspec makes this TypeError a ValidationError at the value's path.
    raise TypeError(f"{tp!r} is not a type lmcodec reads")


_AT_BYTE = re.compile(r"\(byte (\d+)\)$")
_HEX_ESCAPE_END = "JSON is malformed: unexpected end of hex escape"
"""What msgspec says of a lone high surrogate escape in a string it skips or scans ahead over (an
undeclared key, the fields before a union's tag), at the byte after the escape."""
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_LOW_ESCAPE = re.compile(rb"\\u[dD][c-fC-F][0-9a-fA-F]{2}")


def _lone_surrogate(buf: bytes) -> int | None:
    """The offset of the first ``\\uD800``-``\\uDFFF`` escape that is not half of a pair, if any."""
    paired_low = -1
    for match in _SURROGATE_ESCAPE.finditer(buf):
        start = match.start()
        before = start
        while before and buf[before - 1] == 0x5C:  # an escaped backslash is no escape
            before -= 1
        if (start - before) % 2:
            continue
        if start == paired_low:
            continue
        if buf[start + 3] in b"89abAB":
            if _LOW_ESCAPE.match(buf, match.end()):
                paired_low = match.end()
                continue
        return start
    return None


def with_path(exc: msgspec.ValidationError, prefix: str = "$") -> ValidationError:
    """A msgspec validation failure as a ValidationError whose path starts at ``prefix``."""
    text = str(exc)
    message, sep, path = text.rpartition(" - at `")
    if not sep:
        return ValidationError(quoted_in(text), prefix)
    message = quoted_in(message)
    path = path.rstrip("`")
    if prefix != "$" and path.startswith("$"):
        path = prefix + path[1:]
    elif prefix != "$":
        path = f"{path} in {prefix}"  # msgspec's "`key` in `$...`" form
    return ValidationError(message, path)


def decode_error(
    exc: msgspec.DecodeError, data: Any = None, prefix: str = "$", *, json: bool = True
) -> LmcodecError:
    """The lmcodec error of a msgspec decode failure, with the byte offset when it can be found.

    ``data`` (the decoded buffer, optional) lets the error path locate faults msgspec
    does not place: the end of a truncated input, the first invalid UTF-8 byte,
    a lone surrogate escape (which msgspec reports as a truncation, or in a string it
    skips as the end of a hex escape).
    """
    if isinstance(exc, msgspec.ValidationError):
        return with_path(exc, prefix)
    text = str(exc)
    match = _AT_BYTE.search(text)
    offset = int(match[1]) if match else None
    buf = _as_bytes(data)
    if offset is not None and buf is not None and json and text.startswith(_HEX_ESCAPE_END):
        lone = _lone_surrogate(buf)
        if lone is not None and lone + 6 == offset:  # the escape msgspec stopped right after
            offset = lone
            text = f"JSON is malformed: lone UTF-16 surrogate escape {buf[lone : lone + 6]!r} (byte {lone})"
    if offset is None and buf is not None:
        if text == "Input data was truncated":
            lone = _lone_surrogate(buf) if json and b"\\u" in buf else None
            if lone is not None:
                offset = lone
                escape = buf[offset : offset + 6]
                text = f"JSON is malformed: lone UTF-16 surrogate escape {escape!r} (byte {offset})"
            else:
                offset = len(buf)
                text = f"Input data was truncated (at byte {offset}, the end of the input)"
        elif text.startswith("Invalid UTF-8"):
            try:
                buf.decode("utf-8")
            except UnicodeDecodeError as err:
                offset = err.start
                text = f"{text} (byte {offset})"
    return DecodeError(text, offset=offset)


def raise_decode_error(exc: msgspec.DecodeError, data: Any = None) -> NoReturn:
    """Re-raise a msgspec decode failure as an lmcodec error, keeping the JSON path."""
    raise decode_error(exc, data) from exc


def raise_encode_error(exc: Exception) -> NoReturn:
    """Re-raise a msgspec encode failure as an lmcodec EncodeError."""
    raise EncodeError(str(exc)) from exc


def _as_bytes(data: Any) -> bytes | None:
    if isinstance(data, bytes):
        return data
    if isinstance(data, (bytearray, memoryview)):
        return bytes(data)
    if isinstance(data, str):
        return data.encode("utf-8", "surrogatepass")
    return None


# One byte per input byte: 2 opens a level, 0 closes one, 1 neither (depth = running sum - count).
_DEPTH_TABLE = bytes(2 if b in b"[{" else 0 if b in b"]}" else 1 for b in range(256))
# Brackets inside a string nest nothing: blanked (same length, so offsets stay true).
_NEUTRAL = bytes(0x5F if b in b"[]{}" else b for b in range(256))
_WINDOW = 1 << 20
_FIRST_WINDOW = 1 << 12  # where the first too deep level is sought: most faults are near the start


def _structure(buf: bytes, first_size: int = _WINDOW) -> Iterator[tuple[int, bytes]]:
    """``buf`` in windows (offset, bytes of the same length) whose brackets inside strings are
    blanked; the first window ``first_size`` bytes, each next one twice the last, up to ``_WINDOW``
    (a caller that stops at the first window holding what it seeks pays for that stretch only).
    Escapes go first (``\\\\`` pairs, then ``\\"``: ``bytes.replace`` pairs a run of
    backslashes from the left, as JSON does), so every quote left delimits a string; a string's
    state carries from one window to the next. C-level passes only (and one ``translate`` call per
    string), memory bounded by a window."""
    plain = buf.replace(b"\\\\", b"__").replace(b'\\"', b"__") if b"\\" in buf else buf
    inside = False
    start, size = 0, first_size
    while start < len(plain):
        window = plain[start : start + size]
        if b'"' in window:
            parts = window.split(b'"')
            first = 0 if inside else 1
            parts[first::2] = [part.translate(_NEUTRAL) for part in parts[first::2]]
            if len(parts) % 2 == 0:  # an odd number of quotes: the window ends in the other state
                inside = not inside
            window = b'"'.join(parts)
        elif inside:
            window = window.translate(_NEUTRAL)
        yield start, window
        start, size = start + size, min(2 * size, _WINDOW)


def _depths(window: bytes, depth: int) -> Iterator[int]:
    """The nesting depth after each byte of ``window``, starting at ``depth``."""
    sums = accumulate(window.translate(_DEPTH_TABLE), initial=depth)
    next(sums)
    return map(operator.sub, sums, count(1))


def _window_end(window: bytes, depth: int) -> int:
    return depth + window.count(b"[") + window.count(b"{") - window.count(b"]") - window.count(b"}")


def _stack_depth(frame: Any = None) -> int:
    """The frames on the stack from ``frame`` (default: the caller's) to the top."""
    depth = 0
    frame = sys._getframe(1) if frame is None else frame
    while frame is not None:
        depth += 1
        frame = frame.f_back
    return depth


_raw_decoder = msgspec.json.Decoder(float_hook=float_literal)


def _decodes(levels: int) -> bool:
    try:
        _raw_decoder.decode(b"[" * levels + b"]" * levels)
    except RecursionError:
        return False
    return True


def _deepest_decodable() -> int:
    """The most levels of nesting msgspec follows from here: doubling, then bisection (the work
    is linear in the answer; no probe nests deeper than the level the failing input reached)."""
    low, high = 0, 1
    while _decodes(high):
        low, high = high, 2 * high
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if _decodes(mid) else (low, mid)
    return low


def _one_frame_deeper(probe: Any) -> int:
    result: int = probe()
    return result


# (recursion limit, stack depth) -> (levels msgspec follows from there, levels lost per frame).
_bounds: dict[tuple[int, int], tuple[int, int]] = {}


def _bound(origin: int) -> tuple[int, bool]:
    """How many levels msgspec follows when called from a frame ``origin`` frames deep, and
    whether Python frames count against it (the recursion limit bounds C recursion before
    Python 3.12; from 3.12 on a C recursion bound of its own does, often ten times deeper).
    Measured, not assumed: msgspec's bound is what the interpreter gives it."""
    here = _stack_depth()
    key = (sys.getrecursionlimit(), here)
    known = _bounds.get(key)
    if known is None:
        levels = _deepest_decodable()
        known = _bounds[key] = (levels, levels - _one_frame_deeper(_deepest_decodable))
    levels, per_frame = known
    return levels + per_frame * (here + 2 - origin), per_frame > 0  # _decodes runs 2 frames down


def _origin(exc: BaseException | None) -> int:
    """The stack depth of the frame that called the decoder which raised ``exc`` (the last
    frame of its traceback: msgspec has none of its own)."""
    tb = exc.__traceback__ if exc is not None else None
    if tb is None:
        return _stack_depth(sys._getframe(2))
    while tb.tb_next is not None:
        tb = tb.tb_next
    return _stack_depth(tb.tb_frame)


def _first_deeper(buf: bytes, allowed: int) -> int | None:
    """The offset where ``buf`` first nests deeper than ``allowed`` (work stops at its window)."""
    depth = 0
    for start, window in _structure(buf, _FIRST_WINDOW):
        at = next(compress(count(), map(allowed.__lt__, _depths(window, depth))), None)
        if at is not None:
            return start + at
        depth = _window_end(window, depth)
    return None


def _deepest(buf: bytes) -> tuple[int, int]:
    """The greatest nesting depth of ``buf`` and the offset where it is first reached."""
    best, at, depth = 0, 0, 0
    for start, window in _structure(buf):
        top = max(_depths(window, depth), default=0)
        if top > best:
            best = top
            at = start + next(compress(count(), map(top.__eq__, _depths(window, depth))))
        depth = _window_end(window, depth)
    return best, at


def too_deep(data: Any, what: str = "JSON", exc: BaseException | None = None) -> DecodeError:
    """The error for input nested deeper than the decoder can follow (``exc``, a RecursionError
    in msgspec).

    msgspec follows nesting as deep as the interpreter lets C code recurse from the
    caller's stack (measured once per stack depth, see :func:`_bound`); for JSON the
    error names that number of levels and the byte offset where the input first nests
    deeper (found in C-level passes: linear in the input, no Python work per byte).
    """
    allowed, by_recursion_limit = _bound(_origin(exc))
    allowed = max(1, allowed)
    limit = (
        f"the interpreter's recursion limit (sys.getrecursionlimit() = {sys.getrecursionlimit()})"
        if by_recursion_limit
        else "the interpreter's C recursion bound"
    )
    buf = _as_bytes(data) if what == "JSON" else None
    if buf is None:
        return DecodeError(f"{what} is nested too deeply: nesting is bounded by {limit}")
    at = _first_deeper(buf, allowed)
    if at is None:  # msgspec gave up earlier than estimated: point at the deepest level
        deepest, at = _deepest(buf)
        levels = f"{deepest} levels"
    else:
        levels = f"more than {allowed} levels"
    return DecodeError(
        f"JSON is nested too deeply: {levels} of arrays/objects (byte {at}); nesting is bounded by {limit}",
        offset=at,
    )


def text_error(exc: UnicodeError, data: Any) -> DecodeError:
    """The error for a ``str`` input that cannot be encoded as UTF-8 (a lone surrogate character)."""
    if isinstance(exc, UnicodeEncodeError):
        return DecodeError(
            f"the input text is not valid Unicode: {exc.reason} at character {exc.start}", offset=None
        )
    return DecodeError(f"the input is not valid UTF-8: {exc}")


def hostile_error(exc: BaseException, data: Any, what: str = "JSON") -> LmcodecError:
    """The lmcodec error of one of the :data:`HOSTILE` Python exceptions raised while decoding."""
    if isinstance(exc, RecursionError):
        return too_deep(data, what, exc)
    if isinstance(exc, UnicodeError):
        return text_error(exc, data)
    if isinstance(exc, MemoryError):
        return DecodeError(f"{what} input too large to decode: out of memory")
    return DecodeError(f"{what} input cannot be decoded: {type(exc).__name__}: {exc}")


LONE_SURROGATE = "surrogate"
"""In a DecodeError: the JSON holds a ``\\ud800``-style escape that is not half of a pair
(:func:`decode_error` says "lone UTF-16 surrogate escape", msgspec "invalid utf-16 surrogate pair")."""
_LONE_CHAR = re.compile("[\ud800-\udfff]")


def _builtins_hook(obj: Any) -> Any:
    if isinstance(obj, PurePath):
        return wire_path(obj)
    if type(obj) is NonFiniteFloat:
        return float(obj)
    return builtin_value(obj)


def json_with_surrogates(obj: Any, include_provider_data: bool = False) -> bytes | None:
    """JSON of a value whose strings hold lone surrogates (provider frames and llm logs carry
    them; Python's ``json`` reads them), each written as its ``\\udXXXX`` escape as
    ``json.dumps`` writes it; None when the value holds anything else JSON cannot spell.

    Only a value msgspec refused comes here (it cannot write a lone surrogate). The strict
    decoders refuse the escape (canonical JSON holds no lone surrogate); ``lenient=True``
    reads it back, as ``json.loads`` does.
    """
    try:
        value = msgspec.to_builtins(top_level(obj, include_provider_data), enc_hook=_builtins_hook)
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, OverflowError, RecursionError):
        return None
    return _LONE_CHAR.sub(lambda m: f"\\u{ord(m[0]):04x}", text).encode()
