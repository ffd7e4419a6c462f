"""unknown="keep" on JSON, narrowly: strict decodes around the subtrees that hold unknown items.

The item-by-item walk of :mod:`lmcodec.codecs._keep` decodes a record into a skeleton and rebuilds
every Struct on the way to a union in Python: a Turn of 4,000 messages with one unknown part cost
8-25x its strict decode. Here the strict decoder's error path leads to the subtree that holds the
first unknown item: each Struct on the way is decoded with its union-holding fields as
``msgspec.Raw`` (each read narrowly in turn: strictly first unless the path names it), each array
on the way is decoded around the failing item in one strict call, and the item itself is read by
the walk's ``_item``; so a record with one unknown item costs about two strict decodes. Whatever
this reading cannot finish (any error, a shape it does not take) is left to the walk, which gives
the result or the error at its path: the walk stays the reference. A union target (Part, Delta,
StreamEvent, Tool) is read by the walk's own ``_keep._item`` at ``$``: its refusal is the walk's,
and the walk is not run again for it (red team 50 F03: the text read once more).
"""

from __future__ import annotations

import re
import types
import typing
from typing import Any, Union, get_args, get_origin

import msgspec

from lmcodec.codecs import _keep, _nonfinite
from lmcodec.codecs._hooks import HOSTILE, dec_hook
from lmcodec.errors import LmcodecError
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.unknown import Unknown, UnknownTool

__all__ = ["decode", "decode_stood_in"]


def decode(data: Any, tp: Any, strict_error: msgspec.ValidationError) -> Any:
    """JSON ``data`` decoded into ``tp``, keeping unknown items (raises LmcodecErrors);
    ``strict_error`` is the strict decoder's error on it, whose path leads the way."""
    try:
        return _narrow(data, tp, _steps(strict_error))[0]
    except LmcodecError:
        if _slot_unions.get(tp) is not None:
            raise  # a union target: read by the walk's own _keep._item at "$", its refusal the walk's
    except (_Fallback, msgspec.MsgspecError, TypeError, ValueError, *HOSTILE):
        pass  # the walk gives the result, or the error at its path
    return _keep.decode(data, tp, "json")


def decode_stood_in(data: Any, tp: Any, strict: msgspec.json.Decoder[Any]) -> Any:
    """JSON ``data`` decoded into ``tp``, keeping unknown items, where its far or non-finite
    logprobs stop the keeping reader (its typed decoders hold a logprob to the 1e288 bound, and
    ``NaN`` is not JSON), else None: each such ``"logprob"`` literal replaced by a stand-in in the
    bytes (as the strict reader's far and NaN paths stand in for them), the text read by
    :func:`decode` (``strict``: the strict decoder of ``tp``, whose error leads the way), then the
    stand-ins put back: a logprob's value in place (``_nonfinite.restore``), and in a kept item's
    raw bytes the literal they replaced, its value read from them as the keeping reader reads an
    item. None unless every stand-in is put back once (a ``NaN`` inside a kept item: not JSON); a
    literal past the double range (left as it is) raises the keeping reader's error at it."""
    try:
        buf = data.encode() if isinstance(data, str) else bytes(data)
    except UnicodeEncodeError:
        return None
    stood, values, texts = _nonfinite.stand_in_text(buf)
    if not values:
        return None
    try:
        try:
            obj = strict.decode(stood)
        except msgspec.ValidationError as exc:
            obj = decode(stood, tp, exc)
        restored = _nonfinite.restore(obj, tp, values)
        if restored < len(values):
            restored += _keep.put_back_in_kept(obj, "json", lambda raw: _literals_back(raw, texts))
    except LmcodecError as exc:
        if str(exc).startswith(_nonfinite.OUT_OF_RANGE):  # 1e400, which no stand-in reads: its error
            raise
        return None
    except (_Fallback, msgspec.MsgspecError, TypeError, ValueError, *HOSTILE):
        return None
    return obj if restored == len(values) else None


