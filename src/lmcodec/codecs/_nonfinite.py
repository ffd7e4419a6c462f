"""Non-finite and far logprobs: ``NaN`` / ``Infinity`` as lm15 (and lmcodec) write them, and
floats past 1e288 (``1e300``: msgspec 0.23 parses each on a slow path, ~10-100 us).

lm15 accepts a NaN or infinite ``TokenLogprob.logprob`` / ``TopLogprob.logprob``,
and ``json.dumps`` writes ``NaN`` / ``Infinity`` / ``-Infinity`` for it. The
typed decoders check that a logprob is finite (so canonical data pays nothing),
and a value they refuse comes here: builtins (``lc.from_builtins``, a MessagePack
body, or with ``lenient=True`` a Python-dialect JSON text) whose only
non-finite numbers are logprobs are converted with each of them as a
:class:`~lmcodec.NonFiniteFloat`. A non-finite number anywhere else stays
rejected. A far logprob (which the typed decoders' bound refuses at the first, one slow parse)
takes the same way, read from builtins whose floats ``float`` read (the JSON decoders' float hook),
and comes back as itself.

A JSON text is read by :func:`decode_json` without leaving C for the tree: each non-finite
``"logprob"`` value is replaced in the bytes by its stand-in, the typed decoder reads the
result, and only the fields whose types can hold a logprob are walked to put the values back.

A literal past the double range (``1e400``) stays refused on every way (:class:`OutOfRange`):
``json.loads``, which :func:`parse` calls when a NaN or a lone surrogate escape stops msgspec,
would read it as infinity, where alone it is msgspec's ``Number out of range``.
"""

from __future__ import annotations

import json
import math
import re
import struct
from collections.abc import Iterator
from itertools import chain
from operator import attrgetter
from typing import Any, Final

import msgspec
import msgspec.inspect as mi

from lmcodec.wire._float_literals import FAR
from lmcodec.wire._types import NonFiniteFloat
from lmcodec.wire.telemetry import TokenLogprob, TopLogprob

__all__ = [
    "OUT_OF_RANGE",
    "OutOfRange",
    "convert",
    "decode_json",
    "has_tokens",
    "literals_back",
    "packed_back",
    "parse",
    "range_error",
    "restore",
    "stand_in_packed",
    "stand_in_text",
]

_LOGPROB_TYPES = (TokenLogprob, TopLogprob)
# Stand-ins while msgspec converts (it checks logprobs are finite): negative subnormals
# no model reports, each mapped back to the value it stood for.
_STAND_INS = {"nan": -1e-320, "inf": -2e-320, "-inf": -3e-320}
_VALUES: dict[float, float] = {stand_in: NonFiniteFloat(name) for name, stand_in in _STAND_INS.items()}
# A far logprob's stand-in: the k-th is _FAR_STAND_IN - k * _STEP (distinct negative subnormals,
# none of the three above), mapped back to its value per conversion.
_FAR_STAND_IN = -4e-320
_STEP = 5e-324
# Every stand-in is a negative subnormal: a genuine logprob in (-_SUBNORMAL, 0) may equal one, and
# is then "taken" (red team 55 F05: a genuine -4e-320 beside a far logprob was put back as it).
_SUBNORMAL = 2.2250738585072014e-308
_LOWEST_SUBNORMAL = -_SUBNORMAL
_CONTAINERS = (dict, list, tuple)
# A "logprob" key's non-finite value in JSON text: the key's closing quote is unescaped, so the
# match starts and ends outside any string (a key like "x\\"logprob" only makes the count check fail).
_TOKEN = re.compile(rb'("logprob"[ \t\n\r]*:[ \t\n\r]*)(NaN|-Infinity|Infinity)')
_LITERALS = {b"NaN": b"-1e-320", b"Infinity": b"-2e-320", b"-Infinity": b"-3e-320"}
# A "logprob" key's number (what typed_error writes 0 for when it is far).
_FAR_TOKEN = re.compile(rb'("logprob"[ \t\n\r]*:[ \t\n\r]*)(-?[0-9][0-9.eE+-]*)')
# A "logprob" key's number or non-finite token (stand_in_text's): what the keeping reader's
# typed decoders refuse at the bound, or as not JSON.
_LOGPROB_LITERAL = re.compile(rb'("logprob"[ \t\n\r]*:[ \t\n\r]*)(NaN|-Infinity|Infinity|-?[0-9][0-9.eE+-]*)')
_NON_FINITE = {b"NaN": "nan", b"Infinity": "inf", b"-Infinity": "-inf"}
OUT_OF_RANGE: Final = "Number out of range"  # msgspec's words for a literal past the double range
# A \uD800-\uDFFF escape (paired or lone): range_error writes each as one BMP character.
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF][0-9a-fA-F]{2}")
# ... and in MessagePack: the key as a fixstr, its value a float64 (as msgspec and lm15 write them)
_PACKED_LOGPROB = re.compile(rb"(\xa7logprob\xcb)(.{8})", re.DOTALL)
_DOUBLE = struct.Struct(">d")
_LOGPROB = attrgetter("logprob")
_TOP = attrgetter("top")
# Per decode target: each Struct class that can hold a logprob -> its fields that can hold one.
_plans: dict[Any, dict[type, tuple[str, ...]]] = {}


