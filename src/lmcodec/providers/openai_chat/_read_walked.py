"""The Chat Completions reader's dict walker: every key of a body checked with its JSON path.

What :mod:`lmcodec.providers.openai_chat.read` runs where its typed fast path refuses: it names the
fault (a ValidationError with the JSON path) or agrees with the fast path; the verdicts are listed
in that module's docstring.
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.errors import quoted
from lmcodec.providers._pairing import named_by_their_calls
from lmcodec.providers._unsigned_thinking import Unsigned
from lmcodec.providers.openai._read_common import (
    array,
    boolean,
    fail,
    finish,
    obj,
    only_keys,
    parse_body,
    string,
)
from lmcodec.providers.openai_chat._read_blocks import (
    TEXT_BLOCK_KEYS,
    breakpoint_mark,
    citation_parts,
    client_object_keys,
    content_parts,
    text_parts,
    tool_call_part,
)
from lmcodec.providers.openai_chat._read_config import REFUSED_KEYS, Reader, config_fields
from lmcodec.providers.openai_chat._thinking_blocks import PLACE, placed_thinking, thinking_in_place
from lmcodec.wire import Request

__all__ = ["decode_walked"]

ROLES: Final = frozenset({"system", "developer", "user", "assistant", "tool"})
ROW_KEYS: Final[dict[str, frozenset[str]]] = {
    "system": frozenset({"role", "content"}),
    "developer": frozenset({"role", "content"}),
    "user": frozenset({"role", "content"}),
    "assistant": frozenset(
        {
            "role",
            "content",
            "tool_calls",
            "refusal",
            "thinking_blocks",
            "reasoning_content",
            "annotations",
            "audio",
            "function_call",
            "name",
            "provider_specific_fields",
            "images",
            "parsed",
        }
    ),
    "tool": frozenset({"role", "content", "tool_call_id", "name"}),
}


def decode_walked(body: bytes, unsigned: Unsigned = None) -> Request:
    """The dict walker: every key checked with its JSON path; tool results named after their calls
    where a call id is reused (``_pairing``)."""
    value = parse_body(body)
    reader = Reader()
    model = string(value.get("model"), "$.model") if "model" in value else fail("missing", "$.model")
    for key, why in REFUSED_KEYS.items():
        if key in value:
            fail(f"{quoted(key)} cannot be carried by a canonical Request: {why}", f"$.{key}")
    if value.get("n", 1) is None:  # a known key set to null reads as absent
        del value["n"]
    if "n" in value and value["n"] != 1:
        fail("n other than 1 cannot be carried: a canonical Response holds one choice", "$.n")
    if "messages" not in value:
        fail("missing", "$.messages")
    tool_name = "$.functions[{}].name" if "functions" in value else "$.tools[{}].function.name"
    _deprecated_spellings(value)
    system, messages = _messages(array(value["messages"], "$.messages"), reader, unsigned)
    canonical: dict[str, Any] = {"model": model, "messages": messages}
    if system is not None:
        canonical["system"] = system
    if value.get("tools") is not None:
        canonical["tools"] = _tools(array(value["tools"], "$.tools"))
    canonical["config"] = config_fields(value, model, reader)
    return named_by_their_calls(finish(canonical, tool_name))


def _deprecated_spellings(value: dict[str, Any]) -> None:
    """``functions`` as ``tools`` and ``function_call`` as ``tool_choice``, as lm15's ingest reads
    them (the builder writes them back in the current spelling)."""
    if "functions" in value:
        if "tools" in value:
            fail("functions and tools cannot both be given", "$.functions")
        value["tools"] = [
            {"type": "function", "function": item} for item in array(value.pop("functions"), "$.functions")
        ]
    if "function_call" in value:
        if "tool_choice" in value:
            fail("function_call and tool_choice cannot both be given", "$.function_call")
        call = value.pop("function_call")
        if call in ("none", "auto"):
            value["tool_choice"] = call
        elif isinstance(call, dict) and "name" in call:
            value["tool_choice"] = {"type": "function", "function": {"name": call["name"]}}
        else:
            fail("function_call must be 'none', 'auto' or {\"name\": ...}", "$.function_call")


def _messages(
    rows: list[Any], reader: Reader, unsigned: Unsigned = None
) -> tuple[str | None, list[dict[str, Any]]]:
    system: str | None = None
    messages: list[dict[str, Any]] = []
    for index, raw in enumerate(rows):
        path = f"$.messages[{index}]"
        row = obj(raw, path)
        role = string(row.get("role"), f"{path}.role")
        if role not in ROLES:
            fail(f"unknown role {quoted(role)}; expected one of {sorted(ROLES)}", f"{path}.role")
        only_keys(row, ROW_KEYS[role], path, f"a {role} message")
        if index == 0 and role in ("system", "developer") and len(rows) > 1:  # a lone row is a message
            system = _leading_system(row, path, reader)
            if system is not None:
                continue
        if role == "tool":
            result = _tool_row(row, path)
            if messages and messages[-1]["role"] == "tool":  # consecutive tool rows: one tool message
                messages[-1]["parts"] += result["parts"]
            else:
                messages.append(result)
        elif role == "assistant":
            messages.append(_assistant_row(row, path, unsigned))
        else:
            parts, marked = content_parts(row.get("content"), f"{path}.content", role)
            if marked:
                reader.mark(len(messages), f"{path}.content")
            canonical_role = "user" if role == "user" else "developer"
            messages.append({"role": canonical_role, "parts": parts})
    if not messages:
        fail("a canonical Request needs at least one message besides the system prompt", "$.messages")
    return system, messages


def _leading_system(row: dict[str, Any], path: str, reader: Reader) -> Any:
    """The first (system or developer) row as ``Request.system`` (lm15's rule), or None (empty
    text only): string content, or text blocks (one: its text; several: text parts), the last maybe marked."""
    content = row.get("content")
    if isinstance(content, str):
        return content or None
    if not isinstance(content, list) or not content:
        return None
    if not all(isinstance(block, dict) and block.get("type") == "text" for block in content):
        return None
    texts: list[str] = []
    marked = False
    for index, block in enumerate(content):
        where = f"{path}.content[{index}]"
        only_keys(block, TEXT_BLOCK_KEYS, where, "a text block")
        if breakpoint_mark(block, where):
            if index != len(content) - 1:
                fail("a prompt_cache_breakpoint marks the end of a message: the last block", where)
            marked = True
        texts.append(string(block.get("text"), f"{where}.text"))
    if not any(texts):  # empty text only: a message (lm15 would rebuild the system prompt as "\n"s)
        return None
    reader.stable = marked
    return texts[0] if len(texts) == 1 else [{"type": "text", "text": text} for text in texts]


def _assistant_row(row: dict[str, Any], path: str, unsigned: Unsigned = None) -> dict[str, Any]:
    """As lm15's ingest: the thinking first (``reasoning_content``, or the ``thinking_blocks`` it
    copies: ``_thinking_blocks``), a ``refusal`` key a refusal part after the content (lm15's
    builder replays both as content text); a thinking block written after some of the calls
    (Claude's interleaved thinking: its entry's ``after_tool_calls``) before the call after them;
    ``unsigned``: the gateway's reading."""
    content = row.get("content")
    thinking, places = placed_thinking(row, path, unsigned)  # _thinking_blocks
    said: list[dict[str, Any]] = []
    if content is not None:
        said += text_parts(content, f"{path}.content", frozenset({"refusal"}))
    if row.get("refusal") is not None:
        said.append({"type": "refusal", "text": string(row["refusal"], f"{path}.refusal")})
    calls = row.get("tool_calls")
    if calls is not None:
        for index, raw in enumerate(array(calls, f"{path}.tool_calls")):
            said.append(tool_call_part(raw, f"{path}.tool_calls[{index}]"))
    parts = thinking_in_place(thinking, places, said, _is_call_value)
    if parts is None:  # a place past the calls written
        fail(f"{PLACE} counts more tool calls than the message holds", f"{path}.thinking_blocks")
    if row.get("annotations") is not None:
        spanned = content if isinstance(content, str) else None
        parts += citation_parts(row["annotations"], spanned, f"{path}.annotations")
    client_object_keys(row, path)
    if not parts:  # lm15's never-empty rule (MAP-2), applied to history
        parts.append({"type": "text", "text": ""})
    return {"role": "assistant", "parts": parts}


