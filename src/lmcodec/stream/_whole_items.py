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
came; a ``response.completed`` item at an output index the stream added nothing at, red team 45
F01): its text (a refusal as a
refusal) and its call go to the sink as streamed fragments would, so every client gets them, a
Responses client under the source's item id.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

import msgspec

from lmcodec.wire._float_literals import float_literal

__all__ = [
    "WHOLE",
    "WholeItemSink",
    "completed_only",
    "hand_on_reasoning",
    "hand_on_whole",
    "identity",
    "raw_value",
]

WHOLE: Final = frozenset({"message", "function_call"})  # the items read here when they come only whole


class WholeItemSink(Protocol):
    """What a whole item is handed to (the translator's sink: ``stream/_foreign_items.py``)."""

    def text(self, part_index: int, text: str) -> None: ...

    def refusal(self, part_index: int, text: str) -> None: ...

    def thinking(self, part_index: int, text: str) -> None: ...

    def tool_input(self, part_index: int, fragment: str, id: str | None, name: str | None) -> None: ...

    def source_item(self, output_index: int, item_type: str, item_id: str) -> None: ...


class _Part(msgspec.Struct, frozen=True, gc=False):
    type: Any = None
    text: Any = None
    refusal: Any = None


_parts: Final = msgspec.json.Decoder(list[_Part], float_hook=float_literal)
_any: Final = msgspec.json.Decoder(float_hook=float_literal)
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
    content: msgspec.Raw | Any,
    call_id: Any,
    name: Any,
    arguments: Any,
) -> int:
    """Hand the whole item of type ``kind`` (one of :data:`WHOLE`) at ``output_index`` ``index`` to
    ``sink`` as its streamed fragments would come: its id (``source_item``), then a call's
    ``tool_input`` or a message's ``text`` / ``refusal`` per content part. ``content`` is the
    content's JSON (a done frame's) or its decoded value (a completed response's). 1 when nothing
    was read of it (as lm15 maps it), else 0."""
    named = _text(item_id)
    if kind == "function_call":
        if named is not None:
            sink.source_item(index, kind, named)
        args = arguments if isinstance(arguments, str) else ""
        sink.tool_input(index, args, _text(call_id) or named, _text(name))
        return 0
    try:
        if isinstance(content, msgspec.Raw):
            parts = _parts.decode(content) if content else []
        else:
            parts = msgspec.convert(content, list[_Part]) if content is not None else []
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


class _Summary(msgspec.Struct, frozen=True, gc=False):
    text: Any = None


class _Reasoning(msgspec.Struct, frozen=True, gc=False):
    summary: list[_Summary] | None = None


class _ReasoningDone(msgspec.Struct, frozen=True, gc=False):
    item: _Reasoning | None = None


_reasoning_done: Final = msgspec.json.Decoder(_ReasoningDone, float_hook=float_literal)


def hand_on_reasoning(sink: WholeItemSink, index: int, item_id: Any, frame: bytes) -> None:
    """Hand the reasoning item of a done frame (``frame``, the source's JSON) whose
    ``output_item.added`` never came to ``sink`` as its streamed fragments would come: its id
    (``source_item``), then its summary's texts as its thinking (the openai SDK reads them there;
    lm15 reads no summary of a done item). Its state (``encrypted_content``) is lm15's mapping's."""
    try:
        done = _reasoning_done.decode(frame)
    except _UNREADABLE:
        return
    named = _text(item_id)
    if named is not None:
        sink.source_item(index, "reasoning", named)
    summary = done.item.summary if done.item is not None else None
    text = "".join(s.text for s in summary or () if type(s.text) is str)
    if text:
        sink.thinking(index, text)


def identity(kind: str, item_id: Any, call_id: Any) -> tuple[str, str] | None:
    """What the openai SDK's accumulator knows an output item by (its ``_output_identity``): a
    call's ``call_id``, any other item's ``id``; ``None`` without one (a backend's value: a string)."""
    named = call_id if kind == "function_call" else item_id
    return (kind, named) if isinstance(named, str) and named else None


def completed_only(
    sink: WholeItemSink,
    payload: Any,
    streamed: set[int],
    identities: dict[int, tuple[str, str] | None],
    empty: set[int],
    named_ever: set[tuple[str, str]],
) -> None:
    """Hand on the ``message`` and ``function_call`` items of ``payload`` (a frame's decoded JSON)
    when it is a ``response.completed`` whose ``output`` holds items the stream did not stream, as
    the openai SDK's accumulator matches them: by identity (:func:`identity`), not position.
    ``streamed``: the indexes the stream added or handed on whole; ``identities``: the identity of
    the item added at each (``None``: one without); ``named_ever``: every identity the stream
    added, at any index (an index reused names its last item only: red team 52 F08). An item
    whose identity the stream added is not handed on, wherever it stands (a backend that
    renumbers ``output``); one at an index the stream added under another identity is another
    item, handed on; one at an index before the
    last added that the stream never added is handed on where an ``output_item.added`` without an
    item came at its index (``empty``: the SDK skips such an event, "Stream indexes can have gaps
    when a provider emits an empty added event", and reads the item from ``output``), and stays
    unread where nothing came there that the mapper looks at: it may have been streamed by deltas
    alone, with no ``output_item.added`` (which the SDK refuses and lm15 reads), and would be
    written twice (telling the two apart would take a look at every delta). Each handed on is added,
    at its own index past the last when its index is taken. Once at the stream's end: an ordinary
    stream streamed them all."""
    if type(payload) is not dict or payload.get("type") != "response.completed":
        return
    response = payload.get("response")
    output = response.get("output") if type(response) is dict else None
    if type(output) is not list:
        return
    last = max(streamed, default=-1)
    known = set(named_ever)
    for index, item in enumerate(output):
        if type(item) is not dict:
            continue
        kind = item.get("type")
        if kind not in WHOLE:
            continue
        named = identity(kind, item.get("id"), item.get("call_id"))
        if named is not None and named in known:
            continue
        at = index
        if index <= last:
            if index in streamed:
                if named is None or identities.get(index) in (None, named):
                    continue  # (the item added there: nothing says it is another)
                last += 1
                at = last
            elif index not in empty:
                continue  # (a gap the stream announced nothing at)
        streamed.add(at)
        if named is not None:
            known.add(named)
        hand_on_whole(
            sink,
            at,
            kind,
            item.get("id"),
            item.get("content"),
            item.get("call_id"),
            item.get("name"),
            item.get("arguments"),
        )
