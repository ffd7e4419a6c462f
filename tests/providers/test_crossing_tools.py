"""``_crossing_tools.hosted_tools_out`` makes its tools from prototypes and its notes by
``adaptation`` (a template where the checked constructor stores the arguments as given): it must
give what the checked constructors give. The reference below is the pass as it was written with
``FunctionTool(...)``, ``BuiltinTool(...)`` and ``Adaptation(...)``; hypothesis draws hosted tools
of every kind the pass tells apart, odd configs, names taken by function tools and tool choices."""

from __future__ import annotations

from typing import Any

import msgspec
from hypothesis import given
from hypothesis import strategies as st

import lmcodec as lc
from lmcodec.providers import _crossing_tools as tools_module
from lmcodec.providers._crossing_custom_calls import no_custom_form
from lmcodec.providers._crossing_tools import hosted_tools_out
from lmcodec.wire import Adaptation, BuiltinTool, FunctionTool, Request
from lmcodec.wire.telemetry import AdaptationAction
from lmcodec.wire.tools import ToolChoiceMode

DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
_HI = lc.Message.user("hi")
# Each wire class compiles its constructor at its first construction: done here, not in a draw.
_WARM = Request(
    model="m",
    messages=[_HI],
    tools=[FunctionTool(name="f"), BuiltinTool(name="b")],
    config=lc.Config(tool_choice=lc.ToolChoice(mode="auto")),
)


def _checked_custom_as_function(source: str, tool: BuiltinTool) -> FunctionTool | None:
    config = tool.config or {}
    name = config.get("name")
    if source != "openai" or tool.name != "custom" or not isinstance(name, str) or not name:
        return None
    description = config.get("description")
    text = {"type": "string", "description": "the tool's raw input text"}
    return FunctionTool(
        name=name,
        description=description if isinstance(description, str) else None,
        parameters={"type": "object", "properties": {"input": text}, "required": ["input"]},
    )


def _checked_hosted_tools_out(
    source: str, destination: str, request: Request
) -> tuple[Request, tuple[Adaptation, ...]]:
    """The pass with the checked constructors (the path the prototypes and templates bypass)."""
    if BuiltinTool not in set(map(type, request.tools)):
        return request, ()
    named_before = tools_module._named_before
    notes: list[Adaptation] = []
    tools: list[Any] = []
    taken = {tool.name for tool in request.tools if type(tool) is not BuiltinTool}
    for i, tool in enumerate(request.tools):
        if type(tool) is not BuiltinTool:
            tools.append(tool)
            continue
        where = f"tools[{i}]"
        asked = msgspec.to_builtins(tool)
        function = _checked_custom_as_function(source, tool)
        if function is not None and function.name in taken:
            notes.append(Adaptation(where, "dropped", named_before(function.name, destination), asked))
            continue
        if function is not None:
            taken.add(function.name)
            tools.append(function)
            reason = (
                f"a Responses custom (freeform) tool, {no_custom_form(destination)}: a function tool of "
                "one string parameter 'input' (its format, a grammar, is not sent)"
            )
            notes.append(Adaptation(where, "substituted", reason, asked, msgspec.to_builtins(function)))
            continue
        kind = tools_module._kind(source, tool)
        if kind is None or destination == "openai_chat":
            reason = (
                "Chat Completions has no hosted tools"
                if destination == "openai_chat"
                else f"{source}'s hosted tool {tool.name!r} has no equivalent in {destination}"
            )
            notes.append(Adaptation(where, "dropped", reason, asked))
            continue
        if kind in taken:
            notes.append(Adaptation(where, "dropped", named_before(kind, destination), asked))
            continue
        taken.add(kind)
        kept: dict[str, Any] = {}
        same = tools_module._SAME_OPTIONS
        shared = same.get(destination, frozenset()) & same.get(source, frozenset())
        for key, value in (tool.config or {}).items():
            if kind == "web_search" and key in shared:
                kept[key] = value
            else:
                reason = f"{source}'s {kind} option, which {destination}'s {kind} tool does not take"
                notes.append(
                    Adaptation(field=f"{where}.config.{key}", action="dropped", reason=reason, asked=value)
                )
        if kind == "code_execution" and destination == "openai":
            kept.update(tools_module._CONTAINER)
        new = BuiltinTool(name=kind, config=kept or None)
        tools.append(new)
        if new != tool:
            reason = f"{source}'s {kind} tool written as {destination}'s"
            notes.append(Adaptation(where, "substituted", reason, asked, msgspec.to_builtins(new)))
    dropped = {tool.name for tool in request.tools if type(tool) is BuiltinTool} - {
        tool.name for tool in tools
    }
    # to Gemini a hosted tool is sent but cannot be forced (red team 26 F06)
    sent = {tool.name for tool in tools if type(tool) is BuiltinTool} if destination == "gemini" else set()
    config = request.config
    choice = config.tool_choice
    unnamed = dropped | sent
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
            reason = tools_module._UNFORCEABLE
        applied = None if new_choice is None else msgspec.to_builtins(new_choice)
        action: AdaptationAction = "dropped" if new_choice is None else "substituted"
        notes.append(Adaptation("config.tool_choice", action, reason, msgspec.to_builtins(choice), applied))
        config = msgspec.structs.replace(config, tool_choice=new_choice)
    return msgspec.structs.replace(request, tools=tuple(tools), config=config), tuple(notes)


