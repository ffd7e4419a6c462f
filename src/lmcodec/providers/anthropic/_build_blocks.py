"""The content blocks of a Request's messages for the Messages API, as lm15 1.5.0 writes them.

The message walk (one dispatch on each part's exact type, the common parts inline), lm15's media
refusals, and the cache marks of ``prefix_until_index`` / ``prefix="history"``. Used by
:mod:`.build`.
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.errors import ProviderError, ValidationError
from lmcodec.providers._build_common import (
    MEDIA_KINDS,
    data_part_text,
    parts_to_text,
    path_base64,
    texts_with_an_image,
    unknown_item,
    unsupported,
)
from lmcodec.providers._build_wire import (
    UNSET,
    AnthropicMessage,
    AnthropicText,
    AnthropicThinking,
    AnthropicToolResult,
    AnthropicToolUse,
)
from lmcodec.wire import (
    AudioPart,
    BinaryPart,
    CacheConfig,
    DataPart,
    DocumentPart,
    ImagePart,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    VideoPart,
)
from lmcodec.wire._exact import subclassed
from lmcodec.wire.unknown import Unknown

__all__ = ["mark_cache", "messages", "texts_and_images_result", "tool_result_general"]

PROVIDER: Final = "anthropic"
_NO_MESSAGE_SLOT: Final = frozenset({"audio", "video", "binary"})
_RESULT_MEDIA: Final = frozenset({"image", "document"})


def _source(part: Any) -> dict[str, Any]:
    """lm15 ``anthropic_source``: url, then file id, then inline (or path) bytes."""
    if part.url is not None:
        return {"type": "url", "url": part.url}
    if part.file_id is not None:
        return {"type": "file", "file_id": part.file_id}
    if part.data is not None:
        return {"type": "base64", "media_type": part.media_type, "data": part.data}
    return {"type": "base64", "media_type": part.media_type, "data": path_base64(part)}


def _result_block(part: Any) -> dict[str, Any]:
    kind = type(part)
    if kind is TextPart:
        return {"type": "text", "text": part.text}
    if kind is DataPart:
        return {"type": "text", "text": data_part_text(part)}
    if kind is ImagePart:
        return {"type": "image", "source": _source(part)}
    if kind is DocumentPart:
        return {"type": "document", "source": _source(part)}
    return {"type": "text", "text": parts_to_text((part,), provider=PROVIDER)}


def _tool_result(part: ToolResultPart) -> Any:
    content = part.content
    if len(content) == 1 and type(content[0]) is TextPart:
        if part.is_error:
            return AnthropicToolResult(part.id, content[0].text, True)
        return AnthropicToolResult(part.id, content[0].text)
    written = texts_and_images_result(part)
    if written is not None:
        return written
    return tool_result_general(part)


def texts_and_images_result(part: ToolResultPart) -> AnthropicToolResult | None:
    """The block of a result of exact TextParts and ImageParts with at least one image (the usual
    result with media) in one pass, as :func:`tool_result_general` writes it (a media check over
    every part, a list comprehension of ``_result_block``, a dict); None for any other content."""
    content: tuple[Any, ...] = part.content
    if not texts_with_an_image(content):
        return None
    blocks: list[dict[str, Any]] = []
    for item in content:
        if type(item) is TextPart:
            blocks.append({"type": "text", "text": item.text})
        else:
            blocks.append({"type": "image", "source": _source(item)})
    return AnthropicToolResult(part.id, blocks, True if part.is_error else UNSET)


def tool_result_general(part: ToolResultPart) -> Any:
    """:func:`_tool_result` of any content other than one text part (lm15's checks in its order)."""
    content = part.content
    for item in content:
        if item.type in MEDIA_KINDS and item.type not in _RESULT_MEDIA:
            raise unsupported(
                PROVIDER,
                f"anthropic: a {item.type} part in tool_result {part.id!r} cannot reach "
                "a tool_result block — "
                f"this server carries images but not {item.type} parts in a tool result "
                "(compat tool_result_media='native', measured: lm15-contract/research/tool-result-content/). "
                "Carried natively by no lm15 door yet; "
                "or render the part to text yourself before building the tool result (MAP-10)",
                f"messages[*].tool_result[{part.id}].content[{item.type}]",
            )
    blocks = [_result_block(p) for p in part.content]
    out: dict[str, Any] = {"type": "tool_result", "tool_use_id": part.id}
    if len(blocks) == 1 and blocks[0]["type"] == "text":
        out["content"] = blocks[0]["text"]
    else:
        out["content"] = blocks
    if part.is_error:
        out["is_error"] = True
    return out


def _thinking(part: ThinkingPart) -> Any:
    """lm15's block of a thinking part: its first redacted state's, else (its first signature
    state's signature set) a thinking block, else its text; the states read in one pass."""
    signed: dict[str, Any] | None = None
    for state in part.continuation:
        if state.provider == PROVIDER:
            kind = state.kind
            if kind == "redacted_thinking":
                return {"type": "redacted_thinking", **state.data}
            if kind == "thinking_signature" and signed is None:
                signed = state.data
    if signed and signed.get("signature"):
        return AnthropicThinking(part.text, signed["signature"])
    return AnthropicText(part.text)


def _data(part: DataPart) -> dict[str, Any]:
    return {"type": "text", "text": data_part_text(part)}


def _image(part: ImagePart) -> dict[str, Any]:
    return {"type": "image", "source": _source(part)}


def _document(part: DocumentPart) -> dict[str, Any]:
    return {"type": "document", "source": _source(part)}


def _no_slot(part: Any) -> dict[str, Any]:
    raise _NoSlot


def _other(part: Any) -> Any:
    exact = subclassed(part)
    if exact is not None:  # a user's subclass of a kind: written as the kind
        return _block(exact)
    if isinstance(part, Unknown):
        raise unknown_item(part, PROVIDER)
    return {"type": "text", "text": getattr(part, "text", "") or ""}


class _NoSlot(Exception):
    """A part the Messages API has no content slot for; the caller names the first one."""


_BLOCKS: Final[dict[type, Any]] = {  # the parts other than text and tool calls
    ThinkingPart: _thinking,
    DataPart: _data,
    ImagePart: _image,
    DocumentPart: _document,
    AudioPart: _no_slot,
    VideoPart: _no_slot,
    BinaryPart: _no_slot,
}


def _block(part: Any) -> Any:
    """The content block of any part (the walk writes the common ones inline)."""
    kind = type(part)
    if kind is TextPart:
        return AnthropicText(part.text)
    if kind is ToolCallPart:
        return AnthropicToolUse(part.id, part.name, part.input)
    if kind is ToolResultPart:
        return _tool_result(part)
    return _BLOCKS.get(kind, _other)(part)


def messages(request: Request) -> list[AnthropicMessage]:
    """The messages, in one pass; a refusal names the first part lm15's media check names.

    A text part with no continuation state is its own block: msgspec writes a TextPart as the
    ``{"type": "text", "text"}`` block; a message of such parts alone is its own content. A tool
    turn of one result is written before the loop over the parts, whose list and tests cost
    more than its block (benchmarks/NOTES.md, ``## perf27a``)."""
    out: list[AnthropicMessage] = []
    append = out.append
    try:
        for message in request.messages:
            role = message.role
            parts: tuple[Any, ...] = message.parts  # dispatched on their exact type below
            if role == "developer":
                for part in parts:
                    _block(part)  # refused as lm15 refuses it
                developer = AnthropicText("[developer]\n" + parts_to_text(parts))
                append(AnthropicMessage("user", [developer]))
                continue
            if len(parts) == 1:
                only = parts[0]
                if type(only) is TextPart and not only.continuation:
                    append(AnthropicMessage("assistant" if role == "assistant" else "user", parts))
                    continue
                if type(only) is ToolResultPart:  # a tool turn of one result (only a tool turn holds one)
                    content = only.content
                    if len(content) == 1 and type(content[0]) is TextPart:
                        text = content[0].text
                        if only.is_error:
                            append(AnthropicMessage("user", [AnthropicToolResult(only.id, text, True)]))
                        else:
                            append(AnthropicMessage("user", [AnthropicToolResult(only.id, text)]))
                    else:
                        append(AnthropicMessage("user", [_tool_result(only)]))
                    continue
            blocks: list[Any] = []
            if role == "tool":
                for part in parts:
                    if type(part) is ToolResultPart and not part.is_error:
                        content = part.content
                        if len(content) == 1 and type(content[0]) is TextPart:
                            blocks.append(AnthropicToolResult(part.id, content[0].text))
                            continue
                    blocks.append(_block(part))
            else:
                for part in parts:
                    kind = type(part)
                    if kind is TextPart:
                        blocks.append(AnthropicText(part.text) if part.continuation else part)
                    elif kind is ToolCallPart:
                        blocks.append(AnthropicToolUse(part.id, part.name, part.input))
                    elif kind is ThinkingPart:  # unsigned: a text block, as _thinking writes it
                        blocks.append(_thinking(part) if part.continuation else AnthropicText(part.text))
                    elif kind is ImagePart:
                        blocks.append({"type": "image", "source": _source(part)})
                    else:
                        blocks.append(_block(part))
            append(AnthropicMessage("assistant" if role == "assistant" else "user", blocks))
    except (_NoSlot, ProviderError, ValidationError, OSError):
        _check_media(request)
        raise
    return out


def _check_media(request: Request) -> None:
    """lm15 ``check_message_media``: audio, video and binary parts have no content slot."""
    for i, message in enumerate(request.messages):
        for j, part in enumerate(message.parts):
            if part.type in _NO_MESSAGE_SLOT:
                raise unsupported(
                    PROVIDER,
                    f"anthropic: messages[{i}].parts[{j}]: the program depends on this "
                    f"{message.role} {part.type} part; no native anthropic content slot carries it (MAP-10)",
                    f"messages[{i}].parts[{j}]",
                )


def mark_cache(cache: CacheConfig, messages: list[AnthropicMessage]) -> None:
    """MAP-6: the block marks of ``prefix_until_index`` / ``prefix="history"``."""
    if cache.resource is not None:
        raise unsupported(
            PROVIDER,
            "anthropic: cache.resource is not supported — the Messages API has no "
            "stored-cache tier; it caches by marks on blocks",
            "config.cache.resource",
        )
    if cache.prefix_until_index is not None:
        index = min(cache.prefix_until_index, len(messages) - 1)
    elif cache.prefix == "history":
        index = len(messages) - 1
    else:
        return
    message = messages[index]
    content = message.content
    if content:
        marker = {"type": "ephemeral", "ttl": "1h"} if cache.retention == "long" else {"type": "ephemeral"}
        last = content[-1]
        if isinstance(last, dict):
            last.setdefault("cache_control", marker)
        elif type(last) is TextPart:  # a text part standing for its block: the marked block replaces it
            message.content = [*content[:-1], AnthropicText(last.text, marker)]
        else:  # a lean block: it never carries a mark of its own
            last.cache_control = marker
