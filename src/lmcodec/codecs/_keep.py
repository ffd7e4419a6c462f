"""``unknown="keep"``: decoding that keeps items of unknown tags as Unknown* values.

Runs only after the strict decoder has failed, so canonical input never pays
for it. The target type is rewritten once into a *skeleton*: every Struct
on the way to a union of tagged Structs (Part, Delta, StreamEvent, Tool and
their sub-unions, or any union whose members hold one) becomes a generated
Struct of the same fields, and the union itself becomes ``msgspec.Raw`` (JSON
and MessagePack) or ``Any`` (builtins). msgspec decodes the input into the
skeleton, checking every field outside the unions as the strict decoder does;
each union item is then decoded on its own: a tag of the union's family
decodes (recursively) into its class, a string tag no member of the family
knows becomes the family's Unknown class holding the item's exact bytes, and
anything else fails with the strict decoder's error at the item's path.
The real Structs are built from the pieces with their ``__post_init__`` rules,
which see the known items only (an UnknownTool counts by name).
"""

from __future__ import annotations

import os
import threading
import types
import typing
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin

import msgspec

from lmcodec.codecs._convert import convert
from lmcodec.codecs._hooks import HOSTILE, dec_hook, decode_error, hostile_error
from lmcodec.errors import ValidationError, quoted
from lmcodec.wire import Delta, Part, StreamEvent, Tool
from lmcodec.wire.unknown import Unknown, UnknownDelta, UnknownEvent, UnknownPart, UnknownTool, _init

__all__ = ["decode", "from_builtins", "put_back_in_kept"]

_new = msgspec.StructMeta.__call__  # Struct.__init__ (runs __post_init__), not the lm15 constructor
_FAMILIES: tuple[tuple[type[Unknown], frozenset[type]], ...] = tuple(
    (unknown_cls, frozenset(get_args(union)))
    for unknown_cls, union in (
        (UnknownPart, Part),
        (UnknownDelta, Delta),
        (UnknownEvent, StreamEvent),
        (UnknownTool, Tool),
    )
)


def _tag(cls: Any) -> str | None:
    if isinstance(cls, type) and issubclass(cls, msgspec.Struct):
        tag = cls.__struct_config__.tag
        return tag if isinstance(tag, str) else None
    return None


class _Union:
    """A union of tagged Structs at a skeleton slot: how to decode one of its items."""

    __slots__ = ("by_tag", "family_tags", "strict", "unknown")

    def __init__(self, members: tuple[Any, ...], strict: Any) -> None:
        self.by_tag: dict[str, Any] = {_tag(m): m for m in members if _tag(m) is not None}  # type: ignore[misc]
        self.strict = strict
        self.unknown: type[Unknown] | None = None
        self.family_tags: frozenset[str] = frozenset()
        for unknown_cls, family in _FAMILIES:
            if set(self.by_tag.values()) <= family:
                self.unknown = unknown_cls
                self.family_tags = frozenset(t for t in map(_tag, family) if t is not None)
                break


class _Plan:
    """How to build a real Struct from a skeleton instance: per field, whether and how to walk it."""

    __slots__ = ("cls", "fields")

    def __init__(self, cls: Any, fields: tuple[tuple[str, bool, _Union | None], ...]) -> None:
        self.cls = cls
        self.fields = fields


_lock = threading.RLock()
_skeletons: dict[tuple[Any, Any], tuple[Any, bool]] = {}
_building: dict[tuple[Any, Any], tuple[Any, bool]] = {}
_plans: dict[Any, _Plan] = {}


def _unheld_in_child() -> None:
    """A forked child's own lock, and none of the skeletons being built: fork copies the lock held
    where another thread was building one at the fork, and that thread does not run in the child
    (its first keep decode deadlocked; a skeleton left half-built would read as the type itself).
    The finished skeletons and plans are kept."""
    global _lock
    _lock = threading.RLock()
    _building.clear()


if hasattr(os, "register_at_fork"):  # (a platform without fork has no hook, and no forked child)
    os.register_at_fork(after_in_child=_unheld_in_child)


def _skeleton(tp: Any, slot: Any) -> tuple[Any, bool]:
    """The skeleton type of ``tp`` (``slot`` for the unions) and whether it differs from ``tp``."""
    key = (tp, slot)
    found = _skeletons.get(key)
    if found is not None:
        return found
    with _lock:  # built by one thread; others see only finished skeletons (and their plans)
        found = _skeletons.get(key) or _building.get(key)
        if found is None:
            _building[key] = (tp, False)  # a recursive reference sees the type itself
            try:
                found = _build_skeleton(tp, slot)
            finally:
                del _building[key]
            _skeletons[key] = found
    return found


