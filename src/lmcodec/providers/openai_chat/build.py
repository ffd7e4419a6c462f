"""Canonical Request -> an OpenAI Chat Completions request, as lm15 1.5.0's ``OpenAIChatLM`` builds it.

The adapter is the one ``lm15.vet.adapter_for_provider("openai-chat", ...)``
gives: ``https://api.openai.com/v1`` under the plain OpenAI chat policy
(system role for instructions and developer messages,
``max_completion_tokens``, ``stream_options.include_usage``, thinking replayed
as assistant text, ``reasoning_effort``, function tools only, text-only tool
rows). lm15's chat dialect reads no per-request compat, so neither does this.

Refusals: lm15's ``UnsupportedFeatureError`` becomes
:class:`lmcodec.ProviderError` (``code="unsupported_feature"``, same
provider ``"openai-chat"``, feature and message); its ``ValueError`` becomes
:class:`lmcodec.ValidationError`; the ``OSError`` of reading a media ``path`` goes
through, as lm15's does.
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.errors import ProviderError, ValidationError
from lmcodec.providers._build_common import is_ascii_json_as_stdlib, note_template, note_with, unknown_item
from lmcodec.providers._build_wire import (
    UNSET,
    ChatAssistant,
    ChatCall,
    ChatFunction,
    ChatFunctionTool,
    ChatRow,
    ChatToolRow,
    ChatToolSpec,
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
    BuiltinTool,
    DataPart,
    FunctionTool,
    ImagePart,
    Message,
    RefusalPart,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
)
from lmcodec.wire.unknown import Unknown

__all__ = ["build_request"]

PROVIDER: Final = "openai-chat"
DIALECT: Final = "openai_chat"
PATH: Final = "/chat/completions"
HEADERS: Final = {"Content-Type": "application/json"}

# lm15's plain OpenAI chat policy (lm15.compat.OpenAIChatCompat() resolved).
INSTRUCTION_ROLE: Final = "system"
MAX_TOKENS_FIELD: Final = "max_completion_tokens"
CACHE_CONTROL: Final = "openai"
TOOL_RESULT_MEDIA: Final = "reject"
USER_FIELD: Final = "user"
RESERVED_EXTENSIONS: Final = frozenset(
    {"prompt_caching", "cache", "compat", "openai_compat", "openai_chat_compat"}
)
ROW_WIRE: Final = "a Chat Completions tool row"
_TOP_K_NOTE: Final = note_template(
    "config.top_k",
    "dropped",
    "the Chat Completions wire has no top_k (Anthropic and Gemini carry it; servers "
    "that accept it take it through extensions)",
)


def build_request(request: Request, stream: bool = False) -> ProviderRequest:
    """The request lm15's adapter sends for ``request`` (path, non-secret headers, body, adaptations)."""
    model = request.model
    if ":" in model:
        model = model_without_prefix(model, PROVIDER)
    notes: Notes = []
    try:
        payload = _payload(request, model, stream, notes)
    except (AssistantMedia, ProviderError, ValidationError, OSError):
        check_message_media(request, DIALECT, PROVIDER)
        raise
    return ProviderRequest(
        method="POST",
        path=PATH,
        headers=HEADERS.copy(),
        body=encode_body(payload),
        adaptations=tuple(notes) if notes else (),
    )


