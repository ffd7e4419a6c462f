"""The kind of a part a body writer dispatches on, by its exact class where it has one.

``isinstance(part, TextPart)`` is fast only where ``part`` is exactly a TextPart: a miss looks up
``__instancecheck__`` on msgspec's ``StructMeta`` (not ``type``) and calls it, ~800 instructions,
so a loop of ``isinstance`` tests paid that for every kind tested before the part's own (red team
47 F03/F04: three misses, ~2.4k instructions, a tool call in the Anthropic writer). A writer
looks the exact class up first and tests ``isinstance`` only for a part of another class (a
subclass of a kind, or no kind), so a subclass is still written as the kind it extends."""

from __future__ import annotations

from typing import Any

__all__ = ["kind_of"]


def kind_of(part: Any, kinds: tuple[type, ...]) -> type | None:
    """The first of ``kinds`` that ``part`` is an instance of (its own class where it is one of
    them, else the first it subclasses), None for none. A caller tests ``type(part) in kinds``
    (a set) first, so that a part of an exact kind costs no call."""
    kind = type(part)
    if kind in kinds:
        return kind
    for kind in kinds:
        if isinstance(part, kind):
            return kind
    return None