def _build_skeleton(tp: Any, slot: Any) -> tuple[Any, bool]:
    origin = get_origin(tp)
    if origin is typing.Annotated:
        base, *extras = get_args(tp)
        sk, changed = _skeleton(base, slot)
        annotated: tuple[Any, ...] = (sk, *extras)
        return (typing.Annotated[annotated], True) if changed else (tp, False)
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        tagged = tuple(a for a in args if _tag(a) is not None)
        if tagged and (_Union(tagged, tp).unknown is not None or any(_skeleton(a, slot)[1] for a in tagged)):
            rest = [a for a in args if a not in tagged]
            members: tuple[Any, ...] = (slot, *(_skeleton(a, slot)[0] for a in rest))
            return Union[members], True  # noqa: UP007
        parts = [_skeleton(a, slot) for a in args]
        if not any(changed for _, changed in parts):
            return tp, False
        return Union[tuple(sk for sk, _ in parts)], True  # noqa: UP007
    if origin in (tuple, list, dict) and get_args(tp):
        args = get_args(tp)
        parts = [(a, False) if a is Ellipsis else _skeleton(a, slot) for a in args]
        if not any(changed for _, changed in parts):
            return tp, False
        generic: Any = origin
        return generic[tuple(sk for sk, _ in parts)], True
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return _struct_skeleton(tp, slot)
    return tp, False


def _struct_skeleton(cls: Any, slot: Any) -> tuple[Any, bool]:
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = msgspec.structs.fields(cls)
    built = [(f, *_skeleton(hints[f.name], slot)) for f in fields]
    if not any(changed for _, _, changed in built):
        return cls, False
    plan = tuple(
        (f.name, changed, _slot_union(hints[f.name]) if changed else None) for f, _, changed in built
    )
    skeleton = struct_like(cls, f"{cls.__name__}Skeleton", [sk for _, sk, _ in built])
    _plans[skeleton] = _Plan(cls, plan)
    return skeleton, True


def struct_like(cls: Any, name: str, field_types: list[Any]) -> Any:
    """A Struct class ``name`` read as ``cls`` is (its fields in order, with their defaults, its
    tag and its unknown-field rule), each field of the type in ``field_types``: the skeletons of
    this walk and of :mod:`lmcodec.codecs._keep_json`, which msgspec decodes into."""
    specs: list[Any] = []
    for f, tp in zip(msgspec.structs.fields(cls), field_types, strict=True):
        if f.default is not msgspec.NODEFAULT:
            specs.append((f.name, tp, f.default))
        elif f.default_factory is not msgspec.NODEFAULT:
            specs.append((f.name, tp, msgspec.field(default_factory=f.default_factory)))
        else:
            specs.append((f.name, tp))
    config = cls.__struct_config__
    return msgspec.defstruct(
        name,
        specs,
        kw_only=True,
        tag_field=config.tag_field,
        tag=config.tag,
        forbid_unknown_fields=config.forbid_unknown_fields,
        gc=False,
    )


