"""Canonical Request -> an OpenAI Responses API request, as lm15 1.5.0's ``OpenAILM`` builds it.

The adapter is the one ``lm15.vet.adapter_for_provider("openai", ...)`` gives:
``https://api.openai.com/v1`` under OpenAI's own compat policy (developer
role, ``max_output_tokens``, ``reasoning: {effort, summary}``, builtin tools
under their Responses names, images and documents in tool results). The
payload is a dict built in lm15's key order and encoded once by msgspec.

Where lm15 refuses, lmcodec raises: lm15's ``UnsupportedFeatureError``
becomes :class:`lmcodec.ProviderError` with ``code="unsupported_feature"``,
the same ``provider``, ``feature`` and message; lm15's ``ValueError`` (a
lone surrogate, a media part with no bytes, a ``path`` with a NUL byte) becomes
:class:`lmcodec.ValidationError`; the ``OSError`` of reading a media ``path``
goes through, as lm15's does.

One deviation: a per-request compat override in ``Config.extensions``
(``openai_responses_compat``, ``openai_compat``, ``compat.openai_responses``,
``compat.openai``), which re-tunes lm15's policy for that request, is
refused with :class:`lmcodec.ValidationError` instead of applied.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from lmcodec.errors import ProviderError, ValidationError
from lmcodec.providers._build_common import is_ascii_json_as_stdlib, note_template, note_with, unknown_item
from lmcodec.providers._build_wire import (
    UNSET,
    ResponsesFunctionTool,
)
from lmcodec.providers._request import ProviderRequest
from lmcodec.providers.openai._build_input import write_marked_conversation, write_messages
from lmcodec.providers.openai._common import (
    AssistantMedia,
    Notes,
    Pending,
    cache_breakpoint_index,
    cache_common_payload,
    cache_stable_prefix,
    check_message_media,
    encode_body,
    model_without_prefix,
    note,
    note_unmeasurable_probabilities,
    parts_to_text,
    settle_arguments,
)
from lmcodec.wire import (
    BuiltinTool,
    FunctionTool,
    Request,
)
from lmcodec.wire.unknown import Unknown

__all__ = ["build_request", "tool_entry"]

PROVIDER: Final = "openai"
PATH: Final = "/responses"
HEADERS: Final = {"Content-Type": "application/json"}

# Canonical builtin tool name -> Responses tool type; other names go out verbatim.
BUILTIN_TYPES: Final[dict[str, str]] = {
    "web_search": "web_search_preview",
    "code_execution": "code_interpreter",
    "file_search": "file_search",
    "computer_use": "computer_use_preview",
}
# lm15's "openai" Responses preset (lm15.compat.OPENAI_RESPONSES_PRESETS["openai"], resolved).
DEVELOPER_ROLE: Final = "developer"
MAX_TOKENS_FIELD: Final = "max_output_tokens"
CACHE_CONTROL: Final = "openai"
# Extension keys lm15 reads as policy, never forwarded to the wire.
RESERVED_EXTENSIONS: Final = frozenset(
    {"prompt_caching", "cache", "compat", "openai_compat", "openai_responses_compat"}
)
# Config knobs the Responses wire has no field for (dropped and noted).
DROPPED_KNOBS: Final = ("seed", "frequency_penalty", "presence_penalty")
STOP_REASON: Final = (
    "the Responses wire has no stop field; the reply is streamed and the connection "
    "closed at the first stop sequence (whether the provider then stops generating, "
    "and billing, is its own behaviour); the usage report rides only the final frame, "
    "so it is not reported when the cut happens (never estimated)"
)
_STOP_NOTE: Final = note_template("config.stop", "client_side", STOP_REASON)
_TOP_K_NOTE: Final = note_template(
    "config.top_k", "dropped", "the Responses wire has no top_k (Anthropic and Gemini carry it)"
)
_DROPPED_NOTES: Final = tuple(
    (
        name,
        note_template(
            f"config.{name}",
            "dropped",
            f"the Responses wire has no {name} field (the Chat Completions dialect carries it)",
        ),
    )
    for name in DROPPED_KNOBS
)


def build_request(
    request: Request, stream: bool = False, put_back: Callable[[dict[str, Any]], None] | None = None
) -> ProviderRequest:
    """The request lm15's adapter sends for ``request`` (path, non-secret headers, body, adaptations).

    ``put_back``, given, is handed the payload once it is built and before it is encoded: the
    gateway puts there what a Responses client sent that the Request has no field for, to go back
    to Responses as sent (custom tool calls, phases, hosted-tool items: ``providers/_translate_request.py``),
    where it decoded the encoded body and encoded it again."""
    model = request.model
    if ":" in model:
        model = model_without_prefix(model, PROVIDER)
    notes: Notes = []
    try:
        payload = _payload(request, model, stream, notes)
    except (AssistantMedia, ProviderError, ValidationError, OSError):
        check_message_media(request, PROVIDER, PROVIDER)
        raise
    if put_back is not None:
        put_back(payload)
    return ProviderRequest(
        method="POST",
        path=PATH,
        headers=HEADERS.copy(),
        body=encode_body(payload),
        adaptations=tuple(notes) if notes else (),
    )


def _refuse_compat_override(extensions: dict[str, Any] | None) -> None:
    if not extensions:
        return
    raw = extensions.get("openai_responses_compat")
    if raw is None:
        raw = extensions.get("openai_compat")
    if raw is None:
        compat = extensions.get("compat")
        if isinstance(compat, dict):
            raw = compat.get("openai_responses") or compat.get("openai")
    if isinstance(raw, dict):
        raise ValidationError(
            "a per-request OpenAI Responses compat override in Config.extensions is not supported "
            "by lmcodec's builder (it builds OpenAI's own policy only)",
            "$.config.extensions",
        )


def _payload(request: Request, model: str, stream: bool, notes: Notes) -> dict[str, Any]:
    config = request.config
    if config.extensions:
        _refuse_compat_override(config.extensions)
    cache = config.cache
    breakpoint_index = None if cache is None else cache_breakpoint_index(request, CACHE_CONTROL, notes)
    items: list[Any] = []
    pending: Pending = ([], [], [])
    if breakpoint_index is None:
        write_messages(request.messages, items, pending)
    else:
        write_marked_conversation(request.messages, breakpoint_index, items, pending)
    if pending[0] and not is_ascii_json_as_stdlib(pending[1]):  # else every call holds lm15's text
        settle_arguments(pending)
    payload: dict[str, Any] = {"model": model, "input": items, "stream": stream}
    system = request.system
    if system:
        text = system if isinstance(system, str) else parts_to_text(system)
        if cache is not None and cache_stable_prefix(request, CACHE_CONTROL):
            block = {"type": "input_text", "text": text, "prompt_cache_breakpoint": {"mode": "explicit"}}
            payload["input"].insert(0, {"role": DEVELOPER_ROLE, "content": [block]})
        else:
            payload["instructions"] = text
    if config.max_tokens is not None:
        payload[MAX_TOKENS_FIELD] = config.max_tokens
    if config.temperature is not None:
        payload["temperature"] = config.temperature
    if config.top_p is not None:
        payload["top_p"] = config.top_p
    if config.stop:
        stops = list(config.stop)
        note_with(notes, _STOP_NOTE, stops, list(stops))
    if config.top_k is not None:
        note_with(notes, _TOP_K_NOTE, config.top_k)
    if config.seed is not None or config.frequency_penalty is not None or config.presence_penalty is not None:
        for name, template in _DROPPED_NOTES:
            value = getattr(config, name)
            if value is not None:
                note_with(notes, template, value)
    if config.logprobs is not None:
        payload["top_logprobs"] = config.logprobs
        payload["include"] = ["message.output_text.logprobs"]
    if request.tools:  # a loop: a list comprehension is one more frame on 3.11
        tools: list[Any] = []
        for tool in request.tools:
            if type(tool) is FunctionTool:
                tools.append(ResponsesFunctionTool(tool.name, tool.description or UNSET, tool.parameters))
            else:
                tools.append(tool_entry(tool))
        payload["tools"] = tools
    tool_choice = config.tool_choice
    if tool_choice is not None:
        if tool_choice.allowed:
            payload["tool_choice"] = _tool_choice(request)
        else:  # lm15's word for a choice that names no tool (as _tool_choice says it)
            mode = tool_choice.mode
            word = "required" if mode == "required" else "none" if mode == "none" else "auto"
            payload["tool_choice"] = word
        if tool_choice.parallel is not None:
            payload["parallel_tool_calls"] = tool_choice.parallel
    if config.response_format:
        note_unmeasurable_probabilities(request, PROVIDER, notes)
        payload["text"] = _text_format(config.response_format)
    reasoning = config.reasoning
    if reasoning is not None:
        if reasoning.is_off:
            payload["reasoning"] = {"effort": "none"}
        else:
            if reasoning.thinking_budget is not None:
                note(
                    notes,
                    "config.reasoning.thinking_budget",
                    "dropped",
                    "this wire has no thinking token budget; effort carries the intent "
                    "(Anthropic's manual class and Gemini take a budget)",
                    asked=reasoning.thinking_budget,
                )
            wire: dict[str, Any] = {"effort": reasoning.effort}
            if reasoning.summary is not None:
                wire["summary"] = reasoning.summary
            payload["reasoning"] = wire
    if cache is not None:
        cache_common_payload(request, model, payload, CACHE_CONTROL, PROVIDER, breakpoint_index)
    if config.service_tier is not None:
        payload["service_tier"] = config.service_tier
    if config.user_id is not None:
        payload["safety_identifier"] = config.user_id
    if config.store is not None:
        payload["store"] = config.store
    if config.extensions:
        for key, value in config.extensions.items():
            if key not in RESERVED_EXTENSIONS:
                payload[key] = value
    return payload


def _builtin_type(tool: BuiltinTool) -> str:
    return BUILTIN_TYPES.get(tool.name, tool.name)


def tool_entry(tool: FunctionTool | BuiltinTool) -> Any:
    """A tool as lm15 writes it in a Responses body's ``tools``."""
    if type(tool) is FunctionTool or isinstance(tool, FunctionTool):
        return ResponsesFunctionTool(tool.name, tool.description or UNSET, tool.parameters)
    if isinstance(tool, Unknown):
        raise unknown_item(tool, PROVIDER)
    out: dict[str, Any] = {"type": _builtin_type(tool)}
    if tool.config:
        out.update(tool.config)
    return out


