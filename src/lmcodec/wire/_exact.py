"""A user's subclass of a wire type, rebuilt as the lmcodec class it extends.

Writers dispatch on the exact class (``type(part) is TextPart``, a dict looked up by
``type(part)``): it is the fast path, and an ``isinstance`` miss costs ~800 instructions
(providers/_part_kinds.py). A subclass of a kind falls through such a dispatch; a writer calls
:func:`as_exact` where it finds no exact class (its miss branch) and dispatches the returned
value again, so a subclass is written exactly as the same value of its lmcodec class
(docs/types.md) and an exact value pays nothing. A miss branch that also sees lmcodec's own
values (a kind its wire leaves out: a citation on the Chat wire, an unknown part) asks
:func:`subclassed` first, which answers those by their class's module, not by a walk of their
fields."""

from __future__ import annotations

from typing import Any

import msgspec

from lmcodec.wire._struct import unpickle

__all__ = ["as_exact", "exact_class", "subclassed"]


def exact_class(cls: Any) -> type | None:
    """The lmcodec wire class ``cls`` is or extends (the first in its MRO), None for a class that
    extends none (or for what is no class)."""
    if not isinstance(cls, type):
        return None
    for base in cls.__mro__:
        if base.__module__.startswith("lmcodec.") and issubclass(base, msgspec.Struct):
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
    content, a Message's parts, ...) of its lmcodec class, field values as they are (no
    constructor checks re-run: the subclass's constructor ran them); ``value`` itself where
    nothing in it is of a subclass, and anything not a wire Struct as it is."""
    if isinstance(value, (tuple, list)):
        return _exact_items(value)
    if not isinstance(value, msgspec.Struct):
        return value
    cls = type(value)
    base = cls if cls.__module__.startswith("lmcodec.") else exact_class(cls)
    if base is None:
        return value
    fields = {name: getattr(value, name) for name in value.__struct_fields__}
    exact = {name: as_exact(field) for name, field in fields.items()}
    if base is cls and all(exact[name] is fields[name] for name in fields):
        return value
    return unpickle(base, exact)


def subclassed(value: Any) -> Any:
    """``value`` rebuilt as its lmcodec class where its own class is a user's subclass of a wire
    class, else None: for lmcodec's own values (and anything that is no wire Struct) one test of
    the class's module, so a writer's miss branch costs a value of a kind it leaves out nothing
    like :func:`as_exact`'s walk of its fields (red team: a citation delta to a Chat client paid
    that walk on every delta; a Gemini request rebuilt every message at each unknown part)."""
    if type(value).__module__.startswith("lmcodec."):
        return None
    exact = as_exact(value)
    return None if exact is value else exact
