"""What the openai SDK's typical Responses bodies hold that ``decode_request`` refuses, as the
gateway's reading (``lc.translate_request``) takes it (red-team gateway F09).

``decode_request`` is exact: it refuses what lm15's builder cannot give back. Two such keys are in
SDK users' bodies: an ``input_file``'s own ``filename`` beside ``file_data`` (lm15 derives the
filename from the media type, ``file.pdf``), and a ``detail`` other than ``auto`` on an
``input_image`` by ``file_id`` (lm15 sends such an image without one). A gateway reading a refused
body writes the filename lm15 would and leaves the detail out, then reads it again, one
``dropped`` Adaptation per key, named by its JSON path in the client's body; in a message's
``content`` and a ``function_call_output``'s ``output`` alike (red team 24 F03: an agent's tool that
returns a file or an image). Responses to Responses, both go back as the client sent them
(``providers/_crossing_sdk_blocks.py``). Only a body
``decode_request`` refuses is read twice; a body holding neither is refused as before.

An image's ``detail: "original"`` (the openai SDK's fourth detail; lm15's ImagePart refuses it) is
taken out the same way, and sent back where the destination has it
(``providers/_crossing_image_detail.py``; red team 27 F04).

A replayed answer's output metadata (red-team 5 F13): non-empty ``annotations`` (web search's
``url_citation``, file citations), ``logprobs`` and a non-null ``parsed`` (the SDK's parse helpers,
red team 14 F14) on an ``output_text`` block, which the SDK keeps
on ``response.output`` and the client appends to its next ``input``. The canonical text part has
no field for them and no builder sends them back; they are what the model said about its answer,
not the conversation, and every provider answers the same without them: left out, ``dropped``.

A ``text.format.description`` (red team 26 F07) is taken out the same way, and sent back where
the destination has the field (``providers/_crossing_schema_description.py``).

A string ``input`` (the SDK's ``responses.create(input="...")``) has no blocks to walk (red team
11 F01).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import msgspec

from lmcodec.wire import Adaptation
from lmcodec.wire._float_literals import decode_any

__all__ = [
    "DETAIL",
    "FILENAME",
    "ORIGINAL_DETAIL",
    "SCHEMA_DESCRIPTION",
    "Lenient",
    "sdk_keys_out",
    "sdk_keys_taken_out",
]

SCHEMA_DESCRIPTION: Final = (
    "a structured-output schema's description: the canonical response_format has none (INV-050); "
    "sent where the destination has the field (the two OpenAI dialects), else left out"
)

FILENAME: Final = (
    "an input_file's own filename: the canonical document part has none (lm15 writes file.<type>)"
)
DETAIL: Final = (
    "a detail on an input_image by file_id: lm15 sends such an image without one (the server's "
    "default, auto, applies)"
)

ORIGINAL_DETAIL: Final = (
    "an image's detail original: lm15's ImagePart.detail is low, high or auto; sent where the "
    "destination has it (the two OpenAI dialects), else left out"
)
"""The reason of both OpenAI readings' note of it (``providers/_crossing_image_detail.py``)."""


class Lenient(NamedTuple):
    """What :func:`sdk_keys_out` made of a refused body."""

    body: bytes
    notes: list[Adaptation]


def sdk_keys_out(body: bytes | bytearray | memoryview) -> Lenient | None:
    """``body`` with the keys above as lm15 writes them, one note per key changed; None when it
    holds none (or is no JSON object: the reader's own error stands)."""
    try:
        value = decode_any(body)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    notes = sdk_keys_taken_out(value)
    if not notes:
        return None
    return Lenient(msgspec.json.encode(value), notes)


def sdk_keys_taken_out(value: dict[str, Any]) -> list[Adaptation]:
    """The notes of :func:`sdk_keys_out`, the keys written in the decoded body ``value`` in place
    (the gateway's passes decoded it once: ``providers/_gateway_read.py``); it is left untouched
    where there are none."""
    items = value.get("input")
    notes: list[Adaptation] = []
    for i, item in enumerate(items if isinstance(items, list) else ()):  # a string input has no blocks
        if not isinstance(item, dict):
            continue
        key = "output" if item.get("type") == "function_call_output" else "content"
        content = item.get(key)
        for j, block in enumerate(content if isinstance(content, list) else ()):
            if isinstance(block, dict):
                _block(block, f"$.input[{i}].{key}[{j}]", notes)
    text = value.get("text")
    fmt = text.get("format") if isinstance(text, dict) else None
    if isinstance(fmt, dict) and fmt.get("type") == "json_schema" and isinstance(fmt.get("description"), str):
        notes.append(_note("$.text.format.description", SCHEMA_DESCRIPTION, fmt.pop("description")))
    return notes


_METADATA: Final = {
    "annotations": (
        "a replayed answer's annotations (citations): output metadata the canonical text part has "
        "no field for and no builder sends back; the answer's text is sent"
    ),
    "logprobs": (
        "a replayed answer's logprobs: output metadata the canonical text part has no field for "
        "and no builder sends back; the answer's text is sent"
    ),
    "parsed": (
        "a replayed answer's parsed value (the openai SDK's parse helpers' reading of the text): "
        "the canonical text part has no field for it and no builder sends it back; the text is sent"
    ),
}


def _block(block: dict[str, Any], path: str, notes: list[Adaptation]) -> None:
    kind = block.get("type")
    if kind == "output_text":
        for key, reason in _METADATA.items():
            if block.get(key) or (key == "parsed" and block.get(key) is not None):  # parsed: as the reader
                notes.append(_note(f"{path}.{key}", reason, block.pop(key)))
    elif (
        kind == "input_image"
        and block.get("file_id") is not None
        and block.get("detail") not in (None, "auto")
    ):
        notes.append(_note(f"{path}.detail", DETAIL, block.pop("detail")))
    elif kind == "input_image" and block.get("detail") == "original":
        notes.append(_note(f"{path}.detail", ORIGINAL_DETAIL, block.pop("detail")))
    elif (
        kind == "input_file"
        and isinstance(block.get("file_data"), str)
        and "filename" in block
        and block.get("file_url") is None
        and block.get("file_id") is None  # the reader takes the file by url or id, its filename unread
    ):
        data: str = block["file_data"]
        media_type = data[5:].split(",", 1)[0].split(";", 1)[0] if data.startswith("data:") else ""
        expected = "file." + (media_type.split("/", 1)[-1].split("+", 1)[0] or "bin")
        if block["filename"] != expected:
            notes.append(_note(f"{path}.filename", FILENAME, block["filename"]))
            block["filename"] = expected


def _note(where: str, reason: str, asked: Any) -> Adaptation:
    return Adaptation(field=where, action="dropped", reason=reason, asked=asked)
