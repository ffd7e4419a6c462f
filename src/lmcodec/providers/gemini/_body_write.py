"""A Response -> Gemini's non-streamed ``generateContent`` body (the stream writer's sibling:
the same part shapes, signatures beside their parts, usage and finish reason on the candidate)."""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Final

import msgspec

from lmcodec.providers._build_common import data_part_text
from lmcodec.providers._media_forms import MEDIA_PARTS
from lmcodec.providers._part_kinds import kind_of
from lmcodec.providers.gemini import _frames as f
from lmcodec.providers.gemini.body import parse_response
from lmcodec.wire import (
    CitationPart,
    DataPart,
    RefusalPart,
    Response,
    TextPart,
    ThinkingPart,
    ToolCallPart,
)

__all__ = ["encode_response"]

_encode = f.ENCODER.encode


def encode_response(response: Response) -> bytes:
    """A generateContent body for ``response``. Its ``provider_data`` is written as it came when
    it is a Gemini body that reads back as this same response, its model included; otherwise the
    body is built from the parts (text, thought, functionCall with its id, media as inlineData or
    fileData, thoughtSignatures)."""
    data = response.provider_data
    if data is not None and isinstance(data.get("candidates"), list):
        kept = _kept_body(data, response)
        if kept is not None:
            return kept
    answer = response.message.parts
    citations: list[CitationPart] = []
    parts = plain_parts(answer)
    if parts is None:
        parts, citations = built_parts(answer)
    if data is not None:
        parts = _with_unread_parts(parts, data)
    logprobs = f.logprobs_result(response.logprobs) if response.logprobs else f.UNSET
    candidate = f.Candidate(
        content=f.Content(parts=parts),
        finishReason=f.finish_reason(response.finish_reason),
        logprobsResult=logprobs,
        groundingMetadata=f.grounding_metadata(citations) if citations else f.UNSET,
    )
    usage = f.usage_metadata(response.usage)
    chunk = f.Chunk(
        candidates=[candidate],
        usageMetadata=usage if usage else f.UNSET,
        modelVersion=response.model,
        responseId=response.id if response.id is not None else f.UNSET,
    )
    return _encode(chunk)


class _PlainPart(msgspec.Struct, gc=False):
    """A text or thought part as :class:`f.Part` writes it without a signature, in two fields
    (built, written and freed at a third of a six-field Part's cost)."""

    text: str
    thought: bool | msgspec.UnsetType = f.UNSET


_THOUGHT: Final[dict[type, Any]] = {TextPart: f.UNSET, ThinkingPart: True}
"""The part kinds :func:`plain_parts` writes, each with its ``thought``."""
_text = attrgetter("text")
_continuation = attrgetter("continuation")


def plain_parts(answer: tuple[Any, ...]) -> list[Any] | None:
    """The body parts of an answer of text and thinking parts without continuation state (no
    signature to place), built in C (one ``map`` a field) where :func:`built_parts`' loop takes a
    Python step a part (red team 47 F03); None for any other answer."""
    if not _THOUGHT.keys() >= set(map(type, answer)) or any(map(_continuation, answer)):
        return None
    return list(map(_PlainPart, map(_text, answer), map(_THOUGHT.__getitem__, map(type, answer))))


_ORDER: Final = (TextPart, ThinkingPart, ToolCallPart, *MEDIA_PARTS, DataPart, RefusalPart, CitationPart)
"""The kinds :func:`built_parts` writes, in the order it tests a subclass against them."""
_KINDS: Final = frozenset(_ORDER)


def built_parts(answer: tuple[Any, ...]) -> tuple[list[Any], list[CitationPart]]:
    """The body parts of any answer (text, thought, functionCall with its id, media as inlineData
    or fileData, thoughtSignatures), and its citations (the candidate's grounding)."""
    parts: list[Any] = []
    citations: list[CitationPart] = []
    signatures = _signatures(answer)
    for part, signature in zip(answer, signatures, strict=True):
        kind: type | None = type(part)
        if kind not in _KINDS:  # a subclass of a kind (or no kind): tested one kind at a time
            kind = kind_of(part, _ORDER)
        if kind is TextPart or kind is ThinkingPart:
            thought = True if kind is ThinkingPart else f.UNSET
            parts.append(f.Part(text=part.text, thought=thought, thoughtSignature=signature))
        elif kind is ToolCallPart:
            call = f.FunctionCall(name=part.name, args=part.input, id=part.id)
            parts.append(f.Part(functionCall=call, thoughtSignature=signature))
        elif kind in MEDIA_PARTS:  # base64 data or a url (encode_response refuses the others)
            if part.data is not None:
                inline = f.InlineData(mimeType=part.media_type, data=part.data)
                parts.append(f.Part(inlineData=inline, thoughtSignature=signature))
            else:
                uri = f.FileData(mimeType=part.media_type, fileUri=part.url or "")
                parts.append(f.Part(fileData=uri, thoughtSignature=signature))
        elif kind is DataPart:
            parts.append(f.Part(text=data_part_text(part)))
        elif kind is RefusalPart:
            parts.append(f.Part(text=part.text))
        elif kind is CitationPart:
            citations.append(part)
    return parts, citations