def _payload(request: Request, model: str, stream: bool, notes: Notes) -> dict[str, Any]:
    config = request.config
    if config.probabilities is not None:
        note_unmeasurable_probabilities(request, PROVIDER, notes)
    cache = config.cache
    breakpoint_index = None if cache is None else cache_breakpoint_index(request, CACHE_CONTROL, notes)
    payload: dict[str, Any] = {"model": model, "messages": _messages(request, breakpoint_index)}
    if stream:
        payload["stream"] = True
        payload["stream_options"] = {"include_usage": True}
    if config.max_tokens is not None:
        payload[MAX_TOKENS_FIELD] = config.max_tokens
    if config.temperature is not None:
        payload["temperature"] = config.temperature
    if config.top_p is not None:
        payload["top_p"] = config.top_p
    if config.top_k is not None:
        note_with(notes, _TOP_K_NOTE, config.top_k)
    if config.seed is not None:
        payload["seed"] = config.seed
    if config.frequency_penalty is not None:
        payload["frequency_penalty"] = config.frequency_penalty
    if config.presence_penalty is not None:
        payload["presence_penalty"] = config.presence_penalty
    if config.stop:
        payload["stop"] = list(config.stop)
    if config.logprobs is not None:
        payload["logprobs"] = True
        if config.logprobs > 0:
            payload["top_logprobs"] = config.logprobs
    if request.tools:  # a loop: a list comprehension is one more frame on 3.11
        tools: list[Any] = []
        for tool in request.tools:
            if type(tool) is FunctionTool:
                spec = ChatToolSpec(tool.name, tool.description or UNSET, tool.parameters)
                tools.append(ChatFunctionTool(spec))
            else:
                tools.append(_tool(tool))
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
        payload["response_format"] = _response_format(config.response_format)
    reasoning = config.reasoning
    if reasoning is not None:
        if reasoning.is_off:
            payload["reasoning_effort"] = "none"
        else:
            if reasoning.thinking_budget is not None:
                note(
                    notes,
                    "config.reasoning.thinking_budget",
                    "dropped",
                    "the Chat Completions wire has no thinking token budget; effort carries the intent",
                    asked=reasoning.thinking_budget,
                )
            if reasoning.summary in ("concise", "detailed"):
                note(
                    notes,
                    "config.reasoning.summary",
                    "substituted",
                    "the Chat Completions wire has no summary detail levels; 'auto' is what it shows",
                    asked=reasoning.summary,
                    applied="auto",
                )
            payload["reasoning_effort"] = reasoning.effort
    if cache is not None:
        cache_common_payload(request, model, payload, CACHE_CONTROL, PROVIDER, breakpoint_index)
    if config.service_tier is not None:
        payload["service_tier"] = config.service_tier
    if config.user_id is not None:
        payload[USER_FIELD] = config.user_id
    if config.store is not None:
        payload["store"] = config.store
    if config.extensions:
        for key, value in config.extensions.items():
            if key not in RESERVED_EXTENSIONS:
                payload[key] = value
    return payload


def _messages(request: Request, breakpoint_index: int | None) -> list[Any]:
    """The rows: the instructions, then the messages (the one marked for the cache on its own)."""
    rows: list[Any] = []
    system = request.system
    if system:
        text = system if isinstance(system, str) else parts_to_text(system)
        if request.config.cache is not None and cache_stable_prefix(request, CACHE_CONTROL):
            block = {"type": "text", "text": text, "prompt_cache_breakpoint": {"mode": "explicit"}}
            rows.append(ChatRow(INSTRUCTION_ROLE, [block]))
        else:
            rows.append(ChatRow(INSTRUCTION_ROLE, text))
    messages = request.messages
    pending: Pending = ([], [], [])
    if breakpoint_index is None:
        _write_rows(messages, rows, pending)
    else:
        _write_rows(messages[:breakpoint_index], rows, pending)
        _write_marked(messages[breakpoint_index], breakpoint_index, rows)
        _write_rows(messages[breakpoint_index + 1 :], rows, pending)
    if pending[0] and not is_ascii_json_as_stdlib(pending[1]):  # else every call holds lm15's text
        settle_arguments(pending)
    return rows


