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

from typing import Any, Final

from lmcodec.errors import ProviderError, ValidationError
from lmcodec.providers._build_common import unknown_item
from lmcodec.providers._build_wire import (
    UNSET,
    ResponsesCall,
    ResponsesCallOutput,
    ResponsesFunctionTool,
    ResponsesInputText,
    ResponsesItem,
    ResponsesOutputText,
)
from lmcodec.providers._request import ProviderRequest
from lmcodec.providers.openai._common import (
    ENCODE_ERRORS,
    MEDIA_KINDS,
    AssistantMedia,
    Notes,
    Pending,
    breakpoint_unsupported,
    cache_breakpoint_index,
    cache_common_payload,
    cache_stable_prefix,
    check_message_media,
    check_tool_result_media,
    data_part_text,
    encode_arguments,
    encode_body,
    lone_text_result,
    media_base64,
    media_data_uri,
    model_without_prefix,
    note,
    note_unmeasurable_probabilities,
    parts_to_text,
    settle_arguments,
    stdlib_arguments,
    tool_result_error_text,
    unsupported,
)
from lmcodec.wire import (
    AudioPart,
    BinaryPart,
    BuiltinTool,
    CitationPart,
    DataPart,
    DocumentPart,
    FunctionTool,
    ImagePart,
    Message,
    Part,
    RefusalPart,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    VideoPart,
)
from lmcodec.wire.unknown import Unknown

__all__ = ["build_request"]

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
TOOL_RESULT_MEDIA: Final = "native"
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


