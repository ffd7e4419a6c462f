"""Hosted (provider-run) tools crossing dialects (``lc.translate_request``).

``decode_request`` reads a hosted tool as ``BuiltinTool(name, config)``, ``config`` holding the
source provider's own options (and its tool type where the canonical name does not give it back),
and every builder writes ``config`` into its own tool entry. Sent as they are, Anthropic's
``max_uses`` lands in Gemini's ``googleSearch``, ``bash_20250124`` becomes an OpenAI tool type,
``file_search`` goes to Anthropic: each a 400.

:func:`hosted_tools_out` keeps what has an equivalent at the destination, written with the
destination's options only (the SDKs' request types): web search (Anthropic
``web_search_*``, Responses ``web_search_preview``, Gemini ``googleSearch``; ``user_location``,
the same object in Anthropic's and OpenAI's, crosses between them; every other option is
``dropped``, named) and code execution (Anthropic ``code_execution_*``, Responses
``code_interpreter`` with the ``{"type": "auto"}`` container its type requires, Gemini
``codeExecution``). Every other hosted tool is ``dropped``, named; Chat Completions has no hosted
tools, so each is dropped there (lm15's Chat builder refuses one).

A Responses custom (freeform) tool (``{"type": "custom", "name", "description", "format"}``, read
as ``BuiltinTool("custom", config)``; Codex's ``apply_patch``) is no hosted tool: the client runs
it. To another dialect it is a function tool of one string parameter ``input``, ``substituted``
(its ``format`` grammar is not sent: Chat Completions' own custom tools are not written here; the
calls a client replays go the same way:
``providers/_crossing_custom_calls.py``). A tool choice naming the custom tool names that function
tool (``config.tool_choice`` ``substituted``; red team 34 F05).

A tool choice that forces a hosted tool Gemini is sent (web search, code execution) loses the
forcing there, ``config.tool_choice`` ``dropped`` (or ``substituted`` by the function tools it also
named): Gemini's ``functionCallingConfig`` names function declarations only, and lm15's builder
refuses such a choice with no path in the client's body (red team 26 F06), where Chat, which drops
the tool, drops the choice with it.

A tool so written under a name an earlier tool of the request has (a Responses body's
``web_search_preview`` beside ``web_search_2025_08_26``: two web searches, one name at the
destination; a custom tool named as a function tool) is ``dropped``, named: a canonical Request's
tool names are unique, and the first tool of the name is sent.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.providers._build_common import adaptation
from lmcodec.providers._crossing_custom_calls import no_custom_form
from lmcodec.wire import Adaptation, BuiltinTool, FunctionTool, Request
from lmcodec.wire.telemetry import AdaptationAction

__all__ = ["hosted_tools_out"]

_WEB_SEARCH_NAMES: Final = frozenset({"web_search", "web_search_preview_2025_03_11", "web_search_2025_08_26"})
"""The canonical names a web search tool reads as (Responses' dated types keep their own)."""
_SAME_OPTIONS: Final[dict[str, frozenset[str]]] = {
    "anthropic": frozenset({"user_location"}),
    "openai": frozenset({"user_location"}),
}
"""The web search options each dialect shares with another (Anthropic's and OpenAI's
``user_location``: ``{"type": "approximate", city, region, country, timezone}`` in both SDKs)."""
_CONTAINER: Final = {"container": {"type": "auto"}}
"""The container OpenAI's ``code_interpreter`` requires (a new one for the request)."""
_replace: Final = msgspec.structs.replace
"""The tools are made from prototypes (``replace`` runs ``__post_init__``), the notes by
:func:`adaptation` (a template where the checked constructor would store its arguments as given):
the checked constructors cost a Codex body's three tools ~60% of this pass."""
_FUNCTION: Final = FunctionTool(name="-", parameters={})
_BUILTIN: Final = BuiltinTool(name="-")


_UNFORCEABLE: Final = (
    "the tool choice forced hosted tools, which are sent, but Gemini's functionCallingConfig names "
    "function declarations only (googleSearch and codeExecution have no forced form)"
)


def _kind(source: str, tool: BuiltinTool) -> str | None:
    """``web_search``, ``code_execution`` or None (a tool with no equivalent elsewhere)."""
    config = tool.config or {}
    wire_type = config.get("type")
    if tool.name in _WEB_SEARCH_NAMES:
        if source != "anthropic" or wire_type is None or str(wire_type).startswith("web_search_"):
            return "web_search"
    if tool.name == "code_execution":
        if source != "anthropic" or wire_type is None or str(wire_type).startswith("code_execution_"):
            return "code_execution"
    return None


def _custom_as_function(source: str, tool: BuiltinTool) -> FunctionTool | None:
    """A Responses custom tool as the function tool another dialect takes; None for another tool."""
    config = tool.config or {}
    name = config.get("name")
    if source != "openai" or tool.name != "custom" or not isinstance(name, str) or not name:
        return None
    description = config.get("description")
    text = {"type": "string", "description": "the tool's raw input text"}
    function: FunctionTool = _replace(
        _FUNCTION,
        name=name,
        description=description if isinstance(description, str) else None,
        parameters={"type": "object", "properties": {"input": text}, "required": ["input"]},
    )
    return function


def _named_before(name: str, destination: str) -> str:
    return (
        f"written as {destination}'s {name!r} tool, the name of another tool of the request: that one is sent"
    )


def hosted_tools_out(
    source: str, destination: str, request: Request
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with each hosted tool written for ``destination`` or left out, one Adaptation
    per tool changed or dropped and per option dropped; ``request`` itself when it has none."""
    if BuiltinTool not in set(map(type, request.tools)):
        return request, ()
    notes: list[Adaptation] = []
    tools: list[Any] = []
    taken = {tool.name for tool in request.tools if type(tool) is not BuiltinTool}
    custom: str | None = None  # the function name a Responses custom tool was sent under
    for i, tool in enumerate(request.tools):
        if type(tool) is not BuiltinTool:
            tools.append(tool)
            continue
        where = f"tools[{i}]"
        asked = msgspec.to_builtins(tool)
        function = _custom_as_function(source, tool)
        if function is not None and function.name in taken:
            notes.append(adaptation(where, "dropped", _named_before(function.name, destination), asked))
            continue
        if function is not None:
            taken.add(function.name)
            tools.append(function)
            custom = function.name
            reason = (
                f"a Responses custom (freeform) tool, {no_custom_form(destination)}: a function tool of "
                "one string parameter 'input' (its format, a grammar, is not sent)"
            )
            applied = msgspec.to_builtins(function)
            notes.append(adaptation(where, "substituted", reason, asked, applied))
            continue
        kind = _kind(source, tool)
        if kind is None or destination == "openai_chat":
            reason = (
                "Chat Completions has no hosted tools"
                if destination == "openai_chat"
                else f"{source}'s hosted tool {tool.name!r} has no equivalent in {destination}"
            )
            notes.append(adaptation(where, "dropped", reason, asked))
            continue
        if kind in taken:
            notes.append(adaptation(where, "dropped", _named_before(kind, destination), asked))
            continue
        taken.add(kind)
        kept: dict[str, Any] = {}
        shared = _SAME_OPTIONS.get(destination, frozenset()) & _SAME_OPTIONS.get(source, frozenset())
        for key, value in (tool.config or {}).items():
            if kind == "web_search" and key in shared:
                kept[key] = value
            else:
                reason = f"{source}'s {kind} option, which {destination}'s {kind} tool does not take"
                notes.append(adaptation(f"{where}.config.{key}", "dropped", reason, value))
        if kind == "code_execution" and destination == "openai":
            kept.update(_CONTAINER)
        new = _replace(_BUILTIN, name=kind, config=kept or None)
        tools.append(new)
        if new != tool:
            reason = f"{source}'s {kind} tool written as {destination}'s"
            notes.append(adaptation(where, "substituted", reason, asked, msgspec.to_builtins(new)))
    dropped = {tool.name for tool in request.tools if type(tool) is BuiltinTool} - {
        tool.name for tool in tools
    }
    if destination == "gemini":  # sent, but functionCallingConfig cannot name them (red team 26 F06)
        unforceable = {tool.name for tool in tools if type(tool) is BuiltinTool}
    else:
        unforceable = set()
    config = request.config
    choice = config.tool_choice
    if custom is not None and choice is not None and "custom" in choice.allowed:  # (red team 34 F05)
        forced = msgspec.structs.replace(
            choice, allowed=tuple(custom if name == "custom" else name for name in choice.allowed)
        )
        reason = "the tool choice named the Responses custom tool: it names the function tool sent for it"
        asked, applied = msgspec.to_builtins(choice), msgspec.to_builtins(forced)
        notes.append(adaptation("config.tool_choice", "substituted", reason, asked, applied))
        choice = forced
        config = msgspec.structs.replace(config, tool_choice=choice)
    unnamed = dropped | unforceable
    if choice is not None and (unnamed & set(choice.allowed) or (not tools and choice.mode != "none")):
        kept_names = tuple(name for name in choice.allowed if name not in unnamed)
        new_choice = (
            msgspec.structs.replace(choice, allowed=kept_names)
            if tools and (kept_names or choice.mode == "auto")
            else None
        )
        if not choice.allowed:
            reason = "no tool is left to choose"
        elif dropped & set(choice.allowed):
            reason = "the tool choice named hosted tools left out"
        else:
            reason = _UNFORCEABLE
        applied = None if new_choice is None else msgspec.to_builtins(new_choice)
        action: AdaptationAction = "dropped" if new_choice is None else "substituted"
        notes.append(adaptation("config.tool_choice", action, reason, msgspec.to_builtins(choice), applied))
        config = msgspec.structs.replace(config, tool_choice=new_choice)
    return msgspec.structs.replace(request, tools=tuple(tools), config=config), tuple(notes)
