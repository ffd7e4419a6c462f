"""Canonical Request -> this provider's HTTP request, as lm15 1.5.0's adapter builds it.

The adapter is ``lm15.vet.adapter_for_provider("gemini")`` with its default endpoint
(``https://generativelanguage.googleapis.com/v1beta``, API key in a header, so no key in the
URL) building inside an adaptation scope under the default ``"note"`` policy. The path is
``/v1beta/models/{model}:generateContent``, or ``:streamGenerateContent?alt=sse`` when streamed;
the per-model rules (the Gemini 3 ``thinkingLevel`` class) are the tables of
:mod:`._build_tables`; the ``contents`` are :mod:`._build_contents`'s. Refusals: lm15's
``UnsupportedFeatureError`` is :class:`lmcodec.ProviderError` with ``code="unsupported_feature"``
(same message, ``provider`` and ``feature``); its ``ValueError`` is :class:`lmcodec.ValidationError`.
"""

from __future__ import annotations

import urllib.parse
from typing import Any, Final

from lmcodec.errors import ValidationError
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
    unsupported,
)
from lmcodec.providers._memo import remember_by_name
from lmcodec.providers._request import ProviderRequest
from lmcodec.providers.gemini._build_contents import contents_of
from lmcodec.providers.gemini._build_schema import fits_openapi_schema, judgment_schema
from lmcodec.providers.gemini._build_tables import (
    BASE_PATH,
    LEVELS,
    MODALITIES,
    TOOL_MODES,
    takes_thinking_level,
)
from lmcodec.providers.gemini._build_tools import tools_json, tools_wire
from lmcodec.wire import (
    EFFORT_THINKING_BUDGETS,
    BuiltinTool,
    Config,
    Request,
)

__all__ = ["build_request", "fits_openapi_schema", "top_level"]

PROVIDER: Final = "gemini"
_HEADERS: Final = {"Content-Type": "application/json"}
_NOTHING_SET: Final = Config()


_PARALLEL_NOTE: Final = note_template(
    "config.tool_choice.parallel",
    "dropped",
    "GenerateContent has no parallel-tool-calls knob and may return several calls "
    "(OpenAI and Anthropic carry it)",
)
_USER_ID_NOTE: Final = note_template(
    "config.user_id",
    "dropped",
    "GenerateContent has no end-user attribution field (OpenAI and Anthropic carry it)",
)


