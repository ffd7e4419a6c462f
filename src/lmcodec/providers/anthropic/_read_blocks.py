"""The content blocks of a Messages request's messages -> canonical messages of part dicts.

The general path of :mod:`lmcodec.providers.anthropic.read` (whose docstring lists the verdicts): a
user turn split at its tool results, the message cache mark a CacheConfig carries found; in the
gateway's reading (``unsigned`` given), what it leaves out noted with its path.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._unsigned_thinking import Unsigned, emptied_turn, left_out
from lmcodec.providers._user_turns import turn_messages
from lmcodec.providers.anthropic._read_carried import content_document_parts, media_part, search_result_part
from lmcodec.providers.anthropic._read_config import Marks, cache_ttl
from lmcodec.providers.anthropic._read_replay import citations_absent
from lmcodec.providers.anthropic._read_views import (
    SERVER_RUN,
    Document,
    Image,
    MessageView,
    Redacted,
    SearchResult,
    Text,
    Thinking,
    ToolResult,
    ToolUse,
)
from lmcodec.wire import Adaptation

__all__ = ["read_messages"]


_CITATIONS: Final = (
    "a replayed answer's citations: output metadata the canonical text part has no field for and "
    "no builder sends back; the answer's text is sent"
)


def _text(block: Text, path: str, gateway: Unsigned = None) -> dict[str, Any]:
    """A text block's part; its non-empty ``citations`` refused, or (``gateway``: the gateway's
    reading, red-team 5 F13) left out and noted there."""
    if not citations_absent(block.citations):
        if gateway is None:
            raise ValidationError("citations on a text block have no canonical field", f"{path}.citations")
        gateway.append(
            Adaptation(field=f"{path}.citations", action="dropped", reason=_CITATIONS, asked=block.citations)
        )
    return {"type": "text", "text": block.text}


def _result_content(block: ToolResult, path: str, gateway: Unsigned = None) -> list[dict[str, Any]]:
    content = block.content
    if isinstance(content, str) or not content:
        return [{"type": "text", "text": content if isinstance(content, str) else ""}]
    parts: list[dict[str, Any]] = []
    for k, item in enumerate(content):
        where = f"{path}.content[{k}]"
        if item.cache_control is not msgspec.UNSET:
            if gateway is None:
                raise ValidationError("a cache mark inside a tool_result cannot be represented", where)
            gateway.append(_mark_dropped(f"{where}.cache_control", "inside a tool_result"))
        if isinstance(item, Text):
            parts.append(_text(item, where, gateway))
        elif isinstance(item, SearchResult):
            parts.append(search_result_part(item, where, gateway))
        elif isinstance(item, Document) and item.source.type == "content":
            parts.extend(content_document_parts(item, where, gateway))
        else:
            parts.append(media_part(item, where, gateway))
    return parts


def _part(block: Any, path: str, gateway: Unsigned = None) -> dict[str, Any]:
    """The block as a canonical part, in canonical JSON form (one msgspec.convert checks them all);
    ``gateway``: the gateway's reading's notes (:func:`_text`)."""
    kind = type(block)
    if kind is Text:
        return _text(block, path, gateway)
    if kind is ToolUse:
        return {"type": "tool_call", "id": block.id, "name": block.name, "input": block.input}
    if kind is ToolResult:
        out = {
            "type": "tool_result",
            "id": block.tool_use_id,
            "content": _result_content(block, path, gateway),
        }
        if block.is_error is True:
            out["is_error"] = True
        return out
    if kind is Thinking:
        if not block.signature:
            raise ValidationError(
                "a thinking block without a signature cannot be replayed", f"{path}.signature"
            )
        state = {
            "provider": "anthropic",
            "kind": "thinking_signature",
            "data": {"signature": block.signature},
        }
        return {"type": "thinking", "text": block.thinking, "continuation": [state]}
    if kind is Redacted:
        state = {"provider": "anthropic", "kind": "redacted_thinking", "data": {"data": block.data}}
        return {"type": "thinking", "text": "", "continuation": [state]}
    if kind is Image or kind is Document:
        return media_part(block, path, gateway)
    if kind is SearchResult:
        return search_result_part(block, path, gateway)
    raise ValidationError(
        f"a {block.__struct_config__.tag!r} block has no canonical part and cannot be carried", f"{path}.type"
    )


def read_messages(views: list[MessageView], marks: Marks, unsigned: Unsigned = None) -> list[dict[str, Any]]:
    """The canonical messages; an unsigned thinking block is refused, or (``unsigned`` given: the
    gateway's reading) left out and noted there with its turn if nothing else is left of it (so
    are a replayed text block's citations: :func:`_text`; and cache marks: :func:`_gateway_mark`)."""
    out: list[dict[str, Any]] = []
    kept = _last_mark(views) if unsigned is not None else None
    for i, view in enumerate(views):
        content = view.content
        if isinstance(content, str):
            out.append({"role": view.role, "parts": [{"type": "text", "text": content}]})
            continue
        if not content:
            raise ValidationError("a message needs at least one content block", f"$.messages[{i}].content")
        parts = []
        last = len(content) - 1
        ttl: str | bool | None = False
        split = None  # where a mark before more content ends its turn (the gateway's reading)
        server = False  # whether a server-run tool block was left out (the gateway's reading)
        for j, block in enumerate(content):
            kind = type(block)
            if kind is Text and block.citations is msgspec.UNSET and block.cache_control is msgspec.UNSET:
                parts.append({"type": "text", "text": block.text})  # the common block, inline
                continue
            if kind is ToolUse and block.cache_control is msgspec.UNSET:
                parts.append({"type": "tool_call", "id": block.id, "name": block.name, "input": block.input})
                continue
            where = f"$.messages[{i}].content[{j}]"
            if unsigned is not None and kind is Thinking and not block.signature:
                unsigned.append(left_out(where, "a thinking block without a signature", block.thinking))
                continue
            if unsigned is not None and kind in SERVER_RUN:
                unsigned.append(
                    Adaptation(field=where, action="dropped", reason=_SERVER_BLOCK, asked=_tag(block))
                )
                server = True
                continue
            mark = getattr(block, "cache_control", msgspec.UNSET)
            if mark is not msgspec.UNSET and unsigned is not None:
                ttl = _gateway_mark(mark, where, (i, j) == kept, unsigned, ttl)
                if (i, j) == kept and j != last:
                    split = len(parts) + 1
            elif mark is not msgspec.UNSET:
                if j != last or marks.message is not None:
                    raise ValidationError(
                        "cache marks are carried on the last block of one message only (CacheConfig)",
                        f"{where}.cache_control",
                    )
                ttl = cache_ttl(mark, where)
            if kind is Document and block.source.type == "content":  # several parts
                parts.extend(content_document_parts(block, where, unsigned))
                split = len(parts) if split is not None and (i, j) == kept else split
                continue
            parts.append(_part(block, where, unsigned))
        if not parts:  # (its blocks were all unsigned thinking or server tool blocks, left out)
            assert unsigned is not None
            turn = f"$.messages[{i}]"
            unsigned.append(
                Adaptation(field=turn, action="dropped", reason=_SERVER_TURN)
                if server
                else emptied_turn(turn)
            )
            continue
        if split is not None and split < len(parts):  # the API joins consecutive turns
            out.extend(turn_messages(parts[:split], view.role == "assistant"))
            marked = len(out) - 1
            out.extend(turn_messages(parts[split:], view.role == "assistant"))
        else:
            out.extend(turn_messages(parts, view.role == "assistant"))
            marked = len(out) - 1
        if ttl is not False:
            marks.message = (marked, ttl if isinstance(ttl, str) else None)
    return out


_SERVER_BLOCK: Final = (
    "a block of a tool Anthropic's server ran (its call or result) in a replayed answer: no canonical "
    "part carries it and no builder sends it back; the answer's text is sent"
)
_SERVER_TURN: Final = "a turn of left-out blocks only (server tool blocks): nothing of it is left to send"


def _tag(block: Any) -> Any:
    return block.__struct_config__.tag


def _last_mark(views: list[MessageView]) -> tuple[int, int] | None:
    """The (message, block) of the last cache mark on a message block: the one a CacheConfig keeps."""
    for i in range(len(views) - 1, -1, -1):
        content = views[i].content
        if isinstance(content, str):
            continue
        for j in range(len(content) - 1, -1, -1):
            if getattr(content[j], "cache_control", msgspec.UNSET) is not msgspec.UNSET:
                return i, j
    return None


_MARKS: Final = (
    "a cache mark {where}: a CacheConfig carries one breakpoint, the client's last; the prefix up to "
    "it is cached"
)


def _mark_dropped(where: str, what: str) -> Adaptation:
    return Adaptation(field=where, action="dropped", reason=_MARKS.format(where=what), asked="ephemeral")


def _gateway_mark(
    mark: Any, where: str, kept: bool, notes: list[Adaptation], ttl: str | bool | None
) -> str | bool | None:
    """The gateway's reading of a block's cache mark (red-team 5 F02): the kept one's ttl (``"5m"``,
    the default spelled out, is none), else ``ttl`` as it was, the mark noted ``dropped``."""
    if not kept:
        notes.append(_mark_dropped(f"{where}.cache_control", "before the last one"))
        return ttl
    return None if mark.ttl == "5m" else cache_ttl(mark, where)
