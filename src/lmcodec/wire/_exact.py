"""A user's subclass of a wire type, rebuilt as the lmcodec class it extends.

Writers dispatch on the exact class (``type(part) is TextPart``, a dict looked up by
``type(part)``): it is the fast path, and an ``isinstance`` miss costs ~800 instructions
(providers/_part_kinds.py). A subclass of a kind falls through such a dispatch; a writer calls
:func:`as_exact` where it finds no exact class (its miss branch) and dispatches the returned
value again, so a subclass is written exactly as the same value of its lmcodec class
(docs/types.md) and an exact value pays nothing. A miss branch that also sees lmcodec's own
values (a kind its wire leaves out: a citation on the Chat wire, an unknown part) asks
:func:`subclassed` first, which answers those by one set lookup of their class, not by a walk of
their fields.

lmcodec's own classes are those its wire modules define (:data:`WIRE_STRUCTS`), known by
membership, not by the module name a class carries: a user's class in a module named
``lmcodec.<x>`` (a plugin under the namespace) is a subclass as any other (red team 55 F03). A
subclass's own fields are not written: the value is rebuilt from its lmcodec class's fields (a
field the subclass adds is left out; red team 55 F01/F02)."""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.wire import (
    _media,
    config,
    credentials,
    deltas,
    endpoints,
    events,
    generation,
    live,
    messages,
    models,
    parts,
    requests,
    telemetry,
    tools,
    turn,
    unknown,
)
from lmcodec.wire._struct import unpickle

__all__ = ["WIRE_STRUCTS", "as_exact", "exact_class", "subclassed"]


def _defined_in(modules: tuple[Any, ...], kind: type) -> frozenset[type]:
    """The subclasses of ``kind`` each of ``modules`` defines (not those it imports), once."""
    return frozenset(
        value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, kind) and value.__module__ == module.__name__
    )


_WIRE_MODULES = (
    _media, config, credentials, deltas, endpoints, events, generation, live, messages, models,
    parts, requests, telemetry, tools, turn,
)  # fmt: skip
WIRE_STRUCTS: frozenset[type[msgspec.Struct]] = _defined_in(_WIRE_MODULES, msgspec.Struct)
"""lmcodec's wire Struct classes: the parts, messages, requests, events, deltas, configs, ..."""

_OWN_CLASSES = WIRE_STRUCTS | {
    unknown.UnknownPart,
    unknown.UnknownDelta,
    unknown.UnknownEvent,
    unknown.UnknownTool,
}
"""What :func:`subclassed` answers with one lookup: the wire Structs and the unknown items."""


def exact_class(cls: Any) -> type[msgspec.Struct] | None:
    """The lmcodec wire class ``cls`` is or extends (the first in its MRO), None for a class that
    extends none (or for what is no class)."""
    if not isinstance(cls, type):
        return None
    for base in cls.__mro__:
        if base in WIRE_STRUCTS:
            return base
    return None


def _exact_items(items: Any) -> Any:
    """``items`` (a tuple or list of field values) with each rebuilt, itself where none changed."""
    rebuilt = [as_exact(item) for item in items]
    if all(new is old for new, old in zip(rebuilt, items, strict=True)):
        return items
    return tuple(rebuilt) if type(items) is tuple else rebuilt


def as_exact(value: Any) -> Any:
    """``value`` with it and every Struct in its fields (tuples of parts, a ToolResultPart's
    content, a Message's parts, ...) of its lmcodec class, built from that class's fields (a
    field the subclass adds left out), their values as they are (no constructor checks re-run:
    the subclass's constructor ran them); ``value`` itself where nothing in it is of a subclass,
    and anything not a wire Struct as it is."""
    if isinstance(value, (tuple, list)):
        return _exact_items(value)
    if not isinstance(value, msgspec.Struct):
        return value
    cls = type(value)
    base = cls if cls in WIRE_STRUCTS else exact_class(cls)
    if base is None:
        return value
    fields = {name: getattr(value, name) for name in base.__struct_fields__}
    exact = {name: as_exact(field) for name, field in fields.items()}
    if base is cls and all(exact[name] is fields[name] for name in fields):
        return value
    return unpickle(base, exact)


def subclassed(value: Any) -> Any:
    """``value`` rebuilt as its lmcodec class where its own class is a user's subclass of a wire
    class, else None: for lmcodec's own values (a wire Struct, an unknown item) one set lookup of
    the class, so a writer's miss branch costs a value of a kind it leaves out nothing like
    :func:`as_exact`'s walk of its fields (red team: a citation delta to a Chat client paid that
    walk on every delta; a Gemini request rebuilt every message at each unknown part)."""
    if type(value) in _OWN_CLASSES:
        return None
    exact = as_exact(value)
    return None if exact is value else exact
