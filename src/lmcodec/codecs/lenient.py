"""lm15's tolerant read forms, rewritten into canonical values.

``normalize(value, type)`` turns what lm15's ``*_from_dict`` accepts (missing
text, bare strings for lists, legacy reasoning keys, integral floats for ints,
non-dict telemetry nests, an empty string or object where it iterates a list,
a falsy value where it tests truthiness, ...) into the canonical value, which
the strict decoder then validates. Anything lm15 rejects is left as it is, so the strict
decoder still rejects it. Only the lenient path runs this: canonical data
never does.

``read(data)`` (``codecs/_lenient_read.py``) gives the value ``normalize`` takes
without building the whole input as Python builtins first: a long array stays
pending until ``normalize`` reads it, one item at a time, each item normalized
and converted to its type before the next is read.
"""

from __future__ import annotations

import functools
import types
import typing
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin

import msgspec

from lmcodec import wire as w
from lmcodec.codecs._convert import convert
from lmcodec.codecs._lenient_forms import (
    FALSY_MEANS_DEFAULT,
    HOOKS,
    ITEM_RULES,
    NO_INT_COERCION,
    NOT_ITERATED,
    NULL_MEANS_DEFAULT,
    Rejected,
    tool,
)
from lmcodec.codecs._lenient_read import SMALL, read
from lmcodec.codecs._lenient_read import Pending as _Pending
from lmcodec.codecs._lenient_read import builtins as _builtins

__all__ = ["Rejected", "normalize", "read"]


def _tuple_item(tp: Any) -> Any:
    """The item type of ``tp`` when it is (or a union holds) a ``tuple[X, ...]``, else None."""
    origin = get_origin(tp)
    if origin is typing.Annotated:
        return _tuple_item(get_args(tp)[0])
    if origin is tuple:
        return get_args(tp)[0]
    if origin in (Union, types.UnionType):
        return next((item for arg in get_args(tp) if (item := _tuple_item(arg)) is not None), None)
    return None


BATCH = SMALL
"""How many bytes of a long array's items are converted at once (one conversion per item cost
~1.5 µs an item, a batch's ~0.06 µs; the batch's builtins are what memory holds beyond the result)."""


def _read_items(pending: _Pending, item_tp: Any) -> list[Any]:
    """A pending array's items, read and normalized one by one and converted a batch at a time
    (up to :data:`BATCH` bytes of input, so memory stays near the result's size while one conversion
    serves many items); an item that does not convert stays normalized (the final convert
    names it by its path)."""
    raws = pending.raw_items()
    plan = _plan(item_tp)
    rule = pending.rule
    depth = pending.depth + 1
    batch_tp = list[item_tp]
    out: list[Any] = []
    batch: list[Any] = []
    size = 0
    for i, raw in enumerate(raws):
        raws[i] = None  # the item's bytes go once it is read
        item = read(raw, depth)
        if rule is not None:
            item = rule(item)
        batch.append(plan(item))
        size += len(raw)
        if size >= BATCH:
            out += _converted(batch, item_tp, batch_tp)
            batch = []
            size = 0
    out += _converted(batch, item_tp, batch_tp)
    return out


_ITEM_ERRORS = (msgspec.ValidationError, TypeError, ValueError, AttributeError, KeyError, IndexError)


def _converted(batch: list[Any], item_tp: Any, batch_tp: Any) -> list[Any]:
    """The batch's items converted to ``item_tp``: all at once, or, when one of them does not
    convert, one by one (an item that does not stays as builtins)."""
    try:
        items: list[Any] = convert(batch, batch_tp)
        return items
    except _ITEM_ERRORS:
        pass
    out: list[Any] = []
    for item in batch:
        try:
            out.append(convert(item, item_tp))
        except _ITEM_ERRORS:
            out.append(_builtins(item))
    return out


def normalize(value: Any, tp: Any) -> Any:
    """The canonical value lm15 would read ``value`` as, for target type ``tp``."""
    return _plan(tp)(value)


Plan = Callable[[Any], Any]


@functools.cache
def _plan(tp: Any) -> Plan:
    """How :func:`normalize` treats a value for ``tp``, worked out once per type: a long array
    left pending is read item by item where a list belongs, else whole; an object is normalized
    as its Struct; a list item by item; anything else is taken as it is."""
    pending_item = _tuple_item(tp)
    inner = _inner_plan(tp)

    def run(value: Any) -> Any:
        if type(value) is _Pending:
            return value.builtins() if pending_item is None else _read_items(value, pending_item)
        return value if inner is None else inner(value)

    return run


