"""Whether a backend's final Responses object may be written as the stream's final response.

Decoding a Responses stream keeps ``response.completed``'s response as the end's
``provider_data``; written back as it came, a same-dialect round trip is exact. But the openai
SDK's final response *is* that object (its text, tool calls, usage), while lmcodec's decoder reads
the text from the deltas: after a gateway edits the events (redacts text, recounts usage), the
object would contradict the stream written before it. So it is kept only when it says what the
final response the writer builds from the events says (:func:`said`), and when it is JSON that
reads back as itself (a NaN or infinity read from the backend would be written as null).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import LmcodecError
from lmcodec.providers.openai.views import citation_fields, usage_from

__all__ = ["said", "says_the_same"]

_decode: Final = msgspec.json.Decoder().decode


def says_the_same(body: bytes, data: dict[str, Any], built: dict[str, Any]) -> bool:
    """Whether ``data`` (encoded as ``body``) says what ``built``, the final response built from
    the events written, says."""
    try:
        return _decode(body) == data and said(data) == said(built)
    except (LmcodecError, ValueError, TypeError, AttributeError):
        return False


def said(response: dict[str, Any]) -> tuple[Any, ...]:
    """What a Responses object says that a client reads as content: the model, status and
    incomplete reason, the usage as lm15 reads it, and per output item lmcodec writes (message,
    function call, reasoning) its content: texts, refusals, citations as lm15 reads them,
    logprobs; a call's id, name and arguments; a reasoning summary (joined as lm15 joins it) and
    its encrypted content. Item ids are not content (the writer names its items itself, and a
    reasoning item whose summary streamed before its state under its own id: the documented
    limit of the event order, :mod:`.write`); items of other types (hosted tool calls) are not
    written as events by any writer."""
    items: list[Any] = []
    for item in response.get("output") or ():
        kind = item.get("type")
        if kind == "message":
            items.append(("message", [_content(entry) for entry in item.get("content") or ()]))
        elif kind == "function_call":
            items.append(
                (kind, item.get("call_id") or item.get("id"), item.get("name"), item.get("arguments"))
            )
        elif kind == "reasoning":
            summary = item.get("summary")
            text = "\n".join(str(x.get("text")) for x in summary) if isinstance(summary, list) else summary
            items.append((kind, text, item.get("encrypted_content")))
    incomplete = response.get("incomplete_details") or {}
    return (
        response.get("model"),
        response.get("status"),
        incomplete.get("reason"),
        usage_from(response.get("usage") or {}),
        items,
    )


def _content(entry: dict[str, Any]) -> tuple[Any, ...]:
    kind = entry.get("type")
    if kind == "refusal":
        return (kind, entry.get("refusal"))
    text = entry.get("text")
    citations = [citation_fields(a, text) for a in entry.get("annotations") or ()]
    return (kind, text, citations, [_logprob(lp) for lp in entry.get("logprobs") or ()])


def _logprob(entry: dict[str, Any]) -> tuple[Any, ...]:
    top = [
        (alt.get("token"), alt.get("logprob"), alt.get("bytes")) for alt in entry.get("top_logprobs") or ()
    ]
    return (entry.get("token"), entry.get("logprob"), entry.get("bytes"), top)
