"""The content blocks of a Responses request's input items -> canonical part dicts (the dict walker's).

The input blocks of a message or a ``function_call_output`` (``input_text``, ``input_image``,
``input_file``, ``input_audio`` in lm15's and the openai SDK's shapes, ``input_video``) and an
assistant message's ``output_text`` and ``refusal`` blocks, as :mod:`lmcodec.providers.openai.read`
lists their verdicts; every other block is refused with its JSON path.
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.errors import quoted
from lmcodec.providers.openai._read_common import (
    array,
    data_uri,
    fail,
    image_detail,
    obj,
    only_keys,
    string,
    url_image_type,
)

__all__ = ["assistant_content", "input_block"]

_INPUT_TEXT_BLOCK_KEYS: Final = frozenset({"type", "text", "prompt_cache_breakpoint"})
_INPUT_IMAGE_BLOCK_KEYS: Final = frozenset({"type", "image_url", "file_id", "detail"})
_INPUT_AUDIO_BLOCK_KEYS: Final = frozenset({"type", "audio_url", "file_id", "audio", "format"})
_SDK_INPUT_AUDIO_BLOCK_KEYS: Final = frozenset({"type", "input_audio"})
_SDK_INPUT_AUDIO_KEYS: Final = frozenset({"data", "format"})
_INPUT_VIDEO_BLOCK_KEYS: Final = frozenset({"type", "video_url", "file_id", "video_data"})
_INPUT_FILE_BLOCK_KEYS: Final = frozenset({"type", "file_url", "file_id", "filename", "file_data"})
_ONE_FILE_SOURCE: Final = (
    "an input_file by file_url or file_id carries nothing else on lm15's wire (one source; a "
    "filename only beside file_data)"
)
_ASSISTANT_MESSAGE_KEYS: Final = frozenset({"type", "role", "content"})
_OUTPUT_TEXT_BLOCK_KEYS: Final = frozenset({"type", "text", "annotations", "logprobs", "parsed"})
_REFUSAL_BLOCK_KEYS: Final = frozenset({"type", "refusal"})


def _data_uri(value: str, path: str) -> tuple[str, str]:
    if not value.startswith("data:"):
        fail("expected a base64 data URI", path)
    parsed = data_uri(value)
    if parsed is None:
        fail("a data URI must read data:<media-type>;base64,<payload>", path)
    return parsed


def input_block(block: dict[str, Any], path: str) -> dict[str, Any]:
    """One input content block -> one canonical part (the inverse of the builder's ``_input_block``)."""
    kind = block.get("type")
    if kind == "input_text":
        only_keys(block, _INPUT_TEXT_BLOCK_KEYS, path, "an input_text block")
        return {"type": "text", "text": string(block.get("text"), f"{path}.text")}
    if kind == "input_image":
        only_keys(block, _INPUT_IMAGE_BLOCK_KEYS, path, "an input_image block")
        part: dict[str, Any] = {"type": "image", "media_type": "image/png"}
        if block.get("file_id") is not None:
            if block.get("image_url") is not None:
                fail("an input_image by file_id carries nothing else on lm15's wire", path)
            if block.get("detail") not in (None, "auto"):  # "auto", the server's default, is left out
                fail("lm15's wire sends an input_image by file_id without its detail", f"{path}.detail")
            part["file_id"] = string(block["file_id"], f"{path}.file_id")
            return part
        url = string(block.get("image_url"), f"{path}.image_url")
        if url.startswith("data:"):
            part["media_type"], part["data"] = _data_uri(url, f"{path}.image_url")
        else:
            part["media_type"], part["url"] = url_image_type(url), url
        if block.get("detail") is not None:
            part["detail"] = image_detail(block["detail"], f"{path}.detail")
        return part
    if kind == "input_file":
        return _file_block(block, path)
    if kind == "input_audio":
        if "input_audio" in block:  # the openai SDK's ResponseInputAudioParam
            only_keys(block, _SDK_INPUT_AUDIO_BLOCK_KEYS, path, "an input_audio block")
            audio = obj(block["input_audio"], f"{path}.input_audio")
            only_keys(audio, _SDK_INPUT_AUDIO_KEYS, f"{path}.input_audio", "input_audio")
            return {
                "type": "audio",
                "media_type": f"audio/{string(audio.get('format'), f'{path}.input_audio.format')}",
                "data": string(audio.get("data"), f"{path}.input_audio.data"),
            }
        only_keys(block, _INPUT_AUDIO_BLOCK_KEYS, path, "an input_audio block")
        if block.get("audio_url") is not None:
            return {
                "type": "audio",
                "media_type": "audio/wav",
                "url": string(block["audio_url"], f"{path}.audio_url"),
            }
        if block.get("file_id") is not None:
            return {
                "type": "audio",
                "media_type": "audio/wav",
                "file_id": string(block["file_id"], f"{path}.file_id"),
            }
        fmt = string(block.get("format"), f"{path}.format")
        return {
            "type": "audio",
            "media_type": f"audio/{fmt}",
            "data": string(block.get("audio"), f"{path}.audio"),
        }
    if kind == "input_video":
        only_keys(block, _INPUT_VIDEO_BLOCK_KEYS, path, "an input_video block")
        if block.get("video_url") is not None:
            return {
                "type": "video",
                "media_type": "video/mp4",
                "url": string(block["video_url"], f"{path}.video_url"),
            }
        if block.get("file_id") is not None:
            return {
                "type": "video",
                "media_type": "video/mp4",
                "file_id": string(block["file_id"], f"{path}.file_id"),
            }
        media_type, data = _data_uri(
            string(block.get("video_data"), f"{path}.video_data"), f"{path}.video_data"
        )
        return {"type": "video", "media_type": media_type, "data": data}
    fail(f"an input block of type {quoted(kind)} cannot be carried by a canonical Request", f"{path}.type")


def _file_block(block: dict[str, Any], path: str) -> dict[str, Any]:
    only_keys(block, _INPUT_FILE_BLOCK_KEYS, path, "an input_file block")
    if block.get("file_url") is not None or block.get("file_id") is not None:
        if sum(block.get(key) is not None for key in ("file_url", "file_id", "file_data", "filename")) > 1:
            fail(_ONE_FILE_SOURCE, path)
    if block.get("file_url") is not None:
        return {
            "type": "document",
            "media_type": "application/pdf",
            "url": string(block["file_url"], f"{path}.file_url"),
        }
    if block.get("file_id") is not None:
        return {
            "type": "document",
            "media_type": "application/pdf",
            "file_id": string(block["file_id"], f"{path}.file_id"),
        }
    media_type, data = _data_uri(string(block.get("file_data"), f"{path}.file_data"), f"{path}.file_data")
    expected = "file." + (media_type.split("/", 1)[-1].split("+", 1)[0] or "bin")
    if block.get("filename") != expected:
        fail(
            f"a filename other than {expected!r} cannot be carried (lm15 derives it from the media type)",
            f"{path}.filename",
        )
    return {"type": "document", "media_type": media_type, "data": data}


def assistant_content(item: dict[str, Any], path: str) -> list[dict[str, Any]]:
    only_keys(item, _ASSISTANT_MESSAGE_KEYS, path, "an assistant message")
    content = item.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    parts = []
    for position, raw in enumerate(array(content, f"{path}.content")):
        where = f"{path}.content[{position}]"
        block = obj(raw, where)
        kind = block.get("type")
        if kind == "output_text":
            only_keys(block, _OUTPUT_TEXT_BLOCK_KEYS, where, "an output_text block")
            for key in ("annotations", "logprobs"):
                if block.get(key):
                    fail(f"non-empty {key} cannot be carried back to the provider", f"{where}.{key}")
            if block.get("parsed") is not None:  # the SDK's parse helpers' value of the text; null: absent
                fail("a parsed value cannot be carried back to the provider", f"{where}.parsed")
            parts.append({"type": "text", "text": string(block.get("text"), f"{where}.text")})
        elif kind == "refusal":
            only_keys(block, _REFUSAL_BLOCK_KEYS, where, "a refusal block")
            parts.append({"type": "refusal", "text": string(block.get("refusal"), f"{where}.refusal")})
        else:
            fail(f"an assistant block of type {quoted(kind)} cannot be carried", f"{where}.type")
    return parts