def _number(value: float) -> float | int:
    """Integral float knobs go in integer form, as Gemini's proto3 JSON writes them."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _thinking(request: Request, model: str, notes: Notes) -> dict[str, Any] | None:
    reasoning = request.config.reasoning
    if reasoning is None:
        return None
    level_class = takes_thinking_level(model)
    effort, summary = reasoning.effort, reasoning.summary
    if effort == "off" and level_class:
        note(
            notes,
            "config.reasoning.effort",
            "substituted",
            f"{model} cannot disable thinking (the Gemini 3 class honours no off switch); "
            "the lowest level was sent and the thinking spend is visible in usage",
            asked="off",
            applied="minimal",
        )
        effort = "minimal"
    if effort == "off":
        return {"thinkingBudget": 0}
    if summary in ("concise", "detailed"):
        note(
            notes,
            "config.reasoning.summary",
            "substituted",
            "GenerateContent has includeThoughts only, no detail levels; 'auto' shows the thoughts",
            asked=summary,
            applied="auto",
        )
        summary = "auto"
    thinking: dict[str, Any] = {}
    if summary is not None:
        thinking["includeThoughts"] = True
    if reasoning.thinking_budget is not None:
        thinking["thinkingBudget"] = reasoning.thinking_budget
    elif level_class:
        if effort not in LEVELS:
            note(
                notes,
                "config.reasoning.effort",
                "clamped",
                "the Gemini 3 class has thinkingLevel minimal|low|medium|high; 'high' is the ceiling",
                asked=effort,
                applied=LEVELS[-1],
            )
            effort = LEVELS[-1]
        thinking["thinkingLevel"] = effort
    else:
        thinking["thinkingBudget"] = EFFORT_THINKING_BUDGETS[effort]
    return thinking


def _generation_config(request: Request, model: str, notes: Notes) -> dict[str, Any]:
    config = request.config
    out: dict[str, Any] = {}
    temperature, top_p = config.temperature, config.top_p
    if temperature is not None:  # a fractional float as it is: no call (the usual knobs)
        is_fraction = type(temperature) is float and not temperature.is_integer()
        out["temperature"] = temperature if is_fraction else _number(temperature)
    if config.max_tokens is not None:
        out["maxOutputTokens"] = config.max_tokens
    if top_p is not None:
        out["topP"] = top_p if type(top_p) is float and not top_p.is_integer() else _number(top_p)
    if config.top_k is not None:
        out["topK"] = config.top_k
    if config.seed is not None:
        out["seed"] = config.seed
    if config.frequency_penalty is not None:
        out["frequencyPenalty"] = _number(config.frequency_penalty)
    if config.presence_penalty is not None:
        out["presencePenalty"] = _number(config.presence_penalty)
    if config.stop:
        out["stopSequences"] = list(config.stop)
    if config.logprobs is not None:
        out["responseLogprobs"] = True
        if config.logprobs > 0:
            out["logprobs"] = config.logprobs
    fmt = config.response_format
    if fmt:
        found = read_judgments(fmt)
        note_unmeasurable_probabilities(config.probabilities, found, PROVIDER, notes)
        out["responseMimeType"] = "application/json"
        if fmt["type"] != "json_object":
            schema = judgment_schema(fmt["schema"], found) if found else fmt["schema"]
            out["responseSchema" if fits_openapi_schema(schema) else "responseJsonSchema"] = schema
    if config.reasoning is not None:
        thinking = _thinking(request, model, notes)
        if thinking is not None:
            out["thinkingConfig"] = thinking
    return out


def _tool_config(request: Request, notes: Notes) -> dict[str, Any] | None:
    choice = request.config.tool_choice
    if choice is None:
        return None
    if choice.parallel is False:
        note_with(notes, _PARALLEL_NOTE, False)
    config: dict[str, Any] = {"mode": TOOL_MODES[choice.mode]}
    if choice.allowed:
        builtin = {t.name for t in request.tools if isinstance(t, BuiltinTool)}
        forced = [name for name in choice.allowed if name in builtin]
        if forced:
            raise unsupported(
                PROVIDER,
                f"gemini: cannot force builtin tools {forced} — "
                "functionCallingConfig addresses function declarations only; "
                "googleSearch/codeExecution have no tool_choice form "
                "(OpenAI Responses and Anthropic carry builtin forcing)",
                "config.tool_choice.allowed",
            )
        config["allowedFunctionNames"] = list(choice.allowed)
        if choice.mode == "auto":
            config["mode"] = "VALIDATED"
    return {"functionCallingConfig": config}


def _cache_plan(request: Request, notes: Notes) -> tuple[str | None, int]:
    """MAP-6: the stored cache named (if any) and the first message the wire carries."""
    cache = request.config.cache
    resource: str | None = None
    suffix_from = 0
    if cache is not None and cache.mode != "off":
        if cache.key is not None:
            note(
                notes,
                "config.cache.key",
                "dropped",
                "GenerateContent has no cache affinity key; implicit caching applies, and a "
                "stored cache (lm.cache(prefix), cache.resource) is the explicit tier",
                asked=cache.key,
            )
        if cache.retention is not None and cache.retention != "short":
            note(
                notes,
                "config.cache.retention",
                "dropped",
                "GenerateContent takes no lifetime in-request; it belongs to the stored cache "
                "(cache_create(..., ttl_seconds=...) / cache_update)",
                asked=cache.retention,
            )
        if cache.resource is not None:
            resource = cache.resource
            if cache.prefix_until_index is not None:
                suffix_from = min(cache.prefix_until_index, len(request.messages) - 1) + 1
    return resource, suffix_from


def _payload(request: Request, model: str, notes: Notes) -> dict[str, Any]:
    if request.config.cache is None:
        return top_level(request, model, contents_of(request.messages, request), None, notes, written=True)
    resource, suffix_from = _cache_plan(request, notes)
    messages = request.messages[suffix_from:]
    if resource is not None and not messages:
        raise ValidationError(
            "gemini: a request against a stored cache needs at least one message after the prefix",
            "$.config.cache.prefix_until_index",
        )
    return top_level(request, model, contents_of(messages, request), resource, notes, written=True)


def top_level(
    request: Request,
    model: str,
    contents: list[Any],
    resource: str | None,
    notes: Notes,
    *,
    written: bool = False,
) -> dict[str, Any]:
    """The payload around already-built ``contents``: the reader compares its fields to a
    body's; the builder asks for the tools ``written`` (their JSON, see :func:`tools_json`).

    A request that sets no setting (its Config equal to ``Config()``: one comparison in C, after
    one attribute test of the usual setting, max_tokens) has no generation or tool config, no
    note and no extension to write: only its system text and tools are read."""
    config = request.config
    payload: dict[str, Any] = {"contents": contents}
    if config.max_tokens is None and resource is None and config == _NOTHING_SET:
        system = request.system
        if system:
            text = system if isinstance(system, str) else parts_to_text(system)
            payload["systemInstruction"] = {"parts": [{"text": text}]}
        if request.tools:
            payload["tools"] = tools_json(request.tools) if written else tools_wire(request.tools)
        return payload
    extensions = config.extensions
    if resource is not None:
        payload["cachedContent"] = (
            resource if resource.startswith("cachedContents/") else f"cachedContents/{resource}"
        )
    system = request.system
    if system and resource is None:
        text = system if isinstance(system, str) else parts_to_text(system)
        payload["systemInstruction"] = {"parts": [{"text": text}]}
    generation = _generation_config(request, model, notes)
    if generation:
        payload["generationConfig"] = generation
    if request.tools and resource is None:
        payload["tools"] = tools_json(request.tools) if written else tools_wire(request.tools)
    choice = config.tool_choice
    if choice is not None and resource is None:
        if choice.allowed or choice.parallel is False:
            tool_config = _tool_config(request, notes)
            if tool_config is not None:
                payload["toolConfig"] = tool_config
        else:  # no tool named, nothing to note: the mode alone (as _tool_config writes it)
            payload["toolConfig"] = {"functionCallingConfig": {"mode": TOOL_MODES[choice.mode]}}
    output = extensions.get("output") if extensions else None
    modalities = MODALITIES.get(output) if isinstance(output, str) else None
    if modalities is not None:
        payload.setdefault("generationConfig", {})["responseModalities"] = list(modalities)
    if config.store is not None:
        payload["store"] = config.store
    if config.service_tier is not None:
        payload["serviceTier"] = config.service_tier
    if config.user_id is not None:
        note_with(notes, _USER_ID_NOTE, config.user_id)
    if extensions:
        for key, value in extensions.items():
            if key != "prompt_caching" and key != "output":
                payload[key] = value
    return payload


_PATHS: Final[dict[str, str]] = {}  # model name -> its generateContent path
_STREAM_PATHS: Final[dict[str, str]] = {}  # model name -> its streamGenerateContent path


def _path(model: str, stream: bool) -> str:
    """The URL path of a model not met yet (quoting it costs more than the rest of a small
    build), remembered by its name (``_memo.remember_by_name``: names of the usual length only; an
    ``lru_cache`` hit cost ~0.15 us more than the dict's: its key tuple and its recency list)."""
    quoted = urllib.parse.quote(model, safe="/:@")
    if not quoted.startswith("models/"):
        quoted = f"models/{quoted}"
    path = (
        f"{BASE_PATH}/{quoted}:streamGenerateContent?alt=sse"
        if stream
        else f"{BASE_PATH}/{quoted}:generateContent"
    )
    remember_by_name(_STREAM_PATHS if stream else _PATHS, model, path)
    return path


def build_request(request: Request, stream: bool = False) -> ProviderRequest:
    """The request lm15's adapter sends for ``request`` (path, non-secret headers, body, adaptations)."""
    notes: Notes = []
    model = request.model
    if ":" in model:
        model = model_without_prefix(model, PROVIDER)
    body = encode_body(_payload(request, model, notes))
    return ProviderRequest(
        method="POST",
        path=(_STREAM_PATHS if stream else _PATHS).get(model) or _path(model, stream),
        headers=_HEADERS.copy(),
        body=body,
        adaptations=tuple(notes) if notes else (),
    )
