"""The settings side of a Responses request body: tools, tool_choice and the Config fields.

Split from :mod:`lmcodec.providers.openai.read` (which reads the conversation); the
verdicts are listed in that module's docstring.
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.errors import quoted
from lmcodec.providers.openai._read_common import (
    array,
    boolean,
    fail,
    integer,
    number,
    obj,
    only_keys,
    parallel_flag,
    read_cache,
    string,
)
from lmcodec.providers.openai.build import BUILTIN_TYPES

__all__ = [
    "CANONICAL_KEYS",
    "RESERVED_KEYS",
    "names_custom_tool",
    "non_strict",
    "read_config",
    "read_tools",
    "strict_flagged",
]

CANONICAL_KEYS: Final = frozenset(
    {
        "model",
        "input",
        "instructions",
        "max_output_tokens",
        "temperature",
        "top_p",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "text",
        "reasoning",
        "include",
        "top_logprobs",
        "service_tier",
        "safety_identifier",
        "store",
        "prompt_cache_key",
        "prompt_cache_retention",
        "prompt_cache_options",
        "stream",
    }
)
RESERVED_KEYS: Final = frozenset(
    {"compat", "cache", "prompt_caching", "openai_compat", "openai_responses_compat"}
)

# Responses hosted tool type -> canonical builtin name (the builder's table, inverted).
BUILTIN_NAMES: Final[dict[str, str]] = {wire: name for name, wire in BUILTIN_TYPES.items()}
# Canonical names the builder re-spells: as wire types they cannot come back.
RESPELLED_TYPES: Final = frozenset(name for name, wire in BUILTIN_TYPES.items() if name != wire)
LOGPROBS_INCLUDE: Final = ["message.output_text.logprobs"]
EFFORTS: Final[dict[str, str]] = {
    "none": "off",
    "minimal": "minimal",
    "low": "low",
    "medium": "medium",
    "high": "high",
    "xhigh": "xhigh",
    "max": "max",
}
SUMMARIES: Final = frozenset({"auto", "concise", "detailed"})
_FUNCTION_TOOL_KEYS: Final = frozenset({"type", "name", "description", "parameters", "strict"})
_FUNCTION_TOOL_REFERENCE_KEYS: Final = frozenset({"type", "name"})
_HOSTED_TOOL_REFERENCE_KEYS: Final = frozenset({"type"})
_ALLOWED_TOOLS_TOOL_CHOICE_KEYS: Final = frozenset({"type", "mode", "tools"})
_JSON_SCHEMA_FORMAT_KEYS: Final = frozenset({"type", "name", "schema", "strict"})


def read_tools(raw: list[Any]) -> list[dict[str, Any]]:
    tools: list[dict[str, Any]] = []
    for index, item in enumerate(raw):
        path = f"$.tools[{index}]"
        tool = obj(item, path)
        kind = string(tool.get("type"), f"{path}.type")
        if kind == "function":
            only_keys(tool, _FUNCTION_TOOL_KEYS, path, "a function tool")
            if tool.get("strict") is not None:  # false: the tools ride as sent (non_strict_tools)
                boolean(tool["strict"], f"{path}.strict")
            out: dict[str, Any] = {"type": "function", "name": string(tool.get("name"), f"{path}.name")}
            if tool.get("description") is not None:
                out["description"] = string(tool["description"], f"{path}.description")
            if tool.get("parameters") is not None:
                out["parameters"] = obj(tool["parameters"], f"{path}.parameters")
            else:
                out["parameters"] = {"type": "object", "properties": {}}
            tools.append(out)
            continue
        if kind in RESPELLED_TYPES:
            fail(
                f"hosted tool type {quoted(kind)} cannot be carried: lm15 sends that canonical name as "
                f"{BUILTIN_TYPES[kind]!r}",
                f"{path}.type",
            )
        config = {key: value for key, value in tool.items() if key != "type"}
        builtin: dict[str, Any] = {"type": "builtin", "name": BUILTIN_NAMES.get(kind, kind)}
        if config:
            builtin["config"] = config
        tools.append(builtin)
    return tools


def non_strict(raw: list[Any]) -> bool:
    """Whether a function tool of the body's ``tools`` (read by :func:`read_tools`) says
    ``strict: false``. The canonical tool has no strict field and lm15 sends no flag (which
    Responses reads as strict), so such tools ride as sent in ``Config.extensions`` (each explicit
    ``strict`` with them; the builder writes them where lm15 writes its tools)."""
    return any(type(tool) is dict and tool.get("strict") is False for tool in raw)


def strict_flagged(raw: Any) -> frozenset[str]:
    """The names of the function tools of the body's ``tools`` (read by :func:`read_tools`) that
    say ``strict: true`` (the canonical tool has no strict field: the gateway reads it so)."""
    if type(raw) is not list:
        return frozenset()
    return frozenset(
        tool["name"]
        for tool in raw
        if type(tool) is dict and tool.get("type") == "function" and tool.get("strict") is True
    )


def _tool_name(ref: dict[str, Any], path: str) -> str:
    kind = string(ref.get("type"), f"{path}.type")
    if kind == "function":
        only_keys(ref, _FUNCTION_TOOL_REFERENCE_KEYS, path, "a function tool reference")
        return string(ref.get("name"), f"{path}.name")
    if kind == "custom" and "name" in ref:  # the custom tool (read as the builtin tool "custom")
        only_keys(ref, _FUNCTION_TOOL_REFERENCE_KEYS, path, "a custom tool reference")
        string(ref["name"], f"{path}.name")
        return "custom"
    only_keys(ref, _HOSTED_TOOL_REFERENCE_KEYS, path, "a hosted tool reference")
    return BUILTIN_NAMES.get(kind, kind)


def names_custom_tool(choice: Any) -> bool:
    """Whether a Responses ``tool_choice`` names a custom tool (``{"type": "custom", "name": ...}``,
    openai's ``ToolChoiceCustomParam``, alone or among an ``allowed_tools`` choice's tools): the
    canonical choice names the builtin tool ``"custom"``, and the name rides with the choice as
    sent in ``Config.extensions`` (red team 34 F05)."""
    if type(choice) is not dict:
        return False
    refs = choice.get("tools") if choice.get("type") == "allowed_tools" else [choice]
    return type(refs) is list and any(
        type(ref) is dict and ref.get("type") == "custom" and "name" in ref for ref in refs
    )


def _tool_choice(raw: Any, path: str) -> dict[str, Any]:
    if isinstance(raw, str):
        if raw not in ("none", "auto", "required"):
            fail(f"unknown tool_choice {quoted(raw)}", path)
        return {"mode": raw}
    choice = obj(raw, path)
    if choice.get("type") == "allowed_tools":
        only_keys(choice, _ALLOWED_TOOLS_TOOL_CHOICE_KEYS, path, "an allowed_tools tool_choice")
        mode = string(choice.get("mode"), f"{path}.mode")
        refs = array(choice.get("tools"), f"{path}.tools")
        names = [_tool_name(obj(r, f"{path}.tools[{i}]"), f"{path}.tools[{i}]") for i, r in enumerate(refs)]
        return {"mode": mode, "allowed": names}
    return {"mode": "required", "allowed": [_tool_name(choice, path)]}


def _text(raw: Any, extensions: dict[str, Any]) -> dict[str, Any] | None:
    text = obj(raw, "$.text")
    fmt = text.get("format")
    canonical: dict[str, Any] | None = None
    if isinstance(fmt, dict) and fmt.get("type") == "json_object" and set(fmt) == {"type"}:
        canonical = {"type": "json_object"}
    elif isinstance(fmt, dict) and fmt.get("type") == "json_schema":
        only_keys(fmt, _JSON_SCHEMA_FORMAT_KEYS, "$.text.format", "a json_schema format")
        canonical = {"type": "json_schema", "schema": obj(fmt.get("schema"), "$.text.format.schema")}
        if "name" in fmt:
            canonical["name"] = string(fmt["name"], "$.text.format.name")
        if fmt.get("strict") is not None:
            canonical["strict"] = boolean(fmt["strict"], "$.text.format.strict")
    if canonical is None or set(text) != {"format"}:
        extensions["text"] = text
    return canonical


def _reasoning_config(raw: Any, extensions: dict[str, Any]) -> dict[str, Any] | None:
    spec = obj(raw, "$.reasoning")
    effort = spec.get("effort")
    summary = spec.get("summary")
    plain = set(spec) <= {"effort", "summary"} and isinstance(effort, str)
    if plain and effort == "none" and "summary" not in spec:
        return {"effort": "off"}
    known_summary = summary is None or (isinstance(summary, str) and summary in SUMMARIES)
    if plain and effort in EFFORTS and effort != "none" and known_summary:
        out: dict[str, Any] = {"effort": EFFORTS[effort]}
        if summary is not None:
            out["summary"] = summary
        if "summary" not in spec or summary is not None:
            return out
    if isinstance(effort, str) and effort not in EFFORTS:
        fail(f"unknown reasoning effort {effort!r}; expected one of {sorted(EFFORTS)}", "$.reasoning.effort")
    extensions["reasoning"] = spec
    return None


def read_config(
    body: dict[str, Any], model: str, extensions: dict[str, Any], breakpoint: int | None, stable: bool
) -> dict[str, Any]:
    """The body's generation settings -> the canonical Config value (what has no field: ``extensions``)."""
    config: dict[str, Any] = {}
    if body.get("max_output_tokens") is not None:
        config["max_tokens"] = integer(body["max_output_tokens"], "$.max_output_tokens")
    for name in ("temperature", "top_p"):
        if body.get(name) is not None:
            config[name] = number(body[name], f"$.{name}")
    top = body.get("top_logprobs")
    if body.get("include") == LOGPROBS_INCLUDE and isinstance(top, int) and not isinstance(top, bool):
        config["logprobs"] = top
    else:
        for key in ("include", "top_logprobs"):
            if key in body:
                extensions[key] = body[key]
    if body.get("tool_choice") is not None:
        choice = _tool_choice(body["tool_choice"], "$.tool_choice")
        if "custom" in choice.get("allowed", ()) and names_custom_tool(body["tool_choice"]):
            extensions["tool_choice"] = body["tool_choice"]  # its name, which the builder does not write
        if body.get("parallel_tool_calls") is not None:
            choice["parallel"] = parallel_flag(choice, body["parallel_tool_calls"])
        config["tool_choice"] = choice
    elif "parallel_tool_calls" in body:
        extensions["parallel_tool_calls"] = body["parallel_tool_calls"]
    if body.get("text") is not None:
        fmt = _text(body["text"], extensions)
        if fmt is not None:
            config["response_format"] = fmt
    if body.get("reasoning") is not None:
        reasoning = _reasoning_config(body["reasoning"], extensions)
        if reasoning is not None:
            config["reasoning"] = reasoning
    read_cache(body, model, config, extensions, breakpoint, stable)
    if body.get("service_tier") is not None:
        config["service_tier"] = string(body["service_tier"], "$.service_tier")
    if body.get("safety_identifier") is not None:
        config["user_id"] = string(body["safety_identifier"], "$.safety_identifier")
    if body.get("store") is not None:
        config["store"] = boolean(body["store"], "$.store")
    if body.get("stream") is not None:
        boolean(body["stream"], "$.stream")
    return config