_NAMES = st.sampled_from(
    [
        "web_search",
        "web_search_preview_2025_03_11",
        "web_search_2025_08_26",
        "code_execution",
        "custom",
        "file_search",
    ]
)
_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 5)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=4,
)
_CONFIG_VALUES = {
    "type": st.sampled_from(["web_search_20250305", "code_execution_20250522", "bash_20250124", "custom"])
    | _JSON,
    "name": st.sampled_from(["apply_patch", "lookup", "", "web_search", "code_execution"]) | _JSON,
    "description": st.sampled_from(["Edit files.", ""]) | _JSON,
    "user_location": st.just({"type": "approximate", "country": "FR"}) | _JSON,
    "max_uses": _JSON,
    "format": st.just({"type": "grammar", "syntax": "lark", "definition": "start: /.+/"}),
}
_CONFIGS = st.none() | st.fixed_dictionaries({}, optional=_CONFIG_VALUES)


@st.composite
def _requests(draw: st.DrawFn) -> Request:
    hosted = draw(st.lists(st.builds(BuiltinTool, name=_NAMES, config=_CONFIGS), min_size=1, max_size=4))
    functions = [
        FunctionTool(name=name)
        for name in draw(
            st.lists(st.sampled_from(["lookup", "apply_patch", "web_search"]), unique=True, max_size=2)
        )
    ]
    listed: list[Any] = [*hosted, *functions]
    order = draw(st.permutations(range(len(listed))))
    tools = [listed[i] for i in order]
    tools = list({tool.name: tool for tool in tools}.values())  # a Request's tool names are unique
    names = sorted({tool.name for tool in tools})
    modes: list[ToolChoiceMode | None] = ["auto", "required", "none", None]
    mode = draw(st.sampled_from(modes))
    allowed = () if mode == "none" else tuple(draw(st.lists(st.sampled_from(names), unique=True, max_size=2)))
    config = lc.Config() if mode is None else lc.Config(tool_choice=lc.ToolChoice(mode=mode, allowed=allowed))
    return Request(model="m", messages=[_HI], tools=tools, config=config)


@given(_requests(), st.sampled_from(DIALECTS), st.sampled_from(DIALECTS))
def test_hosted_tools_out_is_the_checked_constructors(
    request: Request, source: str, destination: str
) -> None:
    got = hosted_tools_out(source, destination, request)
    expected = _checked_hosted_tools_out(source, destination, request)
    assert got == expected
    assert msgspec.json.encode(got) == msgspec.json.encode(expected)
    assert [type(tool) for tool in got[0].tools] == [type(tool) for tool in expected[0].tools]