def _literals_back(raw: bytes, texts: dict[bytes, bytes]) -> tuple[bytes, int]:
    """A kept item's bytes with its stand-in literals put back (``_nonfinite.literals_back``); a
    ``NaN`` / ``Infinity`` among them raises _Fallback: the item would not be JSON."""
    back, count, non_finite = _nonfinite.literals_back(raw, texts)
    if non_finite:
        raise _Fallback
    return back, count


class _Fallback(Exception):
    """The narrow reading does not handle this input: the item-by-item walk decides."""


_AT = re.compile(r" - at `\$([^`]*)`$")
_STEP = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[([0-9]+)\]")
_JOINS = 8  # strict re-decodes of an array's rest before its items are read one at a time
_raw_items = msgspec.json.Decoder(list[msgspec.Raw], float_hook=float_literal)
_strict: dict[Any, msgspec.json.Decoder[Any]] = {}
_narrow_structs: dict[Any, tuple[Any, tuple[tuple[str, str, Any], ...]]] = {}
_slot_unions: dict[Any, _keep._Union | None] = {}


def _strict_decoder(tp: Any) -> msgspec.json.Decoder[Any]:
    dec = _strict.get(tp)
    if dec is None:
        dec = _strict[tp] = msgspec.json.Decoder(tp, dec_hook=dec_hook, float_hook=float_literal)
    return dec


def _steps(exc: msgspec.ValidationError) -> list[str | int]:
    """The path of a strict error as keys and indexes, up to the first step not read."""
    found = _AT.search(str(exc))
    steps: list[str | int] = []
    if found is None:
        return steps
    path, at = found[1], 0
    while at < len(path):
        step = _STEP.match(path, at)
        if step is None:
            break
        steps.append(step[1] if step[1] is not None else int(step[2]))
        at = step.end()
    return steps


def _narrow(raw: Any, tp: Any, steps: list[str | int] | None) -> tuple[Any, bool]:
    """``raw`` decoded into ``tp``, and whether it is an unknown item; ``steps`` is the path of its
    first fault when known to fail, else it is tried strictly first."""
    if steps is None:
        try:
            return _strict_decoder(tp).decode(raw), False
        except msgspec.ValidationError as exc:
            steps = _steps(exc)
    if tp not in _slot_unions:
        _slot_unions[tp] = _union_slot(tp)
    union = _slot_unions[tp]
    if union is not None:
        item = _keep._item(_keep._FORMATS["json"], raw, union, "$")
        return item, isinstance(item, Unknown)
    array = _array_of(tp)
    if array is not None:
        item_tp, kind, lengths = array
        value, unknown = _array(raw, item_tp, kind, steps)
        if not lengths[0] <= len(value) <= lengths[1]:
            raise _Fallback  # the walk raises the strict error
        return value, unknown
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct) and _keep._skeleton(tp, msgspec.Raw)[1]:
        return _struct(raw, tp, steps), False
    fmt = _keep._FORMATS["json"]
    return _keep._walk(
        fmt, fmt.decode(raw, _keep._skeleton(tp, fmt.slot)[0], "$"), _keep._slot_union(tp), "$"
    )


_LENGTH_ONLY = frozenset(
    {"min_length", "max_length", "title", "description", "examples", "extra", "extra_json_schema"}
)


def _array_of(tp: Any) -> tuple[Any, type, tuple[float, float]] | None:
    """A variable-length array type (tuple or list, maybe with length bounds): its item type,
    kind and bounds; None for any other type."""
    low, high = 0.0, float("inf")
    if get_origin(tp) is typing.Annotated:
        tp, *extras = get_args(tp)
        for meta in extras:
            if not isinstance(meta, msgspec.Meta):
                return None
            if any(getattr(meta, name) is not None for name in _META_FIELDS if name not in _LENGTH_ONLY):
                return None
            low = max(low, meta.min_length or 0)
            high = min(high, float("inf") if meta.max_length is None else meta.max_length)
    origin, args = get_origin(tp), get_args(tp)
    if origin is list and len(args) == 1:
        return args[0], list, (low, high)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return args[0], tuple, (low, high)
    return None


_META_FIELDS = tuple(name for name in dir(msgspec.Meta) if not name.startswith("_"))