def _is_call_value(part: dict[str, Any]) -> bool:
    return bool(part.get("type") == "tool_call")


def _tool_row(row: dict[str, Any], path: str) -> dict[str, Any]:
    call_id = string(row.get("tool_call_id"), f"{path}.tool_call_id")
    content = text_parts(row.get("content"), f"{path}.content", frozenset({"image_url"}))
    if not content:
        fail("a tool row needs content", f"{path}.content")
    result: dict[str, Any] = {"type": "tool_result", "id": call_id, "content": content}
    if row.get("name") is not None:  # lm15 keeps it (Gemini's functionResponse names the call)
        result["name"] = string(row["name"], f"{path}.name")
    return {"role": "tool", "parts": [result]}


def _tools(raw: list[Any]) -> list[dict[str, Any]]:
    tools: list[dict[str, Any]] = []
    for index, item in enumerate(raw):
        path = f"$.tools[{index}]"
        tool = obj(item, path)
        if tool.get("type") != "function":
            fail(f"a {quoted(tool.get('type'))} tool cannot be carried: only function tools", f"{path}.type")
        only_keys(tool, frozenset({"type", "function"}), path, "a tool")
        function = obj(tool.get("function"), f"{path}.function")
        where = f"{path}.function"
        only_keys(function, frozenset({"name", "description", "parameters", "strict"}), where, "a function")
        strict = function.get("strict")
        if strict is not None and boolean(strict, f"{where}.strict"):
            fail(
                "strict: true cannot be carried: lm15's chat builder sends no strict flag", f"{where}.strict"
            )
        out: dict[str, Any] = {"type": "function", "name": string(function.get("name"), f"{where}.name")}
        if function.get("description") is not None:
            out["description"] = string(function["description"], f"{where}.description")
        if function.get("parameters") is not None:
            out["parameters"] = obj(function["parameters"], f"{where}.parameters")
        else:
            out["parameters"] = {"type": "object", "properties": {}}
        tools.append(out)
    return tools
