"""Canonical Request -> this provider's HTTP request, as lm15 1.5.0's adapter builds it.

The adapter is ``lm15.vet.adapter_for_provider("gemini")`` with its default endpoint
(``https://generativelanguage.googleapis.com/v1beta``, API key in a header, so no key in the
URL) building inside an adaptation scope under the default ``"note"`` policy. The path is
``/v1beta/models/{model}:generateContent``, or ``:streamGenerateContent?alt=sse`` when streamed;
the per-model rules (the Gemini 3 ``thinkingLevel`` class) are the tables of
:mod:`._build_tables`. Refusals: lm15's ``UnsupportedFeatureError`` is
:class:`lmcodec.ProviderError` with ``code="unsupported_feature"`` (same message, ``provider``
and ``feature``); its ``ValueError`` is :class:`lmcodec.ValidationError`.
"""

from __future__ import annotations

import urllib.parse
from typing import Any, Final

from lmcodec.errors import ValidationError
from lmcodec.providers._build_common import (
    MEDIA_KINDS,
    Notes,
    continuation_value,
    data_part_text,
    encode_body,
    model_without_prefix,
    note,
    note_unmeasurable_probabilities,
    parts_to_text,
    path_base64,
    read_judgments,
    unknown_item,
    unsupported,
)
from lmcodec.providers._build_wire import (
    GeminiCall,
    GeminiContent,
    GeminiFunctionCall,
    GeminiFunctionResponse,
    GeminiResponse,
    GeminiText,
)
from lmcodec.providers._request import ProviderRequest
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
    AudioPart,
    BinaryPart,
    BuiltinTool,
    DataPart,
    DocumentPart,
    ImagePart,
    Message,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    VideoPart,
)
from lmcodec.wire.unknown import Unknown

__all__ = ["build_request", "fits_openapi_schema", "top_level"]

PROVIDER: Final = "gemini"
_HEADERS: Final = {"Content-Type": "application/json"}
_RESULT_MEDIA: Final = frozenset({"image", "document"})


