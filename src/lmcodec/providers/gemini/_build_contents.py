"""The ``contents`` of a GenerateContent request: a Request's messages and their parts as lm15 1.5.0's
adapter writes them (text, thoughts and signatures, media, function calls and responses).

Split from :mod:`lmcodec.providers.gemini.build`, which puts them in the payload with the settings.
"""

from __future__ import annotations

from typing import Any, Final, get_args

from lmcodec.providers._build_common import (
    MEDIA_KINDS,
    continuation_value,
    data_part_text,
    parts_to_text,
    path_base64,
    unknown_item,
    unsupported,
)
from lmcodec.providers._build_wire import (
    GeminiCall,
    GeminiContent,
    GeminiError,
    GeminiFunctionCall,
    GeminiFunctionResponse,
    GeminiResponse,
    GeminiResult,
    GeminiText,
)
from lmcodec.wire import (
    AudioPart,
    BinaryPart,
    DataPart,
    DocumentPart,
    ImagePart,
    Message,
    Part,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    VideoPart,
)
from lmcodec.wire._exact import as_exact, subclassed
from lmcodec.wire.unknown import Unknown

__all__ = ["contents_of", "function_response_general", "texts_and_images_response"]

PROVIDER: Final = "gemini"
_RESULT_MEDIA: Final = frozenset({"image", "document"})


def _signed(out: dict[str, Any], part: Any, *, thought: bool = False) -> dict[str, Any]:
    signature = continuation_value(part, PROVIDER, "thought_signature")
    if signature and signature.get("value"):
        if thought:
            out["thought"] = True
        out["thoughtSignature"] = signature["value"]
    return out


def _media(part: Any) -> dict[str, Any]:
    mime = part.media_type or "application/octet-stream"
    if part.url is not None:
        return {"fileData": {"mimeType": mime, "fileUri": part.url}}
    if part.file_id is not None:
        return {"fileData": {"mimeType": mime, "fileUri": part.file_id}}
    if part.data is not None:
        return {"inlineData": {"mimeType": mime, "data": part.data}}
    return {"inlineData": {"mimeType": mime, "data": path_base64(part)}}


def _function_response(part: ToolResultPart, names: dict[str, str]) -> Any:
    """MAP-10: text in ``response.result`` (``error`` when is_error), media under ``parts``."""
    content = part.content
    name = part.name or names.get(part.id)
    if name and len(content) == 1 and type(content[0]) is TextPart:
        text = content[0].text
        answer = GeminiError(text) if part.is_error else GeminiResult(text)
        return GeminiFunctionResponse(GeminiResponse(name, answer, part.id))
    if name:
        written = texts_and_images_response(part, name)
        if written is not None:
            return written
    return function_response_general(part, name)


def texts_and_images_response(part: ToolResultPart, name: str) -> dict[str, Any] | None:
    """The function response of a named result of exact TextParts and ImageParts with at least
    one image (the usual result with media) in one pass, as :func:`function_response_general`
    writes it (two list comprehensions, the media check, ``parts_to_text``); None for any other
    content."""
    content: tuple[Any, ...] = part.content  # exact types tested below
    texts: list[str] = []
    images: list[Any] = []
    for item in content:
        kind = type(item)
        if kind is TextPart:
            texts.append(item.text)
        elif kind is ImagePart:
            images.append(item)
        else:
            return None
    if not images:
        return None
    if part.is_error:
        response: dict[str, Any] = {"error": "\n".join(texts)}
    elif texts:
        response = {"result": "\n".join(texts)}
    else:
        response = {}
    out = {"name": name, "response": response, "id": part.id, "parts": [_media(p) for p in images]}
    return {"functionResponse": out}


def function_response_general(part: ToolResultPart, name: str | None) -> Any:
    """:func:`_function_response` of any content other than one text part, ``name`` the result's
    or its call's (lm15's checks in its order)."""
    text_parts = [p for p in part.content if p.type not in MEDIA_KINDS]
    media = [p for p in part.content if p.type in MEDIA_KINDS]
    for item in media:
        if item.type not in _RESULT_MEDIA:
            raise unsupported(
                PROVIDER,
                f"gemini: a {item.type} part in tool_result {part.id!r} cannot reach a functionResponse — "
                "multimodal function responses take images (png/jpeg/webp) and documents (pdf, text/plain) "
                "only (MAP-10)",
                f"messages[*].tool_result[{part.id}].content[{item.type}]",
            )
    if not name:
        raise unsupported(
            PROVIDER,
            f"gemini: tool_result {part.id!r} needs a function name on the Gemini wire and no preceding "
            "assistant tool_call with that id is in the transcript; set ToolResultPart.name (MAP-10 rule 6)",
            f"messages[*].tool_result[{part.id}].name",
        )
    text = parts_to_text(text_parts, provider=PROVIDER, where="functionResponse.response")
    if part.is_error:
        response: dict[str, Any] = {"error": text}
    elif media and not text_parts:
        response = {}
    else:
        response = {"result": text}
    out: dict[str, Any] = {"name": name, "response": response, "id": part.id}
    if media:
        out["parts"] = [_media(p) for p in media]
    return {"functionResponse": out}


