"""The settings side of a Chat Completions request body: tool_choice, response_format and the
Config fields, and the walk's shared state (:class:`Reader`).

Split from :mod:`lmcodec.providers.openai_chat.read` (which reads the conversation); the
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

__all__ = [
    "CANONICAL_KEYS",
    "DEPRECATED_KEYS",
    "EFFORTS",
    "INCLUDE_USAGE",
    "PLAIN_KNOBS",
    "REFUSED_KEYS",
    "Reader",
    "config_fields",
    "read_config",
]

# Top-level keys with a canonical home (read by the Chat reader).
CANONICAL_KEYS: Final = frozenset(
    {
        "model",
        "messages",
        "tools",
        "tool_choice",
        "parallel_tool_calls",
        "max_completion_tokens",
        "max_tokens",
        "temperature",
        "top_p",
        "stop",
        "seed",
        "frequency_penalty",
        "presence_penalty",
        "logprobs",
        "top_logprobs",
        "response_format",
        "reasoning_effort",
        "service_tier",
        "store",
        "user",
        "prompt_cache_key",
        "prompt_cache_retention",
        "prompt_cache_options",
        "stream",
        "stream_options",
    }
)
DEPRECATED_KEYS: Final = frozenset({"functions", "function_call"})
"""The deprecated function-calling spellings, read as lm15 reads them (``tools``, ``tool_choice``)."""
REFUSED_KEYS: Final[dict[str, str]] = {
    "compat": "lm15 reads this extension name as its own policy and never sends it",
    "cache": "lm15 reads this extension name as its own policy and never sends it",
    "prompt_caching": "lm15 reads this extension name as its own policy and never sends it",
    "openai_compat": "lm15 reads this extension name as its own policy and never sends it",
    "openai_chat_compat": "lm15 reads this extension name as its own policy and never sends it",
}

# Config fields read verbatim from the same-named key (checked by the canonical types).
PLAIN_KNOBS: Final = ("temperature", "top_p", "seed", "frequency_penalty", "presence_penalty")
EFFORTS: Final[dict[str, str]] = {
    "none": "off",
    "minimal": "minimal",
    "low": "low",
    "medium": "medium",
    "high": "high",
    "xhigh": "xhigh",
    "max": "max",
}
INCLUDE_USAGE: Final = {"include_usage": True}


class Reader:
    """One body's walk: the canonical messages, the breakpoint found, the extensions kept."""

    __slots__ = ("breakpoint", "extensions", "stable")

    def __init__(self) -> None:
        self.breakpoint: int | None = None
        self.stable = False
        self.extensions: dict[str, Any] = {}

    def mark(self, index: int, path: str) -> None:
        if self.breakpoint is not None or self.stable:
            fail("a second prompt_cache_breakpoint: lm15 places one per request", path)
        self.breakpoint = index


def _tool_choice(raw: Any, path: str) -> dict[str, Any]:
    if isinstance(raw, str):
        if raw not in ("none", "auto", "required"):
            fail(f"unknown tool_choice {raw!r}", path)
        return {"mode": raw}
    choice = obj(raw, path)
    kind = choice.get("type")
    if kind == "function":
        only_keys(choice, frozenset({"type", "function"}), path, "a tool_choice")
        function = obj(choice.get("function"), f"{path}.function")
        only_keys(function, frozenset({"name"}), f"{path}.function", "a tool_choice function")
        return {"mode": "required", "allowed": [string(function.get("name"), f"{path}.function.name")]}
    if kind == "allowed_tools":
        only_keys(choice, frozenset({"type", "allowed_tools"}), path, "a tool_choice")
        spec = obj(choice.get("allowed_tools"), f"{path}.allowed_tools")
        only_keys(spec, frozenset({"mode", "tools"}), f"{path}.allowed_tools", "allowed_tools")
        mode = string(spec.get("mode"), f"{path}.allowed_tools.mode")
        names = []
        for index, ref in enumerate(array(spec.get("tools"), f"{path}.allowed_tools.tools")):
            where = f"{path}.allowed_tools.tools[{index}]"
            entry = obj(ref, where)
            if entry.get("type") != "function":
                fail("only function tools can be allowed on this wire", f"{where}.type")
            function = obj(entry.get("function"), f"{where}.function")
            names.append(string(function.get("name"), f"{where}.function.name"))
        return {"mode": mode, "allowed": names}
    fail(f"a {kind!r} tool_choice cannot be carried", f"{path}.type")


