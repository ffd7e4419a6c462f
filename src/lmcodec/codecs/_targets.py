"""The types the codecs read into and describe: a target is checked once, where its decoder is built.

:func:`wire_target` holds the public entry points to what :data:`SUPPORTED` names (red team 18
F10: ``lc.decode(b"1", int)``, a user's dataclass and ``lc.schema(int)`` were read as msgspec
reads them). msgspec refuses some types with a bare TypeError where their decoder is built (an untagged union
of Structs such as ``lc.EndpointRequest``, the recursive alias ``lc.JsonValue``) and reads a class
it does not know through the ``dec_hook`` only when a value reaches it (``lc.Assembler``, an
exception class). Both become one :class:`~lmcodec.UnsupportedTypeError` naming what is
supported, raised before any input is read. ``lc.JsonValue`` and its two containers are read as
the any-JSON types they stand for.
"""

from __future__ import annotations

import types
import typing
from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi

from lmcodec import wire
from lmcodec.errors import UnsupportedTypeError
from lmcodec.wire import tables, vocabulary
from lmcodec.wire.unknown import Unknown
from lmcodec.wire.vocabulary import JsonArray, JsonObject, JsonValue

__all__ = ["SUPPORTED", "refused", "resolve", "schema_of_members", "unsupported", "wire_target"]

SUPPORTED = (
    "lmcodec reads its wire types (lc.Request, lc.Turn, lc.Part, lc.StreamEvent, ...) and its other "
    "Structs (lc.ProviderRequest, lc.BadRecord, llm's classes: lc.llm.decode reads those by llm's "
    "own rules), the unions and vocabularies it exports, the Unknown* items, JSON values "
    "(lc.JsonValue, lc.JsonObject, lc.JsonArray), llm's TypedDicts (lc.llm.PartDict, ...), and "
    "lists, tuples, dicts (of str keys) and optionals of these; lc.EndpointRequest and "
    "lc.EndpointResponse have untagged members no decoder can choose between: decode to the member class"
)

_JSON_ALIASES: dict[Any, Any] = {JsonValue: Any, JsonArray: list[Any], JsonObject: dict[str, Any]}
"""Recursive aliases msgspec cannot follow, and the types that read the same values."""


_EXPORTED_FORMS: frozenset[Any] = frozenset(
    form
    for module in (wire, tables, vocabulary)
    for form in (getattr(module, name) for name in module.__all__)
    if typing.get_origin(form) is not None
)
"""The unions, Literal vocabularies and JSON aliases the wire exports (lc.Part, lc.Role, lc.JsonValue,
lc.PartInput, ...): targets as they stand, whatever their members."""

_LLM_DICTS = "lmcodec.llm.typeddicts"
"""llm's TypedDicts (lc.llm.PartDict, lc.llm.UsageDict, ...): read and described as msgspec reads a
TypedDict (the ones holding a union of TypedDicts, ResponseDict and MessageDict, it cannot)."""
_UNIONS = (typing.Union, types.UnionType)
_NONE = type(None)

_wire_targets: set[Any] = set()
"""Targets :func:`wire_target` has let through: each type is judged once."""


def wire_target(tp: Any) -> None:
    """Refuse a target that is not a wire type form: one of lmcodec's classes (its Structs: the
    wire's, lc.ProviderRequest, lc.BadRecord, llm's classes; an Unknown* item; llm's
    TypedDicts), a union or alias the wire exports, or a list, tuple, ``dict[str, ...]`` or union
    (an optional) of these. Judged once per type; a class nested in a Struct's fields is
    lmcodec's own, so only the form given is walked."""
    try:
        if tp in _wire_targets:
            return
    except TypeError:  # unhashable: not a type form
        raise unsupported(tp, "not a type") from None
    foreign = _foreign_member(tp)
    if foreign is not None:
        name = foreign.__name__ if isinstance(foreign, type) else repr(foreign)
        raise unsupported(tp, f"{name} is not a wire type")
    _wire_targets.add(tp)


def _foreign_member(tp: Any) -> Any:
    """The first part of the form ``tp`` that is not a wire type (``tp`` itself or a member,
    an argument), None when there is none."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is None and isinstance(tp, type):  # (Python 3.10 takes list[X] for a type too)
        if issubclass(tp, msgspec.Struct):
            wire_class = tp.__module__ == "lmcodec" or tp.__module__.startswith("lmcodec.")
        else:
            wire_class = tp is _NONE or issubclass(tp, Unknown) or tp.__module__ == _LLM_DICTS
        return None if wire_class else tp
    if tp is None or tp in _EXPORTED_FORMS:
        return None
    if origin in _UNIONS or (origin is list and len(args) == 1) or (origin is tuple and args):
        members = [arg for arg in args if arg is not Ellipsis]  # tuple[Turn, ...]
    elif origin is dict and len(args) == 2 and args[0] is str:
        members = [args[1]]
    else:
        return tp
    for member in members:
        foreign = _foreign_member(member)
        if foreign is not None:
            return foreign
    return None


def unsupported(tp: Any, why: str) -> UnsupportedTypeError:
    """The error for a target no codec reads, ``why`` being msgspec's reason or lmcodec's."""
    return UnsupportedTypeError(f"cannot read or describe {tp!r}: {why}; {SUPPORTED}")


def resolve(tp: Any) -> Any:
    """The type msgspec reads for the target ``tp``: lmcodec's JSON aliases substituted, a class
    msgspec would hand to the dec_hook refused (the hook reads only paths and Unknown* items).

    Only a class given as the target itself is looked at here (a union or generic is left to
    msgspec, whose refusals :func:`refused` words): walking every field of ``lc.Turn`` costs
    60 ms, four times building its decoder. The public entry points judge the form first
    (:func:`wire_target`); a foreign class nested in the target of lmcodec's own readers is met
    by the dec_hook at its first value, a ValidationError there."""
    try:
        tp = _JSON_ALIASES.get(tp, tp)
    except TypeError:  # unhashable: msgspec says what it is
        return tp
    if isinstance(tp, type) and not issubclass(tp, msgspec.Struct) and not _hook_reads(tp):
        try:
            info = mi.type_info(tp)
        except TypeError as exc:
            raise unsupported(tp, str(exc)) from None
        if isinstance(info, mi.CustomType):
            raise unsupported(tp, f"{tp.__name__} is not a wire type")
    return tp


def refused(tp: Any, exc: TypeError) -> UnsupportedTypeError:
    """msgspec's refusal of the target ``tp`` (an untagged union, a type it does not know)."""
    return unsupported(tp, str(exc).strip().splitlines()[0])


def _hook_reads(cls: type) -> bool:
    return cls is Path or issubclass(cls, Unknown)


def schema_of_members(members: tuple[Any, ...], hook: Any) -> dict[str, Any]:
    """The schema of a union msgspec cannot describe (untagged Structs, several TypedDicts): the
    ``anyOf`` of its members' own schemas, their definitions merged."""
    try:
        schemas, defs = msgspec.json.schema_components(members, schema_hook=hook)
    except TypeError as exc:
        raise unsupported(members, str(exc)) from None
    out: dict[str, Any] = {"anyOf": list(schemas)}
    if defs:
        out["$defs"] = defs
    return out
