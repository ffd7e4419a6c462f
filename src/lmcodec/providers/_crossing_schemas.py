"""Tool schemas a client's own API takes and another dialect's refuses, rewritten as the
destination takes them (``lc.translate_request`` between two dialects; ``build_request`` stays
lm15's and writes what it is given), and the strict flag Responses reads otherwise.

Function tools to Responses (red team 11 F03): Chat Completions, Anthropic and Gemini validate a
tool without ``strict`` loosely, Responses does not ("Responses requests will attempt to normalize
your schema into strict mode ... To opt out ... explicitly set strict: false", OpenAI's guide):
every property becomes required and the model fills the optional ones. lm15's builder sends no
flag; between two dialects each function tool goes to Responses with ``strict: false`` (the
meaning it had; one ``tools`` ``substituted`` note naming them), or ``strict: true`` where a Chat
client asked for it (the ``dropped`` note of the reading of its body withdrawn). The tools go as
the builder writes them, flagged, in ``Config.extensions``'s ``tools``, which the builder writes in
place of its own, as ``decode_request("openai")`` keeps a client's ``strict: false``; an Anthropic
client's ``strict: true`` goes so too (red team 26 F01; the other destinations:
``_crossing_strict.py``). Chat to Chat, a client's ``strict: true`` goes back as it came (red team
24 F10; :func:`chat_strict_flags_back`).

A parameterless tool (red team 11 F07): google-genai declares one with no ``parameters`` (read as
``{}``, which Gemini gets back as it came), Gemini spells it ``{"type": "OBJECT"}`` and an
Anthropic client (MCP servers) ``{"type": "object"}``. Anthropic refuses a schema without
``type: object`` (``input_schema: {}``), OpenAI refuses that and an object schema without
``properties`` ("object schema missing properties"). To OpenAI (both dialects) and Anthropic the
tool goes as ``{"type": "object", "properties": {}}`` (the canonical default, what lm15 writes
for a tool declared without parameters; other keys kept), ``tools[i].parameters``
``substituted``. Gemini's builder leaves an empty declaration out, as google-genai sends it. The
pass runs only for the pairs where the client's API takes a spelling the destination refuses
(:data:`PARAMETERLESS_REFUSED`): a Chat or Responses client's schema is one OpenAI took, which
Anthropic takes too, so the common gateway call (an OpenAI client) does not walk its tools.

A nested open object to Gemini (issue 15): Gemini's OpenAPI Schema field (``parameters``, where
lm15's builder sends every schema its MAP-16 check lets through) refuses an object below the root
that declares no properties, with or without ``properties: {}`` ("GenerateContentRequest.tools[0]
.function_declarations[0].parameters.properties[opts].properties: should be non-empty for OBJECT
type", reported from gemini-2.0 to late 2025, for ``responseSchema`` too; LiteLLM removes the empty
``properties``, and whether a bare nested ``{"type": "object"}`` passes is reported both ways). An
OpenAI or Anthropic client's schema is JSON Schema, where such an object (any object) is common
(MCP tools: ``"options": {"type": "object"}``). :func:`open_objects_out` sends each such tool
under ``parametersJsonSchema``, the field MAP-16 picks for what the OpenAPI one refuses, which takes
JSON Schema as it is: the schema goes verbatim (INV-002), only the field that carries it changes,
as lm15's own switch of field does, so no Adaptation is recorded. The tools go as the Gemini
builder writes them, in ``Config.extensions``'s ``tools`` (written in place of the builder's), as
:func:`strict_flags_in` does for Responses. An object at the root without properties (a
parameterless tool) stays: Gemini takes it.

A structured-output schema to Anthropic (red team 11 F10): the Messages API refuses an object in
``output_config.format.schema`` without ``additionalProperties: false`` (lm15's builder: "HTTP 400
otherwise"; it sends the schema it is given), and a Chat ``response_format`` or Responses
``text.format`` that is not strict (pydantic's ``model_json_schema()``) and every google-genai
``responseSchema`` leave objects open. Every object schema in it (``type: object``, at any depth:
properties, items, ``anyOf``, ``$defs``, ...) is closed, as the anthropic SDK's
``transform_schema`` closes it before sending (``additionalProperties: false`` in place of what it
had), ``config.response_format.schema`` ``substituted``. JSON mode without a schema (a Chat
``json_object``, a google-genai ``responseMimeType: application/json`` alone), which the Messages
API has no field for and lm15's builder refuses, is left out, ``config.response_format``
``dropped``, as any other setting a destination lacks (red team 11 F09).
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.codecs._hooks import builtin_value
from lmcodec.providers._crossing_strict import Strictness
from lmcodec.providers._mapper import replace
from lmcodec.providers._memo import BytesMemo
from lmcodec.providers.gemini._build_schema import walk_fits_openapi_schema
from lmcodec.providers.gemini._build_tools import tools_wire
from lmcodec.providers.openai.build import tool_entry
from lmcodec.wire import Adaptation, FunctionTool, Request
from lmcodec.wire._float_literals import decode_any

__all__ = [
    "PARAMETERLESS_REFUSED",
    "chat_strict_flags_back",
    "claude_output_format",
    "open_objects_out",
    "parameterless_tools_out",
    "strict_flags_back",
    "strict_flags_in",
]

PARAMETERLESS_REFUSED: Final[dict[str, frozenset[str]]] = {
    "openai": frozenset({"gemini", "anthropic"}),
    "openai_chat": frozenset({"gemini", "anthropic"}),
    "anthropic": frozenset({"gemini"}),
    "gemini": frozenset(),
}
"""By destination, the source dialects whose parameterless spellings it refuses: Gemini's ``{}``
and ``OBJECT`` everywhere else, Anthropic's ``{"type": "object"}`` at OpenAI."""

