"""A Responses function tool's keys the canonical tool has no field for (``lc.translate_request``;
red team 28 F03, the tools part).

openai 3.63's ``FunctionToolParam`` gives a top-level function tool four keys beside its name,
description, parameters and strict flag: ``defer_loading`` (the tool is loaded only when a
``tool_search`` finds it), ``output_schema`` (the JSON its string outputs hold), ``allowed_callers``
(``direct``, ``programmatic``: who may call it) and ``async``. ``decode_request`` refuses them (the
canonical FunctionTool has no field for them); inside a namespace tool, which rides whole as a
hosted tool's config, the same keys went as sent. :func:`tool_keys_out` takes them off each
top-level function tool before the body is read: to Responses the client's tools go back as sent,
in place (in ``Config.extensions``'s ``tools``, which the builder writes in place of its own).
Toward another dialect each key is ``dropped`` with its path where the tool keeps its meaning
there (a null, ``defer_loading``: the tool is loaded up front; ``output_schema``: the outputs are
sent as they are; ``allowed_callers`` naming ``direct``; ``async`` false) and refused at its path
where it does not (``allowed_callers`` without ``direct``: the destination's model would call a
tool the client let only programs call; ``async`` true), as a function call's ``caller`` and
``async`` are (``_replayed_client_items.py``).
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import msgspec

from lmcodec.errors import ValidationError
from lmcodec.providers._build_common import adaptation
from lmcodec.wire import Adaptation

__all__ = ["ToolKeys", "tool_keys_out"]

_KEYS: Final = frozenset({"defer_loading", "output_schema", "allowed_callers", "async"})
_NULL: Final = "a function tool's {key}, null: it says nothing; the tool is sent"
_DROPPED: Final = {
    "defer_loading": (
        "a function tool's defer_loading ({asked}): {destination} has no tool search; the tool is "
        "sent, loaded up front"
    ),
    "output_schema": (
        "a function tool's output_schema (the JSON its outputs hold): {destination} has no such "
        "field; the tool is sent, its outputs as they are"
    ),
    "allowed_callers": (
        "a function tool's allowed_callers {asked}: the model may call it, as {destination}'s model "
        "calls every tool; the tool is sent"
    ),
    "async": (
        "a function tool's async, false: its calls are run as {destination} runs every call; the tool is sent"
    ),
}
_REFUSED: Final = {
    "allowed_callers": (
        "a function tool only a program may call (allowed_callers {asked}): {destination}'s model "
        "would call it itself"
    ),
    "async": "a function tool run asynchronously (async {asked}): {destination} has no such tool",
}


class ToolKeys(NamedTuple):
    """What :func:`tool_keys_out` made of a Responses body's function tools."""

    sent: list[Any]
    """The client's tools as sent, which Responses gets back."""
    notes: tuple[Adaptation, ...]
    """Each key taken off, ``dropped`` at its path (none toward Responses)."""


def tool_keys_out(value: dict[str, Any], destination: str) -> ToolKeys | None:
    """A decoded Responses body's top-level function tools without the keys of the module
    docstring, in place, with the tools as the client sent them and the notes of the keys
    dropped toward ``destination``; None, the body untouched, where no function tool holds one.
    ``ValidationError`` at the key's path where one says what ``destination`` cannot."""
    tools = value.get("tools")
    if type(tools) is not list:
        return None
    sent: list[Any] | None = None
    notes: list[Adaptation] = []
    for index, tool in enumerate(tools):
        if type(tool) is not dict or tool.get("type") != "function" or _KEYS.isdisjoint(tool):
            continue
        if sent is None:  # (the client's tools, before any key is taken off)
            sent = [dict(entry) if type(entry) is dict else entry for entry in tools]
        for key in [key for key in tool if key in _KEYS]:  # (in the client's order)
            asked = tool.pop(key)
            if destination != "openai":
                reason = _elsewhere(key, asked, destination, index)
                notes.append(adaptation(f"$.tools[{index}].{key}", "dropped", reason, asked))
    return None if sent is None else ToolKeys(sent, tuple(notes))


def _elsewhere(key: str, asked: Any, destination: str, index: int) -> str:
    """Why the function tool's ``key`` (``asked``) is dropped on its way to ``destination`` (not
    Responses); refused at its path where the tool would not keep its meaning there."""
    if asked is None:
        return _NULL.format(key=key)
    if key in ("defer_loading", "output_schema"):
        return _DROPPED[key].format(asked=_json(asked), destination=destination)
    if key == "allowed_callers" and type(asked) is list and "direct" in asked:
        return _DROPPED[key].format(asked=_json(asked), destination=destination)
    if key == "async" and asked is False:
        return _DROPPED[key].format(destination=destination)
    reason = _REFUSED[key].format(asked=_json(asked), destination=destination)
    raise ValidationError(f"{reason}; only Responses takes it", f"$.tools[{index}].{key}")


def _json(value: Any) -> str:
    """``value`` as JSON spells it (``true``, ``["direct"]``), for a note's reason."""
    return msgspec.json.encode(value).decode()