def build_request(request: Request, *, stream: bool = False) -> ProviderRequest:
    """The request lm15's adapter sends for ``request`` (path, non-secret headers, body, adaptations)."""
    model = request.model
    if ":" in model:
        model = model_without_prefix(model, PROVIDER)
    notes: Notes = []
    try:
        payload = _payload(request, model, stream, notes)
    except (AssistantMedia, ProviderError, ValidationError, OSError):
        check_message_media(request, PROVIDER, PROVIDER)
        raise
    return ProviderRequest(
        method="POST",
        path=PATH,
        headers=HEADERS.copy(),
        body=encode_body(payload),
        adaptations=tuple(notes),
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
        _write_messages(request.messages, items, pending)
    else:
        _write_marked_conversation(request.messages, breakpoint_index, items, pending)
    if pending[0]:
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
        note(notes, "config.stop", "client_side", STOP_REASON, asked=stops, applied=list(stops))
    if config.top_k is not None:
        note(
            notes,
            "config.top_k",
            "dropped",
            "the Responses wire has no top_k (Anthropic and Gemini carry it)",
            asked=config.top_k,
        )
    if config.seed is not None or config.frequency_penalty is not None or config.presence_penalty is not None:
        for name in DROPPED_KNOBS:
            value = getattr(config, name)
            if value is not None:
                note(
                    notes,
                    f"config.{name}",
                    "dropped",
                    f"the Responses wire has no {name} field (the Chat Completions dialect carries it)",
                    asked=value,
                )
    if config.logprobs is not None:
        payload["top_logprobs"] = config.logprobs
        payload["include"] = ["message.output_text.logprobs"]
    if request.tools:
        payload["tools"] = [
            ResponsesFunctionTool(tool.name, tool.description or UNSET, tool.parameters)
            if type(tool) is FunctionTool
            else _tool(tool)
            for tool in request.tools
        ]
    choice = _tool_choice(request)
    if choice is not None:
        payload["tool_choice"] = choice
    if config.tool_choice is not None and config.tool_choice.parallel is not None:
        payload["parallel_tool_calls"] = config.tool_choice.parallel
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


def _write_marked_conversation(
    messages: tuple[Message, ...], breakpoint_index: int, items: list[Any], pending: Pending
) -> None:
    """The items of a conversation whose message ``breakpoint_index`` carries the cache mark."""
    _write_messages(messages[:breakpoint_index], items, pending)
    _write_marked(messages[breakpoint_index], breakpoint_index, items, pending)
    _write_messages(messages[breakpoint_index + 1 :], items, pending)


def _write_messages(messages: tuple[Message, ...], items: list[Any], pending: Pending) -> None:
    """Append the items of ``messages``: the common parts (exact TextPart and ToolCallPart, a
    ToolResultPart of one text) written inline, every other part by its helper."""
    append = items.append
    calls, datas, values = pending
    for message in messages:
        role = message.role
        parts: tuple[Any, ...] = message.parts  # dispatched on their exact type below
        if role == "tool":
            for part in parts:
                if type(part) is ToolResultPart and not part.is_error:
                    result = part.content
                    if len(result) == 1 and type(result[0]) is TextPart:
                        append(ResponsesCallOutput(part.id, result[0].text))
                        continue
                if isinstance(part, ToolResultPart):
                    append(ResponsesCallOutput(part.id, _tool_output(part)))
        elif role == "assistant":
            if len(parts) == 1 and type(parts[0]) is TextPart:  # a reply of one text
                append(ResponsesItem(role, [ResponsesOutputText(parts[0].text)]))
                continue
            content = []
            called: list[Any] = []
            for part in parts:
                kind = type(part)
                if kind is TextPart:
                    content.append(ResponsesOutputText(part.text))
                elif kind is ToolCallPart:
                    called.append(part)
                else:
                    _assistant_part(part, content, called, items)
            if content:
                append(ResponsesItem("assistant", content))
            for part in called:
                value = part.input
                try:
                    data = encode_arguments(value)
                except ENCODE_ERRORS:
                    append(ResponsesCall(part.id, part.name, stdlib_arguments(value)))
                else:
                    call = ResponsesCall(part.id, part.name, data.decode())
                    append(call)
                    calls.append(call)
                    values.append(value)
                    datas.append(data)
        elif len(parts) == 1 and type(parts[0]) is TextPart:
            append(ResponsesItem(role, [ResponsesInputText(parts[0].text)]))
        else:
            content, called = _prompt_content(parts)
            if content:
                append(ResponsesItem(role, content))
            if called:
                _write_calls(called, items, pending)


def _write_marked(message: Message, index: int, items: list[Any], pending: Pending) -> None:
    """The message of ``prefix_until_index``: its last block, an input text, carries the mark."""
    role = message.role
    if role in ("assistant", "tool"):
        raise breakpoint_unsupported(PROVIDER, index, role)
    content, called = _prompt_content(message.parts)
    last = content[-1] if content else None
    if type(last) is ResponsesInputText:
        last.prompt_cache_breakpoint = {"mode": "explicit"}
    elif isinstance(last, dict) and last.get("type") == "input_text":
        last["prompt_cache_breakpoint"] = {"mode": "explicit"}
    else:
        raise breakpoint_unsupported(PROVIDER, index, role)
    items.append(ResponsesItem(role, content))
    if called:
        _write_calls(called, items, pending)


def _write_calls(called: list[Any], items: list[Any], pending: Pending) -> None:
    """One function_call item per tool call; msgspec's text of the input, settled after the walk
    (an input msgspec cannot write is written by the stdlib at once, as lm15 would fail on it)."""
    calls, datas, values = pending
    for part in called:
        value = part.input
        try:
            data = encode_arguments(value)
        except ENCODE_ERRORS:
            items.append(ResponsesCall(part.id, part.name, stdlib_arguments(value)))
        else:
            call = ResponsesCall(part.id, part.name, data.decode())
            items.append(call)
            calls.append(call)
            datas.append(data)
            values.append(value)


def _prompt_content(parts: tuple[Any, ...]) -> tuple[list[Any], list[Any]]:
    """A user/developer message's input blocks and, apart, its tool calls (items after it)."""
    content: list[Any] = []
    called: list[Any] = []
    for part in parts:
        if type(part) is TextPart:  # exact type first: a negative isinstance on a wire class is slow
            content.append(ResponsesInputText(part.text))
        elif isinstance(part, ToolCallPart):
            called.append(part)
        elif not isinstance(part, ToolResultPart):
            content.append(_input_block(part))
    return content, called


def _assistant_part(part: Any, content: list[Any], called: list[Any], items: list[Any]) -> None:
    """An assistant part other than an exact TextPart or ToolCallPart: refusals, thinking (a
    reasoning item with OpenAI state goes out before the message), subclasses; media refused."""
    if isinstance(part, ToolCallPart):
        called.append(part)
    elif isinstance(part, TextPart):
        content.append(ResponsesOutputText(part.text))
    elif isinstance(part, RefusalPart):
        content.append({"type": "refusal", "refusal": part.text})
    elif isinstance(part, ThinkingPart):
        state = _reasoning_state(part)
        if state:
            item: dict[str, Any] = {"type": "reasoning"}
            for key, value in state.items():
                if key in ("id", "encrypted_content"):
                    item[key] = value
            item["summary"] = [{"type": "summary_text", "text": part.text}] if part.text else []
            items.append(item)
        elif part.text:
            content.append(ResponsesOutputText(part.text))
    elif part.type in MEDIA_KINDS:
        raise AssistantMedia
    elif isinstance(part, Unknown):
        raise unknown_item(part, PROVIDER)


def _reasoning_state(part: ThinkingPart) -> dict[str, Any] | None:
    for state in part.continuation:
        if state.provider == "openai" and state.kind == "reasoning_item":
            return state.data
    return None


def _tool_output(part: ToolResultPart) -> str | list[dict[str, Any]]:
    """``function_call_output.output``: a string for text-only content, input blocks otherwise."""
    lone = lone_text_result(part)
    if lone is not None:
        return lone
    check_tool_result_media(PROVIDER, part, TOOL_RESULT_MEDIA, "function_call_output")
    content = part.content
    if all(p.type not in MEDIA_KINDS for p in content):
        text = parts_to_text(content, PROVIDER, "function_call_output")
        return tool_result_error_text(part.is_error, text)
    blocks = [_input_block(p) for p in content]
    if part.is_error:
        first = next((b for b in blocks if b.get("type") == "input_text"), None)
        if first is None:
            blocks.insert(0, {"type": "input_text", "text": "[error]"})
        else:
            first["text"] = "[error] " + first["text"]
    return blocks


def _file_extension(media_type: str | None) -> str:
    return (media_type or "application/octet-stream").split("/", 1)[-1].split("+", 1)[0] or "bin"


def _input_block(part: Part | Any) -> dict[str, Any]:
    """One prompt part as one Responses input block (lm15 ``part_to_openai_input``)."""
    if isinstance(part, TextPart):
        return {"type": "input_text", "text": part.text}
    if isinstance(part, DataPart):
        return {"type": "input_text", "text": data_part_text(part)}
    if isinstance(part, ImagePart):
        if part.file_id is not None:
            return {"type": "input_image", "file_id": part.file_id}
        block: dict[str, Any] = {
            "type": "input_image",
            "image_url": part.url if part.url is not None else media_data_uri(part),
        }
        if part.detail:
            block["detail"] = part.detail
        return block
    if isinstance(part, AudioPart):
        if part.url is not None:
            return {"type": "input_audio", "audio_url": part.url}
        if part.file_id is not None:
            return {"type": "input_audio", "file_id": part.file_id}
        media = (part.media_type or "audio/wav").split("/", 1)[-1]
        if media == "mpeg":
            media = "mp3"
        return {"type": "input_audio", "audio": media_base64(part), "format": media}
    if isinstance(part, (DocumentPart, BinaryPart)):
        if part.url is not None:
            return {"type": "input_file", "file_url": part.url}
        if part.file_id is not None:
            return {"type": "input_file", "file_id": part.file_id}
        return {
            "type": "input_file",
            "filename": f"file.{_file_extension(part.media_type)}",
            "file_data": media_data_uri(part),
        }
    if isinstance(part, VideoPart):
        if part.url is not None:
            return {"type": "input_video", "video_url": part.url}
        if part.file_id is not None:
            return {"type": "input_video", "file_id": part.file_id}
        return {"type": "input_video", "video_data": media_data_uri(part)}
    if isinstance(part, (CitationPart, ThinkingPart)):
        return {"type": "input_text", "text": parts_to_text((part,))}
    if isinstance(part, Unknown):
        raise unknown_item(part, PROVIDER)
    raise unsupported(
        PROVIDER,
        f"{PROVIDER}: a {part.type} part has no input block on the Responses wire (MAP-10)",
        f"messages[*].parts[{part.type}]",
    )


def _builtin_type(tool: BuiltinTool) -> str:
    return BUILTIN_TYPES.get(tool.name, tool.name)


def _tool(tool: FunctionTool | BuiltinTool) -> Any:
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