def _response_format(raw: Any, path: str, reader: Reader) -> dict[str, Any] | None:
    fmt = obj(raw, path)
    kind = fmt.get("type")
    if kind == "text":
        reader.extensions["response_format"] = fmt
        return None
    if kind == "json_object":
        only_keys(fmt, frozenset({"type"}), path, "a response_format")
        return {"type": "json_object"}
    if kind != "json_schema":
        fail(f"unknown response_format type {kind!r}", f"{path}.type")
    only_keys(fmt, frozenset({"type", "json_schema"}), path, "a response_format")
    spec = obj(fmt.get("json_schema"), f"{path}.json_schema")
    only_keys(spec, frozenset({"name", "schema", "strict"}), f"{path}.json_schema", "a json_schema")
    if "schema" not in spec:
        fail("a json_schema without schema cannot be carried", f"{path}.json_schema")
    out: dict[str, Any] = {"type": "json_schema", "schema": obj(spec["schema"], f"{path}.json_schema.schema")}
    if "name" in spec:
        out["name"] = string(spec["name"], f"{path}.json_schema.name")
    if "strict" in spec and spec["strict"] is not None:
        out["strict"] = boolean(spec["strict"], f"{path}.json_schema.strict")
    return out


def read_config(body: dict[str, Any], model: str, reader: Reader) -> dict[str, Any]:
    config: dict[str, Any] = {}
    extensions = reader.extensions
    if body.get("max_completion_tokens") is not None:
        config["max_tokens"] = integer(body["max_completion_tokens"], "$.max_completion_tokens")
        if "max_tokens" in body:
            extensions["max_tokens"] = body["max_tokens"]
    elif body.get("max_tokens") is not None:  # the legacy spelling most clients still send
        config["max_tokens"] = integer(body["max_tokens"], "$.max_tokens")
    for name in PLAIN_KNOBS:
        if body.get(name) is not None:
            config[name] = number(body[name], f"$.{name}")
    stop = body.get("stop")
    if stop is not None:
        config["stop"] = [stop] if isinstance(stop, str) else array(stop, "$.stop")
    _logprobs(body, config, extensions)
    if "tool_choice" in body and body["tool_choice"] is not None:
        choice = _tool_choice(body["tool_choice"], "$.tool_choice")
        if body.get("parallel_tool_calls") is not None:
            choice["parallel"] = parallel_flag(choice, body["parallel_tool_calls"])
        config["tool_choice"] = choice
    elif "parallel_tool_calls" in body:
        extensions["parallel_tool_calls"] = body["parallel_tool_calls"]
    if body.get("response_format") is not None:
        fmt = _response_format(body["response_format"], "$.response_format", reader)
        if fmt is not None:
            config["response_format"] = fmt
    effort = body.get("reasoning_effort")
    if effort is not None:
        word = string(effort, "$.reasoning_effort")
        if word not in EFFORTS:
            fail(
                f"unknown reasoning_effort {quoted(word)}; expected one of {sorted(EFFORTS)}",
                "$.reasoning_effort",
            )
        config["reasoning"] = {"effort": EFFORTS[word]}
    read_cache(body, model, config, reader.extensions, reader.breakpoint, reader.stable)
    for wire, field in (("service_tier", "service_tier"), ("user", "user_id")):
        if body.get(wire) is not None:
            config[field] = string(body[wire], f"$.{wire}")
    if body.get("store") is not None:
        config["store"] = boolean(body["store"], "$.store")
    _stream_options(body, extensions)
    return config


def _logprobs(body: dict[str, Any], config: dict[str, Any], extensions: dict[str, Any]) -> None:
    """``logprobs: true`` with ``top_logprobs`` absent or a count is Config.logprobs, as lm15's
    reader reads it; ``top_logprobs: 0`` (the openai SDK's ``logprobs=True, top_logprobs=0``) is
    Config.logprobs=0 too, and rides in extensions as well, as lm15's builder writes ``logprobs:
    true`` alone (red team 9 F05). A ``top_logprobs`` without ``logprobs: true`` is refused at its
    path (OpenAI answers 400, and lm15's reader refuses it: "top_logprobs requires logprobs: true";
    a null one is left unset). Anything else rides in extensions as it came."""
    flag = body.get("logprobs")
    top = body.get("top_logprobs")
    if top is not None and flag is not True:
        fail("top_logprobs requires logprobs: true", "$.top_logprobs")
    if flag is True and (top is None or (isinstance(top, int) and not isinstance(top, bool) and top >= 0)):
        config["logprobs"] = 0 if top is None else top
        if top == 0:
            extensions["top_logprobs"] = 0
        return
    for key in ("logprobs", "top_logprobs"):
        if key in body:
            extensions[key] = body[key]


def _stream_options(body: dict[str, Any], extensions: dict[str, Any]) -> None:
    if "stream" in body and body["stream"] is not None:
        boolean(body["stream"], "$.stream")
    if "stream_options" in body and not (
        body.get("stream") is True and body["stream_options"] == INCLUDE_USAGE
    ):
        extensions["stream_options"] = body["stream_options"]


def config_fields(value: dict[str, Any], model: str, reader: Reader) -> dict[str, Any]:
    """The Config fields of the body, the keys without a canonical home in ``extensions``."""
    config = read_config(value, model, reader)
    for key, item in value.items():
        if key not in CANONICAL_KEYS:
            reader.extensions[key] = item
    if reader.extensions:
        config["extensions"] = reader.extensions
    return config
