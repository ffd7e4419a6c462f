"""Tool schemas a client's own API takes and another dialect's refuses, rewritten as the
destination takes them (``lc.translate_request`` between two dialects; ``build_request`` stays
lm15's and writes what it is given).

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
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.wire import Adaptation, FunctionTool, Request

__all__ = ["PARAMETERLESS_REFUSED", "parameterless_tools_out"]

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

