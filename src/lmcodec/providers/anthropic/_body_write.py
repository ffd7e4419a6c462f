"""A Response -> a Messages API non-streamed body (``type: message``; the stream writer's sibling:
the same blocks, stop reason and usage object)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Final

import msgspec

from lmcodec.providers._build_common import NO_PART, data_part_text
from lmcodec.providers._part_kinds import kind_of
from lmcodec.providers.anthropic import _frames as f
from lmcodec.providers.anthropic.body import parse_response
from lmcodec.wire import CitationPart, DataPart, RefusalPart, Response, TextPart, ThinkingPart, ToolCallPart

__all__ = ["encode_response"]

_encode = f.ENCODER.encode


def encode_response(response: Response) -> bytes:
    """A Messages body for ``response``. Its ``provider_data`` is written as it came when it is
    a Messages body that reads back as this same response; otherwise the body is built from the
    parts (what the stream writer drops is dropped here too; a DataPart is written as its JSON text,
    a RefusalPart as text with ``stop_reason: "refusal"``; lm15's one empty text part of an answer
    with no part, :data:`NO_PART`, as no block: the stream writer writes none, lm15 reads
    ``content: []`` back as that part, and the Messages API refuses an empty text block sent back)."""
    data = response.provider_data
    if data is not None and data.get("type") == "message":
        kept = _kept_body(data, response)
        if kept is not None:
            return kept
    message_id = response.id or f.message_id()
    answer = () if response.message.parts == NO_PART else response.message.parts
    content = plain_blocks(answer)
    has_tool = refused = False
    if content is None:
        content, has_tool, refused = built_blocks(answer)
    reason = "refusal" if refused else f.stop_reason(response.finish_reason, has_tool)
    usage = f.usage_object(response.usage)
    usage.setdefault("input_tokens", 0)
    body = {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": response.model,
        "content": content,
        "stop_reason": reason,
        "stop_sequence": None,
        "usage": {"input_tokens": usage.pop("input_tokens"), **usage},
    }
    return _encode(body)


class _TextBlock(msgspec.Struct, gc=False, tag_field="type", tag="text"):
    """A text block as the loop writes it (``{"type": "text", "text": ...}``), built in C."""

    text: str


class _ThinkingBlock(msgspec.Struct, gc=False, tag_field="type", tag="thinking"):
    """A thinking block without signature as :func:`_thinking_block` writes it, built in C."""

    thinking: str
    signature: str = ""


_BLOCKS: Final = {TextPart: _TextBlock, ThinkingPart: _ThinkingBlock}
_continuation = attrgetter("continuation")


def plain_blocks(answer: tuple[Any, ...]) -> list[Any] | None:
    """The content of an answer of text and thinking parts without continuation state (no
    signature, no redaction): a two-step comprehension a part, each block a Struct built in C,
    where :func:`built_blocks`' loop dispatches on the kind and builds a dict (red team 47 F03; a
    ``map`` over the classes costs more: ``StructMeta.__call__`` parses its arguments); None for
    any other answer."""
    if not _BLOCKS.keys() >= set(map(type, answer)) or any(map(_continuation, answer)):
        return None
    blocks = _BLOCKS
    return [blocks[type(part)](part.text) for part in answer]


_ORDER: Final = (TextPart, CitationPart, ThinkingPart, ToolCallPart, DataPart, RefusalPart)
"""The kinds :func:`built_blocks` writes, in the order it tests a subclass against them."""
_KINDS: Final = frozenset(_ORDER)


def built_blocks(answer: tuple[Any, ...]) -> tuple[list[Any], bool, bool]:
    """The content of any answer, whether it holds a tool call, whether a refusal."""
    content: list[Any] = []
    has_tool = False
    refused = False
    for part in answer:
        kind: type | None = type(part)
        if kind not in _KINDS:  # a subclass of a kind (or no kind): tested one kind at a time
            kind = kind_of(part, _ORDER)
        if kind is TextPart:
            content.append({"type": "text", "text": part.text})
        elif kind is CitationPart:
            if not content or content[-1].get("type") != "text":
                content.append({"type": "text", "text": ""})
            content[-1].setdefault("citations", []).append(f.citation(part))
        elif kind is ThinkingPart:
            content.append(_thinking_block(part))
        elif kind is ToolCallPart:
            has_tool = True
            content.append({"type": "tool_use", "id": part.id, "name": part.name, "input": part.input})
        elif kind is DataPart:
            content.append({"type": "text", "text": data_part_text(part)})
        elif kind is RefusalPart:
            refused = True
            content.append({"type": "text", "text": part.text})
    return content, has_tool, refused


def _thinking_block(part: ThinkingPart) -> dict[str, Any]:
    signature = ""
    for state in part.continuation:
        if state.provider != "anthropic":
            continue
        if state.kind == "redacted_thinking" and "data" in state.data:
            return {"type": "redacted_thinking", "data": state.data["data"]}
        if state.kind == "thinking_signature" and isinstance(state.data.get("signature"), str):
            signature = state.data["signature"]
    return {"type": "thinking", "thinking": part.text, "signature": signature}


def _kept_body(data: dict[str, Any], response: Response) -> bytes | None:
    """Body ``data`` written, when it reads back as ``response`` (else None): encoded once, for
    the check and the answer."""
    try:
        body = _encode(data)
        read = parse_response(body)
    except Exception:
        return None
    same = msgspec.structs.replace(read, provider_data=None) == msgspec.structs.replace(
        response, provider_data=None
    )
    return body if same else None