def _tool_ref(tool: FunctionTool | BuiltinTool) -> dict[str, Any]:
    if isinstance(tool, BuiltinTool):
        return {"type": _builtin_type(tool)}
    return {"type": "function", "name": tool.name}


def _tool_choice(request: Request) -> Any:
    choice = request.config.tool_choice
    if choice is None:
        return None
    if choice.mode == "none":
        return "none"
    if choice.allowed:
        by_name = {tool.name: tool for tool in request.tools}
        entries = [by_name[name] for name in choice.allowed]
        if len(entries) == 1 and choice.mode == "required":
            return _tool_ref(entries[0])
        return {"type": "allowed_tools", "mode": choice.mode, "tools": [_tool_ref(t) for t in entries]}
    return "required" if choice.mode == "required" else "auto"


def _text_format(response_format: dict[str, Any]) -> dict[str, Any]:
    """Canonical response_format (INV-050) -> the Responses ``text`` config."""
    if response_format["type"] == "json_object":
        return {"format": {"type": "json_object"}}
    fmt: dict[str, Any] = {
        "type": "json_schema",
        "name": response_format.get("name") or "response",
        "schema": response_format["schema"],
    }
    if "strict" in response_format:
        fmt["strict"] = response_format["strict"]
    return {"format": fmt}
