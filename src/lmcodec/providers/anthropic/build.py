"""Canonical Request -> this provider's HTTP request, as lm15 1.5.0's adapter builds it.

The adapter is ``lm15.vet.adapter_for_provider("anthropic")`` with its default endpoint
(``https://api.anthropic.com/v1``, API version 2023-06-01, no compat preset) building inside an
adaptation scope under the default ``"note"`` policy, as ``BaseProviderLM._build`` does. The
per-model rules (adaptive thinking class, output ceilings) are the tables of
:mod:`._build_tables`. Refusals: lm15's ``UnsupportedFeatureError`` is
:class:`lmcodec.ProviderError` with ``code="unsupported_feature"`` (same message, ``provider``
and ``feature``); its ``ValueError`` is :class:`lmcodec.ValidationError`.
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.providers._build_common import (
    Notes,
    encode_body,
    model_without_prefix,
    note,
    note_template,
    note_unmeasurable_probabilities,
    note_with,
    parts_to_text,
    read_judgments,
    unknown_item,
    unsupported,
)
from lmcodec.providers._build_wire import UNSET, AnthropicTool
from lmcodec.providers._request import ProviderRequest
from lmcodec.providers.anthropic import _build_blocks as blocks
from lmcodec.providers.anthropic._build_tables import (
    API_VERSION,
    BETA_BY_BUILTIN,
    BUILTIN_TYPES,
    DEFAULT_MAX_TOKENS,
    PATH,
    output_ceiling,
    takes_adaptive_thinking,
)
from lmcodec.wire import (
    EFFORT_THINKING_BUDGETS,
    BuiltinTool,
    Config,
    FunctionTool,
    Reasoning,
    Request,
    ToolChoice,
)
from lmcodec.wire.unknown import Unknown

__all__ = ["build_request", "top_level"]

PROVIDER: Final = "anthropic"
_HEADERS: Final = {"anthropic-version": API_VERSION, "content-type": "application/json"}


def _fit_reasoning(reasoning: Reasoning, model: str, adaptive: bool, notes: Notes) -> tuple[str, int | None]:
    """The summary and (adaptive class) budget/effort adaptations: the effort and budget sent (as
    two values: a Reasoning made of them ran its checked constructor, ~1.9 us a build)."""
    summary, budget, effort = reasoning.summary, reasoning.thinking_budget, reasoning.effort
    if summary in ("concise", "detailed"):
        note(
            notes,
            "config.reasoning.summary",
            "substituted",
            "the Messages API has no summary detail levels; it returns thinking blocks "
            "whenever thinking runs, which is 'auto'",
            asked=summary,
            applied="auto",
        )
    if adaptive:
        if budget is not None:
            note(
                notes,
                "config.reasoning.thinking_budget",
                "dropped",
                f"{model} takes thinking.type 'adaptive' with output_config.effort; "
                "budget_tokens is rejected by the API (live 2026-09-02). Thinking is bounded only "
                "by max_tokens, which covers thinking and answer together: lower the effort or "
                "raise max_tokens",
                asked=budget,
            )
            budget = None
        if effort == "minimal":
            note(
                notes,
                "config.reasoning.effort",
                "clamped",
                "this model class has no 'minimal' level (output_config.effort is "
                "low|medium|high|xhigh|max); 'low' is the floor",
                asked="minimal",
                applied="low",
            )
            effort = "low"
    return effort, budget


_CEILING_MAX_TOKENS: Final = note_template(
    "config.max_tokens",
    "defaulted",
    "the Messages API requires max_tokens and none was set; the model's output ceiling was used",
)
_DEFAULTED_MAX_TOKENS: Final = note_template(
    "config.max_tokens",
    "defaulted",
    "the Messages API requires max_tokens and none was set; 16384 was used "
    "(this server's ceiling is its own)",
)


def _max_tokens(request: Request, model: str, budget: int | None, notes: Notes) -> int:
    """MAP-7 rule 6: the wire ``max_tokens`` (thinking included on the manual class)."""
    visible = request.config.max_tokens
    if visible is None:
        ceiling = output_ceiling(model)
        if ceiling is None:
            visible = DEFAULT_MAX_TOKENS
        elif budget is None:
            visible = ceiling
        elif budget < ceiling:
            visible = ceiling - budget
        else:
            visible = DEFAULT_MAX_TOKENS
        note_with(notes, _DEFAULTED_MAX_TOKENS if ceiling is None else _CEILING_MAX_TOKENS, None, visible)
    return visible if budget is None else budget + visible


def _tools(request: Request, notes: Notes, written: bool) -> list[Any]:
    """The tools: a function tool as an :class:`AnthropicTool` when ``written`` (the body
    encodes it as the dict it stands for, built and encoded for less), else as that dict (the
    reader compares plain values to a body's)."""
    choice = request.config.tool_choice
    subset: tuple[str, ...] | None = None
    if choice is not None and choice.mode != "none" and choice.allowed:
        if not (len(choice.allowed) == 1 and choice.mode == "required"):
            if set(choice.allowed) != {t.name for t in request.tools}:
                subset = choice.allowed
    wire: list[Any] = []
    for tool in request.tools:
        if subset is not None and tool.name not in subset:
            continue
        if type(tool) is not FunctionTool:
            wire.append(_other_tool(tool))
        elif written:
            wire.append(AnthropicTool(tool.name, tool.description or UNSET, tool.parameters))
        elif tool.description:
            wire.append({"name": tool.name, "description": tool.description, "input_schema": tool.parameters})
        else:
            wire.append({"name": tool.name, "input_schema": tool.parameters})
    if subset is not None:
        note(
            notes,
            "config.tool_choice.allowed",
            "client_side",
            "the Messages API cannot restrict to a subset of the declared tools; "
            "only the allowed tools were sent, which is what the allowlist means",
            asked=list(subset),
            applied=[t.name if type(t) is AnthropicTool else t["name"] for t in wire],
        )
    return wire


def _other_tool(tool: FunctionTool | BuiltinTool) -> dict[str, Any]:
    """A builtin tool's entry (or a FunctionTool subclass's)."""
    if isinstance(tool, FunctionTool):
        entry: dict[str, Any] = {"name": tool.name}
        if tool.description:
            entry["description"] = tool.description
        entry["input_schema"] = tool.parameters
        return entry
    if isinstance(tool, Unknown):
        raise unknown_item(tool, PROVIDER)
    entry = {"type": BUILTIN_TYPES.get(tool.name, tool.name), "name": tool.name}
    if tool.config:
        entry.update(tool.config)
    return entry


def _tool_choice(choice: ToolChoice) -> dict[str, Any]:
    mode = choice.mode
    if mode == "none":
        return {"type": "none"}
    wire: dict[str, Any]
    if mode == "required" and len(choice.allowed) == 1:
        wire = {"type": "tool", "name": choice.allowed[0]}
    else:
        wire = {"type": "any" if mode == "required" else "auto"}
    if choice.parallel is False:
        wire["disable_parallel_tool_use"] = True
    return wire


_DROPPED_NOTES: Final = {
    name: note_template(f"config.{name}", "dropped", f"the Messages API has no {name} field")
    for name in ("seed", "frequency_penalty", "presence_penalty")
}


def _dropped_knobs(config: Config, notes: Notes) -> None:
    if config.seed is not None:
        note_with(notes, _DROPPED_NOTES["seed"], config.seed)
    if config.frequency_penalty is not None:
        note_with(notes, _DROPPED_NOTES["frequency_penalty"], config.frequency_penalty)
    if config.presence_penalty is not None:
        note_with(notes, _DROPPED_NOTES["presence_penalty"], config.presence_penalty)


_CLAMPED_TEMPERATURE: Final = note_template(
    "config.temperature",
    "clamped",
    "the Messages API accepts temperature in [0, 1]; the canonical range is [0, 2]",
)


def _clamped_temperature(temperature: float, notes: Notes) -> float:
    note_with(notes, _CLAMPED_TEMPERATURE, temperature, 1.0)
    return 1.0


def _response_format(request: Request, payload: dict[str, Any], notes: Notes) -> None:
    config = request.config
    fmt = config.response_format
    if not fmt:
        return
    found = read_judgments(fmt)
    note_unmeasurable_probabilities(config.probabilities, found, PROVIDER, notes)
    if fmt["type"] == "json_object":
        raise unsupported(
            PROVIDER,
            "anthropic: response_format json_object is not supported — the Messages API has no "
            "any-JSON mode; give a json_schema (objects need additionalProperties: false)",
            "config.response_format",
        )
    schema = fmt["schema"]
    if found:
        schema = _judgment_schema(schema, found)
    output = payload.get("output_config", {})
    payload["output_config"] = {**output, "format": {"type": "json_schema", "schema": schema}}


def _judgment_schema(schema: dict[str, Any], found: dict[str, Any]) -> dict[str, Any]:
    """lm15 ``anthropic_schema``: a judgment's ``type`` next to ``anyOf`` moves into each branch."""
    props = dict(schema["properties"])
    for name in found:
        prop = props[name]
        branches = prop.get("anyOf")
        if "type" in prop and isinstance(branches, list):
            prop = dict(prop)
            kind = prop.pop("type")
            prop["anyOf"] = [b if "type" in b else {**b, "type": kind} for b in branches]
            props[name] = prop
    return {**schema, "properties": props}


_STORE_OFF: Final = note_template(
    "config.store",
    "satisfied",
    "the Messages API has no stored-response object to opt out of; nothing retrievable is kept",
)
_STORE_ON: Final = note_template(
    "config.store",
    "dropped",
    "the Messages API has no stored-response object to opt into (OpenAI and Gemini carry `store`)",
)
_LOGPROBS: Final = note_template(
    "config.logprobs",
    "dropped",
    "the Messages API does not expose token log probabilities "
    "(OpenAI and Gemini carry them); Response.logprobs will be absent",
)


def _account(request: Request, payload: dict[str, Any], notes: Notes) -> None:
    config = request.config
    if config.service_tier is not None:
        payload["service_tier"] = config.service_tier
    if config.user_id is not None:
        payload["metadata"] = {"user_id": config.user_id}
    if config.store is False:
        note_with(notes, _STORE_OFF, False)
    elif config.store is True:
        note_with(notes, _STORE_ON, True)
    if config.logprobs is not None:
        note_with(notes, _LOGPROBS, config.logprobs)
    if config.extensions:
        for key, value in config.extensions.items():
            if key != "prompt_caching":
                payload[key] = value


def _headers(request: Request) -> dict[str, str]:
    """The headers of a request holding a tool of another class than FunctionTool: the betas its
    builtin tools need (a request of function tools alone takes ``_HEADERS`` as they are)."""
    headers = _HEADERS.copy()
    betas = []
    for tool in request.tools:  # exact type first: a negative isinstance on a wire class is slow
        if type(tool) is not FunctionTool and isinstance(tool, BuiltinTool) and tool.name in BETA_BY_BUILTIN:
            betas.append(BETA_BY_BUILTIN[tool.name])
    if betas:
        headers["anthropic-beta"] = ",".join(betas)
    return headers


def top_level(
    request: Request, model: str, messages: list[Any], stream: bool, notes: Notes, *, written: bool = False
) -> dict[str, Any]:
    """The payload around already-built ``messages`` (the reader compares its fields to a body;
    the builder asks for the tools ``written``, see :func:`_tools`)."""
    config = request.config
    cache = config.cache
    use_cache = cache is not None and cache.mode != "off"
    if cache is not None and cache.key is not None:
        note(
            notes,
            "config.cache.key",
            "dropped",
            "the Messages API has no cache affinity key (OpenAI's prompt_cache_key); "
            "marks on blocks are its mechanism",
            asked=cache.key,
        )
    reasoning = config.reasoning
    thinking_on = reasoning is not None and reasoning.effort != "off"
    adaptive = thinking_on and takes_adaptive_thinking(model)
    budget: int | None = None
    effort: str | None = None
    if reasoning is not None and thinking_on:
        effort, fitted_budget = _fit_reasoning(reasoning, model, adaptive, notes)
        if not adaptive:
            budget = fitted_budget or EFFORT_THINKING_BUDGETS[effort]
    max_tokens = config.max_tokens
    if max_tokens is None or budget is not None:
        max_tokens = _max_tokens(request, model, budget, notes)
    payload: dict[str, Any] = {
        "model": model,
        "messages": messages,
        "stream": stream,
        "max_tokens": max_tokens,
    }
    system = request.system
    if system:
        text = system if isinstance(system, str) else parts_to_text(system)
        if use_cache:
            marker = {"type": "ephemeral"}
            if cache is not None and cache.retention == "long":
                marker["ttl"] = "1h"
            payload["system"] = [{"type": "text", "text": text, "cache_control": marker}]
        else:
            payload["system"] = text
    if config.seed is not None or config.frequency_penalty is not None or config.presence_penalty is not None:
        _dropped_knobs(config, notes)
    temperature = config.temperature
    if temperature is not None:
        if temperature > 1.0:
            temperature = _clamped_temperature(temperature, notes)
        payload["temperature"] = temperature
    if config.top_p is not None:
        payload["top_p"] = config.top_p
    if config.top_k is not None:
        payload["top_k"] = config.top_k
    if config.stop:
        payload["stop_sequences"] = list(config.stop)
    if request.tools:
        payload["tools"] = _tools(request, notes, written)
    choice = config.tool_choice
    if choice is not None:
        if choice.allowed or choice.parallel is False:
            payload["tool_choice"] = _tool_choice(choice)
        else:  # no tool named, no flag: one type word (as _tool_choice writes it)
            mode = choice.mode
            word = "any" if mode == "required" else "none" if mode == "none" else "auto"
            payload["tool_choice"] = {"type": word}
    if adaptive and effort is not None:
        payload["thinking"] = {"type": "adaptive"}
        payload["output_config"] = {"effort": effort}
    elif budget is not None:
        payload["thinking"] = {"type": "enabled", "budget_tokens": budget}
    if config.response_format:
        _response_format(request, payload, notes)
    if (
        config.service_tier is not None
        or config.user_id is not None
        or config.store is not None
        or config.logprobs is not None
        or config.extensions
    ):
        _account(request, payload, notes)
    return payload


def build_request(request: Request, stream: bool = False) -> ProviderRequest:
    """The request lm15's adapter sends for ``request`` (path, non-secret headers, body, adaptations)."""
    notes: Notes = []
    model = request.model
    if ":" in model:
        model = model_without_prefix(model, PROVIDER)
    headers = _HEADERS.copy()
    for tool in request.tools:  # a call and a list for function tools alone cost ~1% of a build
        if type(tool) is not FunctionTool:
            headers = _headers(request)
            break
    messages = blocks.messages(request)
    cache = request.config.cache
    if cache is not None and cache.mode != "off":
        blocks.mark_cache(cache, messages)
    body = encode_body(top_level(request, model, messages, stream, notes, written=True))
    return ProviderRequest(
        method="POST", path=PATH, headers=headers, body=body, adaptations=tuple(notes) if notes else ()
    )
