"""What the openai SDK's typical Chat bodies hold that ``decode_request`` refuses, as the gateway's
reading (``lc.translate_request``) takes it (red-team gateway F09).

``decode_request`` is exact: it refuses what lm15's builder cannot give back. Three such keys are in
most SDK users' bodies: ``strict: true`` on a function tool (``openai.pydantic_function_tool``, the
Agents SDK), a participant ``name`` on a system/developer/user/assistant row (multi-agent
frameworks), a ``filename`` on a ``file`` block (OpenAI's PDF-input example). A gateway reading a
refused body takes them out and reads it again, one ``dropped`` Adaptation per key, named by its
JSON path in the client's body: the canonical Request has no field for any of them (lm15's
builders send no strict flag, no message name, no file name). Only a body ``decode_request``
refuses is read twice; a body holding none of these keys is refused as before. A
``response_format.json_schema.description`` is taken out the same way (red team 26 F07), and sent
back where the destination has the field (``providers/_crossing_schema_description.py``), and so is
an ``image_url``'s ``detail: "original"`` (the openai SDK's fourth detail; lm15's ImagePart refuses
it; ``providers/_crossing_image_detail.py``, red team 27 F04).

A replayed answer's non-null ``parsed`` (the ``ParsedChatCompletionMessage`` of the SDK's
``chat.completions.parse()``, appended to the history as returned) and a tool call's non-null
``function.parsed_arguments`` are the SDK's reading of the content and arguments the row holds:
left out in every pair, ``dropped`` (red team 29 F06), as a Responses ``output_text``'s ``parsed``
is (``providers/openai/_read_lenient.py``).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers.openai._read_lenient import ORIGINAL_DETAIL
from lmcodec.wire import Adaptation
from lmcodec.wire._float_literals import decode_any

__all__ = ["SCHEMA_DESCRIPTION", "sdk_keys_out"]

_STRICT: Final = (
    "strict: true on a function tool: the canonical tool has no strict flag and lm15's builders "
    "send none (Responses applies strict by default; Chat, Anthropic and Gemini validate nothing)"
)
_NAME: Final = "a participant name on a message: the canonical message has none, and no builder sends one"
_FILENAME: Final = "a file's filename: the canonical document part has none, and no builder sends one"
SCHEMA_DESCRIPTION: Final = (
    "a structured-output schema's description: the canonical response_format has none (INV-050); "
    "sent where the destination has the field (the two OpenAI dialects), else left out"
)
_NAMED_ROLES: Final = frozenset({"system", "developer", "user", "assistant"})
_PARSED: Final = (
    "a replayed answer's parsed value (the openai SDK's parse helpers' reading of the content): the "
    "canonical message has no field for it and no builder sends it back; the content is sent"
)
_PARSED_ARGUMENTS: Final = (
    "a replayed tool call's parsed_arguments (the openai SDK's parse helpers' reading of its "
    "arguments): the canonical call has no field for them and no builder sends them back; the "
    "arguments are sent"
)


def sdk_keys_out(body: bytes | bytearray | memoryview) -> tuple[bytes, list[Adaptation]] | None:
    """``body`` without the keys above, and one note per key taken out; None when it holds none
    (or is no JSON object: the reader's own error stands)."""
    try:
        value = decode_any(body)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    notes: list[Adaptation] = []
    tools = value.get("tools")
    for i, tool in enumerate(tools if isinstance(tools, list) else ()):
        function = tool.get("function") if isinstance(tool, dict) else None
        if isinstance(function, dict) and function.get("strict") is True:
            del function["strict"]
            notes.append(_note(f"$.tools[{i}].function.strict", _STRICT, True))
    rows = value.get("messages")
    for i, row in enumerate(rows if isinstance(rows, list) else ()):
        if not isinstance(row, dict):
            continue
        role = row.get("role")
        if isinstance(role, str) and role in _NAMED_ROLES and isinstance(row.get("name"), str):
            notes.append(_note(f"$.messages[{i}].name", _NAME, row.pop("name")))
        if role == "assistant":
            _parsed_out(row, f"$.messages[{i}]", notes)
        content = row.get("content")
        for j, block in enumerate(content if isinstance(content, list) else ()):
            spec = block.get("file") if isinstance(block, dict) and block.get("type") == "file" else None
            if isinstance(spec, dict) and isinstance(spec.get("filename"), str):
                notes.append(
                    _note(f"$.messages[{i}].content[{j}].file.filename", _FILENAME, spec.pop("filename"))
                )
            image = (
                block.get("image_url")
                if isinstance(block, dict) and block.get("type") == "image_url"
                else None
            )
            if isinstance(image, dict) and image.get("detail") == "original":
                where = f"$.messages[{i}].content[{j}].image_url.detail"
                notes.append(_note(where, ORIGINAL_DETAIL, image.pop("detail")))
    response_format = value.get("response_format")
    spec = response_format.get("json_schema") if isinstance(response_format, dict) else None
    if isinstance(spec, dict) and isinstance(spec.get("description"), str):
        where = "$.response_format.json_schema.description"
        notes.append(_note(where, SCHEMA_DESCRIPTION, spec.pop("description")))
    if not notes:
        return None
    return msgspec.json.encode(value), notes


def _parsed_out(row: dict[str, Any], path: str, notes: list[Adaptation]) -> None:
    """An assistant ``row`` without its non-null ``parsed`` and its calls' ``parsed_arguments``."""
    if row.get("parsed") is not None:
        notes.append(_note(f"{path}.parsed", _PARSED, row.pop("parsed")))
    calls = row.get("tool_calls")
    for k, call in enumerate(calls if isinstance(calls, list) else ()):
        function = call.get("function") if isinstance(call, dict) else None
        if isinstance(function, dict) and function.get("parsed_arguments") is not None:
            where = f"{path}.tool_calls[{k}].function.parsed_arguments"
            notes.append(_note(where, _PARSED_ARGUMENTS, function.pop("parsed_arguments")))


def _note(where: str, reason: str, asked: Any) -> Adaptation:
    return Adaptation(field=where, action="dropped", reason=reason, asked=asked)