_PARAMETERLESS: Final = (
    "a tool without parameters spelled as this dialect's API refuses it (no type: object, or an "
    "object schema without properties): sent as an object schema of no properties"
)


def parameterless_tools_out(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with each function tool whose schema is ``{}`` or an object schema without
    ``properties`` given ``{"type": "object", "properties": {}}`` (its other keys kept), one
    Adaptation each; ``request`` itself when no tool is such."""
    tools: list[Any] | None = None
    notes: list[Adaptation] = []
    for i, tool in enumerate(request.tools):
        if type(tool) is not FunctionTool:
            continue
        schema = tool.parameters
        if "properties" in schema or (schema and schema.get("type") != "object"):
            continue
        if tools is None:
            tools = list(request.tools)
        written = {"type": "object", **schema, "properties": {}}
        tools[i] = msgspec.structs.replace(tool, parameters=written)
        notes.append(
            Adaptation(
                field=f"tools[{i}].parameters",
                action="substituted",
                reason=_PARAMETERLESS,
                asked=schema,
                applied=written,
            )
        )
    if tools is None:
        return request, ()
    return msgspec.structs.replace(request, tools=tuple(tools)), tuple(notes)


def open_objects_out(request: Request) -> Request:
    """``request`` with its tools in ``Config.extensions``'s ``tools`` as the Gemini builder
    writes them, each function tool whose schema holds an object below its root that declares no
    properties under ``parametersJsonSchema`` (see the module docstring); ``request`` itself when
    no tool is such, or when the builder sends each such schema there already (MAP-16)."""
    moved = _moved(request.tools)
    if not any(moved):
        return request
    written = tools_wire(request.tools)
    for declaration, move in zip(written[0]["functionDeclarations"], moved, strict=True):
        if move:
            declaration["parametersJsonSchema"] = declaration.pop("parameters")
    config = request.config
    extensions = {**(config.extensions or {}), "tools": written}
    return msgspec.structs.replace(request, config=msgspec.structs.replace(config, extensions=extensions))


_TOOLS_KEY: Final = msgspec.msgpack.Encoder(enc_hook=builtin_value).encode  # a str subclass as its str
_TOOLS_VALUE: Final = msgspec.msgpack.Decoder().decode
_MOVED: Final[BytesMemo[tuple[bool, ...]]] = BytesMemo()  # bounded by bytes: clients send their own tools


def _moved(tools: tuple[Any, ...]) -> tuple[bool, ...]:
    """For each function tool, in order, whether it moves: remembered by the tools' MessagePack
    bytes (one encode and one lookup for tools sent again; walking every schema cost ~3 times the
    encode), the answer for those bytes computed from the plain values they decode to (MessagePack
    keeps a value's JSON type; a tuple reads back as the list JSON makes of it)."""
    try:
        key = _TOOLS_KEY(tools)
    except (TypeError, ValueError, UnicodeEncodeError, OverflowError, RecursionError):
        return tuple(_moves(tool.parameters) for tool in tools if isinstance(tool, FunctionTool))
    moved = _MOVED.get(key)
    if moved is None:
        try:
            decoded = _TOOLS_VALUE(key)
        except RecursionError:
            return tuple(_moves(tool.parameters) for tool in tools if isinstance(tool, FunctionTool))
        moved = tuple(_moves(tool["parameters"]) for tool in decoded if tool.get("type") == "function")
        _MOVED.put(key, moved)
    return moved


def _moves(schema: Any) -> bool:
    return walk_fits_openapi_schema(schema) and _open_below_root(schema)


def _open_below_root(schema: Any) -> bool:
    """Whether a node below ``schema``'s root that the OpenAPI check walks (a value of
    ``properties``, ``items``, an element of ``anyOf``) is an object declaring no properties."""
    stack = _children(schema)
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        kind = node.get("type")
        if isinstance(kind, str) and kind.lower() == "object" and not node.get("properties"):
            return True
        stack.extend(_children(node))
    return False


def _children(node: Any) -> list[Any]:
    """The schemas right below ``node``, as the OpenAPI check walks them."""
    if not isinstance(node, dict):
        return []
    below: list[Any] = []
    props = node.get("properties")
    if isinstance(props, dict):
        below.extend(props.values())
    if "items" in node:
        below.append(node["items"])
    branches = node.get("anyOf")
    if isinstance(branches, list):
        below.extend(branches)
    elif branches is not None:
        below.append(branches)
    return below


_CLOSED: Final = (
    "the Messages API refuses an object schema without additionalProperties: false in "
    "output_config.format: every object closed, as the anthropic SDK's transform_schema closes it"
)
_ANY_JSON: Final = (
    "the Messages API has no JSON mode without a schema (lm15's builder refuses it): sent without "
    "it, the answer's form left to the prompt"
)
_SCHEMA_MAPS: Final = frozenset({"properties", "$defs", "definitions", "patternProperties"})
"""Keys whose value maps names to schemas."""
_SCHEMA_VALUES: Final = frozenset({"items", "anyOf", "oneOf", "allOf", "not", "prefixItems", "contains"})
"""Keys whose value is a schema or a list of schemas (``additionalProperties`` is closed instead)."""


def claude_output_format(request: Request) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with every object schema of its response format's schema closed, or without a
    JSON mode that has no schema (see the module docstring), one Adaptation; ``request`` itself
    when neither applies. RecursionError on a schema nested past Python's recursion limit."""
    fmt = request.config.response_format
    if fmt is not None and fmt.get("type") == "json_object":
        config = msgspec.structs.replace(request.config, response_format=None)
        note = Adaptation(field="config.response_format", action="dropped", reason=_ANY_JSON, asked=fmt)
        return msgspec.structs.replace(request, config=config), (note,)
    schema = fmt.get("schema") if fmt is not None else None
    if fmt is None or not isinstance(schema, dict):
        return request, ()
    closed = _closed(schema)
    if closed == schema:
        return request, ()
    config = msgspec.structs.replace(request.config, response_format={**fmt, "schema": closed})
    where = "config.response_format.schema"
    note = Adaptation(field=where, action="substituted", reason=_CLOSED, asked=schema, applied=closed)
    return msgspec.structs.replace(request, config=config), (note,)


def _closed(schema: Any) -> Any:
    """``schema`` (a copy) with every object schema in it given ``additionalProperties: false``."""
    if isinstance(schema, list):
        return [_closed(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {name: _closed(item) for name, item in value.items()}
        elif key in _SCHEMA_VALUES:
            out[key] = _closed(value)
        else:
            out[key] = value
    kind = out.get("type")
    if kind == "object" or (isinstance(kind, list) and "object" in kind):
        out["additionalProperties"] = False
    return out


_NON_STRICT: Final = (
    "Responses reads a function tool without strict as strict (its schema normalized into strict "
    "mode: every property required), where the client's dialect validates it loosely: sent with "
    "strict: false"
)
_STRICT_NOTE: Final = Adaptation(field="tools", action="substituted", reason=_NON_STRICT)
"""The note, its ``applied`` (the tools' names) replaced (a checked construction costs ~30x more)."""


def strict_flags_in(
    request: Request, notes: tuple[Adaptation, ...], strictness: Strictness
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with its tools as the Responses builder writes them in ``Config.extensions``,
    each function tool flagged: ``strict: true`` where the client asked for it (a Chat client's
    ``$.tools[i].function.strict``, its note then withdrawn; an Anthropic tool's ``strict``:
    ``_crossing_strict.strict_asked``), else ``strict: false``, one note naming those; ``request``
    and ``notes`` as they are when it has no function tool. One note for all of them: each note
    costs a gateway call ~5k instructions, and this one is on every call with tools."""
    asked = strictness.asked
    entries: list[Any] = []
    loose: list[str] = []
    flagged: list[str] = []
    for tool in request.tools:  # (the entries written inline: a call a tool cost ~1k instructions)
        if type(tool) is not FunctionTool:
            entries.append(tool_entry(tool))
            continue
        name = tool.name
        entry: dict[str, Any] = {"type": "function", "name": name}
        if tool.description:
            entry["description"] = tool.description
        entry["parameters"] = tool.parameters
        if name in asked:
            entry["strict"] = True
            flagged.append(name)
        else:
            entry["strict"] = False
            loose.append(name)
        entries.append(entry)
    if not loose and not flagged:
        return request, notes
    config = request.config
    extensions = {**config.extensions, "tools": entries} if config.extensions else {"tools": entries}
    request = msgspec.structs.replace(request, config=msgspec.structs.replace(config, extensions=extensions))
    if flagged and strictness.read_notes:
        read_notes = strictness.read_notes
        carried = {read_notes[name] for name in flagged if name in read_notes}
        if carried:
            notes = tuple(note for note in notes if note.field not in carried)
    return request, (*notes, replace(_STRICT_NOTE, applied=loose)) if loose else notes


def _function_entry(tool: FunctionTool) -> dict[str, Any]:
    """A function tool as the Responses builder writes it (``type``, ``name``, ``description`` where
    not empty, as lm15 leaves an empty one out, ``parameters``), for a pass to add its flag to."""
    entry: dict[str, Any] = {"type": "function", "name": tool.name}
    if tool.description:
        entry["description"] = tool.description
    entry["parameters"] = tool.parameters
    return entry


def strict_flags_back(request: Request, flagged: frozenset[str]) -> Request:
    """Responses -> Responses: ``request`` with its tools as the Responses builder writes them in
    ``Config.extensions`` (written in place of the builder's), ``strict: true`` on each function
    tool ``flagged`` so by the client (lm15's builder sends no flag, which that API reads as "strict
    where the schema allows it": another request), the others as the builder writes them;
    ``request`` itself where the tools ride as sent already (a ``strict: false`` among them, a GA
    web search: the flag is in them) or none of them is flagged."""
    config = request.config
    if config.extensions and "tools" in config.extensions:
        return request
    entries: list[Any] = []
    found = False
    for tool in request.tools:
        if type(tool) is not FunctionTool:
            entries.append(tool_entry(tool))
            continue
        entry = _function_entry(tool)
        if tool.name in flagged:
            entry["strict"] = found = True
        entries.append(entry)
    if not found:
        return request
    extensions = {**(config.extensions or {}), "tools": entries}
    return msgspec.structs.replace(request, config=msgspec.structs.replace(config, extensions=extensions))


def chat_strict_flags_back(
    request: Request, body: bytes, notes: tuple[Adaptation, ...]
) -> tuple[bytes, tuple[Adaptation, ...]]:
    """Chat -> Chat: ``body`` (lm15's Chat builder's, one tool an entry in the order of
    ``request.tools``) with ``strict: true`` on each function tool whose client sent it (the
    reading's ``$.tools[i].function.strict`` note, then withdrawn); ``body`` and ``notes`` as they
    are where there is none, or where the built tool at that index is not the tool of that name."""
    asked = [note for note in notes if note.asked is True and note.field.endswith("].function.strict")]
    if not asked:
        return body, notes
    value = decode_any(body)
    tools = value.get("tools")
    if not isinstance(tools, list):
        return body, notes
    put_back: set[str] = set()
    for note in asked:
        i = int(note.field[len("$.tools[") : note.field.index("]")])
        entry = tools[i] if i < len(tools) and i < len(request.tools) else None
        function = entry.get("function") if isinstance(entry, dict) else None
        if isinstance(function, dict) and function.get("name") == getattr(request.tools[i], "name", None):
            function["strict"] = True
            put_back.add(note.field)
    if not put_back:
        return body, notes
    return msgspec.json.encode(value), tuple(note for note in notes if note.field not in put_back)
