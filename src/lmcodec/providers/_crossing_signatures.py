"""Gemini 3's thought signatures on a history another dialect's client replays
(``lc.translate_request``; red-team gateway F07, the Gemini half).

Gemini 3 validates the thought signature of the first function call of each model step and
answers 400 when it is missing. A client of another dialect (Anthropic, Chat) served by a Gemini 3
backend replays its calls without one: the signature was never part of its wire. Google's
documented fallback (ai.google.dev/gemini-api/docs/thought-signatures, FAQ) is the placeholder
``skip_thought_signature_validator`` (sent base64-encoded, as the ``bytes`` field is; LiteLLM does
the same), "a last resort that may lower quality". :func:`placeholder_signatures` puts it on the
first call of each assistant turn that has no Gemini signature of its own, for Gemini 3 and later
models only (earlier models do not validate), one ``defaulted`` Adaptation per call.
"""

from __future__ import annotations

import base64
import re
from functools import lru_cache
from typing import Any, Final

import msgspec

from lmcodec.providers._memo import LONGEST_NAME
from lmcodec.wire import (
    Adaptation,
    AudioPart,
    BinaryPart,
    ContinuationState,
    DocumentPart,
    ImagePart,
    Message,
    Request,
    ToolCallPart,
    VideoPart,
)
from lmcodec.wire._float_literals import decode_any

__all__ = ["PLACEHOLDER", "media_signatures_back", "placeholder_signatures"]

PLACEHOLDER: Final = base64.b64encode(b"skip_thought_signature_validator").decode("ascii")
_MAJOR: Final = re.compile(r"gemini-(\d+)")
_REASON: Final = (
    "a function call replayed without a Gemini thought signature, which Gemini 3 requires on the "
    "first call of each step: Google's documented placeholder sent in its place"
)


def _validates_signatures(model: str) -> bool:
    """Whether ``model`` is Gemini 3 or later; a name of the usual length answered once (each
    gateway call to Gemini asks it, the regular-expression search costs ~5k instructions)."""
    return _named_validates(model) if len(model) <= LONGEST_NAME else _major_of(model) >= 3


@lru_cache(maxsize=64)
def _named_validates(model: str) -> bool:
    return _major_of(model) >= 3


def _major_of(model: str) -> int:
    """The major version a ``gemini-N`` in ``model`` names, else 0."""
    found = _MAJOR.search(model)
    return 0 if found is None else int(found.group(1))


def placeholder_signatures(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with the placeholder signature on each assistant turn's first unsigned call
    (Gemini 3 and later); ``request`` itself otherwise."""
    if not _validates_signatures(request.model):
        return request, ()
    notes: list[Adaptation] = []
    messages: list[Message] = []
    for i, message in enumerate(request.messages):
        if message.role == "assistant":
            for j, part in enumerate(message.parts):
                if type(part) is ToolCallPart:
                    if not any(_signed(state) for state in part.continuation):
                        message = _signed_at(message, j, part)
                        notes.append(
                            Adaptation(
                                field=f"messages[{i}].parts[{j}].continuation",
                                action="defaulted",
                                reason=_REASON,
                                applied=PLACEHOLDER,
                            )
                        )
                    break
        messages.append(message)
    if not notes:
        return request, ()
    return msgspec.structs.replace(request, messages=tuple(messages)), tuple(notes)


def _signed(state: ContinuationState) -> bool:
    return state.provider == "gemini" and state.kind == "thought_signature" and bool(state.data.get("value"))


def _signed_at(message: Message, j: int, part: ToolCallPart) -> Message:
    state = ContinuationState(provider="gemini", kind="thought_signature", data={"value": PLACEHOLDER})
    signed: Any = msgspec.structs.replace(part, continuation=(*part.continuation, state))
    parts = (*message.parts[:j], signed, *message.parts[j + 1 :])
    return msgspec.structs.replace(message, parts=parts)


_MEDIA: Final = frozenset({ImagePart, AudioPart, VideoPart, DocumentPart, BinaryPart})


def media_signatures_back(request: Request, body: bytes) -> bytes:
    """Gemini -> Gemini (red team 19 F02): ``body`` with the thoughtSignature of each model turn's
    media part (Gemini 3 Pro Image signs its images and wants them back) that the gateway's reading
    kept as the part's continuation, which lm15's builder writes on text and calls only. The
    builder writes one content a message and one part a part of a model turn (a stored cache's
    prefix leaves leading messages out). Only the assistant turns' parts are looked at (their
    types): byte searches of the client's body for a signature and media cost more (up to a fifth
    of the translation of a 37 kB body, where the signature comes early and no media at all)."""
    signed = [
        (i, j, state.data["value"])
        for i, message in enumerate(request.messages)
        if message.role == "assistant"
        for j, part in enumerate(message.parts)
        if type(part) in _MEDIA and part.continuation
        for state in part.continuation
        if state.provider == "gemini" and state.kind == "thought_signature"
    ]
    if not signed:
        return body
    value = decode_any(body)
    contents = value["contents"]
    offset = len(request.messages) - len(contents)
    for i, j, signature in signed:
        if i >= offset:
            contents[i - offset]["parts"][j]["thoughtSignature"] = signature
    return msgspec.json.encode(value)
