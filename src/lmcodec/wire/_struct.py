"""The Struct base of every wire type and its lm15-style constructor.

A wire Struct keeps its fields in wire key order (``kw_only=True``), its
msgspec defaults are the *omission* defaults of the canonical format, and its
type annotations are what msgspec checks in C while decoding. Python
construction goes through :class:`WireMeta.__call__` instead, which gives the
lm15 constructor: lm15's positional order, lm15's defaults (which may differ
from the omission defaults), and the checks and coercions lm15 makes on every
field (msgspec does not check types when a Struct is built in Python), by
the class's plan (``_plan.py``) walked here or compiled (``_compiled.py``).
Decoding never goes through ``__call__``, so it pays nothing for this.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import msgspec

from lmcodec.wire._compiled import compile_constructor
from lmcodec.wire._plan import REQUIRED, Factory, plan_of

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = ["WireMeta", "WireStruct", "empty_to_none", "generic_call", "rebuilt", "reduced", "unpickle"]


_S = TypeVar("_S")
_T = TypeVar("_T", bound=msgspec.Struct)

_struct_call: Callable[..., Any] = msgspec.StructMeta.__call__
"""msgspec's own construction from field values, bypassing the lm15-style binding."""


class WireMeta(msgspec.StructMeta):
    """Metaclass giving wire Structs lm15's constructor signature and checks.

    ``__call__`` returns an instance of the class called, so type checkers go
    on to the class's ``__init__``: each wire class declares lm15's signature
    as an ``__init__`` under ``TYPE_CHECKING`` (a Struct has no ``__init__``
    at run time), which ``tests/wire/test_signatures.py`` keeps equal to its
    plan (``_plan.py``).
    """

    @property
    def __match_args__(cls) -> tuple[str, ...]:  # type: ignore[override]  # (msgspec's is read-only too)
        """lm15's positional fields, as a dataclass gives them to ``match`` (``case TextPart(text):``);
        msgspec's own (none: the wire Structs are keyword-only) is shadowed by this property."""
        return plan_of(cls).positional

    @property
    def __signature__(cls) -> inspect.Signature:
        """lm15's constructor signature, the one ``__call__`` binds, for ``help()`` and
        ``inspect.signature`` (msgspec's would show the keyword-only wire fields)."""
        return _signature_of(cls)

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
    plan = plan_of(cls)
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
        return reduced(self)

    def __replace__(self, /, **changes: Any) -> Self:
        """``copy.replace(obj, **changes)`` (Python 3.13): built through lm15's checked constructor,
        as lm15's dataclasses are (``dataclasses.replace`` runs ``__init__``); msgspec's own would
        store the changes unchecked (red team 15, F01)."""
        return rebuilt(self, changes)


_INIT_FALSE_ERROR: type[Exception] = TypeError if sys.version_info >= (3, 13) else ValueError
"""What ``dataclasses.replace`` raises for an ``init=False`` field (lm15's ``type``): ValueError
before Python 3.13, TypeError since."""


def rebuilt(obj: _T, changes: dict[str, Any]) -> _T:
    """A copy of ``obj`` with ``changes``, built by its class's constructor (every check and
    normalization of a fresh one). A field left unset is not passed on: such a field is read from
    the wire only (Reasoning's legacy ``budget``), never a constructor argument. The tag is no
    argument: changing it is the error ``dataclasses.replace`` raises for lm15's ``type``."""
    tag_field = obj.__struct_config__.tag_field
    if tag_field is not None and tag_field in changes:
        raise _INIT_FALSE_ERROR(
            f"field {tag_field} is declared with init=False, it cannot be specified with replace()"
        )
    fields = {name: getattr(obj, name) for name in obj.__struct_fields__}
    fields = {name: value for name, value in fields.items() if value is not msgspec.UNSET}
    fields.update(changes)
    copy: _T = type(obj)(**fields)
    return copy


def reduced(obj: msgspec.Struct) -> tuple[Any, ...]:
    """``obj``'s pickle by public paths: ``lmcodec._unpickle("TextPart", fields)`` (its class named
    as ``lmcodec`` exports it; a class it does not export, a user's subclass, by its own path), so
    moving the module that defines a class breaks no stored pickle."""
    cls = type(obj)
    named = cls.__dict__.get("_lm_pickled_as")
    if named is None:
        name = cls.__name__
        named = name if getattr(sys.modules["lmcodec"], name, None) is cls else cls
        type.__setattr__(cls, "_lm_pickled_as", named)  # on the class: freed with it (review 8, F4)
    return (unpickle, (named, msgspec.structs.asdict(obj)))


def unpickle(cls: Any, fields: dict[str, Any]) -> Any:
    """Unpickle a Struct from its field values, bypassing the lm15-style constructor; ``cls`` its
    class or the name ``lmcodec`` exports it by. Pickles name it ``lmcodec._unpickle``, where the
    package root exports it: keep it there."""
    if type(cls) is str:
        cls = getattr(sys.modules["lmcodec"], cls)
    return _struct_call(cls, **fields)


unpickle.__module__ = "lmcodec"
unpickle.__name__ = unpickle.__qualname__ = "_unpickle"


def _rebuild(cls: Any, fields: dict[str, Any]) -> Any:
    """Unpickle what lmcodec pickled before :func:`unpickle` (``lmcodec.wire._struct._rebuild``,
    with the class by its module's path): keep it, stored pickles name it."""
    return _struct_call(cls, **fields)


def _construct_of(cls: Any) -> Callable[..., Any]:
    """The compiled constructor of ``cls`` (``wire/_compiled.py``), built at its first use and kept
    on the class; the generic path where its field names cannot be parameters."""
    construct: Callable[..., Any] | None = cls.__dict__.get("_lm_construct")
    if construct is None:
        plan = plan_of(cls)
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


def _signature_of(cls: Any) -> inspect.Signature:
    """The parameters of the compiled constructor (less the class), with the defaults an argument
    left out takes (none where lm15 requires it); kept on the class. No annotations: the fields'
    are the stored types, narrower than what the constructor takes (the typed ``__init__`` under
    ``TYPE_CHECKING`` says that to type checkers)."""
    signature: inspect.Signature | None = cls.__dict__.get("_lm_signature")
    if signature is None:
        plan = plan_of(cls)
        positional, kwonly = inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY
        parameters = [
            inspect.Parameter(
                name,
                kwonly if name in plan.kwonly else positional,
                default=inspect.Parameter.empty if plan.defaults[name] is REQUIRED else plan.defaults[name],
            )
            for name in (*plan.positional, *plan.kwonly)
        ]
        signature = inspect.Signature(parameters, return_annotation=None)
        type.__setattr__(cls, "_lm_signature", signature)
    return signature


def _generic_construct(cls: Any, *args: Any, **kwargs: Any) -> Any:
    return generic_call(cls, args, kwargs)


def empty_to_none(obj: msgspec.Struct, *names: str) -> None:
    """Store ``None`` for optional fields holding an empty container (lm15 omits them)."""
    for name in names:
        value = getattr(obj, name)
        if value is not None and not value:
            msgspec.structs.force_setattr(obj, name, None)