def has_tokens(data: Any) -> bool:
    """Whether a JSON text may hold a Python-dialect non-finite number."""
    if isinstance(data, str):
        return "NaN" in data or "Infinity" in data
    buf = bytes(data)
    return b"NaN" in buf or b"Infinity" in buf


class OutOfRange(ValueError):
    """A float literal past the double range in a text :func:`parse` read: refused, as msgspec
    refuses it (``json.loads`` reads it as infinity); :func:`range_error` gives the error."""


def _in_range(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise OutOfRange(OUT_OF_RANGE)
    return value


def parse(data: Any) -> Any:
    """The builtins of a Python-dialect JSON text (``json.loads``), or None when it is not one;
    raises :class:`OutOfRange` at a literal past the double range."""
    try:
        return json.loads(data, parse_float=_in_range)
    except OutOfRange:
        raise
    except (ValueError, RecursionError):
        return None


def range_error(data: Any, decoder: msgspec.json.Decoder[Any]) -> msgspec.ValidationError:
    """The refusal of a text :func:`parse` found a literal past the double range in: the typed
    decoder's own (``Number out of range`` at its typed path, as for the literal alone), read with
    the NaN / Infinity logprobs stood in for, the far ones written ``0`` and the surrogate escapes
    made one character, so that it reaches the literal; without the path where another fault
    stops it first."""
    try:
        buf = data.encode() if isinstance(data, str) else bytes(data)
        readable = _SURROGATE_ESCAPE.sub(rb"\\ufffd", _FAR_TOKEN.sub(_near, _TOKEN.sub(_stood_in, buf)))
        decoder.decode(readable)
    except msgspec.ValidationError as exc:
        if str(exc).startswith(OUT_OF_RANGE):
            return exc
    except (msgspec.DecodeError, UnicodeEncodeError, RecursionError):
        pass
    return msgspec.ValidationError(OUT_OF_RANGE)


def _stood_in(match: re.Match[bytes]) -> bytes:
    return match[1] + _LITERALS[match[2]]


def decode_json(data: Any, tp: Any, decoder: msgspec.json.Decoder[Any]) -> Any:
    """``data`` decoded by ``decoder`` (of ``tp``) with its non-finite ``"logprob"`` values read,
    or None when this reading fails (then :func:`convert` of :func:`parse` decides).

    The tokens are replaced in the bytes by stand-ins, the typed decoder reads the result in C,
    and the stand-ins are put back along the fields that can hold a logprob: the cost is the
    finite decode's plus a C-level scan of the logprobs. As many must be put back as were
    replaced, so a ``"logprob": NaN`` inside a payload still fails."""
    try:
        buf = data.encode() if isinstance(data, str) else bytes(data)
    except UnicodeEncodeError:
        return None
    count = 0

    def stand_in(match: re.Match[bytes]) -> bytes:
        nonlocal count
        count += 1
        return match[1] + _LITERALS[match[2]]

    replaced = _TOKEN.sub(stand_in, buf)
    if not count:
        return None
    try:
        obj = decoder.decode(replaced)
    except (msgspec.MsgspecError, TypeError, ValueError, RecursionError):
        return None
    if restore(obj, tp, _VALUES) != count:
        return None
    # A genuine logprob equal to a stand-in is put back too; it goes unseen only beside a token
    # outside the logprobs (not put back): with every "logprob" key a logprob's, neither is there
    # (red team 55 F05); else the builtins' way decides, choosing stand-ins none of them equals.
    return obj if buf.count(b'"logprob"') == _logprob_count(obj, tp) else None


def stand_in_text(buf: bytes) -> tuple[bytes, dict[float, float], dict[bytes, bytes]]:
    """``buf`` with each far (past 1e288) or non-finite (``NaN``, ``Infinity``) ``"logprob"``
    literal replaced by a distinct stand-in literal (the k-th far stand-in, written as ``repr``
    writes it), each stand-in's value (a non-finite one as :class:`NonFiniteFloat`), and each
    stand-in literal's original text. A literal past the double range is left (its field's error).
    The stand-ins are none of the text's own logprobs (one met taken: the text is read again)."""
    taken: set[float] = set()
    stood_in, values, texts = _text_stood_in(buf, taken)
    if not taken.isdisjoint(values):
        stood_in, values, texts = _text_stood_in(buf, taken)
    return stood_in, values, texts


def _text_stood_in(buf: bytes, taken: set[float]) -> tuple[bytes, dict[float, float], dict[bytes, bytes]]:
    """:func:`stand_in_text`'s reading, its stand-ins none of ``taken``, to which it adds the
    text's own logprobs that are negative subnormals."""
    values: dict[float, float] = {}
    texts: dict[bytes, bytes] = {}
    free = _free(frozenset(taken))

    def stand_in(match: re.Match[bytes]) -> bytes:
        literal = match[2]
        name = _NON_FINITE.get(literal)
        if name is not None:
            value: float = NonFiniteFloat(name)
        else:
            try:
                value = float(literal)
            except ValueError:  # (not a number: the decoder's error)
                return match[0]
            if not math.isfinite(value) or -FAR <= value <= FAR:
                if _LOWEST_SUBNORMAL < value < 0:
                    taken.add(value)
                return match[0]
        stood = next(free)
        text = repr(stood).encode()
        values[stood] = value
        texts[text] = literal
        return match[1] + text

    return _LOGPROB_LITERAL.sub(stand_in, buf), values, texts


def literals_back(raw: bytes, texts: dict[bytes, bytes]) -> tuple[bytes, int, bool]:
    """``raw`` (a kept item's bytes of a text :func:`stand_in_text` wrote) with each stand-in literal
    of ``texts`` put back as the literal it replaced: the bytes, how many, and whether one of them
    was a ``NaN`` / ``Infinity`` token (not JSON)."""
    count = 0
    non_finite = False

    def back(match: re.Match[bytes]) -> bytes:
        nonlocal count, non_finite
        literal = texts.get(match[2])
        if literal is None:
            return match[0]
        count += 1
        non_finite = non_finite or literal in _NON_FINITE
        return match[1] + literal

    return _LOGPROB_LITERAL.sub(back, raw), count, non_finite


def stand_in_packed(buf: bytes) -> tuple[bytes, dict[float, float], dict[bytes, bytes]]:
    """MessagePack ``buf`` with each far or non-finite ``"logprob"`` float64 replaced by a distinct
    stand-in (8 bytes for 8: every other byte keeps its place), each stand-in's value (a
    non-finite one as :class:`NonFiniteFloat`), and each stand-in's bytes' original bytes. The
    stand-ins are none of ``buf``'s own logprobs (one met taken: it is read again)."""
    taken: set[float] = set()
    stood_in, values, originals = _packed_stood_in(buf, taken)
    if not taken.isdisjoint(values):
        stood_in, values, originals = _packed_stood_in(buf, taken)
    return stood_in, values, originals


def _packed_stood_in(buf: bytes, taken: set[float]) -> tuple[bytes, dict[float, float], dict[bytes, bytes]]:
    """:func:`stand_in_packed`'s reading, its stand-ins none of ``taken``, to which it adds the
    logprobs of ``buf`` that are negative subnormals."""
    values: dict[float, float] = {}
    originals: dict[bytes, bytes] = {}
    free = _free(frozenset(taken))

    def stand_in(match: re.Match[bytes]) -> bytes:
        (value,) = _DOUBLE.unpack(match[2])
        if -FAR <= value <= FAR:  # (NaN fails both)
            if _LOWEST_SUBNORMAL < value < 0:
                taken.add(value)
            return match[0]
        if not math.isfinite(value):
            value = NonFiniteFloat("nan" if value != value else "inf" if value > 0 else "-inf")
        stood = next(free)
        values[stood] = value
        packed = _DOUBLE.pack(stood)
        originals[packed] = match[2]
        return match[1] + packed

    return _PACKED_LOGPROB.sub(stand_in, buf), values, originals


def _free(taken: frozenset[float]) -> Iterator[float]:
    """The far stand-ins, ``_FAR_STAND_IN - k * _STEP`` for k = 0, 1, ..., those ``taken`` (a
    genuine logprob of the input) left out."""
    k = 0
    while True:
        stood = _FAR_STAND_IN - k * _STEP
        k += 1
        if stood not in taken:
            yield stood


def packed_back(raw: bytes, originals: dict[bytes, bytes]) -> tuple[bytes, int]:
    """``raw`` (a kept item's bytes of a text :func:`stand_in_packed` wrote) with each stand-in of
    ``originals`` put back as the bytes it replaced, and how many."""
    count = 0

    def back(match: re.Match[bytes]) -> bytes:
        nonlocal count
        original = originals.get(match[2])
        if original is None:
            return match[0]
        count += 1
        return match[1] + original

    return _PACKED_LOGPROB.sub(back, raw), count


def typed_error(data: Any, decoder: msgspec.json.Decoder[Any]) -> msgspec.ValidationError | None:
    """The typed decoder's refusal of ``data`` with its far ``"logprob"`` values written ``0``:
    the error it meets after them (``Number out of range`` at the typed path, where the untyped
    reading names ``$[...]``), or None."""
    try:
        buf = data.encode() if isinstance(data, str) else bytes(data)
        decoder.decode(_FAR_TOKEN.sub(_near, buf))
    except msgspec.ValidationError as exc:
        return exc
    except (msgspec.DecodeError, UnicodeEncodeError, RecursionError):
        return None
    return None


def _near(match: re.Match[bytes]) -> bytes:
    value = float(match[2])
    return match[1] + b"0" if math.isfinite(value) and not -FAR <= value <= FAR else match[0]


def convert(value: Any, tp: Any, dec_hook: Any) -> Any:
    """``value`` converted to ``tp`` when its only non-finite numbers are logprobs (and far floats
    are logprobs or where their fields take them), else None."""
    stood_in, count, values = _stand_in(value)
    if not count:
        return None
    try:
        obj = msgspec.convert(stood_in, tp, dec_hook=dec_hook)
    except (msgspec.ValidationError, TypeError, ValueError, RecursionError):
        return None
    return obj if restore(obj, tp, values) == count else None


def _stand_in(value: Any) -> tuple[Any, int, dict[float, float]]:
    """A copy of ``value`` with each non-finite or far ``"logprob"`` value replaced by its
    stand-in, how many were replaced, and each stand-in's value; the count is 0 when a non-finite
    number sits anywhere else (a far one elsewhere is left to its field).

    Copied with a stack of containers, not recursion: the payloads beside a logprob nest as
    deep as the strict decoder reads (~1,000 levels), which a recursive copy ran out of frames
    on. A container's scalars are looked at where they are met, only containers are stacked.
    The stand-ins are chosen once the walk is done: none equal to a genuine logprob of ``value``."""
    if type(value) not in _CONTAINERS:
        return value, 0, _VALUES  # a bare number: not a logprob
    stood_for: list[tuple[Any, Any, float]] = []  # (a copy, the slot in it, the logprob there)
    taken: set[float] = set()
    low = _LOWEST_SUBNORMAL
    top = [value]
    # (a container not yet copied, the container holding it (already a copy), its slot there)
    stack: list[tuple[Any, Any, Any]] = [(value, top, 0)]
    while stack:
        item, into, slot = stack.pop()
        if type(item) is dict:
            copied: Any = dict(item)
            pairs: Any = item.items()
        else:
            copied = list(item)
            pairs = enumerate(item)
        into[slot] = copied
        for key, child in pairs:
            kind = type(child)
            if kind is float and not -FAR <= child <= FAR:  # (NaN fails both)
                finite = math.isfinite(child)
                if key != "logprob":  # an array's item has an int key
                    if finite:
                        continue
                    return value, 0, _VALUES
                stood_for.append((copied, key, child))
            elif kind is float and low < child < 0 and key == "logprob":
                taken.add(child)
            elif kind in _CONTAINERS:
                stack.append((child, copied, key))
    return top[0], len(stood_for), _put_stand_ins(stood_for, taken)


def _put_stand_ins(stood_for: list[tuple[Any, Any, float]], taken: set[float]) -> dict[float, float]:
    """Each logprob of ``stood_for`` replaced in its slot by a stand-in (a non-finite one's own
    of ``_STAND_INS``, a far one the next free; while a genuine logprob equals one of
    ``_STAND_INS``, the next free for all), none of ``taken``; each stand-in's value."""
    own = taken.isdisjoint(_VALUES)
    values = _VALUES if own else {}
    free = _free(frozenset(taken))
    for copied, key, child in stood_for:
        value = child
        if not math.isfinite(child):
            name = "nan" if child != child else "inf" if child > 0 else "-inf"
            if own:
                copied[key] = _STAND_INS[name]
                continue
            value = NonFiniteFloat(name)
        if values is _VALUES:
            values = dict(_VALUES)
        stand_in = next(free)
        values[stand_in] = value
        copied[key] = stand_in
    return values


def restore(obj: Any, tp: Any, values: dict[float, float]) -> int:
    """Put the logprobs ``values`` maps stand-ins to back in place of them; returns how many.

    Walks the tuples, lists and Structs of ``obj`` (as the decoders build them), entering only the fields
    whose types can hold a logprob; a run of logprobs is scanned in C."""
    plan = _plan(tp)
    restored = 0
    stack = [obj]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is tuple or kind is list:  # (a list: a decode target of list[...])
            kinds = set(map(type, item))
            if kinds == {TokenLogprob}:
                restored += _put_back(item, values)
                restored += _put_back(list(chain.from_iterable(map(_TOP, item))), values)
            elif kinds == {TopLogprob}:
                restored += _put_back(item, values)
            else:
                stack.extend(item)
        elif kind is TokenLogprob or kind is TopLogprob:
            stack.append((item,))
        else:
            fields = plan.get(kind)
            if fields:
                stack.extend(getattr(item, name) for name in fields)
    return restored


def _logprob_count(obj: Any, tp: Any) -> int:
    """How many TokenLogprob and TopLogprob values ``obj`` holds where :func:`restore` looks."""
    plan = _plan(tp)
    counted = 0
    stack = [obj]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is tuple or kind is list:
            kinds = set(map(type, item))
            if kinds == {TokenLogprob}:
                counted += len(item) + sum(map(len, map(_TOP, item)))
            elif kinds == {TopLogprob}:
                counted += len(item)
            else:
                stack.extend(item)
        elif kind is TokenLogprob or kind is TopLogprob:
            stack.append((item,))
        else:
            fields = plan.get(kind)
            if fields:
                stack.extend(getattr(item, name) for name in fields)
    return counted


def _put_back(logprobs: Any, values: dict[float, float]) -> int:
    """The stand-ins among ``logprobs`` (TokenLogprob or TopLogprob items) replaced by their values."""
    if values.keys().isdisjoint(map(_LOGPROB, logprobs)):
        return 0
    restored = 0
    for item in logprobs:
        value = values.get(item.logprob)
        if value is not None:
            msgspec.structs.force_setattr(item, "logprob", value)
            restored += 1
    return restored


def _plan(tp: Any) -> dict[type, tuple[str, ...]]:
    """For a decode target: each Struct class in it that can hold a logprob, and which of its
    fields can (through Structs, tuples, lists, unions and constraints; not through dicts or
    ``Any``, which the walk does not enter)."""
    plan = _plans.get(tp)
    if plan is None:
        structs: dict[type, mi.StructType] = {}
        _collect(mi.type_info(tp), structs)
        holders: set[type] = {TokenLogprob, TopLogprob}
        while True:  # grow to a fixpoint: a Struct holds one when a field's Structs do
            grown = {
                cls for cls, info in structs.items() if any(_inner(f.type) & holders for f in info.fields)
            }
            if grown <= holders:
                break
            holders |= grown
        plan = _plans[tp] = {
            cls: tuple(f.name for f in info.fields if _inner(f.type) & holders)
            for cls, info in structs.items()
            if cls in holders
        }
    return plan


def _collect(info: mi.Type, structs: dict[type, mi.StructType]) -> None:
    """Every StructType reachable from ``info`` through the types the walk enters."""
    stack = [info]
    while stack:
        item = stack.pop()
        if isinstance(item, mi.StructType):
            if item.cls not in structs:
                structs[item.cls] = item
                stack.extend(f.type for f in item.fields)
        else:
            stack.extend(_children(item))


def _inner(info: mi.Type) -> set[type]:
    """The Struct classes a value of ``info`` may be or hold at its top (the walk's next step)."""
    out: set[type] = set()
    stack = [info]
    while stack:
        item = stack.pop()
        if isinstance(item, mi.StructType):
            out.add(item.cls)
        else:
            stack.extend(_children(item))
    return out


def _children(info: mi.Type) -> tuple[mi.Type, ...]:
    if isinstance(info, mi.Metadata):
        return (info.type,)
    if isinstance(info, mi.UnionType):
        return info.types
    if isinstance(info, (mi.VarTupleType, mi.ListType)):
        return (info.item_type,)
    if isinstance(info, mi.TupleType):
        return info.item_types
    return ()