def _text(part: TextPart) -> dict[str, Any]:
    if part.continuation:
        return _signed({"text": part.text}, part)
    return {"text": part.text}


def _call(part: ToolCallPart) -> Any:
    if not part.continuation:
        return GeminiFunctionCall(GeminiCall(part.name, part.input, part.id))
    return _signed({"functionCall": {"name": part.name, "args": part.input, "id": part.id}}, part)


def _thought(part: ThinkingPart) -> dict[str, Any]:
    return _signed({"text": part.text}, part, thought=True)


def _data(part: DataPart) -> dict[str, Any]:
    return {"text": data_part_text(part)}


def _other(part: Any) -> dict[str, Any]:
    if isinstance(part, Unknown):
        raise unknown_item(part, PROVIDER)
    return {"text": getattr(part, "text", "") or ""}


_PARTS: Final[dict[type, Any]] = {  # the parts other than text, tool calls and tool results
    TextPart: _text,
    ThinkingPart: _thought,
    DataPart: _data,
    ImagePart: _media,
    AudioPart: _media,
    VideoPart: _media,
    DocumentPart: _media,
    BinaryPart: _media,
}
_KINDS: Final = frozenset(get_args(Part))  # lmcodec's own part classes


def contents_of(
    messages: tuple[Message, ...], request: Request, names: dict[str, str] | None = None
) -> list[Any]:
    """The ``contents`` of the messages, in one pass dispatched on each part's exact type.

    A result with no name takes its call's (lm15: the last call with that id in the whole
    transcript, ``names``). The calls met so far answer it while that is certain: a call not
    met yet makes the whole map, and a call id met again with another name after a result
    took its name from an earlier one redoes the pass with the whole map."""
    contents: list[Any] = []
    append = contents.append
    met: dict[str, str] = {}  # call id -> name, the calls of the pass so far
    borrowed = False  # a result took its name from ``met``
    renamed = False  # a call id came again with another name
    for message in messages:
        role = message.role
        parts: tuple[Any, ...] = message.parts
        if role == "developer":
            text = parts_to_text(parts, provider=PROVIDER, where="a developer turn")
            append(GeminiContent("user", [GeminiText("[developer]\n" + text)]))
            continue
        if len(parts) == 1:
            only = parts[0]
            if type(only) is TextPart and not only.continuation:
                append(GeminiContent("model" if role == "assistant" else "user", [GeminiText(only.text)]))
                continue
        out: list[Any] = []
        for part in parts:
            kind = type(part)
            if kind is TextPart and not part.continuation:
                out.append(GeminiText(part.text))
            elif kind is ToolCallPart:
                name = part.name
                if part.continuation:
                    out.append(_call(part))
                else:
                    out.append(GeminiFunctionCall(GeminiCall(name, part.input, part.id)))
                if met.setdefault(part.id, name) != name:
                    renamed = True
                    met[part.id] = name
            elif kind is ToolResultPart:
                content = part.content
                name = part.name
                if name is None:
                    if names is None:
                        name = met.get(part.id)
                        if name is None:
                            names = _call_names(request)
                            name = names.get(part.id)
                        else:
                            borrowed = True
                    else:
                        name = names.get(part.id)
                if name and len(content) == 1 and type(content[0]) is TextPart:
                    text = content[0].text
                    answer = GeminiError(text) if part.is_error else GeminiResult(text)
                    out.append(GeminiFunctionResponse(GeminiResponse(name, answer, part.id)))
                else:
                    out.append(_function_response(part, {part.id: name} if name else {}))
            elif kind is ThinkingPart and not part.continuation:  # unsigned: its text, as _thought writes it
                out.append(GeminiText(part.text))
            else:
                write = _PARTS.get(kind)
                if write is None:
                    if subclassed(part) is not None:  # a user's subclass of a kind: lmcodec classes' pass
                        return contents_of(as_exact(messages), as_exact(request), names)
                    write = _other
                out.append(write(part))
        append(GeminiContent("model" if role == "assistant" else "user", out))
    if borrowed and renamed:
        return contents_of(messages, request, _call_names(request))
    return contents


def _call_names(request: Request) -> dict[str, str]:
    """tool_call id -> function name over the transcript (a result's name when it has none); a
    user's subclass of ToolCallPart is a call too (written as its kind), found by ``isinstance``
    only for a part of no lmcodec kind, so a part of an exact kind costs no slow negative test."""
    return {
        p.id: p.name
        for m in request.messages
        for p in m.parts
        if type(p) is ToolCallPart or (type(p) not in _KINDS and isinstance(p, ToolCallPart))
    }
