"""How a wire class binds and checks its constructor arguments: its plan, read from its annotations.

The plan of a class holds lm15's positional order, its keyword-only fields, the constructor
defaults (``REQUIRED`` where lm15 requires an argument the wire may omit, a ``Factory`` where
lm15 builds one fresh) and one check per field, built from the field's annotation: the checks
and coercions lm15 makes on every field (msgspec does not check types when a Struct is built in
Python). ``_struct.py`` walks the plan (``generic_call``) and ``_compiled.py`` turns it into one
function per class; each check that can say so carries the inline test (``guarded``) under which
it returns its argument as given.
"""

from __future__ import annotations

import math
import types
import typing
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin

import msgspec

from lmcodec.wire._checks import check_json_object, is_json_value, to_path
from lmcodec.wire._compiled import guarded
from lmcodec.wire._types import FiniteFloat, NonFiniteFloat, TagGuard

__all__ = ["REQUIRED", "Check", "Factory", "Plan", "plan_of"]


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""Marks a constructor argument that lm15 requires although the wire may omit it."""


class Factory:
    """A constructor default built fresh on every call (lm15's ``default_factory``)."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[], Any]) -> None:
        self.make = make

    def __repr__(self) -> str:
        return "<factory>"  # (as a dataclass's signature shows a default_factory)


Check = Callable[[Any], Any]


class Plan:
    """How one class binds and checks its constructor arguments."""

    __slots__ = ("checks", "defaults", "kwonly", "names", "positional")

    def __init__(
        self,
        positional: tuple[str, ...],
        kwonly: tuple[str, ...],
        defaults: dict[str, Any],
        checks: dict[str, Check],
    ) -> None:
        self.positional = positional
        self.kwonly = kwonly
        self.names = frozenset(positional) | frozenset(kwonly)
        self.defaults = defaults
        self.checks = checks


def plan_of(cls: Any) -> Plan:
    """The constructor plan of ``cls``, built at its first use and kept on the class."""
    plan: Plan | None = cls.__dict__.get("_lm_plan")
    if plan is None:
        plan = _build_plan(cls)
        type.__setattr__(cls, "_lm_plan", plan)
    return plan


def _build_plan(cls: Any) -> Plan:
    fields = msgspec.structs.fields(cls)
    hints = typing.get_type_hints(cls, include_extras=True)
    kwonly: tuple[str, ...] = cls._lm_kwonly
    order: tuple[str, ...] | None = cls._lm_order
    if order is None:
        order = tuple(f.name for f in fields if f.name not in kwonly)
    else:  # a user's subclass's own fields follow lm15's order, as a dataclass subclass's do
        owner = next(base for base in cls.__mro__ if "_lm_order" in base.__dict__)
        order = (*order, *(f.name for f in fields if f.name not in owner.__struct_fields__))
    defaults: dict[str, Any] = {}
    for f in fields:
        if f.default is not msgspec.NODEFAULT:
            defaults[f.name] = f.default
        elif f.default_factory is not msgspec.NODEFAULT:
            defaults[f.name] = Factory(f.default_factory)
        else:
            defaults[f.name] = REQUIRED
    defaults.update(cls._lm_defaults)
    ordered = {n: defaults[n] for n in (*order, *kwonly)}
    checks = {
        f.name: _compile(hints[f.name], f"{cls.__name__}.{f.name}", f.name)
        for f in fields
        if f.name in ordered
    }
    first = [name for name in cls._lm_check_order if name in checks]
    checks = {name: checks[name] for name in (*first, *(n for n in checks if n not in first))}
    return Plan(order, kwonly, ordered, {k: v for k, v in checks.items() if v is not _identity})


def _identity(value: Any) -> Any:
    return value


def _compile(tp: Any, owner: str, name: str) -> Check:
    """Build the constructor check for one annotated field type."""
    origin = get_origin(tp)
    if origin is typing.Annotated:
        base, *extras = get_args(tp)
        inner = _compile(base, owner, name)
        metas = [m for m in extras if isinstance(m, msgspec.Meta)]
        if not metas or tp == FiniteFloat:  # constructors take any float there (as lm15)
            return inner
        return _with_bounds(inner, metas[0], owner, name)
    if origin in (Union, types.UnionType):
        return _compile_union(get_args(tp), owner, name)
    if origin is Literal:
        allowed = frozenset(get_args(tp))
        label = name.replace("_", " ")

        in_tuple = name in _TUPLE_VOCABULARIES

        def check_literal(value: Any) -> Any:
            try:
                known = value in allowed
            except TypeError:  # unhashable: a TypeError as from lm15's frozenset, unless lm15 scans a tuple
                if not in_tuple:
                    raise
                known = False
            if not known or isinstance(value, bool):
                raise ValueError(f"unsupported {label}: {value}")
            return value

        return guarded(check_literal, "{b}type({v}) is {b}str and {v} in {g}allowed", allowed=allowed)
    if origin is tuple:
        item_check = _compile(get_args(tp)[0], owner, name)
        return _tuple_check(
            item_check,
            get_args(tp)[0],
            owner,
            none_ok=name == "continuation",
            single_ok=name in _SINGLE_OK,
            list_only=name == "adaptations",
        )
    if origin is dict:
        value_tp = get_args(tp)[1]
        if value_tp is Any:

            def check_object(value: Any) -> Any:
                if name == "extensions" and isinstance(value, dict) and not value:
                    return None  # lm15 stores None for any empty mapping there (== {})
                check_json_object(value, owner, required=True)
                return value

            return check_object
        return _identity
    if tp is Any:

        def check_json(value: Any) -> Any:
            if not is_json_value(value):
                raise TypeError(f"{owner} must be a JSON-compatible value")
            return value

        return check_json
    if tp is str:

        def check_str(value: Any) -> Any:
            if not isinstance(value, str):
                raise TypeError(f"{owner} must be a string")
            return value

        return guarded(check_str, "{b}isinstance({v}, {b}str)")
    if tp is bool:

        def check_bool(value: Any) -> Any:
            if not isinstance(value, bool):
                raise TypeError(f"{owner} must be a bool")
            return value

        return guarded(check_bool, "{b}type({v}) is {b}bool")
    if tp is int:

        def check_int(value: Any) -> Any:
            if type(value) is float and value.is_integer():
                return int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int")
            return value

        return guarded(check_int, "{b}type({v}) is {b}int")
    if tp is float:
        exact_int_only = name == "logprob"  # lm15 coerces an exact int there and then requires a float

        def check_float(value: Any) -> Any:
            if type(value) is int:
                return float(value)
            if isinstance(value, float):
                return value if type(value) is NonFiniteFloat else float(value)
            if isinstance(value, bool) or not isinstance(value, int) or exact_int_only:
                raise TypeError(f"{name} must be a float")
            return value  # an int subclass (IntEnum): lm15 keeps it as given

        return guarded(check_float, "{b}type({v}) is {b}float")
    if tp is bytes:

        def check_bytes(value: Any) -> Any:
            if not isinstance(value, (bytes, bytearray)):
                raise TypeError(f"{name} must be bytes")
            return bytes(value)

        return guarded(check_bytes, "{b}type({v}) is {b}bytes")
    if tp is Path:
        return lambda value: to_path(value, owner.rsplit(".", 1)[0])
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return _instance_check((tp,), owner)
    return _identity


def _compile_union(args: tuple[Any, ...], owner: str, name: str) -> Check:
    optional = type(None) in args
    rest = tuple(a for a in args if a is not type(None) and a is not TagGuard)
    if all(isinstance(a, type) and issubclass(a, msgspec.Struct) for a in rest):
        inner = _instance_check(rest, owner)
    elif len(rest) == 1:
        inner = _compile(rest[0], owner, name)
    else:
        return _identity
    if not optional:
        return inner

    def check_optional(value: Any) -> Any:
        return None if value is None else inner(value)

    inner_guard = getattr(inner, "lm_guard", None)
    if inner_guard is None:
        return guarded(check_optional, "{v} is None")
    return guarded(check_optional, f"{{v}} is None or ({inner_guard[0]})", **inner_guard[1])


def _instance_check(classes: tuple[type, ...], owner: str) -> Check:
    label = " or ".join(c.__name__ for c in classes) if len(classes) < 4 else "a valid object"
    message = f"{owner} must be {label}"
    if "TextPart" in {c.__name__ for c in classes}:  # parts come only in sequences: lm15's words
        message = f"{owner} must contain Part objects"
    classes = (*classes, *_unknown_classes(classes))

    def check_instance(value: Any) -> Any:
        if not isinstance(value, classes):
            raise TypeError(message)
        return value

    return guarded(check_instance, "{b}isinstance({v}, {g}classes)", classes=classes)


def _unknown_classes(classes: tuple[type, ...]) -> tuple[type, ...]:
    """The Unknown class ``unknown="keep"`` decodes into a position of a tagged union of
    ``classes`` (a part, delta or event union): a constructor takes it back there, so an object so
    decoded goes through ``lc.replace`` (unknown.py: Unknown items take no part in the rules)."""
    from lmcodec.wire.unknown import UnknownDelta, UnknownEvent, UnknownPart, UnknownTool

    names = {c.__name__ for c in classes}
    if names == {"FunctionTool", "BuiltinTool"}:
        return (UnknownTool,)
    if len(classes) < 2:
        return ()
    if "TextPart" in names or "ImagePart" in names:
        return (UnknownPart,)
    if "TextDelta" in names:
        return (UnknownDelta,)
    if "StreamStartEvent" in names or any(n.startswith("Live") and n.endswith("Event") for n in names):
        return (UnknownEvent,)
    return ()


_TUPLE_VOCABULARIES = frozenset({"method", "probabilities"})
"""Literal fields lm15 checks against a tuple (DataPart.method, Config.probabilities): an unhashable
value is then a ValueError; its other vocabularies are frozensets, where it is a TypeError."""

_SINGLE_OK = frozenset({"continuation", "parts", "messages", "tools", "top", "logprobs", "stop", "allowed"})
"""Sequence fields where lm15 also takes one object (and wraps it); elsewhere it requires a sequence.
A string given to the other string-item fields (modalities, reasoning efforts, aliases) is taken
as lm15's ``tuple()`` takes it: its characters."""


def _tuple_check(
    item_check: Check, item_tp: Any, owner: str, *, none_ok: bool, single_ok: bool, list_only: bool
) -> Check:
    """lm15 calls ``tuple()`` on these fields, so ``''`` and ``{}`` are empty sequences there (and the
    "requires at least one" rules then fire); a non-empty mapping has no valid items, nor a non-empty
    string unless the items are strings.
    ``continuation`` refuses every string, and ``list_only`` fields take only a list or tuple."""
    singles = _struct_classes(item_tp)
    bare_str = item_tp is str or get_args(item_tp)[:1] == (str,)
    item_guard = getattr(item_check, "lm_guard", None)
    item_classes = item_guard[1]["classes"] if item_guard and "classes" in item_guard[1] else None
    item_types = frozenset(item_classes or ())

    def check_tuple(value: Any) -> Any:
        if item_classes is not None and type(value) is tuple and value:  # each item taken as given
            if len(value) > 8 and item_types.issuperset(map(type, value)):  # many: asked in C
                return value
            for item in value:  # (a set lookup first: isinstance tries each of a union's classes)
                if type(item) not in item_types and not isinstance(item, item_classes):
                    break
            else:
                return value
        if value is None and none_ok:
            return ()
        if list_only:
            if not isinstance(value, (list, tuple)):
                raise TypeError(f"{owner} must be a tuple of {getattr(item_tp, '__name__', 'items')}")
        elif singles and isinstance(value, singles):
            if not single_ok:
                raise TypeError(f"{owner} must be a sequence, not a single {type(value).__name__}")
            value = (value,)
        elif isinstance(value, str):
            if bare_str:
                value = (value,) if single_ok else tuple(value)
            elif value or none_ok:
                raise TypeError(f"{owner} must be a sequence, not a string")
            else:
                value = ()
        elif isinstance(value, dict):
            if value:
                raise TypeError(f"{owner} must be a sequence")
            value = ()
        elif value is None or not isinstance(value, Iterable):
            raise TypeError(f"{owner} must be a sequence")
        return tuple([item_check(v) for v in value])

    # Only the empty tuple itself is taken as given: msgspec omits a default by identity, and an
    # empty tuple built at run time is another object on Python 3.10 (tuple(x for x in ())).
    return guarded(check_tuple, "{v} is {g}empty", empty=())


def _struct_classes(tp: Any) -> tuple[type, ...]:
    if get_origin(tp) is typing.Annotated:
        tp = get_args(tp)[0]
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        return (tp,)
    if get_origin(tp) in (Union, types.UnionType):
        members = get_args(tp)
        return tuple(
            a for a in members if isinstance(a, type) and issubclass(a, msgspec.Struct) and a is not TagGuard
        )
    return ()


def _with_bounds(inner: Check, meta: msgspec.Meta, owner: str, name: str) -> Check:
    ge, gt, le, lt, min_length = meta.ge, meta.gt, meta.le, meta.lt, meta.min_length

    def check_bounds(value: Any) -> Any:
        value = inner(value)
        if value is None:
            return value
        if min_length is not None and len(value) < min_length:
            if isinstance(value, str):
                raise ValueError(f"{owner} cannot be empty")
            raise ValueError(f"{owner} requires at least {min_length} item(s)")
        if isinstance(value, (int, float)):
            if isinstance(value, float) and not math.isfinite(value):
                raise ValueError(f"{name} must be finite")
            if ge is not None and value < ge:
                raise ValueError(f"{name} must be >= {ge}")
            if gt is not None and value <= gt:
                raise ValueError(f"{name} must be > {gt}")
            if le is not None and value > le:
                raise ValueError(f"{name} must be <= {le}")
            if lt is not None and value >= lt:
                raise ValueError(f"{name} must be < {lt}")
        return value

    inner_guard: tuple[str, dict[str, Any]] | None = getattr(inner, "lm_guard", None)
    if inner_guard is not None and (gt, le, lt) == (None, None, None):
        if inner_guard[0] == "{b}isinstance({v}, {b}str)" and min_length == 1 and ge is None:
            return guarded(check_bounds, "{b}isinstance({v}, {b}str) and {v}")
        if inner_guard[0] == "{b}type({v}) is {b}int" and min_length is None and ge is not None:
            return guarded(check_bounds, "{b}type({v}) is {b}int and {v} >= {g}ge", ge=ge)
    return check_bounds
