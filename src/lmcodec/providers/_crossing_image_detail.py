"""An image's ``detail: "original"`` sent where the destination has it (red team 27 F04).

The openai SDK types four details for an image by URL or data URI, Responses ``input_image.detail``
and Chat ``image_url.detail`` alike: ``low``, ``high``, ``auto`` and ``original``. lm15's
``ImagePart.detail`` is one of the first three, so ``decode_request`` refuses ``original`` at its
path in the client's body (``openai/_read_common.image_detail``), and the gateway's readings take
it out with a ``dropped`` note there (``openai/_read_lenient.py``, ``openai_chat/_read_lenient.py``).
To either OpenAI dialect :func:`original_details_back` writes it on the built body's image blocks
whose client blocks carried it, and withdraws the notes: the same dialect gets the images back as
written, the other OpenAI dialect in its own spelling. Anthropic and Gemini images have no detail:
the notes stand. (An image by file id keeps its own carriage: ``_crossing_sdk_blocks.py``.)
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers.openai._read_lenient import ORIGINAL_DETAIL
from lmcodec.wire import Adaptation

__all__ = ["original_details_back"]

_ORIGINAL: Final = "original"
_RESPONSES_MESSAGES: Final = (None, "message")
"""The ``type`` of a Responses message item (absent in the openai SDK's EasyInputMessageParam)."""


def original_details_back(
    source: str, destination: str, client_body: Any, body: bytes, notes: tuple[Adaptation, ...]
) -> tuple[bytes, tuple[Adaptation, ...]]:
    """``body`` (the Chat or Responses builder's) with ``detail: "original"`` on each image block whose
    client block (in ``client_body``, of the ``source`` dialect) had it, those notes withdrawn.
    The image blocks by URL of both bodies are paired in order and must name the same URLs, else
    ``body`` and ``notes`` are as they came (the notes say what was left out)."""
    if not any(note.reason == ORIGINAL_DETAIL for note in notes):
        return body, notes
    try:
        asked = _images(source, msgspec.json.decode(client_body))
        value = msgspec.json.decode(body)
    except (msgspec.DecodeError, UnicodeDecodeError):  # (a lone surrogate the builder escaped)
        return body, notes
    built = _images(destination, value)
    if [url for url, _ in asked] != [url for url, _ in built]:
        return body, notes
    for (_, client), (_, spec) in zip(asked, built, strict=True):
        if client.get("detail") == _ORIGINAL:
            spec["detail"] = _ORIGINAL
    return msgspec.json.encode(value), tuple(note for note in notes if note.reason != ORIGINAL_DETAIL)


def _images(dialect: str, value: Any) -> list[tuple[Any, dict[str, Any]]]:
    """The images by URL or data URI of a decoded Chat or Responses body, in order: each one's URL
    and the object that holds its ``detail`` (a Chat block's ``image_url``, a Responses block)."""
    out: list[tuple[Any, dict[str, Any]]] = []
    for blocks in _block_lists(dialect, value):
        for block in blocks:
            if not isinstance(block, dict):
                continue
            if dialect == "openai_chat":
                spec = block.get("image_url") if block.get("type") == "image_url" else None
                if isinstance(spec, dict):
                    out.append((spec.get("url"), spec))
            elif block.get("type") == "input_image" and block.get("file_id") is None:
                out.append((block.get("image_url"), block))
    return out


def _block_lists(dialect: str, value: Any) -> list[list[Any]]:
    """The content block lists of a decoded body's messages (Chat rows; Responses messages and
    function call outputs), in order."""
    key = "messages" if dialect == "openai_chat" else "input"
    items = value.get(key) if isinstance(value, dict) else None
    out: list[list[Any]] = []
    for item in items if isinstance(items, list) else ():
        if not isinstance(item, dict):
            continue
        if dialect == "openai_chat" or item.get("type") in _RESPONSES_MESSAGES:
            blocks = item.get("content")
        elif item.get("type") == "function_call_output":
            blocks = item.get("output")
        else:
            continue
        if isinstance(blocks, list):
            out.append(blocks)
    return out