def _slot_union(tp: Any) -> _Union | None:
    """The union of tagged Structs whose items sit in the slots of a field type (not inside a Struct)."""
    origin = get_origin(tp)
    if origin is typing.Annotated:
        return _slot_union(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        args = get_args(tp)
        tagged = tuple(a for a in args if _tag(a) is not None)
        if tagged:
            return _Union(tagged, Union[tagged])  # noqa: UP007
        for a in args:
            found = _slot_union(a)
            if found is not None:
                return found
        return None
    if origin in (tuple, list, dict):
        for a in get_args(tp):
            if a is not Ellipsis:
                found = _slot_union(a)
                if found is not None:
                    return found
        return None
    if _tag(tp) is not None:
        return None  # a tagged Struct named directly: not a union slot
    return None


# --------------------------------------------------------------------------
# formats


class _Format:
    """Decoding in one format (JSON or MessagePack bytes, or builtins), errors at a path."""

    __slots__ = ("_decoders", "name", "slot")

    def __init__(self, name: str, slot: Any) -> None:
        self.name = name
        self.slot = slot
        self._decoders: dict[Any, Any] = {}

    def decode(self, data: Any, tp: Any, path: str) -> Any:
        try:
            if self.name == "builtins":
                return convert(data, tp)
            dec = self._decoders.get(tp)
            if dec is None:
                factory = msgspec.json.Decoder if self.name == "json" else msgspec.msgpack.Decoder
                dec = self._decoders[tp] = factory(tp, dec_hook=dec_hook)
            return dec.decode(data)
        except msgspec.DecodeError as exc:
            raise decode_error(exc, data if path == "$" else None, path) from exc
        except HOSTILE as exc:
            raise hostile_error(exc, data if path == "$" else None, _WHAT[self.name]) from exc
        except (TypeError, ValueError) as exc:  # a conversion of odd builtins
            raise ValidationError(f"cannot convert the value: {exc}", path) from exc

    def value(self, raw: Any, path: str) -> Any:
        """The plain value of one unknown item (checks it as the strict decoder checks any JSON value)."""
        return raw if self.name == "builtins" else self.decode(raw, Any, path)

    def raw(self, item: Any) -> bytes | None:
        return None if self.name == "builtins" else bytes(item)

    @property
    def raw_format(self) -> Any:
        return None if self.name == "builtins" else self.name


_WHAT = {"json": "JSON", "msgpack": "MessagePack", "builtins": "value"}
_FORMATS = {
    "json": _Format("json", msgspec.Raw),
    "msgpack": _Format("msgpack", msgspec.Raw),
    "builtins": _Format("builtins", dict[str, Any]),
}


class _Tag(msgspec.Struct, gc=False):
    type: Any = None


# --------------------------------------------------------------------------
# decoding


def decode(data: Any, tp: Any, format: str) -> Any:
    """Decode JSON or MessagePack ``data`` into ``tp``, keeping unknown items (raises LmcodecErrors)."""
    return _decode(_FORMATS[format], data, tp)


def from_builtins(value: Any, tp: Any) -> Any:
    """:func:`decode` from builtins: unknown items hold their value (no raw bytes)."""
    return _decode(_FORMATS["builtins"], value, tp)


def _decode(fmt: _Format, data: Any, tp: Any) -> Any:
    skeleton, changed = _skeleton(tp, fmt.slot)
    value = fmt.decode(data, skeleton, "$")
    if not changed:
        return value
    return _walk(fmt, value, _slot_union(tp), "$")[0]


def _walk(fmt: _Format, value: Any, union: _Union | None, path: str) -> tuple[Any, bool]:
    """The real value of a skeleton value, and whether it is an unknown item."""
    kind = type(value)
    if union is not None and (kind is dict if fmt.name == "builtins" else kind is msgspec.Raw):
        real = _item(fmt, value, union, path)
        return real, isinstance(real, Unknown)
    plan = _plans.get(kind)
    if plan is not None:
        return _build(fmt, plan, value, path), False
    if kind is tuple or kind is list:
        items = []
        unknown = False
        for i, item in enumerate(value):
            real, is_unknown = _walk(fmt, item, union, f"{path}[{i}]")
            unknown = unknown or is_unknown
            items.append(real)
        return (tuple(items) if kind is tuple else items), unknown
    if kind is dict:
        return {k: _walk(fmt, v, union, f"{path}.{k}")[0] for k, v in value.items()}, False
    return value, False


def _item(fmt: _Format, raw: Any, union: _Union, path: str) -> Any:
    """One item of a union slot: its class, recursively, or an Unknown; else the strict error."""
    tag = raw.get("type") if fmt.name == "builtins" else fmt.decode(raw, _Tag, path).type
    if isinstance(tag, str):
        cls = union.by_tag.get(tag)
        if cls is not None:
            skeleton, changed = _skeleton(cls, fmt.slot)
            value = fmt.decode(raw, skeleton, path)
            return _build(fmt, _plans[skeleton], value, path) if changed else value
        if union.unknown is not None and tag not in union.family_tags:
            value = fmt.value(raw, path)
            return union.unknown._kept(fmt.raw(raw), fmt.raw_format, value)
    fmt.decode(raw, union.strict, path)  # raises the strict decoder's error for this item
    raise ValidationError(f"Invalid value {quoted(tag)}", f"{path}.type")  # pragma: no cover


def _build(fmt: _Format, plan: _Plan, skeleton: Any, path: str) -> Any:
    """The real Struct of a skeleton instance; its rules see the known items (and tools by name)."""
    kwargs: dict[str, Any] = {}
    full: dict[str, Any] = {}
    for name, walk, union in plan.fields:
        value = getattr(skeleton, name)
        if walk:
            value, unknown = _walk(fmt, value, union, f"{path}.{name}")
            if unknown and isinstance(value, (tuple, list)):
                full[name] = value
                value = type(value)(
                    v for v in value if not isinstance(v, Unknown) or isinstance(v, UnknownTool)
                )
        kwargs[name] = value
    try:
        obj = _new(plan.cls, **kwargs)
    except (TypeError, ValueError) as exc:
        raise ValidationError(str(exc), path) from exc
    for name, value in full.items():
        msgspec.structs.force_setattr(obj, name, value)
    return obj


def put_back_in_kept(obj: Any, format: str, back: Callable[[bytes], tuple[bytes, int]]) -> int:
    """Stand-ins a decode's input held inside the kept unknown items of ``obj`` (a value just
    decoded from a text in ``format`` with stand-ins for some logprobs: its Structs, tuples and
    lists) put back: ``back(raw)`` gives an item's bytes with its stand-ins put back and how many,
    and the item then holds those bytes and the value read from them as an item's is. Returns how
    many were put back."""
    fmt = _FORMATS[format]
    restored = 0
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, Unknown):
            raw = item.raw
            if raw is None:
                continue
            put_back, count = back(raw)
            if count:
                _init(item, put_back, fmt.raw_format, fmt.value(put_back, "$"))
                restored += count
        elif type(item) is tuple or type(item) is list:
            stack.extend(item)
        elif isinstance(item, msgspec.Struct):
            stack.extend(getattr(item, name) for name in item.__struct_fields__)
    return restored
