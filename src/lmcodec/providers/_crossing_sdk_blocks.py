"""Responses -> Responses: an ``input_file``'s own ``filename`` and an ``input_image``'s ``detail`` by
``file_id`` sent back as the client sent them.

The gateway's reading drops both keys, one note each (``openai/_read_lenient.py``): the canonical
parts have no place lm15's builder sends them from. To Responses itself nothing needs to change,
and without the detail the openai SDK's own ``ResponseInputImageParam`` (``detail`` required)
refuses the body (red team 24 F03, F05): :func:`sdk_blocks_back` puts them back and withdraws
their notes.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers.openai._read_lenient import DETAIL, FILENAME
from lmcodec.wire import Adaptation

__all__ = ["sdk_blocks_back"]

_PUT_BACK: Final = {DETAIL: "detail", FILENAME: "filename"}
"""The reason of each note whose key goes back, and that key."""


def sdk_blocks_back(
    raw: bytes | bytearray | memoryview, body: bytes, notes: tuple[Adaptation, ...]
) -> tuple[bytes, tuple[Adaptation, ...]]:
    """``body`` (lm15's Responses builder's, from the client's ``raw``) with the client's filename
    and detail on each of its file and file-id image blocks, and ``notes`` without the notes of
    those keys. The builder writes one block a block, in order, in messages and tool outputs
    alike; the blocks are paired in order and must name the same file, else ``body`` and ``notes``
    come back unchanged."""
    if not any(note.reason in _PUT_BACK for note in notes):
        return body, notes
    asked = _blocks(msgspec.json.decode(raw))
    value = msgspec.json.decode(body)
    built = _blocks(value)
    if len(asked) != len(built) or any(_source(a) != _source(b) for a, b in zip(asked, built, strict=True)):
        return body, notes
    for client, block in zip(asked, built, strict=True):
        for key in _PUT_BACK.values():
            if key in client:
                block[key] = client[key]
    kept = tuple(note for note in notes if note.reason not in _PUT_BACK)
    return msgspec.json.encode(value), kept


def _source(block: dict[str, Any]) -> tuple[Any, ...]:
    return block.get("type"), block.get("file_id"), block.get("file_data")


def _blocks(value: Any) -> list[dict[str, Any]]:
    """The ``input_file`` blocks with ``file_data`` and ``input_image`` blocks by ``file_id`` of a
    Responses body's messages and function call outputs, in order."""
    out: list[dict[str, Any]] = []
    items = value.get("input") if isinstance(value, dict) else None
    for item in items if isinstance(items, list) else ():
        if not isinstance(item, dict):
            continue
        blocks = item.get("output" if item.get("type") == "function_call_output" else "content")
        for block in blocks if isinstance(blocks, list) else ():
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if (kind == "input_file" and block.get("file_data") is not None) or (
                kind == "input_image" and block.get("file_id") is not None
            ):
                out.append(block)
    return out
