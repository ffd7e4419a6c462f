"""The Struct base of every wire type and its lm15-style constructor.

A wire Struct keeps its fields in wire key order (``kw_only=True``), its
msgspec defaults are the *omission* defaults of the canonical format, and its
type annotations are what msgspec checks in C while decoding. Python
construction goes through :class:`WireMeta.__call__` instead, which gives the
lm15 constructor: lm15's positional order, lm15's defaults (which may differ
from the omission defaults), and the checks and coercions lm15 makes on every
field (msgspec does not check types when a Struct is built in Python).
Decoding never goes through ``__call__``, so it pays nothing for this.
"""

from __future__ import annotations

import inspect
import math
import types
import typing
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, ClassVar, Literal, TypeVar, Union, get_args, get_origin

import msgspec

from lmcodec.wire._checks import check_json_object, is_json_value, to_path
from lmcodec.wire._compiled import compile_constructor, guarded
from lmcodec.wire._types import FiniteFloat, NonFiniteFloat

__all__ = [
    "REQUIRED",
    "Factory",
    "TagGuard",
    "WireMeta",
    "WireStruct",
    "empty_to_none",
    "generic_call",
    "tag_required",
]


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


Check = Callable[[Any], Any]


class _Plan:
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


_S = TypeVar("_S")

_struct_call: Callable[..., Any] = msgspec.StructMeta.__call__
"""msgspec's own construction from field values, bypassing the lm15-style binding."""


class WireMeta(msgspec.StructMeta):
    """Metaclass giving wire Structs lm15's constructor signature and checks.

    ``__call__`` returns an instance of the class called, so type checkers go
    on to the class's ``__init__``: each wire class declares lm15's signature
    as an ``__init__`` under ``TYPE_CHECKING`` (a Struct has no ``__init__``
    at run time), which ``tests/wire/test_signatures.py`` keeps equal to the
    plan below.
    """

    @property
    def __match_args__(cls) -> tuple[str, ...]:  # type: ignore[override]  # (msgspec's is read-only too)
        """lm15's positional fields, as a dataclass gives them to ``match`` (``case TextPart(text):``);
        msgspec's own (none: the wire Structs are keyword-only) is shadowed by this property."""
        return _plan_of(cls).positional

    def __call__(cls: type[_S], *args: Any, **kwargs: Any) -> _S:
        construct = cls.__dict__.get("_lm_construct")
        if construct is None:
            construct = _construct_of(cls)
        try:
            instance: _S = construct(cls, *args, **kwargs)
            return instance
        except TypeError:
            if _binds(cls, args, kwargs):  # raised inside: a check's, as the generic path's
                raise
        return generic_call(cls, args, kwargs)  # the arguments did not bind: the generic path words it


def generic_call(cls: type[_S], args: tuple[Any, ...], kwargs: dict[str, Any]) -> _S:
    """lm15's constructor by the class's plan, one step at a time: the reference of the compiled
    constructor (``wire/_compiled.py``), and what words an argument that does not bind."""
    plan = _plan_of(cls)
    name = cls.__name__
    kwargs = dict(kwargs)
    if len(args) > len(plan.positional):
        raise TypeError(
            f"{name}() takes {len(plan.positional)} positional arguments but {len(args)} were given"
        )
    for field_name, value in zip(plan.positional, args, strict=False):
        if field_name in kwargs:
            raise TypeError(f"{name}() got multiple values for argument '{field_name}'")
        kwargs[field_name] = value
    for field_name in kwargs:
        if field_name not in plan.names:
            raise TypeError(f"{name}() got an unexpected keyword argument '{field_name}'")
    for field_name, default in plan.defaults.items():
        if field_name not in kwargs:
            if default is REQUIRED:
                raise TypeError(f"{name}() missing required argument: '{field_name}'")
            kwargs[field_name] = default.make() if isinstance(default, Factory) else default
    prepare = getattr(cls, "_lm_prepare", None)
    if prepare is not None:
        prepare(kwargs)
    for field_name, check in plan.checks.items():
        kwargs[field_name] = check(kwargs[field_name])
    instance: _S = _struct_call(cls, **kwargs)
    return instance


class WireStruct(
    msgspec.Struct,
    metaclass=WireMeta,
    frozen=True,
    kw_only=True,
    omit_defaults=True,
    gc=False,
):
    """Base of every canonical wire type.

    Class attributes steering the constructor (all optional):
    ``_lm_order`` lm15's positional order, ``_lm_kwonly`` lm15's keyword-only
    fields, ``_lm_defaults`` constructor defaults that differ from the
    omission defaults (``REQUIRED`` for an argument lm15 requires),
    ``_lm_prepare(kwargs)`` a hook normalizing arguments before the checks,
    ``_lm_check_order`` the order lm15 checks fields in where it is not the field
    order (the first fault found decides the error raised), ``_lm_prepare_unless``
    ``(template, names)``: a test over the arguments under which ``_lm_prepare``
    changes nothing, so the compiled constructor skips it (``wire/_compiled.py``; read from
    the class defining the ``_lm_prepare`` in use).
    """

    _lm_order: ClassVar[tuple[str, ...] | None] = None
    _lm_check_order: ClassVar[tuple[str, ...]] = ()
    _lm_kwonly: ClassVar[tuple[str, ...]] = ()
    _lm_defaults: ClassVar[dict[str, Any]] = {}
    _lm_prepare_unless: ClassVar[tuple[str, dict[str, Any]] | None] = None

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), msgspec.structs.asdict(self)))


def _rebuild(cls: Any, fields: dict[str, Any]) -> Any:
    """Unpickle: build from stored field values, bypassing the lm15-style constructor."""
    return _struct_call(cls, **fields)


