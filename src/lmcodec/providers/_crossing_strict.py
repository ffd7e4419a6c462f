"""A function tool's strictness between two dialects (``lc.translate_request``; red team 26 F01).

The canonical tool has no strict flag and lm15's builders send none. What the client asked is read
from its body (:func:`strict_asked`): a Chat tool's ``function.strict: true`` (the gateway's reading
takes it out with a ``dropped`` note at its path), an Anthropic tool's ``strict: true`` (the tools
ride as sent in ``Config.extensions``), a Responses tool's ``strict: true``, and a Responses tool
without the flag (or ``null``), which that API reads as strict, its schema normalized into strict
mode (OpenAI's function-calling guide: "If you omit strict ... Responses requests will normalize
your schema into strict mode ..., while Chat Completions requests remain non-strict by default").

Where the destination has the flag, an asked ``strict: true`` goes so: Chat's ``function.strict``
and Anthropic's tool ``strict`` (the anthropic SDK's ``ToolParam.strict``) by
:func:`strict_flags_out` on the built body, Responses' ``strict`` by
``_crossing_schemas.strict_flags_in``; the reading's ``dropped`` note of a Chat tool so sent is
withdrawn. A schema the client sent as strict is one OpenAI's strict mode took, which the others'
take too. Gemini has no flag: those tools are listed in one ``tools`` ``dropped`` note
(:func:`strict_notes`). A Responses tool strict by the API's default goes without the flag, listed
in one ``tools`` ``dropped`` note: its schema was not written in strict mode (the API normalizes it
itself, and Chat refuses ``strict: true`` on a schema that is not), so the destination validates it
loosely, as it does every tool without the flag.

A function tool ``strict: true`` declared without parameters (absent; ``null`` in Responses, whose
SDK types them Optional) reads as lm15's default ``{"type": "object", "properties": {}}``, which
OpenAI's strict mode refuses ("'additionalProperties' is required to be supplied and to be false":
red team 30 F03). To Responses and Chat such a tool goes closed, as the openai SDK's
``to_strict_json_schema`` writes an object of no properties (``additionalProperties: false``,
``required: []``), one ``tools[i].parameters`` ``substituted`` note each
(:func:`strict_empty_schemas_closed`): parameters as the client sent them have no common spelling
(Chat takes no ``null``), and the closed schema is what both APIs take under strict mode. To
Anthropic the same tool went with ``strict: true`` and the open schema, which the Messages API
refuses too: its strict mode compiles ``input_schema`` as structured outputs do, and an object
there must say ``additionalProperties: false`` ("For 'object' type, 'additionalProperties' must
be explicitly set to false", its 400 for a strict tool, vercel/ai#20681; lm15's builder notes the
same 400 for ``output_config.format``); ``required`` may be left out. So where
:func:`strict_flags_out` writes the flag on such a tool it writes the schema the anthropic SDK's
``transform_schema`` makes of lm15's default, ``{"type": "object", "properties": {},
"additionalProperties": false}``, one ``tools[i].parameters`` ``substituted`` note (``i`` the
tool's entry in the body sent). An Anthropic client's own tools ride as it sent them, their flag
in them: its API gets the schema it wrote.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._mapper import replace
from lmcodec.wire import Adaptation, FunctionTool, Request
from lmcodec.wire._float_literals import decode_any

__all__ = [
    "NONE",
    "Strictness",
    "anthropic_tools_residue",
    "chat_strict_notes",
    "strict_asked",
    "strict_empty_schemas_closed",
    "strict_empty_schemas_kept",
    "strict_flags_out",
    "strict_notes",
]


class Strictness(msgspec.Struct, frozen=True, gc=False):
    """The function tools a client's body asks to be strict, by name. A Struct, not a NamedTuple:
    made in C (a NamedTuple's ``__new__`` is Python, ~3k instructions a gateway call with tools)."""

    asked: frozenset[str]
    """Flagged ``strict: true``."""
    defaulted: tuple[str, ...]
    """Responses tools without the flag (or ``null``), strict by that API's default."""
    read_notes: dict[str, str]
    """A Chat body's: the field of the reading's ``dropped`` note of each tool asked, by name."""


_NO_NAMES: Final[frozenset[str]] = frozenset()
NONE: Final = Strictness(_NO_NAMES, (), {})


def chat_strict_notes(notes: tuple[Adaptation, ...]) -> list[Adaptation]:
    """The notes of a Chat body's reading that took a tool's ``function.strict: true`` out."""
    return [note for note in notes if note.asked is True and note.field.endswith("].function.strict")]


def strict_asked(
    source: str, request: Request, strict_tools: frozenset[str], notes: tuple[Adaptation, ...]
) -> Strictness:
    """What ``request``'s function tools (as read, in ``source``'s dialect, before any pass) ask of
    strictness; :data:`NONE` for a Gemini body or a request without tools. ``strict_tools``: the
    function tools a Responses body flags ``strict: true``, as the gateway's reading recorded them
    (``_typed_readings.TypedReading``; no search of the body's bytes, which a ``\\u``-escaped key
    would pass unseen); ``notes``: the reading's (a Chat tool's ``function.strict`` taken out)."""
    if not request.tools or source == "gemini":
        return NONE
    if source == "openai_chat":
        fields: dict[str, str] = {}
        for note in chat_strict_notes(notes):
            i = int(note.field[len("$.tools[") : note.field.index("]")])
            tool = request.tools[i] if i < len(request.tools) else None
            if type(tool) is FunctionTool:
                fields[tool.name] = note.field
        return Strictness(frozenset(fields), (), fields) if fields else NONE
    extensions = request.config.extensions or {}
    if source == "anthropic":
        sent = extensions.get("tools")
        if not isinstance(sent, list):
            return NONE
        flagged = {entry["name"] for entry in sent if isinstance(entry, dict) and entry.get("strict") is True}
        return Strictness(frozenset(flagged), (), {}) if flagged else NONE
    functions: list[str] = []
    for tool in request.tools:  # (plain loops here: a generator costs ~2k instructions)
        if type(tool) is FunctionTool:
            functions.append(tool.name)
    sent = extensions.get("tools")
    if isinstance(sent, list):  # a strict: false among them: the tools as sent (openai/read.py)
        flags = {
            entry.get("name"): entry.get("strict")
            for entry in sent
            if isinstance(entry, dict) and entry.get("type") == "function"
        }
        return Strictness(
            frozenset(name for name in functions if flags.get(name) is True),
            tuple(name for name in functions if flags.get(name) is None),
            {},
        )
    if not strict_tools:  # (the usual Responses body: every function tool strict by default)
        return Strictness(_NO_NAMES, tuple(functions), {})
    return Strictness(
        strict_tools.intersection(functions),
        tuple([name for name in functions if name not in strict_tools]),
        {},
    )


_NO_FLAG: Final = (
    "strict: true on a function tool: Gemini has no strict flag, so its arguments are not held to "
    "the schema there: sent without it"
)
_DEFAULTED: Final = (
    "Responses reads a function tool without strict as strict (its schema normalized into strict "
    "mode: every property required); {destination} validates a tool without the flag loosely, and "
    "the schema, not written in strict mode, cannot go with strict: true: sent without it"
)
_NAMES: Final = {
    "openai_chat": "Chat Completions",
    "anthropic": "the Messages API",
    "gemini": "Gemini",
}
_DEFAULTED_NOTES: Final = {
    destination: Adaptation(field="tools", action="dropped", reason=_DEFAULTED.format(destination=name))
    for destination, name in _NAMES.items()
}
_NO_FLAG_NOTE: Final = Adaptation(field="tools", action="dropped", reason=_NO_FLAG)
"""The notes, their ``asked`` (the tools' names) replaced (a checked construction costs ~30x more)."""


def strict_notes(destination: str, strictness: Strictness) -> tuple[Adaptation, ...]:
    """The notes of what goes without the flag to ``destination`` (not Responses: see the module
    docstring): the tools strict by Responses' default; to Gemini, the tools asked strict."""
    notes: list[Adaptation] = []
    if destination == "gemini" and strictness.asked and not strictness.read_notes:  # (a Chat tool's: noted)
        notes.append(replace(_NO_FLAG_NOTE, asked=sorted(strictness.asked)))
    if strictness.defaulted:
        notes.append(replace(_DEFAULTED_NOTES[destination], asked=list(strictness.defaulted)))
    return tuple(notes)


def strict_flags_out(
    destination: str, body: bytes, strictness: Strictness, notes: tuple[Adaptation, ...]
) -> tuple[bytes, tuple[Adaptation, ...]]:
    """``body`` (the Chat or Anthropic builder's) with ``strict: true`` on each function tool asked
    strict, and ``notes`` without a Chat reading's note of a tool so sent; ``body`` and ``notes`` as
    they are where no entry of those names is in it (a tool the builder left out). An Anthropic
    tool the flag is written on whose schema is lm15's empty default goes closed, noted (the module
    docstring); one that carries its flag already rides as its client sent it."""
    value = decode_any(body)
    tools = value.get("tools")
    if not isinstance(tools, list):
        return body, notes
    flagged: set[str] = set()
    for entry in tools:
        if not isinstance(entry, dict):
            continue
        if destination == "openai_chat":
            function = entry.get("function")
        else:  # an Anthropic function tool (a hosted tool's entry has no input_schema)
            function = entry if "input_schema" in entry else None
        if isinstance(function, dict) and function.get("name") in strictness.asked:
            if destination == "anthropic" and entry["input_schema"] == _OPEN_EMPTY and "strict" not in entry:
                notes = (*notes, _closed_for_claude(tools, entry))
            function["strict"] = True
            flagged.add(function["name"])
    if not flagged:
        return body, notes
    if strictness.read_notes:
        carried = {field for name, field in strictness.read_notes.items() if name in flagged}
        notes = tuple(note for note in notes if note.field not in carried)
    return msgspec.json.encode(value), notes


def _closed_for_claude(tools: list[Any], entry: dict[str, Any]) -> Adaptation:
    """The note of ``entry`` (an Anthropic function tool of ``tools``, the body's) given the closed
    empty schema in place of lm15's open one."""
    field = f"tools[{tools.index(entry)}].parameters"
    entry["input_schema"] = _anthropic_closed_empty()
    asked, applied = {"type": "object", "properties": {}}, _anthropic_closed_empty()
    note: Adaptation = replace(_ANTHROPIC_CLOSED_NOTE, field=field, asked=asked, applied=applied)
    return note


def _anthropic_closed_empty() -> dict[str, Any]:
    """What the anthropic SDK's ``transform_schema`` writes for lm15's empty default (a new dict)."""
    return {"type": "object", "properties": {}, "additionalProperties": False}


_ANTHROPIC_CLOSED_NOTE: Final = Adaptation(
    field="tools",
    action="substituted",
    reason=(
        "a strict function tool without parameters, read as {type: object, properties: {}}, which "
        "the Messages API's strict mode refuses (an object needs additionalProperties: false): sent "
        "closed, as the anthropic SDK's transform_schema writes an object of no properties"
    ),
)
"""The note, its ``field`` (the tool's entry), ``asked`` and ``applied`` replaced."""


_CARRIED_OR_NOTED: Final = frozenset(
    {"type", "name", "description", "input_schema", "strict", "cache_control"}
)
"""The keys of an Anthropic function tool's entry the gateway carries or notes on their own: the
canonical tool, the strict flag (above), the cache mark (``_crossing_cache_marks.py``)."""


def anthropic_tools_residue(sent: Any) -> Any:
    """What of an Anthropic client's tools as sent (``Config.extensions``'s ``tools``) no pass
    carries or notes: each function tool's other keys (``input_examples``, ``defer_loading``, ...)
    with its name; a hosted tool's entry is a canonical hosted tool (``_crossing_tools.py``)."""
    if not isinstance(sent, list):
        return sent
    rest: list[Any] = []
    for entry in sent:
        if isinstance(entry, dict) and "input_schema" in entry and not _CARRIED_OR_NOTED.issuperset(entry):
            extra = {key: value for key, value in entry.items() if key not in _CARRIED_OR_NOTED}
            rest.append({"name": entry.get("name"), **extra})
    return rest


_OPEN_EMPTY: Final = {"type": "object", "properties": {}}
"""lm15's parameters of a function tool declared without them."""
_CLOSED_EMPTY: Final = (
    "a strict function tool without parameters, read as {type: object, properties: {}}, which "
    "OpenAI's strict mode refuses (every object needs additionalProperties: false and required): "
    "sent closed, as the openai SDK's to_strict_json_schema writes an object of no properties"
)


def strict_empty_schemas_closed(
    request: Request, asked: frozenset[str]
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with each function tool of ``asked`` (flagged ``strict: true``) whose parameters
    are lm15's empty default given the closed empty schema, one Adaptation each; ``request`` itself
    when no tool is such (see the module docstring)."""
    tools: list[Any] | None = None
    notes: list[Adaptation] = []
    for i, tool in enumerate(request.tools):
        if type(tool) is not FunctionTool or tool.name not in asked or tool.parameters != _OPEN_EMPTY:
            continue
        if tools is None:
            tools = list(request.tools)
        closed = {"type": "object", "properties": {}, "additionalProperties": False, "required": []}
        tools[i] = msgspec.structs.replace(tool, parameters=closed)
        notes.append(
            Adaptation(
                field=f"tools[{i}].parameters",
                action="substituted",
                reason=_CLOSED_EMPTY,
                asked=dict(tool.parameters),
                applied=dict(closed),
            )
        )
    if tools is None:
        return request, ()
    return msgspec.structs.replace(request, tools=tuple(tools)), tuple(notes)


def strict_empty_schemas_kept(
    source: str, request: Request, strict_tools: frozenset[str], notes: tuple[Adaptation, ...]
) -> tuple[Request, tuple[Adaptation, ...]]:
    """Responses or Chat to itself: :func:`strict_empty_schemas_closed` of the tools the client
    flags strict (``strict_tools``, a Responses body's; a Chat body's from its reading's ``notes``),
    ``notes`` with theirs; as they are where a Responses client's tools ride as sent (a ``strict:
    false`` among them: ``_crossing_schemas.strict_flags_back``), which its API takes."""
    if source == "openai":
        extensions = request.config.extensions
        if not strict_tools or (extensions and "tools" in extensions):
            return request, notes
        asked = strict_tools
    elif notes:
        asked = strict_asked(source, request, strict_tools, notes).asked
    else:
        return request, notes
    request, closed = strict_empty_schemas_closed(request, asked)
    return request, (*notes, *closed) if closed else notes