def _write_rows(messages: tuple[Message, ...], rows: list[Any], pending: Pending) -> None:
    """Append the rows of ``messages``: the common parts (exact TextPart and ToolCallPart, a
    ToolResultPart of one text) written inline, every other part by its helper.

    An assistant row: text, refusals and (as text) thinking joined by newlines; tool calls
    beside them, their arguments msgspec's text of the input, settled after the walk (an input
    msgspec cannot write is written by the stdlib at once, as lm15 would fail on it). Written
    here, not by a helper: a call per assistant message was ~1% of a build."""
    append = rows.append
    calls, datas, values = pending
    for message in messages:
        role = message.role
        parts: tuple[Any, ...] = message.parts  # dispatched on their exact type below
        if role == "tool":
            for part in parts:
                if type(part) is ToolResultPart and not part.is_error:
                    result = part.content
                    if len(result) == 1 and type(result[0]) is TextPart:
                        append(ChatToolRow(part.id, result[0].text))
                        continue
                if isinstance(part, ToolResultPart):
                    append(ChatToolRow(part.id, _tool_row(part)))
        elif role == "assistant":
            if len(parts) == 1 and type(parts[0]) is TextPart:  # a reply of one text
                append(ChatAssistant(parts[0].text))
                continue
            bits: list[str] = []
            called: list[ChatCall] = []
            for part in parts:
                kind = type(part)
                if kind is TextPart:
                    bits.append(part.text)
                elif kind is ToolCallPart or isinstance(part, ToolCallPart):
                    value = part.input
                    try:
                        data = encode_arguments(value)
                    except ENCODE_ERRORS:
                        function = ChatFunction(part.name, stdlib_arguments(value))
                    else:
                        function = ChatFunction(part.name, data.decode())
                        calls.append(function)
                        datas.append(data)
                        values.append(value)
                    called.append(ChatCall(part.id, "function", function))
                elif kind is ThinkingPart or kind is RefusalPart:  # before the negative isinstance tests
                    if part.text:
                        bits.append(part.text)
                elif isinstance(part, TextPart):
                    bits.append(part.text)
                elif isinstance(part, (RefusalPart, ThinkingPart)):
                    if part.text:
                        bits.append(part.text)
                elif part.type in MEDIA_KINDS:
                    raise AssistantMedia
                elif isinstance(part, Unknown):
                    raise unknown_item(part, PROVIDER)
            append(ChatAssistant("\n".join(bits) if bits else None, called or UNSET))
        elif len(parts) == 1 and type(parts[0]) is TextPart:
            append(ChatRow(INSTRUCTION_ROLE if role == "developer" else role, parts[0].text))
        else:
            content = _content(message, False)
            if content or content == "":
                append(ChatRow(INSTRUCTION_ROLE if role == "developer" else role, content))


def _write_marked(message: Message, index: int, rows: list[Any]) -> None:
    """The message of ``prefix_until_index``: its content as blocks, the last (text) marked."""
    role = message.role
    if role in ("assistant", "tool"):
        raise breakpoint_unsupported(PROVIDER, index, role)
    content = _content(message, True)
    if not isinstance(content, list) or not content or content[-1].get("type") != "text":
        raise breakpoint_unsupported(PROVIDER, index, role)
    content[-1]["prompt_cache_breakpoint"] = {"mode": "explicit"}
    rows.append(ChatRow(INSTRUCTION_ROLE if role == "developer" else role, content))


def _image_block(part: Any) -> dict[str, Any]:
    """``{"type": "image_url", "image_url": {url, detail?}}``; a file_id has no slot here."""
    if part.file_id is not None:
        raise ProviderError(
            f"{PROVIDER}: an image addressed by file_id cannot be sent on the Chat Completions wire "
            "(no file reference form); pass a URL or inline data",
            code="unsupported_feature",
            provider=PROVIDER,
        )
    image: dict[str, Any] = {"url": part.url if part.url is not None else media_data_uri(part)}
    if getattr(part, "detail", None):
        image["detail"] = part.detail
    return {"type": "image_url", "image_url": image}