_READ: Final = frozenset({"text", "functionCall", "inlineData", "fileData"})  # a part holding one is lm15's
_UNREAD: Final = ("executableCode", "codeExecutionResult")  # the server's code and its output


def _with_unread_parts(parts: list[Any], data: Any) -> list[Any]:
    """``parts`` with the code-execution parts of the backend's body (``data``, the provider_data)
    that lm15 reads as nothing (``executableCode``, ``codeExecutionResult``), each after as many of
    ``parts`` as parts lm15 reads came before it there: a body rebuilt from the parts (a gateway's
    model alias, an edit) keeps the code Gemini ran and its output where they were."""
    candidates = data.get("candidates")
    candidate = candidates[0] if type(candidates) is list and candidates else None
    content = candidate.get("content") if type(candidate) is dict else None
    given = content.get("parts") if type(content) is dict else None
    if type(given) is not list:
        return parts
    kept: list[Any] = []
    read = 0  # the parts lm15 reads seen so far in the backend's body
    at = 0  # how many of parts are placed
    for part in given:
        if type(part) is not dict:
            continue
        if not _READ.isdisjoint(part):
            read += 1
            continue
        if not any(kind in part for kind in _UNREAD):
            continue
        upto = min(read, len(parts))
        kept.extend(parts[at:upto])
        at = max(at, upto)
        kept.append(part)
    if not kept:
        return parts
    return [*kept, *parts[at:]]


def _signatures(parts: tuple[Any, ...]) -> list[str | msgspec.UnsetType]:
    """One ``thoughtSignature`` (or none) per part. The assembler gives every part of a slot all
    the slot's signatures; of the consecutive parts that share them, the ones a body can carry a
    signature on (text, thought, function call) get one each, aligned to the last of them (the
    part a signature follows in a Gemini stream, a function call when there is one). Where they
    share exactly one, every such part gets it: lm15 reads each part's signature into that part,
    so each reads back as the Response holds it (red team 14 F06: a body's thought and text parts
    each signed with the same value were written with it on the text only, and lm15 read the
    thought back unsigned). A part without continuation state carries none: passed by at the cost
    of one attribute read (the usual Response, from another provider or built in Python)."""
    out: list[str | msgspec.UnsetType] = [f.UNSET] * len(parts)
    i = 0
    while i < len(parts):
        shared = getattr(parts[i], "continuation", ())
        if not shared:
            i += 1
            continue
        j = i + 1
        while j < len(parts) and getattr(parts[j], "continuation", ()) == shared:
            j += 1
        carriers = [k for k in range(i, j) if isinstance(parts[k], (TextPart, ThinkingPart, ToolCallPart))]
        values = [
            state.data["value"]
            for state in shared
            if state.provider == "gemini"
            and state.kind == "thought_signature"
            and isinstance(state.data.get("value"), str)
        ]
        if len(values) == 1:  # every carrier reads back with it, as the Response holds it
            for k in carriers:
                out[k] = values[0]
        else:
            kept = values[-len(carriers) :] if carriers else []
            for k, value in zip(carriers[len(carriers) - len(kept) :], kept, strict=True):
                out[k] = value
        i = j
    return out


def _kept_body(data: dict[str, Any], response: Response) -> bytes | None:
    """Body ``data`` written (encoded once, for the check and the answer), when it reads back as
    ``response`` and names its model; else None. Read without a request (lm15 names a response
    read under one after the requested model, whatever ``modelVersion`` says), so the model is
    compared with ``modelVersion`` itself: a response renamed (a gateway's alias, or the requested
    model lm15 named it after) gets a body that names it."""
    if data.get("modelVersion", response.model) != response.model:
        return None
    try:
        body = _encode(data)
        read = parse_response(body)
    except Exception:  # any failure means "not the same body"
        return None
    same = msgspec.structs.replace(read, provider_data=None, model=response.model) == msgspec.structs.replace(
        response, provider_data=None
    )
    return body if same else None
