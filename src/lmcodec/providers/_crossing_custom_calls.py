"""Responses custom (freeform) tool calls a client replays (``lc.translate_request``; red team 5 F13).

A Responses custom tool (``{"type": "custom", "name", "format"}``: Codex's ``apply_patch``) is
called with raw text, not JSON: the model's ``custom_tool_call`` (``call_id``, ``name``, ``input``
a string) and the client's ``custom_tool_call_output`` come back in the next turn's ``input``. The
canonical Request has no such call, so ``decode_request`` refuses them, and the conversation ended
at turn 2. The gateway's reading takes them in as what every dialect has, a function call and its
result, whose input is the raw text under the one key ``input`` (Codex's function form of
``apply_patch`` takes the same ``{"input": string}``), in the decoded body before it is read
(:func:`custom_calls_in`, on the value the gateway's passes share: ``_gateway_read.py``):

- to Responses they go back as they came (:func:`custom_calls_back` puts each item the client sent
  in place of the function call or output built for it, in the items the builder hands over before
  encoding them, matched by position among the function calls and among their outputs, never by
  ``call_id``, which a client may repeat: review7 R07), the custom tool with them: nothing changes;
- to another dialect the call is that function call, ``substituted`` at its path in the client's
  body, its output the call's result, and the custom tool a function tool of one string parameter
  ``input`` (``providers/_crossing_tools.py``; its grammar is not sent: Anthropic and Gemini have
  no constrained-text tools, and Chat Completions' custom tools, which the openai SDK types as
  ``ChatCompletionCustomToolParam``, are not written here: review7 R13).

An item without a string ``call_id``, ``name`` or ``input`` is left for the reader, which refuses
it at its path, as before.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._build_common import adaptation
from lmcodec.providers._build_wire import built_places
from lmcodec.wire import Adaptation

__all__ = [
    "MARK",
    "CustomCalls",
    "custom_call_arguments",
    "custom_call_substituted",
    "custom_calls_back",
    "custom_calls_in",
    "no_custom_form",
]

MARK: Final = b'"custom_tool_call'
_CALL_REASON: Final = (
    "a Responses custom (freeform) tool call, {why}: sent as a function call whose input is its raw "
    "text under 'input'"
)


def no_custom_form(destination: str) -> str:
    """Why a custom tool or call goes to ``destination`` as a function: the note's wording."""
    if destination == "openai_chat":  # the openai SDK's ChatCompletionCustomToolParam
        return "whose Chat Completions form (custom tools) lmcodec has not written"
    return f"which {destination} has no form for"


class CustomCalls(NamedTuple):
    """What :func:`custom_calls_in` made of a body: the items it replaced."""

    calls: list[Any]
    """Each function call of the body read, in order: the client's ``custom_tool_call`` item it
    stands for, or None (the client's own function call)."""
    outputs: list[Any]
    """Each function call output of the body read, in order: the client's
    ``custom_tool_call_output`` item it stands for, or None."""
    notes: tuple[Adaptation, ...]


def custom_calls_in(body: Any, destination: str) -> CustomCalls | None:
    """The decoded ``body`` with each well-formed custom call as a function call and each of its
    outputs as a function call output (replaced in place), one ``substituted`` note per call (none
    to Responses, which gets the items back); None, the body untouched, when it holds none."""
    items = body.get("input") if isinstance(body, dict) else None
    if not isinstance(items, list):
        return None
    calls: list[Any] = []
    outputs: list[Any] = []
    notes: list[Adaptation] = []
    for i, item in enumerate(items):
        kind = item.get("type") if isinstance(item, dict) else None
        if kind == "custom_tool_call" and _strings(item, "call_id", "name", "input"):
            calls.append(item)
            items[i] = {"type": "function_call", "call_id": item["call_id"], "name": item["name"]}
            items[i]["arguments"] = custom_call_arguments(item["input"])
            if destination != "openai":
                notes.append(custom_call_substituted(i, item["input"], destination))
        elif kind == "custom_tool_call_output" and _strings(item, "call_id") and "output" in item:
            outputs.append(item)
            items[i] = {"type": "function_call_output", "call_id": item["call_id"], "output": item["output"]}
        elif kind == "function_call":
            calls.append(None)
        elif kind == "function_call_output":
            outputs.append(None)
    if not any(calls) and not any(outputs):
        return None
    return CustomCalls(calls, outputs, tuple(notes))


def custom_call_arguments(text: str) -> str:
    """The arguments of the function call a custom call's raw ``text`` is read as."""
    return msgspec.json.encode({"input": text}).decode()


def _substituted(destination: str) -> Adaptation:
    """The note of a custom call sent to ``destination`` as a function call, its values unset."""
    reason = _CALL_REASON.format(why=no_custom_form(destination))
    return adaptation("$.input", "substituted", reason)


_SUBSTITUTED: Final = {
    destination: _substituted(destination) for destination in ("openai_chat", "anthropic", "gemini")
}
"""Each other dialect's note, made at import: a Codex body's four calls each formatted the reason
and walked ``{"input": text}`` as JSON (~15k instructions a note; the copy: ~4k)."""


def custom_call_substituted(index: int, text: str, destination: str) -> Adaptation:
    """The note of the custom call at ``$.input[index]``, sent to ``destination`` as a function call:
    its destination's note copied with the call's text (a str, as both readers check: ``{"input":
    text}`` is JSON as it is)."""
    template = _SUBSTITUTED.get(destination)
    if template is None:
        reason = _CALL_REASON.format(why=no_custom_form(destination))
        return adaptation(f"$.input[{index}]", "substituted", reason, text, {"input": text})
    note: Adaptation = msgspec.structs.replace(
        template, field=f"$.input[{index}]", asked=text, applied={"input": text}
    )
    return note


def _strings(item: dict[str, Any], *keys: str) -> bool:
    return all(isinstance(item.get(key), str) for key in keys)


def custom_calls_back(payload: dict[str, Any], custom: CustomCalls) -> None:
    """The Responses ``payload`` built for :func:`custom_calls_in`'s request, before it is encoded
    (the builder's hand-off, ``openai/build.build_request``), with each function call and output
    built for a custom item replaced by the item the client sent, in place: the n-th function call
    built is the n-th the body read (the builder writes the calls and outputs in order, one each).
    Each item is judged by the JSON object it is written as (``_build_wire.json_object``): the
    body decoded, changed and encoded again is the same bytes (one decode and encode less)."""
    items = payload.get("input")
    items = items if isinstance(items, list) else []
    places = built_places(items)
    calls, outputs = places["function_call"], places["function_call_output"]
    if len(calls) != len(custom.calls) or len(outputs) != len(custom.outputs):
        raise ValidationError(  # never met: the same dialect builds every call it read, in order
            f"the custom tool calls cannot be put back: the built request holds {len(calls)} function "
            f"calls and {len(outputs)} outputs, the client's body {len(custom.calls)} and "
            f"{len(custom.outputs)}",
            "$.input",
        )
    for at, sent in zip(calls, custom.calls, strict=True):
        if sent is not None:
            items[at] = sent
    for at, sent in zip(outputs, custom.outputs, strict=True):
        if sent is not None:
            items[at] = sent
