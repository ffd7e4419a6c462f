"""JSON read a level at a time for the lenient reader: a long array is left pending.

``read(data)`` gives the value :func:`lmcodec.codecs.lenient.normalize` takes without building
the whole input as Python builtins first (several times the input's size): a node longer than
:data:`SMALL` bytes is read one level at a time, and a long array stays :class:`Pending` until
``normalize`` reads it, one item at a time, each item normalized and converted to its type
before the next is read. Memory stays near the size of the result.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import msgspec

from lmcodec.wire._float_literals import float_literal

__all__ = ["LEVELS", "SMALL", "SPARSE", "Pending", "builtins", "read"]

SMALL = 1 << 16
"""Nodes of at most this many bytes are read whole as builtins; longer ones a level at a time."""
LEVELS = 10
"""How deep nodes are read a level at a time: as deep as the canonical types nest a long list
(a BatchRequest's requests, their messages, a message's parts, a tool result's content); below,
a node is an opaque value read whole. Each level parses its node's bytes once more, so the bound
keeps a long value nested deep in linear time (and out of Python's recursion limit)."""
_raw_decoder = msgspec.json.Decoder(float_hook=float_literal)
_object_decoder = msgspec.json.Decoder(dict[str, msgspec.Raw], float_hook=float_literal)
_array_decoder = msgspec.json.Decoder(list[msgspec.Raw], float_hook=float_literal)


class Pending:
    """A long JSON array not read yet (its bytes), and the rule its items pass first."""

    __slots__ = ("depth", "raw", "rule")

    def __init__(self, raw: Any, rule: Callable[[Any], Any] | None = None, depth: int = 0) -> None:
        self.raw = raw
        self.rule = rule
        self.depth = depth

    def raw_items(self) -> list[Any]:
        """The items' bytes (``msgspec.Raw``), in order."""
        items: list[Any] = _array_decoder.decode(self.raw)
        return items

    def builtins(self) -> list[Any]:
        items = [read(item, self.depth + 1) for item in self.raw_items()]
        return [builtins(item if self.rule is None else self.rule(item)) for item in items]


def read(data: Any, depth: int = 0) -> Any:
    """JSON ``data`` as builtins, except that a long array is left :class:`Pending` (raises
    msgspec.DecodeError on malformed input); ``depth``: the node's level in the whole input."""
    if len(data) <= SMALL or depth >= LEVELS or _few_containers(data):
        return _raw_decoder.decode(data)
    head = _head(data)
    if head == "{":
        return {key: read(raw, depth + 1) for key, raw in _object_decoder.decode(data).items()}
    if head == "[":
        _array_decoder.decode(data)  # malformed input fails here, as a whole read would
        return Pending(data, depth=depth)
    return _raw_decoder.decode(data)


SPARSE = 1 << 10
"""A node with at most one ``{`` or ``[`` byte per this many bytes is read whole: its size is in
its strings (a long text, a base64 image, a tool argument), which cost their own size as builtins
either way, while reading it a level at a time parsed the long string once per level on the way
down (red team 6 F03: a 4 MiB text parsed 14 times). Brackets inside strings count too, which only
makes a node read by levels as before."""


def _few_containers(data: Any) -> bool:
    """Whether ``data`` holds at most one ``{`` / ``[`` per :data:`SPARSE` bytes (two C scans)."""
    if isinstance(data, str):
        return (data.count("{") + data.count("[")) * SPARSE <= len(data)
    text = data if isinstance(data, bytes) else bytes(memoryview(data))
    return (text.count(b"{") + text.count(b"[")) * SPARSE <= len(text)


_SPACE = re.compile(rb"[ \t\n\r]*")
_TEXT_SPACE = re.compile(r"[ \t\n\r]*")


def _head(data: Any) -> str:
    """The first character of JSON ``data`` after its leading whitespace."""
    if isinstance(data, str):
        text = _TEXT_SPACE.match(data)
        return data[text.end() : text.end() + 1] if text else ""
    view = memoryview(data)
    at = _SPACE.match(view)
    return bytes(view[at.end() : at.end() + 1]).decode("latin-1") if at else ""


def builtins(value: Any) -> Any:
    """``value`` with every :class:`Pending` array in it read as builtins."""
    if type(value) is Pending:
        return value.builtins()
    if type(value) is dict:
        return {key: builtins(item) for key, item in value.items()}
    return value
