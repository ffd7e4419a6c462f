"""The types the codecs read into and describe: a target is checked once, where its decoder is built.

msgspec refuses some types with a bare TypeError where their decoder is built (an untagged union
of Structs such as ``lc.EndpointRequest``, the recursive alias ``lc.JsonValue``) and reads a class
it does not know through the ``dec_hook`` only when a value reaches it (``lc.Assembler``, an
exception class). Both become one :class:`~lmcodec.UnsupportedTypeError` naming what is
supported, raised before any input is read. ``lc.JsonValue`` and its two containers are read as
the any-JSON types they stand for.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import msgspec.inspect as mi

from lmcodec.errors import UnsupportedTypeError
from lmcodec.wire.unknown import Unknown
from lmcodec.wire.vocabulary import JsonArray, JsonObject, JsonValue

__all__ = ["SUPPORTED", "refused", "resolve", "schema_of_members", "unsupported"]

SUPPORTED = (
    "lmcodec reads its wire types (lc.Request, lc.Turn, lc.Part, lc.StreamEvent, ...), the unions "
    "of them it exports, the Unknown* items, JSON values (lc.JsonValue, lc.JsonObject, lc.JsonArray), "
    "and lists, dicts and optionals of these; lc.EndpointRequest and lc.EndpointResponse have "
    "untagged members no decoder can choose between: decode to the member class; llm's format is "
    "read by lc.llm.decode"
)

_JSON_ALIASES: dict[Any, Any] = {JsonValue: Any, JsonArray: list[Any], JsonObject: dict[str, Any]}
"""Recursive aliases msgspec cannot follow, and the types that read the same values."""


def unsupported(tp: Any, why: str) -> UnsupportedTypeError:
    """The error for a target no codec reads, ``why`` being msgspec's reason or lmcodec's."""
    return UnsupportedTypeError(f"cannot read or describe {tp!r}: {why}; {SUPPORTED}")


def resolve(tp: Any) -> Any:
    """The type msgspec reads for the target ``tp``: lmcodec's JSON aliases substituted, a class
    msgspec would hand to the dec_hook refused (the hook reads only paths and Unknown* items).

    Only a class given as the target itself is looked at here (a union or generic is left to
    msgspec, whose refusals :func:`refused` words): walking every field of ``lc.Turn`` costs
    60 ms, four times building its decoder. A foreign class nested in a generic is met by the
    dec_hook at its first value, a ValidationError there."""
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