def _union_slot(tp: Any) -> _keep._Union | None:
    """The union of ``tp`` when it is a union slot (every member a tagged Struct of a family)."""
    if get_origin(tp) not in (Union, types.UnionType):
        return None
    args = get_args(tp)
    if not all(_keep._tag(a) is not None for a in args):
        return None
    union = _keep._Union(args, tp)
    return union if union.unknown is not None else None


def _array(raw: Any, item_tp: Any, kind: type, steps: list[str | int]) -> tuple[Any, bool]:
    """An array: strict decodes of the runs between the items that fail, each of those narrowly."""
    items = _raw_items.decode(raw)
    strict = _strict_decoder(tuple[item_tp, ...])
    out: list[Any] = []
    unknown = False
    start, failures = 0, 0
    fault: tuple[int, list[str | int]] | None = None
    if steps and isinstance(steps[0], int):
        fault = steps[0], steps[1:]
    while start < len(items):
        if fault is None:
            if failures >= _JOINS:  # many faults here: one item at a time, still linear
                union = _slot_unions.get(item_tp)
                for item in items[start:]:
                    if union is not None:  # no strict try first: its error would lead here
                        value = _keep._item(_keep._FORMATS["json"], item, union, "$")
                        is_unknown = isinstance(value, Unknown)
                    else:
                        value, is_unknown = _narrow(item, item_tp, None)
                    out.append(value)
                    unknown = unknown or is_unknown
                break
            try:
                out.extend(strict.decode(b"[" + b",".join(items[start:]) + b"]"))
                break
            except msgspec.ValidationError as exc:
                rest = _steps(exc)
            if not rest or not isinstance(rest[0], int):
                raise _Fallback
            fault = rest[0], rest[1:]
        at, rest = fault
        fault = None
        failures += 1
        if at:
            out.extend(strict.decode(b"[" + b",".join(items[start : start + at]) + b"]"))
        value, is_unknown = _narrow(items[start + at], item_tp, rest)
        out.append(value)
        unknown = unknown or is_unknown
        start += at + 1
    return (tuple(out) if kind is tuple else out), unknown


def _struct(raw: Any, cls: Any, steps: list[str | int]) -> Any:
    """A Struct decoded with its union-holding fields as Raw, each of those read narrowly, built as
    :func:`_build` builds one."""
    found = _narrow_structs.get(cls)
    if found is None:
        found = _narrow_structs[cls] = _narrow_skeleton(cls)
    skeleton, fields = found
    value = _keep._FORMATS["json"].decode(raw, skeleton, "$")
    key = steps[0] if steps and isinstance(steps[0], str) else None
    kwargs = {name: getattr(value, name) for name in cls.__struct_fields__}
    full: dict[str, Any] = {}
    for name, json_key, field_tp in fields:
        piece = kwargs[name]
        if type(piece) is not msgspec.Raw:
            continue  # absent: the field's default
        piece, unknown = _narrow(piece, field_tp, steps[1:] if json_key == key else None)
        if unknown and isinstance(piece, (tuple, list)):
            full[name] = piece
            piece = type(piece)(v for v in piece if not isinstance(v, Unknown) or isinstance(v, UnknownTool))
        kwargs[name] = piece
    try:
        obj = _keep._new(cls, **kwargs)
    except (TypeError, ValueError) as exc:
        raise _Fallback from exc
    for name, piece in full.items():
        msgspec.structs.force_setattr(obj, name, piece)
    return obj


def _narrow_skeleton(cls: Any) -> tuple[Any, tuple[tuple[str, str, Any], ...]]:
    """``cls`` with each field whose type holds a union slot as ``msgspec.Raw``, and those fields
    (name, JSON key, type)."""
    hints = typing.get_type_hints(cls, include_extras=True)
    field_types: list[Any] = []
    raw_fields: list[tuple[str, str, Any]] = []
    for f in msgspec.structs.fields(cls):
        tp = hints[f.name]
        if _keep._skeleton(tp, msgspec.Raw)[1]:
            raw_fields.append((f.name, f.encode_name, tp))
            tp = msgspec.Raw
        field_types.append(tp)
    return _keep.struct_like(cls, f"{cls.__name__}Narrow", field_types), tuple(raw_fields)
