"""Responses -> Responses: an ``input_file``'s own ``filename`` and an ``input_image``'s ``detail`` by
``file_id`` sent back as the client sent them.

The gateway's reading drops both keys, one note each (``openai/_read_lenient.py``): the canonical
parts have no place lm15's builder sends them from. To Responses itself nothing needs to change,
and without the detail the openai SDK's own ``ResponseInputImageParam`` (``detail`` required)
refuses the body (red team 24 F03, F05). The gateway's reading records the client's blocks from
its one decode of the body (:func:`client_blocks`), and :func:`sdk_blocks_back` writes their keys
into the payload the Responses builder hands over before encoding it: neither the client's body
nor the built one is decoded again.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

from lmcodec.providers._build_wire import ResponsesCall, ResponsesCallOutput, ResponsesItem, json_object
from lmcodec.providers.openai._read_lenient import DETAIL, FILENAME
from lmcodec.wire import Adaptation

__all__ = ["MARKS", "ClientBlocks", "client_blocks", "sdk_blocks_back", "sdk_blocks_noted", "withdrawn"]

_PUT_BACK: Final = {DETAIL: "detail", FILENAME: "filename"}
"""The reason of each note whose key goes back, and that key."""
MARKS: Final = (b'"detail"', b'"filename"')
"""What a body holding one of those keys holds (as its bytes, or spelled with ``\\u`` escapes)."""
_OUTPUTS: Final = ("function_call_output", "custom_tool_call_output")
"""The Responses items whose blocks are under ``output`` (a tuple: a client's ``type`` may be unhashable)."""

ClientBlocks: TypeAlias = list[tuple[tuple[Any, Any, Any], dict[str, Any]]]
"""The client's file and file-id image blocks in order: the file each names (type, file_id,
file_data) and its ``detail`` and ``filename`` as sent (those it has)."""


def client_blocks(value: Any) -> ClientBlocks:
    """What :func:`sdk_blocks_back` needs of the client's decoded body ``value``, read before the
    gateway's passes change it (the blocks of its messages and tool call outputs, in order)."""
    keys = tuple(_PUT_BACK.values())
    return [(_source(block), {key: block[key] for key in keys if key in block}) for block in _blocks(value)]


def sdk_blocks_noted(notes: tuple[Adaptation, ...]) -> bool:
    """Whether the reading dropped a filename or a file-id image's detail (a note of either)."""
    return any(note.reason in _PUT_BACK for note in notes)


def withdrawn(notes: tuple[Adaptation, ...]) -> tuple[Adaptation, ...]:
    """``notes`` without those of the keys :func:`sdk_blocks_back` put back."""
    return tuple(note for note in notes if note.reason not in _PUT_BACK)


def sdk_blocks_back(payload: dict[str, Any], sent: ClientBlocks) -> bool:
    """Put the client's filename and detail (``sent``) on each file and file-id image block of the
    Responses ``payload`` as the builder hands it over (``openai/build.build_request``), in place;
    whether they were put back. The builder writes one block a block, in order, in messages and
    tool outputs alike; the blocks are paired in order and must name the same file, else the
    payload is left as built (and the notes stand)."""
    built = _built_blocks(payload)
    if len(built) != len(sent) or any(
        source != _source(block) for (source, _), block in zip(sent, built, strict=True)
    ):
        return False
    for (_, keys), block in zip(sent, built, strict=True):
        block.update(keys)
    return True


def _source(block: dict[str, Any]) -> tuple[Any, Any, Any]:
    return block.get("type"), block.get("file_id"), block.get("file_data")


def _relevant(block: Any) -> bool:
    """An ``input_file`` block with ``file_data`` or an ``input_image`` block by ``file_id``."""
    if not isinstance(block, dict):
        return False
    kind = block.get("type")
    return (kind == "input_file" and block.get("file_data") is not None) or (
        kind == "input_image" and block.get("file_id") is not None
    )


def _blocks(value: Any) -> list[dict[str, Any]]:
    """The blocks :func:`_relevant` takes of a decoded Responses body's messages and function and
    custom tool call outputs, in order."""
    out: list[dict[str, Any]] = []
    items = value.get("input") if isinstance(value, dict) else None
    for item in items if isinstance(items, list) else ():
        if not isinstance(item, dict):
            continue
        blocks = item.get("output" if item.get("type") in _OUTPUTS else "content")
        out.extend(block for block in (blocks if isinstance(blocks, list) else ()) if _relevant(block))
    return out


def _built_blocks(payload: dict[str, Any]) -> list[dict[str, Any]]:
    """:func:`_blocks` of the body ``payload`` is encoded as, read off the payload: its message,
    call and output Structs by their fields, every other item by the JSON object it is written as
    (``json_object``). Its image and file blocks are dicts (``openai/_build_input.py``); its other
    blocks, Structs, are text blocks."""
    out: list[dict[str, Any]] = []
    items = payload.get("input")
    for item in items if isinstance(items, list) else ():
        kind = type(item)
        if kind is ResponsesItem:
            blocks = item.content
        elif kind is ResponsesCallOutput:
            blocks = item.output
        elif kind is ResponsesCall:
            continue
        else:
            view = json_object(item)
            if view is None:
                continue
            blocks = view.get("output" if view.get("type") in _OUTPUTS else "content")
        out.extend(block for block in (blocks if isinstance(blocks, list) else ()) if _relevant(block))
    return out
