"""The content blocks of a Chat Completions request row -> canonical part dicts (the dict walker's).

As lm15's ``request_from_openai_chat`` reads them: text (with a ``prompt_cache_breakpoint`` on the
last block), ``image_url`` (data URI or URL, the media type of a URL guessed from its path),
``input_audio`` and ``file`` blocks on a user row, images on a tool row, refusal blocks on an
assistant row; every other block is refused with its JSON path. Also an assistant row's function
tool calls and the keys of an SDK's message object dumped back into history.
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.errors import quoted
from lmcodec.providers.openai._read_common import (
    array,
    data_uri,
    fail,
    image_detail,
    integer,
    obj,
    only_keys,
    parse_arguments,
    string,
    url_image_type,
)
from lmcodec.providers.openai_chat._thinking_blocks import provider_fields

__all__ = [
    "TEXT_BLOCK_KEYS",
    "breakpoint_mark",
    "citation_parts",
    "client_object_keys",
    "content_parts",
    "text_parts",
    "tool_call_part",
]

TEXT_BLOCK_KEYS: Final = frozenset({"type", "text", "prompt_cache_breakpoint"})
AUDIO_MEDIA_TYPES: Final[dict[str, str]] = {
    "wav": "audio/wav",
    "mp3": "audio/mpeg",
    "mpeg": "audio/mpeg",
    "ogg": "audio/ogg",
    "opus": "audio/opus",
    "flac": "audio/flac",
    "aac": "audio/aac",
    "aiff": "audio/aiff",
    "webm": "audio/webm",
}
"""``input_audio.format`` -> the AudioPart's media type, as lm15's ingest reads it."""
IMAGE_BLOCK_KEYS: Final = frozenset({"type", "image_url"})
IMAGE_URL_KEYS: Final = frozenset({"url", "detail"})
BREAKPOINT: Final = {"mode": "explicit"}


def breakpoint_mark(block: dict[str, Any], path: str) -> bool:
    mark = block.get("prompt_cache_breakpoint")
    if mark is None:
        return False
    if mark != BREAKPOINT:
        fail('prompt_cache_breakpoint must be {"mode": "explicit"}', f"{path}.prompt_cache_breakpoint")
    return True


def content_parts(content: Any, path: str, role: str) -> tuple[list[dict[str, Any]], bool]:
    """A user/developer row's content -> parts, and whether its last block carries the breakpoint."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}], False
    blocks = array(content, path)
    parts: list[dict[str, Any]] = []
    marked = False
    last = len(blocks) - 1
    for index, raw in enumerate(blocks):
        where = f"{path}[{index}]"
        block = obj(raw, where)
        kind = block.get("type")
        if kind == "text":
            only_keys(block, TEXT_BLOCK_KEYS, where, "a text block")
            if breakpoint_mark(block, where):
                if index != last:
                    fail("a prompt_cache_breakpoint marks the end of a message: the last block", where)
                marked = True
            parts.append({"type": "text", "text": string(block.get("text"), f"{where}.text")})
        elif kind == "image_url" and role == "user":
            parts.append(image_part(block, where))
        elif kind == "input_audio" and role == "user":
            parts.append(audio_part(block, where))
        elif kind == "file" and role == "user":
            parts.append(file_part(block, where))
        else:
            fail(
                f"a {kind!r} block in a {role} message cannot be carried: lm15's Chat Completions "
                "builder has no slot for it",
                f"{where}.type",
            )
    if not parts:
        fail("a message needs at least one content block", path)
    return parts, marked


def image_part(block: dict[str, Any], path: str) -> dict[str, Any]:
    only_keys(block, IMAGE_BLOCK_KEYS, path, "an image_url block")
    spec = obj(block.get("image_url"), f"{path}.image_url")
    only_keys(spec, IMAGE_URL_KEYS, f"{path}.image_url", "an image_url")
    url = string(spec.get("url"), f"{path}.image_url.url")
    part: dict[str, Any] = {"type": "image"}
    if url.startswith("data:"):
        parsed = data_uri(url)
        if parsed is None:
            fail("a data URI must read data:<media-type>;base64,<payload>", f"{path}.image_url.url")
        part["media_type"], part["data"] = parsed
    else:
        part["media_type"] = url_image_type(url)
        part["url"] = url
    if "detail" in spec and spec["detail"] is not None:
        part["detail"] = image_detail(spec["detail"], f"{path}.image_url.detail")
    return part


