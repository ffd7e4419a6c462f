"""Whether a backend's final Responses object may be written as the stream's final response, its
items where the events put them.

Decoding a Responses stream keeps ``response.completed``'s response as the end's
``provider_data``; written back as it came, a same-dialect round trip is exact. But the openai
SDK's final response *is* that object (its text, tool calls, usage), while lmcodec's decoder reads
the text from the deltas: after a gateway edits the events (redacts text, recounts usage), the
object would contradict the stream written before it. So it is kept only when it says what the
final response the writer builds from the events says (:func:`said`), and when it is JSON that
reads back as itself (a NaN or infinity read from the backend would be written as null). Kept, its
items are arranged as the events numbered them where they stand elsewhere (:func:`agreed_output`:
an item's ``output_index`` is its place in ``output``, red team 32 F03).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import LmcodecError
from lmcodec.providers.openai.views import citation_fields, usage_from
from lmcodec.wire import Usage
from lmcodec.wire._float_literals import float_literal

__all__ = ["agreed_output", "said", "says_the_same", "uncarried"]

_decode: Final = msgspec.json.Decoder(float_hook=float_literal).decode


def says_the_same(body: bytes, data: dict[str, Any], built: dict[str, Any]) -> bool:
    """Whether ``data`` (encoded as ``body``) says what ``built``, the final response built from
    the events written, says."""
    try:
        return _decode(body) == data and said(data) == said(built)
    except (LmcodecError, ValueError, TypeError, AttributeError):
        return False


def said(response: dict[str, Any]) -> tuple[Any, ...]:
    """What a Responses object says that a client reads as content: the model, status and
    incomplete reason, the usage as lm15 reads it (a cache-write count left out as the 0 the writer
    writes for it: :func:`_cache_write_as_written`), and per output item lmcodec writes (message,
    function call, reasoning) its content: texts, refusals, citations as lm15 reads them,
    logprobs; a call's id, name and arguments; a reasoning summary (joined as lm15 joins it) and
    its encrypted content. Item ids are not content (lm15's reading keeps none: the writer names
    its items itself unless ``translate`` hands it the source's, and a reasoning item whose summary
    streamed before its state under its own id: the documented limit of the event order,
    :mod:`.write`; :func:`agreed_output` places them); items of other types (hosted tool calls)
    are not events of lm15's reading."""
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
        _cache_write_as_written(usage_from(response.get("usage") or {})),
        items,
    )


def _cache_write_as_written(usage: Usage) -> Usage:
    """``usage`` with an unreported cache-write count as the 0 ``responses_usage`` writes for it
    (the SDK requires the count): a backend's final response from before OpenAI sent the count
    (the corpus's April captures) says what the events say, and goes on as it came."""
    if usage.cache_write_tokens is None:
        return msgspec.structs.replace(usage, cache_write_tokens=0)
    return usage


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


_READ: Final = ("message", "reasoning", "function_call")  # the items lmcodec's events write


def agreed_output(given: list[Any], written: list[tuple[dict[str, Any], bool]], renamed: bool) -> list[Any]:
    """A backend's final ``output`` (``given``, which :func:`said` holds to say what the events
    said) arranged as the events numbered the items (``written``, in output order, each with whether
    it was the source's own item relayed: ``write_foreign``), so an event's ``output_index`` names
    the item at that place (red team 32 F03): each item the writer wrote is the backend's item of
    its place among the items of the three types lm15 reads, ``renamed`` to the id the events gave
    it (a function call they gave none keeps its own); a relayed item as relayed; then the
    backend's items no event carried (hosted tool calls lm15 reads as nothing), in their order.
    An item whose own id is no non-empty string (``""``, ``5``: ``translate`` hands the writer no
    such id, so the events name the item by one the writer made up) is renamed even when not
    ``renamed``: one id per item across its events and the final response (red team 35 F03). A
    function call the events gave no id (they name it by its ``call_id``) whose own id is such a
    value loses it, for the same reason (red team 36 F03): the openai SDK reads no id in both.
    Equal to ``given`` (not ``renamed``) when the events put every item where it stands under an
    id of its own."""
    read = iter([item for item in given if item.get("type") in _READ])
    out: list[Any] = []
    for item, relayed in written:
        if relayed:
            out.append(item)
            continue
        source = next(read, item)
        wanted, name = item.get("id"), source.get("id")
        if wanted is not None and name != wanted and (renamed or type(name) is not str or not name):
            source = {**source, "id": wanted}
        elif wanted is None and name is not None and (type(name) is not str or not name):
            source = {key: value for key, value in source.items() if key != "id"}
        out.append(source)
    out.extend(uncarried(given, [item for item, relayed in written if relayed]))
    return out


def uncarried(given: list[Any], relayed: list[dict[str, Any]]) -> list[Any]:
    """The items of a backend's final ``output`` that no event of the stream written carried: of a
    type lm15 does not read (``type`` compared, never hashed: a backend's value), and not relayed
    (an item with the id of one relayed; of those without a string id, as many as were relayed)."""
    ids = {name for name in (item.get("id") for item in relayed) if isinstance(name, str)}
    unnamed = sum(not isinstance(item.get("id"), str) for item in relayed)
    out = []
    for item in given:
        if not isinstance(item, dict) or item.get("type") in _READ:
            continue
        name = item.get("id")
        if isinstance(name, str):
            if name in ids:
                continue
        elif unnamed > 0:
            unnamed -= 1
            continue
        out.append(item)
    return out