def _plan_of(cls: Any) -> _Plan:
    """The constructor plan of ``cls``, built at its first use and kept on the class."""
    plan: _Plan | None = cls.__dict__.get("_lm_plan")
    if plan is None:
        plan = _build_plan(cls)
        type.__setattr__(cls, "_lm_plan", plan)
    return plan


def _construct_of(cls: Any) -> Callable[..., Any]:
    """The compiled constructor of ``cls`` (``wire/_compiled.py``), built at its first use and kept
    on the class; the generic path where its field names cannot be parameters."""
    construct: Callable[..., Any] | None = cls.__dict__.get("_lm_construct")
    if construct is None:
        plan = _plan_of(cls)
        construct = compile_constructor(
            cls,
            plan.positional,
            plan.kwonly,
            plan.defaults,
            plan.checks,
            required=REQUIRED,
            factory=Factory,
            prepare=getattr(cls, "_lm_prepare", None),
            prepare_unless=_prepare_unless_of(cls),
            build=_struct_call,
        )
        if construct is None:
            construct = _generic_construct
        type.__setattr__(cls, "_lm_construct", construct)
    return construct


def _prepare_unless_of(cls: Any) -> tuple[str, dict[str, Any]] | None:
    """The ``_lm_prepare_unless`` of the class defining the ``_lm_prepare`` in use: a subclass
    overriding the hook alone has none (its parent's test says nothing of its hook)."""
    for klass in cls.__mro__:
        if "_lm_prepare" in klass.__dict__:
            unless: tuple[str, dict[str, Any]] | None = klass.__dict__.get("_lm_prepare_unless")
            return unless
    return None


def _binds(cls: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> bool:
    """Whether the arguments bind to the compiled constructor's parameters: asked only once it
    raised a TypeError, which is then its own (a check's) or, if not, one the generic path words
    as lm15 does (unknown, doubled or too many arguments). The signature is kept on the class."""
    signature: inspect.Signature | None = cls.__dict__.get("_lm_construct_signature")
    if signature is None:
        signature = inspect.signature(_construct_of(cls))
        type.__setattr__(cls, "_lm_construct_signature", signature)
    try:
        signature.bind(cls, *args, **kwargs)
    except TypeError:
        return False
    return True


def _generic_construct(cls: Any, *args: Any, **kwargs: Any) -> Any:
    return generic_call(cls, args, kwargs)


def _build_plan(cls: Any) -> _Plan:
    fields = msgspec.structs.fields(cls)
    hints = typing.get_type_hints(cls, include_extras=True)
    kwonly: tuple[str, ...] = cls._lm_kwonly
    order: tuple[str, ...] | None = cls._lm_order
    if order is None:
        order = tuple(f.name for f in fields if f.name not in kwonly)
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
    return _Plan(order, kwonly, ordered, {k: v for k, v in checks.items() if v is not _identity})


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
    classes = (*classes, *_unknown_classes(classes))

    def check_instance(value: Any) -> Any:
        if not isinstance(value, classes):
            raise TypeError(f"{owner} must be {label}")
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

_SINGLE_OK = frozenset({"continuation", "parts", "messages", "tools", "top", "logprobs"})
"""Sequence fields where lm15 also takes one object (and wraps it); elsewhere it requires a sequence."""


def _tuple_check(
    item_check: Check, item_tp: Any, owner: str, *, none_ok: bool, single_ok: bool, list_only: bool
) -> Check:
    """lm15 calls ``tuple()`` on these fields, so ``''`` and ``{}`` are empty sequences there (and the
    "requires at least one" rules then fire); a non-empty string or mapping has no valid items.
    ``continuation`` refuses every string, and ``list_only`` fields take only a list or tuple."""
    singles = _struct_classes(item_tp)
    bare_str = item_tp is str or get_args(item_tp)[:1] == (str,)
    item_guard = getattr(item_check, "lm_guard", None)
    item_classes = item_guard[1]["classes"] if item_guard and "classes" in item_guard[1] else None
    item_types = frozenset(item_classes or ())

    def check_tuple(value: Any) -> Any:
        if item_classes is not None and type(value) is tuple:  # each item would be taken as given
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
                value = (value,)
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

    return guarded(check_tuple, "{b}type({v}) is {b}tuple and not {v}")


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


class TagGuard(msgspec.Struct, tag_field="type", tag="", frozen=True, gc=False):
    """The member no value is of the union :func:`tag_required` makes: a decoded ``"type": ""``
    selects it, and it refuses itself as msgspec refuses any tag it does not know."""

    def __post_init__(self) -> None:
        raise ValueError("Invalid value ''")


def tag_required(cls: type[msgspec.Struct]) -> Any:
    """The decode type of a field holding one tagged class ``cls``, whose tag it requires.

    msgspec requires the tag only of a union of tagged Structs: a lone tagged class takes an
    object without its ``"type"`` (lm15's ``part_from_dict`` refuses it, KeyError). The union of
    ``cls`` and :class:`TagGuard` requires it at the same cost (the tag is the first key msgspec
    writes); the constructors and ``lc.schema`` leave the guard out, and type checkers see
    ``cls`` (the field's alias is ``cls`` under ``TYPE_CHECKING``).
    """
    return Union[cls, TagGuard]  # noqa: UP007  (a union built at run time)


def empty_to_none(obj: msgspec.Struct, *names: str) -> None:
    """Store ``None`` for optional fields holding an empty container (lm15 omits them)."""
    for name in names:
        value = getattr(obj, name)
        if value is not None and not value:
            msgspec.structs.force_setattr(obj, name, None)
