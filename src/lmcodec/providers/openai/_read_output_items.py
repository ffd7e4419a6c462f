"""Output items replayed into ``input`` as the openai SDK returns them (``input += response.output``).

An SDK output item (``ResponseOutputMessage``, ``ResponseFunctionToolCall``,
``ResponseReasoningItem``, as ``responses.create`` or ``model_dump()``/``to_dict()`` dumps it)
carries keys an input item built by lm15 does not. :func:`input_item` gives the item with them
removed where they carry nothing a canonical Request could give back, and refuses the rest with
the JSON path; the reader's key checks then run on what is left:

- ``id`` on a ``message`` or ``function_call`` item (the server's name for the item it produced)
  is left out: lm15 replays messages and calls by content, and the API takes them without it.
  A reasoning item's ``id`` is kept (it rides the ThinkingPart's continuation);
- ``status`` ``null`` or ``"completed"`` is left out, and so is a message's ``"incomplete"`` (an
  answer cut at ``max_output_tokens``, as OpenAI and the SDK give it back: the assistant's partial
  turn, which the API reads as the turn it is; red team 20 F01); any other is refused;
- ``phase``, ``caller`` (other than ``{"type": "direct"}``), ``namespace``, ``async`` (``async_``
  from ``model_dump()``) and a
  reasoning item's ``content`` are left out when null (or empty), refused otherwise;
- a reasoning item's several ``summary_text`` parts read as one, their texts joined by ``\\n``, as
  lm15 reads a response's reasoning item (the rebuilt item holds that one part).
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.errors import quoted
from lmcodec.providers.openai._read_common import fail

__all__ = ["input_item"]

_DIRECT: Final = {"type": "direct"}
_NULLABLE: Final[dict[str, tuple[str, ...]]] = {
    "message": ("phase",),
    "function_call": ("namespace", "async", "async_"),  # async_: pydantic's name, model_dump()
    "reasoning": ("content",),
}
"""Per item type, the SDK keys that read as absent when null or empty and are refused otherwise."""
_SDK_KEYS: Final = {
    "message": frozenset({"id", "status", "phase"}),
    "function_call": frozenset({"id", "status", "caller", *_NULLABLE["function_call"]}),
    "reasoning": frozenset({"status", "content"}),
}
"""Per item type, every key :func:`input_item` removes: an item with none of them is returned as is."""


def input_item(item: dict[str, Any], kind: str, path: str) -> dict[str, Any]:
    """``item`` (an assistant-side input item of type ``kind``) without its SDK-object keys."""
    if item.keys().isdisjoint(_SDK_KEYS[kind]):
        return item if kind != "reasoning" else _summary(item, path)
    keys = _NULLABLE[kind]
    out = dict(item)
    if kind != "reasoning":
        out.pop("id", None)
    if "status" in out:
        status = out.pop("status")
        if status not in (None, "completed") and (status != "incomplete" or kind != "message"):
            fail(
                f"an item with status {quoted(status)} cannot be carried: only a completed item replays",
                f"{path}.status",
            )
    if kind == "function_call" and "caller" in out:
        caller = out.pop("caller")
        if caller is not None and caller != _DIRECT:
            fail(
                "a function call made by a program (caller other than direct) cannot be carried",
                f"{path}.caller",
            )
    for key in keys:
        if key in out:
            value = out.pop(key)
            if value is not None and value != []:
                fail(f"a {kind} item's {key!r} has no canonical field", f"{path}.{key}")
    return out if kind != "reasoning" else _summary(out, path)


def _summary(item: dict[str, Any], path: str) -> dict[str, Any]:
    """Several summary_text parts as one, joined by newlines (lm15's reading of a reasoning item)."""
    summary = item.get("summary")
    if not isinstance(summary, list) or len(summary) < 2:
        return item
    texts = []
    for index, entry in enumerate(summary):
        where = f"{path}.summary[{index}]"
        if (
            not isinstance(entry, dict)
            or entry.get("type") != "summary_text"
            or set(entry) - {"type", "text"}
        ):
            fail("expected a summary_text part of type and text", where)
        text = entry.get("text")
        if not isinstance(text, str):
            fail("expected a string", f"{where}.text")
        texts.append(text)
    return {**item, "summary": [{"type": "summary_text", "text": "\n".join(texts)}]}