def _inner_plan(tp: Any) -> Plan | None:
    origin = get_origin(tp)
    if origin is typing.Annotated:
        return _inner_plan(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        return _union_plan(get_args(tp))
    if origin is tuple:
        return _list_plan(_plan(get_args(tp)[0]))
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return _struct_plan(tp)
    return None


def _list_plan(item: Plan) -> Plan:
    def run(value: Any) -> Any:
        return [item(v) for v in value] if isinstance(value, list) else value

    return run


def _union_plan(args: tuple[Any, ...]) -> Plan | None:
    """An object goes to the member its tag names (FunctionTool's forms first: an untagged tool
    is a function), or to the only untagged Struct; a list to the first tuple member."""
    structs, tagged = _union_structs(args)
    by_tag = {tag: _struct_plan(cls) for tag, cls in tagged.items()}
    untagged = _struct_plan(structs[0]) if structs and not tagged else None
    tools = w.FunctionTool in tagged.values()
    lists: Plan | None = None
    for arg in args:
        if get_origin(arg) is typing.Annotated:
            arg = get_args(arg)[0]
        if get_origin(arg) is tuple:
            lists = _list_plan(_plan(get_args(arg)[0]))
            break
    if not structs and lists is None:
        return None

    def run(value: Any) -> Any:
        if value is None:
            return None
        if structs and isinstance(value, dict):
            if untagged is not None:
                return untagged.fields_of(value)
            if tools:
                value = tool(value)
            tag = value.get("type")
            member = by_tag.get(tag) if type(tag) is str else None
            return value if member is None else member.fields_of(value)
        if lists is not None and isinstance(value, list):
            return lists(value)
        return value

    return run


class _StructPlan:
    """How one Struct's object is normalized: its hook, then each field by lm15's rule for it
    (the field plans are worked out at first use, so types that nest each other are fine)."""

    __slots__ = ("_fields", "cls", "hook", "tag_field")

    def __init__(self, cls: type[msgspec.Struct]) -> None:
        self.cls = cls
        self.hook = HOOKS.get(cls)
        self.tag_field = cls.__struct_config__.tag_field
        self._fields: tuple[tuple[str, bool, bool, bool, Any, bool, Plan], ...] | None = None

    def __call__(self, value: Any) -> Any:
        return self.fields_of(value) if isinstance(value, dict) else value

    def _field_rules(self) -> tuple[tuple[str, bool, bool, bool, Any, bool, Plan], ...]:
        cls, hints = self.cls, _hints(self.cls)
        return tuple(
            (
                name,
                name in NULL_MEANS_DEFAULT,
                (cls, name) in FALSY_MEANS_DEFAULT,
                _iterated(cls, name),
                ITEM_RULES.get((cls, name)),
                (cls, name) not in NO_INT_COERCION and _is_int_type(hints[name]),
                _plan(hints[name]),
            )
            for name in cls.__struct_fields__
        )

    def fields_of(self, value: dict[str, Any]) -> dict[str, Any]:
        if self.hook is not None:
            value = self.hook(dict(value))
        fields = self._fields
        if fields is None:
            fields = self._fields = self._field_rules()
        out: dict[str, Any] = {}
        tag_field = self.tag_field
        if tag_field is not None and tag_field in value:
            out[tag_field] = _builtins(value[tag_field])
        for name, null_default, falsy_default, iterated, rule, to_int, plan in fields:
            if name not in value:
                continue
            item = value[name]
            if item is None and null_default:
                continue
            if falsy_default and not item:
                continue
            kind = type(item)
            if (kind is str or kind is dict) and not item and iterated:
                item = []
            if rule is not None:
                if type(item) is _Pending:
                    item = _Pending(item.raw, rule, item.depth)
                elif isinstance(item, list):
                    item = [rule(v) for v in item]
            if to_int and type(item) is float and item.is_integer():
                item = int(item)
            out[name] = plan(item)
        return out


@functools.cache
def _struct_plan(cls: type[msgspec.Struct]) -> _StructPlan:
    return _StructPlan(cls)


@functools.cache
def _union_structs(
    args: tuple[Any, ...],
) -> tuple[list[type[msgspec.Struct]], dict[Any, type[msgspec.Struct]]]:
    """A union's Struct members, and its tagged ones by tag (the first member of a tag wins)."""
    structs = [a for a in args if isinstance(a, type) and issubclass(a, msgspec.Struct)]
    tagged: dict[Any, type[msgspec.Struct]] = {}
    for cls in structs:
        tag = cls.__struct_config__.tag
        if tag is not None:
            tagged.setdefault(tag, cls)
    return structs, tagged


@functools.cache
def _hints(cls: type[msgspec.Struct]) -> dict[str, Any]:
    """A Struct's resolved field types, computed once (resolving them costs ~50 µs a call)."""
    return typing.get_type_hints(cls, include_extras=True)


@functools.cache
def _iterated(cls: type[msgspec.Struct], name: str) -> bool:
    """Whether lm15 reads field ``name`` of ``cls`` by iterating it (see ``NOT_ITERATED``)."""
    return name not in NOT_ITERATED and _tuple_item(_hints(cls)[name]) is not None


def _is_int_type(tp: Any) -> bool:
    origin = get_origin(tp)
    if origin is typing.Annotated:
        return _is_int_type(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        return any(_is_int_type(a) for a in get_args(tp))
    return tp is int