def _number(value: float) -> float | int:
    """Integral float knobs go in integer form, as Gemini's proto3 JSON writes them."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _signed(out: dict[str, Any], part: Any, *, thought: bool = False) -> dict[str, Any]:
    signature = continuation_value(part, PROVIDER, "thought_signature")
    if signature and signature.get("value"):
        if thought:
            out["thought"] = True
        out["thoughtSignature"] = signature["value"]
    return out


def _media(part: Any) -> dict[str, Any]:
    mime = part.media_type or "application/octet-stream"
    if part.url is not None:
        return {"fileData": {"mimeType": mime, "fileUri": part.url}}
    if part.file_id is not None:
        return {"fileData": {"mimeType": mime, "fileUri": part.file_id}}
    if part.data is not None:
        return {"inlineData": {"mimeType": mime, "data": part.data}}
    return {"inlineData": {"mimeType": mime, "data": path_base64(part)}}


def _function_response(part: ToolResultPart, names: dict[str, str]) -> Any:
    """MAP-10: text in ``response.result`` (``error`` when is_error), media under ``parts``."""
    content = part.content
    name = part.name or names.get(part.id)
    if name and len(content) == 1 and type(content[0]) is TextPart:
        answer = {"error" if part.is_error else "result": content[0].text}
        return GeminiFunctionResponse(GeminiResponse(name, answer, part.id))
    text_parts = [p for p in part.content if p.type not in MEDIA_KINDS]
    media = [p for p in part.content if p.type in MEDIA_KINDS]
    for item in media:
        if item.type not in _RESULT_MEDIA:
            raise unsupported(
                PROVIDER,
                f"gemini: a {item.type} part in tool_result {part.id!r} cannot reach a functionResponse — "
                "multimodal function responses take images (png/jpeg/webp) and documents (pdf, text/plain) "
                "only (MAP-10)",
                f"messages[*].tool_result[{part.id}].content[{item.type}]",
            )
    if not name:
        raise unsupported(
            PROVIDER,
            f"gemini: tool_result {part.id!r} needs a function name on the Gemini wire and no preceding "
            "assistant tool_call with that id is in the transcript; set ToolResultPart.name (MAP-10 rule 6)",
            f"messages[*].tool_result[{part.id}].name",
        )
    text = parts_to_text(text_parts, provider=PROVIDER, where="functionResponse.response")
    if part.is_error:
        response: dict[str, Any] = {"error": text}
    elif media and not text_parts:
        response = {}
    else:
        response = {"result": text}
    out: dict[str, Any] = {"name": name, "response": response, "id": part.id}
    if media:
        out["parts"] = [_media(p) for p in media]
    return {"functionResponse": out}


def _text(part: TextPart) -> dict[str, Any]:
    if part.continuation:
        return _signed({"text": part.text}, part)
    return {"text": part.text}


def _call(part: ToolCallPart) -> Any:
    if not part.continuation:
        return GeminiFunctionCall(GeminiCall(part.name, part.input, part.id))
    return _signed({"functionCall": {"name": part.name, "args": part.input, "id": part.id}}, part)


def _thought(part: ThinkingPart) -> dict[str, Any]:
    return _signed({"text": part.text}, part, thought=True)


def _data(part: DataPart) -> dict[str, Any]:
    return {"text": data_part_text(part)}


def _other(part: Any) -> dict[str, Any]:
    if isinstance(part, Unknown):
        raise unknown_item(part, PROVIDER)
    return {"text": getattr(part, "text", "") or ""}


_PARTS: Final[dict[type, Any]] = {  # the parts other than text, tool calls and tool results
    TextPart: _text,
    ThinkingPart: _thought,
    DataPart: _data,
    ImagePart: _media,
    AudioPart: _media,
    VideoPart: _media,
    DocumentPart: _media,
    BinaryPart: _media,
}


def _contents(
    messages: tuple[Message, ...], request: Request, names: dict[str, str] | None = None
) -> list[Any]:
    """The ``contents`` of the messages, in one pass dispatched on each part's exact type.

    A result with no name takes its call's (lm15: the last call with that id in the whole
    transcript, ``names``). The calls met so far answer it while that is certain: a call not
    met yet makes the whole map, and a call id met again with another name after a result
    took its name from an earlier one redoes the pass with the whole map."""
    contents: list[Any] = []
    append = contents.append
    met: dict[str, str] = {}  # call id -> name, the calls of the pass so far
    borrowed = False  # a result took its name from ``met``
    renamed = False  # a call id came again with another name
    for message in messages:
        role = message.role
        parts: tuple[Any, ...] = message.parts
        if role == "developer":
            text = parts_to_text(parts, provider=PROVIDER, where="a developer turn")
            append(GeminiContent("user", [GeminiText("[developer]\n" + text)]))
            continue
        if len(parts) == 1:
            only = parts[0]
            if type(only) is TextPart and not only.continuation:
                append(GeminiContent("model" if role == "assistant" else "user", [GeminiText(only.text)]))
                continue
        out: list[Any] = []
        for part in parts:
            kind = type(part)
            if kind is TextPart and not part.continuation:
                out.append(GeminiText(part.text))
            elif kind is ToolCallPart:
                name = part.name
                if part.continuation:
                    out.append(_call(part))
                else:
                    out.append(GeminiFunctionCall(GeminiCall(name, part.input, part.id)))
                if met.setdefault(part.id, name) != name:
                    renamed = True
                    met[part.id] = name
            elif kind is ToolResultPart:
                content = part.content
                name = part.name
                if name is None:
                    if names is None:
                        name = met.get(part.id)
                        if name is None:
                            names = _call_names(request)
                            name = names.get(part.id)
                        else:
                            borrowed = True
                    else:
                        name = names.get(part.id)
                if name and len(content) == 1 and type(content[0]) is TextPart:
                    answer = {"error" if part.is_error else "result": content[0].text}
                    out.append(GeminiFunctionResponse(GeminiResponse(name, answer, part.id)))
                else:
                    out.append(_function_response(part, {part.id: name} if name else {}))
            else:
                out.append(_PARTS.get(kind, _other)(part))
        append(GeminiContent("model" if role == "assistant" else "user", out))
    if borrowed and renamed:
        return _contents(messages, request, _call_names(request))
    return contents


def _call_names(request: Request) -> dict[str, str]:
    """tool_call id -> function name over the transcript (a result's name when it has none)."""
    return {p.id: p.name for m in request.messages for p in m.parts if type(p) is ToolCallPart}


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
    if config.temperature is not None:
        out["temperature"] = _number(config.temperature)
    if config.max_tokens is not None:
        out["maxOutputTokens"] = config.max_tokens
    if config.top_p is not None:
        out["topP"] = _number(config.top_p)
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
        note(
            notes,
            "config.tool_choice.parallel",
            "dropped",
            "GenerateContent has no parallel-tool-calls knob and may return several calls "
            "(OpenAI and Anthropic carry it)",
            asked=False,
        )
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
        return top_level(request, model, _contents(request.messages, request), None, notes, written=True)
    resource, suffix_from = _cache_plan(request, notes)
    messages = request.messages[suffix_from:]
    if resource is not None and not messages:
        raise ValidationError(
            "gemini: a request against a stored cache needs at least one message after the prefix",
            "$.config.cache.prefix_until_index",
        )
    return top_level(request, model, _contents(messages, request), resource, notes, written=True)


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
    body's; the builder asks for the tools ``written`` (their JSON, see :func:`tools_json`)."""
    config = request.config
    extensions = config.extensions
    payload: dict[str, Any] = {"contents": contents}
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
        note(
            notes,
            "config.user_id",
            "dropped",
            "GenerateContent has no end-user attribution field (OpenAI and Anthropic carry it)",
            asked=config.user_id,
        )
    if extensions:
        for key, value in extensions.items():
            if key != "prompt_caching" and key != "output":
                payload[key] = value
    return payload


_PATHS: Final[dict[str, str]] = {}  # model name -> its generateContent path
_STREAM_PATHS: Final[dict[str, str]] = {}  # model name -> its streamGenerateContent path
_PATHS_HELD: Final = 256


def _path(model: str, stream: bool) -> str:
    """The URL path of a model not met yet (quoting it costs more than the rest of a small
    build), remembered by its name in a dict of at most :data:`_PATHS_HELD` (an ``lru_cache``
    hit cost ~0.15 us more than the dict's: its key tuple and its recency list)."""
    quoted = urllib.parse.quote(model, safe="/:@")
    if not quoted.startswith("models/"):
        quoted = f"models/{quoted}"
    paths = _STREAM_PATHS if stream else _PATHS
    if len(paths) >= _PATHS_HELD:
        paths.clear()
    path = (
        f"{BASE_PATH}/{quoted}:streamGenerateContent?alt=sse"
        if stream
        else f"{BASE_PATH}/{quoted}:generateContent"
    )
    paths[model] = path
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
        adaptations=tuple(notes),
    )