def _content(message: Message, force_array: bool) -> str | list[dict[str, Any]]:
    """A user/developer message's content: a lone text part as a string, else content blocks."""
    parts: list[Any] = []
    for part in message.parts:  # exact types first: a negative isinstance on a wire class is slow
        kind = type(part)
        if kind is TextPart or kind is ImagePart or not isinstance(part, (ToolCallPart, ToolResultPart)):
            parts.append(part)
    if len(parts) == 1 and not force_array:
        only = parts[0]
        if isinstance(only, TextPart):
            return only.text
        if isinstance(only, DataPart):
            return data_part_text(only)
    out: list[dict[str, Any]] = []
    for part in parts:
        if type(part) is ImagePart:
            out.append(_image_block(part))
            continue
        kind = part.type
        if isinstance(part, TextPart):
            out.append({"type": "text", "text": part.text})
        elif kind == "image":
            out.append(_image_block(part))
        elif isinstance(part, ThinkingPart):
            continue
        elif kind in MEDIA_KINDS:
            raise unsupported(
                PROVIDER,
                f"{PROVIDER}: a {kind} part in a {message.role} message has no slot on the Chat "
                "Completions wire (text and image_url only); the OpenAI Responses, Anthropic and "
                "Gemini dialects carry it (MAP-10)",
                f"messages[*].parts[{kind}]",
            )
        else:
            out.append({"type": "text", "text": parts_to_text((part,), PROVIDER)})
    return out


def _tool_row(part: ToolResultPart) -> str | list[dict[str, Any]]:
    """A ``role: tool`` row's content: text only under this policy (media was refused above)."""
    lone = lone_text_result(part)
    if lone is not None:
        return lone
    check_tool_result_media(PROVIDER, part, TOOL_RESULT_MEDIA, ROW_WIRE)
    return tool_result_error_text(part.is_error, parts_to_text(part.content, PROVIDER, ROW_WIRE))


def _tool(tool: FunctionTool | BuiltinTool) -> ChatFunctionTool:
    if type(tool) is not FunctionTool and isinstance(tool, BuiltinTool):  # exact type first (fast)
        raise unsupported(
            PROVIDER,
            f"{PROVIDER}: builtin tool {tool.name!r} is not supported on this "
            "server — the Chat Completions wire carries function tools only, and "
            "unproven servers may silently ignore unknown tool types. Use "
            "compat='groq' for Groq's server-executed tools, or the OpenAI "
            "Responses / Anthropic / Gemini providers",
            f"tools[{tool.name}]",
        )
    if isinstance(tool, Unknown):
        raise unknown_item(tool, PROVIDER)
    return ChatFunctionTool(ChatToolSpec(tool.name, tool.description or UNSET, tool.parameters))


def _tool_choice(request: Request) -> Any:
    choice = request.config.tool_choice
    if choice is None:
        return None
    if choice.mode == "none":
        return "none"
    if choice.allowed:
        by_name = {tool.name: tool for tool in request.tools}
        entries = [by_name[name] for name in choice.allowed]
        builtins = [t.name for t in entries if isinstance(t, BuiltinTool)]
        if builtins:
            raise unsupported(
                PROVIDER,
                f"{PROVIDER}: cannot force builtin tools {builtins} — the "
                "Chat Completions wire has no hosted-tool tool_choice form "
                "(OpenAI Responses and Anthropic carry it)",
                "config.tool_choice.allowed",
            )
        if len(entries) == 1 and choice.mode == "required":
            return {"type": "function", "function": {"name": entries[0].name}}
        refs = [{"type": "function", "function": {"name": t.name}} for t in entries]
        return {"type": "allowed_tools", "allowed_tools": {"mode": choice.mode, "tools": refs}}
    return "required" if choice.mode == "required" else "auto"


def _response_format(response_format: dict[str, Any]) -> dict[str, Any]:
    """Canonical response_format (INV-050) -> Chat Completions ``response_format``."""
    if response_format["type"] == "json_object":
        return {"type": "json_object"}
    inner: dict[str, Any] = {
        "name": response_format.get("name") or "response",
        "schema": response_format["schema"],
    }
    if "strict" in response_format:
        inner["strict"] = response_format["strict"]
    return {"type": "json_schema", "json_schema": inner}
