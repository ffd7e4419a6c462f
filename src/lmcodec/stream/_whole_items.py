"""A Responses stream's ``message`` and ``function_call`` items that come only whole, for translate.

lm15 1.5.0's Responses stream adapter reads a message's text from its ``output_text.delta`` events
and a call from its ``output_item.added`` and ``function_call_arguments.delta`` events; the item's
``output_item.done`` (for a message) and the final ``response.completed``'s ``output`` it reads as
nothing. A Responses-compatible server that does not stream deltas sends the items only whole:
only ``output_item.done``, or only in ``response.completed``. ``decode`` and ``assemble`` keep
lm15's reading (no text, no call); the openai SDK reading the same stream reports both, and a
gateway's client got a silent empty answer (red team 44 F01).
:class:`~lmcodec.stream._foreign_items.ForeignItems`, the mapper ``translate`` runs, hands such
an item to :func:`hand_on_whole` where it comes (a done item whose ``output_item.added`` never
came; a completed response's items when the stream added none): its text (a refusal as a
refusal) and its call go to the sink as streamed fragments would, so every client gets them, a
Responses client under the source's item id.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

import msgspec

__all__ = ["WHOLE", "WholeItemSink", "completed_items", "hand_on_whole", "raw_value"]

WHOLE: Final = frozenset({"message", "function_call"})  # the items read here when they come only whole


class WholeItemSink(Protocol):
    """What a whole item is handed to (the translator's sink: ``stream/_foreign_items.py``)."""

    def text(self, part_index: int, text: str) -> None: ...

    def refusal(self, part_index: int, text: str) -> None: ...

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None: ...

    def source_item(self, output_index: int, item_type: str, item_id: str) -> None: ...


class _Part(msgspec.Struct, frozen=True, gc=False):
    type: Any = None
    text: Any = None
    refusal: Any = None


class _Item(msgspec.Struct, frozen=True, gc=False):
    type: Any = None
    id: Any = None
    content: msgspec.Raw = msgspec.Raw()
    call_id: Any = None
    name: Any = None
    arguments: Any = None


class _Response(msgspec.Struct, frozen=True, gc=False):
    output: list[_Item] | None = None


class _Completed(msgspec.Struct, frozen=True, gc=False):
    type: Any = None
    response: _Response | None = None


_parts: Final = msgspec.json.Decoder(list[_Part])
_completed: Final = msgspec.json.Decoder(_Completed)
_any: Final = msgspec.json.Decoder()
_UNREADABLE: Final = (msgspec.ValidationError, msgspec.DecodeError, RecursionError)


def raw_value(raw: msgspec.Raw) -> Any:
    """The JSON value ``raw`` holds (``None`` for none, or one that cannot be read)."""
    if not raw:
        return None
    try:
        return _any.decode(raw)
    except _UNREADABLE:
        return None


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def hand_on_whole(
    sink: WholeItemSink,
    index: int,
    kind: str,
    item_id: Any,
    content: msgspec.Raw,
    call_id: Any,
    name: Any,
    arguments: Any,
) -> int:
    """Hand the whole item of type ``kind`` (one of :data:`WHOLE`) at ``output_index`` ``index`` to
    ``sink`` as its streamed fragments would come: its id (``source_item``), then a call's
    ``tool_input`` or a message's ``text`` / ``refusal`` per content part. 1 when nothing was read
    of it (as lm15 maps it), else 0."""
    named = _text(item_id)
    if kind == "function_call":
        if named is not None:
            sink.source_item(index, kind, named)
        args = arguments if isinstance(arguments, str) else ""
        sink.tool_input(index, args, _text(call_id) or named, _text(name))
        return 0
    try:
        parts = _parts.decode(content) if content else []
    except _UNREADABLE:
        return 1
    read = [
        p
        for p in parts
        if (p.type == "output_text" and type(p.text) is str)
        or (p.type == "refusal" and type(p.refusal) is str)
    ]
    if not read:
        return 1
    if named is not None:
        sink.source_item(index, kind, named)
    for part in read:
        if part.type == "output_text":
            sink.text(index, part.text)
        else:
            sink.refusal(index, part.refusal)
    return 0


def completed_items(data: bytes) -> list[tuple[int, _Item]]:
    """The ``message`` and ``function_call`` items of a ``response.completed`` frame, by output
    index; none for another frame or one that cannot be read."""
    try:
        frame = _completed.decode(data)
    except _UNREADABLE:
        return []
    if frame.type != "response.completed" or frame.response is None or not frame.response.output:
        return []
    return [(i, item) for i, item in enumerate(frame.response.output) if item.type in WHOLE]