def audio_part(block: dict[str, Any], path: str) -> dict[str, Any]:
    only_keys(block, frozenset({"type", "input_audio"}), path, "an input_audio block")
    spec = obj(block.get("input_audio"), f"{path}.input_audio")
    only_keys(spec, frozenset({"data", "format"}), f"{path}.input_audio", "an input_audio")
    media_type = AUDIO_MEDIA_TYPES.get(string(spec.get("format"), f"{path}.input_audio.format"))
    if media_type is None:
        fail(f"format must be one of {sorted(AUDIO_MEDIA_TYPES)}", f"{path}.input_audio.format")
    data = string(spec.get("data"), f"{path}.input_audio.data")
    return {"type": "audio", "media_type": media_type, "data": data}


def file_part(block: dict[str, Any], path: str) -> dict[str, Any]:
    """A ``file`` block by ``file_id`` or by a base64 data URI, as a document part."""
    only_keys(block, frozenset({"type", "file"}), path, "a file block")
    where = f"{path}.file"
    spec = obj(block.get("file"), where)
    only_keys(spec, frozenset({"file_data", "file_id", "filename"}), where, "a file")
    if spec.get("filename") is not None:
        fail("a filename cannot be carried: a canonical document part has no filename", f"{where}.filename")
    file_id, file_data = spec.get("file_id"), spec.get("file_data")
    if file_id is not None and file_data is None:
        file_id = string(file_id, f"{where}.file_id")
        return {"type": "document", "media_type": "application/pdf", "file_id": file_id}  # lm15's default
    if file_data is not None and file_id is None:
        uri = string(file_data, f"{where}.file_data")
        parsed = data_uri(uri) if uri.startswith("data:") else None
        if parsed is None:
            fail("file_data must read data:<media-type>;base64,<payload>", f"{where}.file_data")
        return {"type": "document", "media_type": parsed[0], "data": parsed[1]}
    return fail("a file needs exactly one of file_data and file_id", where)


def text_parts(content: Any, path: str, kinds: frozenset[str]) -> list[dict[str, Any]]:
    """An assistant/tool row's content as text parts (and the other ``kinds`` the row admits:
    refusal blocks on an assistant row, images on a tool row)."""
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    parts: list[dict[str, Any]] = []
    for index, raw in enumerate(array(content, path)):
        where = f"{path}[{index}]"
        block = obj(raw, where)
        kind = block.get("type")
        if kind == "text":
            only_keys(block, frozenset({"type", "text"}), where, "a text block")
            parts.append({"type": "text", "text": string(block.get("text"), f"{where}.text")})
        elif kind == "image_url" and kind in kinds:
            parts.append(image_part(block, where))
        elif kind == "refusal" and kind in kinds:
            only_keys(block, frozenset({"type", "refusal"}), where, "a refusal block")
            parts.append({"type": "refusal", "text": string(block.get("refusal"), f"{where}.refusal")})
        else:
            fail(f"a {kind!r} block cannot be carried here: lm15's builder writes text only", f"{where}.type")
    return parts


