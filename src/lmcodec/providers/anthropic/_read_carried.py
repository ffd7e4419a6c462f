"""Image, document and search_result blocks as canonical parts, and the blocks of them the
gateway carries whole from an Anthropic client to Anthropic (red team 14 F17).

A ``search_result`` block (passages the client retrieved, with the source and title Claude cites
them by) and a document with a ``title``, ``context`` or ``citations`` request, or a ``text`` or
``content`` source: no canonical part holds all of it, so ``decode_request`` refuses them. The
gateway's reading (``read.decode_request_without_unsigned_thinking``) reads each as the parts that
say the most of it (a search result as the text of its passages, a text document as its text, a
content document as its blocks, text as text parts and images as image parts, another document as
its document part), notes what they leave out, and hangs the block as the client sent it on its
first part as an ``anthropic`` continuation state (:func:`carried`), with the number of parts it
spans.

``translate_request`` takes those states off before anything else sees the Request
(:func:`carried_out`); Anthropic -> Anthropic, :func:`carried_back` puts each block back where the
builder wrote its parts (one message a message, one block a part: the builder's own walk), with the
cache mark the builder wrote on the last of them, and :func:`withdrawn` takes back the reading's notes of it:
nothing of it was changed. Toward another dialect the notes stand.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers.anthropic._read_views import Document, Image, SearchResult, Text
from lmcodec.providers.openai._read_common import url_image_type
from lmcodec.wire import Adaptation, Request, ToolResultPart
from lmcodec.wire._float_literals import decode_any, float_literal

__all__ = [
    "Carried",
    "carried",
    "carried_back",
    "carried_out",
    "content_document_parts",
    "media_part",
    "search_result_part",
    "withdrawn",
]

_KIND: Final = "client_block"
"""The continuation kind of a carried block: ``{"block": <as sent, without its cache mark>,
"at": <its JSON path in the client's body>, "parts": <how many parts it was read as>}``."""

_SEARCH_RESULT: Final = (
    "a search_result block: no canonical part holds it (its source, title and citation request); "
    "sent as the text of its passages"
)
_SEARCH_RESULT_FIELD: Final = "a search_result's {name}: no canonical part holds it; the passages are sent"


class Carried(NamedTuple):
    """A carried block, at its part's place: message, part, and the tool result's content index
    when it was inside a tool_result (else None)."""

    message: int
    part: int
    inner: int | None
    block: dict[str, Any]
    at: str
    span: int
    """How many parts, from ``part`` (or ``inner``) on, the block was read as."""


def carried(part: dict[str, Any], block: Any, path: str, span: int = 1) -> dict[str, Any]:
    """``part`` (a canonical part in JSON form, the first of the ``span`` parts the block was read
    as) with ``block`` as the client sent it (its cache mark aside: the gateway reads marks on
    their own) hung on it for Anthropic."""
    whole = msgspec.to_builtins(block)
    whole.pop("cache_control", None)
    state = {"provider": "anthropic", "kind": _KIND, "data": {"block": whole, "at": path, "parts": span}}
    return {**part, "continuation": [state]}


def search_result_part(block: SearchResult, path: str, notes: list[Adaptation] | None) -> dict[str, Any]:
    """A search_result block's part: refused (``notes`` None: ``decode_request``, which must give
    the block back as it came), else the text of its passages, carried, each loss noted."""
    if notes is None:
        raise ValidationError(
            "a 'search_result' block has no canonical part and cannot be carried", f"{path}.type"
        )
    notes.append(
        Adaptation(
            field=path, action="substituted", reason=_SEARCH_RESULT, asked="search_result", applied="text"
        )
    )
    for name in ("source", "title", "citations"):
        value = getattr(block, name)
        if value is not msgspec.UNSET:
            reason = _SEARCH_RESULT_FIELD.format(name=name)
            notes.append(Adaptation(field=f"{path}.{name}", action="dropped", reason=reason, asked=value))
    for k, item in enumerate(block.content):
        for name in ("citations", "cache_control"):
            value = getattr(item, name)
            if value is not msgspec.UNSET:
                reason = _SEARCH_RESULT_FIELD.format(name=f"passage {name}")
                notes.append(
                    Adaptation(
                        field=f"{path}.content[{k}].{name}",
                        action="dropped",
                        reason=reason,
                        asked=msgspec.to_builtins(value),
                    )
                )
    text = "\n".join(item.text for item in block.content)
    return carried({"type": "text", "text": text}, block, path)


_KINDS: Final = {Image: ("image", "image/png"), Document: ("document", "application/pdf")}
"""Block class -> (canonical part type, lm15's default media type for a url/file source)."""


_DOCUMENT_FIELD: Final = (
    "a document's {name}: the canonical document part has no field for it and no builder sends "
    "one; the document is sent"
)
_TEXT_DOCUMENT: Final = (
    "a text-source document: the canonical document part carries base64, url or file_id sources "
    "(a base64 text/plain document is refused by the Messages API); sent as its text"
)


def media_part(block: Image | Document, path: str, gateway: list[Adaptation] | None = None) -> dict[str, Any]:
    """An image or document block's part; what the canonical part cannot carry is refused, or
    (``gateway``: the gateway's reading, red-team 5 F02) left out or rewritten and noted there: a
    document's title, context and citations (``dropped``), a text source (its text,
    ``substituted``); such a document carried whole for Anthropic (:func:`carried`)."""
    if isinstance(block, Document):
        unheld = [
            name for name in ("title", "context", "citations") if getattr(block, name) is not msgspec.UNSET
        ]
        for name in unheld:
            if gateway is None:
                raise ValidationError(f"a document's {name} has no canonical field", f"{path}.{name}")
            reason = _DOCUMENT_FIELD.format(name=name)
            value = getattr(block, name)
            gateway.append(Adaptation(field=f"{path}.{name}", action="dropped", reason=reason, asked=value))
        text = block.source.data
        if gateway is not None and block.source.type == "text" and isinstance(text, str):
            gateway.append(
                Adaptation(
                    field=path, action="substituted", reason=_TEXT_DOCUMENT, asked="document", applied="text"
                )
            )
            return carried({"type": "text", "text": text}, block, path)
        if gateway is not None and unheld:
            return carried(_source_part(block, path), block, path)
    return _source_part(block, path)


_CONTENT_DOCUMENT: Final = (
    "a document of a content source (blocks of its own): no canonical part holds it; sent as its "
    "blocks, text as text and images as images"
)
_CONTENT_INNER: Final = "a content document's block's {name}: no canonical part holds it; the block is sent"
_content_blocks: Final = msgspec.json.Decoder(list[Text | Image], float_hook=float_literal).decode


def content_document_parts(
    block: Document, path: str, gateway: list[Adaptation] | None
) -> list[dict[str, Any]]:
    """A document of a ``content`` source (``ContentBlockSourceParam``: a string, or text and image
    blocks): refused (``gateway`` None: ``decode_request``, which must give it back as it came),
    else its text as text parts and its images as image parts, carried, each loss noted."""
    where = f"{path}.source.content"
    if gateway is None:
        raise ValidationError(
            "a document with a 'content' source has no canonical part and cannot be carried", f"{path}.source"
        )
    content = block.source.content
    if isinstance(content, str):
        blocks: list[Text | Image] = [Text(text=content)]
    else:
        try:
            blocks = _content_blocks(msgspec.json.encode(content))
        except (msgspec.ValidationError, msgspec.EncodeError) as error:
            raise ValidationError(f"a content document's content: {error}", where) from None
    if not blocks:
        raise ValidationError("a content document with no block", where)
    parts: list[dict[str, Any]] = []
    for k, item in enumerate(blocks):
        at = f"{where}[{k}]"
        unheld = ("cache_control", "citations") if isinstance(item, Text) else ("cache_control",)
        for name in unheld:
            value = getattr(item, name)
            if value is not msgspec.UNSET:
                reason = _CONTENT_INNER.format(name=name)
                gateway.append(
                    Adaptation(
                        field=f"{at}.{name}",
                        action="dropped",
                        reason=reason,
                        asked=msgspec.to_builtins(value),
                    )
                )
        parts.append(
            {"type": "text", "text": item.text} if isinstance(item, Text) else _source_part(item, at)
        )
    applied = " and ".join(sorted({part["type"] for part in parts}))
    gateway.append(
        Adaptation(
            field=path, action="substituted", reason=_CONTENT_DOCUMENT, asked="document", applied=applied
        )
    )
    for name in ("title", "context", "citations"):
        value = getattr(block, name)
        if value is not msgspec.UNSET:
            reason = _DOCUMENT_FIELD.format(name=name)
            gateway.append(Adaptation(field=f"{path}.{name}", action="dropped", reason=reason, asked=value))
    parts[0] = carried(parts[0], block, path, len(parts))
    return parts


def _source_part(block: Image | Document, path: str) -> dict[str, Any]:
    kind, default_type = _KINDS[type(block)]
    source = block.source
    if source.type == "base64" and isinstance(source.data, str) and isinstance(source.media_type, str):
        return {"type": kind, "media_type": source.media_type, "data": source.data}
    if source.type == "url" and isinstance(source.url, str):
        media_type = url_image_type(source.url) if kind == "image" else default_type
        return {"type": kind, "media_type": media_type, "url": source.url}
    if source.type == "file" and isinstance(source.file_id, str):
        return {"type": kind, "media_type": default_type, "file_id": source.file_id}
    raise ValidationError(
        f"a {source.type!r} source cannot be represented (base64 with media_type, url or file_id only)",
        f"{path}.source",
    )


def _taken(part: Any) -> tuple[Any, tuple[dict[str, Any], str, int] | None]:
    for state in part.continuation:
        if state.provider == "anthropic" and state.kind == _KIND:
            data = state.data
            return msgspec.structs.replace(part, continuation=()), (data["block"], data["at"], data["parts"])
    return part, None


def carried_out(request: Request) -> tuple[Request, tuple[Carried, ...]]:
    """``request`` without the carried blocks' states, and the blocks with their places."""
    found: list[Carried] = []
    messages = list(request.messages)
    for i, message in enumerate(messages):
        before = len(found)
        parts = list(message.parts)
        for j, part in enumerate(parts):
            if type(part) is ToolResultPart:
                inner = list(part.content)
                within = len(found)
                for k, item in enumerate(inner):
                    inner[k], taken = _taken(item)
                    if taken is not None:
                        found.append(Carried(i, j, k, *taken))
                if len(found) > within:
                    parts[j] = msgspec.structs.replace(part, content=tuple(inner))
                continue
            parts[j], taken = _taken(part)
            if taken is not None:
                found.append(Carried(i, j, None, *taken))
        if len(found) > before:
            messages[i] = msgspec.structs.replace(message, parts=tuple(parts))
    if not found:
        return request, ()
    return msgspec.structs.replace(request, messages=tuple(messages)), tuple(found)


def carried_back(body: bytes, blocks: tuple[Carried, ...]) -> bytes:
    """Anthropic's built ``body`` with each carried block where its parts were written (the mark the
    builder wrote on the last of them kept): each content list rebuilt once, the blocks inside a
    tool result before the message's own (whose parts a block of several parts moves)."""
    value = decode_any(body)
    messages = value["messages"]
    groups: dict[tuple[int, int | None], list[Carried]] = {}  # (message, tool result or None)
    for place in blocks:
        groups.setdefault((place.message, None if place.inner is None else place.part), []).append(place)
    for (i, j), places in groups.items():
        if j is None:
            continue
        result = messages[i]["content"][j]
        inner = result["content"]
        if isinstance(inner, str):  # one text part is written as the content string
            result["content"] = [_with_mark(places[0].block, {})]
        else:
            spans = [(p.inner, p.span, p.block) for p in places if p.inner is not None]
            result["content"] = _spliced(inner, spans)
    for (i, j), places in groups.items():
        if j is None:
            message = messages[i]
            message["content"] = _spliced(message["content"], [(p.part, p.span, p.block) for p in places])
    return msgspec.json.encode(value)


def _spliced(written: list[Any], places: list[tuple[int, int, dict[str, Any]]]) -> list[Any]:
    """``written`` with each (start, span, block), in order, in place of ``written[start:start+span]``."""
    out: list[Any] = []
    at = 0
    for start, span, block in places:
        out.extend(written[at:start])
        at = start + span
        out.append(_with_mark(block, written[at - 1]))
    out.extend(written[at:])
    return out


def _with_mark(block: dict[str, Any], written: dict[str, Any]) -> dict[str, Any]:
    mark = written.get("cache_control")
    return block if mark is None else {**block, "cache_control": mark}


def withdrawn(notes: tuple[Adaptation, ...], blocks: tuple[Carried, ...]) -> tuple[Adaptation, ...]:
    """``notes`` without the reading's notes of the carried blocks (a mark's stands: the block
    goes with the mark the gateway's reading of marks chose)."""
    paths = {place.at for place in blocks}
    return tuple(note for note in notes if not _of_carried(note.field, paths))


def _of_carried(field: str, paths: set[str]) -> bool:
    """Whether ``field`` is a carried block's path or one below it other than its mark (each
    prefix of the field at a dot looked up: linear in the notes)."""
    if field in paths:
        return True
    dot = field.find(".", 2)
    while dot != -1:
        if field[:dot] in paths:
            return field != field[:dot] + ".cache_control"
        dot = field.find(".", dot + 1)
    return False
