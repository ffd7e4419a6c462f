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
from lmcodec.wire._float_literals import decode_any

__all__ = ["original_details_back"]

_ORIGINAL: Final = "original"
_RESPONSES_MESSAGES: Final = (None, "message")
"""The ``type`` of a Responses message item (absent in the openai SDK's EasyInputMessageParam)."""
_RESPONSES_OUTPUTS: Final = frozenset({"function_call_output", "custom_tool_call_output"})
"""The Responses items whose ``output`` may hold image blocks."""


def original_details_back(
    source: str, destination: str, client_body: Any, body: bytes, notes: tuple[Adaptation, ...]
) -> tuple[bytes, tuple[Adaptation, ...]]:
    """``body`` (the Chat or Responses builder's) with ``detail: "original"`` on each image block whose
    client block (in ``client_body``, of the ``source`` dialect) had it, the notes of those withdrawn.
    The image blocks by URL of both bodies are paired in order and must name the same URLs, else
    ``body`` and ``notes`` are as they came (the notes say what was left out)."""
    if not any(note.reason == ORIGINAL_DETAIL for note in notes):
        return body, notes
    try:
        asked = _images(source, decode_any(client_body))
        value = decode_any(body)
    except (msgspec.DecodeError, UnicodeDecodeError):  # (a lone surrogate the builder escaped)
        return body, notes
    built = _images(destination, value)
    if [url for url, _, _ in asked] != [url for url, _, _ in built]:
        return body, notes
    sent: set[str] = set()
    for (_, client, path), (_, spec, _) in zip(asked, built, strict=True):
        if client.get("detail") == _ORIGINAL:
            spec["detail"] = _ORIGINAL
            sent.add(path)
    kept = tuple(note for note in notes if note.reason != ORIGINAL_DETAIL or note.field not in sent)
    return msgspec.json.encode(value), kept


def _images(dialect: str, value: Any) -> list[tuple[Any, dict[str, Any], str]]:
    """The images by URL or data URI of a decoded Chat or Responses body, in order: each one's URL,
    the object that holds its ``detail`` (a Chat block's ``image_url``, a Responses block) and the
    detail's JSON path."""
    out: list[tuple[Any, dict[str, Any], str]] = []
    for where, blocks in _block_lists(dialect, value):
        for j, block in enumerate(blocks):
            if not isinstance(block, dict):
                continue
            if dialect == "openai_chat":
                spec = block.get("image_url") if block.get("type") == "image_url" else None
                if isinstance(spec, dict):
                    out.append((spec.get("url"), spec, f"{where}[{j}].image_url.detail"))
            elif block.get("type") == "input_image" and block.get("file_id") is None:
                out.append((block.get("image_url"), block, f"{where}[{j}].detail"))
    return out


def _block_lists(dialect: str, value: Any) -> list[tuple[str, list[Any]]]:
    """The content block lists of a decoded body's messages (Chat rows; Responses messages and
    function and custom call outputs) and their JSON paths, in order."""
    key = "messages" if dialect == "openai_chat" else "input"
    items = value.get(key) if isinstance(value, dict) else None
    out: list[tuple[str, list[Any]]] = []
    for i, item in enumerate(items if isinstance(items, list) else ()):
        if not isinstance(item, dict):
            continue
        if dialect == "openai_chat" or item.get("type") in _RESPONSES_MESSAGES:
            field = "content"
        elif item.get("type") in _RESPONSES_OUTPUTS:
            field = "output"
        else:
            continue
        blocks = item.get(field)
        if isinstance(blocks, list):
            out.append((f"$.{key}[{i}].{field}", blocks))
    return out