def citation_parts(raw: Any, content: str | None, path: str) -> list[dict[str, Any]]:
    """An assistant row's ``annotations`` (url_citation entries with a span into the content) as
    citation parts, as lm15 reads them; an empty list is nothing."""
    parts: list[dict[str, Any]] = []
    for index, item in enumerate(array(raw, path)):
        where = f"{path}[{index}]"
        entry = obj(item, where)
        if entry.get("type") != "url_citation":
            fail(f"a {entry.get('type')!r} annotation cannot be carried: only url_citation", f"{where}.type")
        only_keys(entry, frozenset({"type", "url_citation"}), where, "an annotation")
        spec = obj(entry.get("url_citation"), f"{where}.url_citation")
        only_keys(spec, _CITATION_KEYS, f"{where}.url_citation", "a url_citation")
        url = string(spec.get("url"), f"{where}.url_citation.url")
        part: dict[str, Any] = {"type": "citation", "url": url}
        if spec.get("title") is not None:
            part["title"] = string(spec["title"], f"{where}.url_citation.title")
        start, end = spec.get("start_index"), spec.get("end_index")
        if content is not None and isinstance(start, int) and isinstance(end, int):  # a bool too, as lm15
            if 0 <= start <= end <= len(content) and content[start:end]:
                part["text"] = content[start:end]
        parts.append(part)
    return parts


_CITATION_KEYS: Final = frozenset({"url", "title", "start_index", "end_index"})


def client_object_keys(row: dict[str, Any], path: str) -> None:
    """The keys of an SDK's message object dumped back into history (the openai SDK's
    ``message.model_dump()``, LiteLLM's): their null or empty form carries nothing and reads as
    absent, as lm15 reads it (so does LiteLLM's copy of the row's thinking_blocks in
    ``provider_specific_fields``); anything else has no canonical part and is refused (lm15 ignores a
    ``name``; here it is refused rather than dropped)."""
    for key, why in _CLIENT_OBJECT_KEYS.items():
        value = provider_fields(row) if key == "provider_specific_fields" else row.get(key)
        if not (value is None or value == [] or value == {} or _all_empty(value)):
            fail(f"an assistant row's {quoted(key)} cannot be carried: {why}", f"{path}.{key}")
    if row.get("parsed") is not None:
        fail(f"an assistant row's 'parsed' cannot be carried: {_PARSED}", f"{path}.parsed")


_CLIENT_OBJECT_KEYS: Final[dict[str, str]] = {
    "audio": "an assistant audio reference has no canonical part",
    "function_call": "the deprecated function-calling shape; send tool_calls",
    "name": "a canonical message has no participant name",
    "provider_specific_fields": "a client library's own field",
    "images": "a client library's own field",
}


_PARSED: Final = (
    "the openai SDK's parsed copy of the content or arguments, its helpers' object, not wire data"
)
"""Why a non-null ``parsed`` / ``parsed_arguments`` is refused: the ``ParsedChatCompletionMessage``
of ``chat.completions.parse()`` / ``.stream()`` holds them null unless a response_format or strict
tool made the SDK parse, and a canonical message has no slot for the parsed copy."""


def _all_empty(value: Any) -> bool:
    """A dict whose every value is null or empty (LiteLLM's ``{"refusal": null}``)."""
    return isinstance(value, dict) and all(v is None or v == [] or v == {} for v in value.values())


def tool_call_part(raw: Any, path: str) -> dict[str, Any]:
    """A function tool call; the openai SDK's stream accumulator's ``index`` (a non-negative
    integer, its bookkeeping: the call's position is its place in the list) and a null
    ``parsed_arguments`` read as absent."""
    call = obj(raw, path)
    only_keys(call, frozenset({"id", "type", "function", "index"}), path, "a tool call")
    if call.get("type", "function") != "function":
        fail(f"a {call.get('type')!r} tool call cannot be carried: only function calls", f"{path}.type")
    if "index" in call and integer(call["index"], f"{path}.index") < 0:
        fail("a tool call index must be a non-negative integer", f"{path}.index")
    function = obj(call.get("function"), f"{path}.function")
    where = f"{path}.function"
    only_keys(function, frozenset({"name", "arguments", "parsed_arguments"}), where, "a function call")
    if function.get("parsed_arguments") is not None:
        fail(
            f"a function call's 'parsed_arguments' cannot be carried: {_PARSED}", f"{where}.parsed_arguments"
        )
    return {
        "type": "tool_call",
        "id": string(call.get("id"), f"{path}.id"),
        "name": string(function.get("name"), f"{path}.function.name"),
        "input": parse_arguments(function.get("arguments", "{}"), f"{path}.function.arguments"),
    }
