"""OpenAI Chat Completions wire, incl. vLLM, SGLang, Groq and the other compatible servers
(lm15 1.5.0 ``providers/openai_chat.py``, ``OpenAIChatLM``, provider string ``"openai-chat"``).

Stream: ``parse_stream_events`` (openai_chat.py:2101). Complete body:
``parse_response`` -> ``_response_from_chat_body`` (openai_chat.py:947) and
``_fold_judgments``. See ``notes/providers.md`` §2. The server variant
(``compat``) does not affect parsing.

A chunk has no ``type`` tag: each SSE ``data`` payload is decoded once into
:class:`_Chunk`, which declares only ``choices[].delta`` (content, reasoning,
tool calls), ``choices[].logprobs.content``, ``choices[].finish_reason``,
``usage`` and ``error``; everything else (``id``, ``model``, ``token_ids``,
...) is skipped by the decoder.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Final

import msgspec

from lmcodec.providers._base import (
    EVENT,
    TEXT,
    THINKING,
    TOOL_CALL,
    EndFrame,
    MapperBase,
    ProviderError,
    attach_unmapped,
    judgment_parts,
    load_frame,
    new,
    openai_token_logprobs,
    parse_body,
    parse_json_object,
    pyint,
    record_unmapped,
    replace,
    unnamed_tool_call_error,
)
from lmcodec.providers.openai.views import Logprob, response_error, stream_error_detail, typed_token_logprobs
from lmcodec.wire import (
    Message,
    RefusalPart,
    Request,
    Response,
    StreamDeltaEvent,
    StreamErrorEvent,
    TextDelta,
    TextPart,
    ThinkingDelta,
    ThinkingPart,
    ToolCallDelta,
    ToolCallPart,
    Usage,
)
from lmcodec.wire.telemetry import FinishReason

__all__ = ["FINISH_REASONS", "PROVIDER", "StreamMapper", "parse_response"]

PROVIDER: Final = "openai-chat"

NonNegInt = Annotated[int, msgspec.Meta(ge=0)]

FINISH_REASONS: Final[dict[str, FinishReason]] = {
    "stop": "stop",
    "length": "length",
    "tool_calls": "tool_call",
    "function_call": "tool_call",
    "content_filter": "content_filter",
}
"""lm15 ``_FINISH_REASON_MAP``; any other value is ``stop``."""


# --------------------------------------------------------------------------
# typed views


class _Function(msgspec.Struct, frozen=True, gc=False):
    name: str | None = None
    arguments: str | None = None


class _Call(msgspec.Struct, frozen=True, gc=False):
    index: NonNegInt = 0
    id: str | None = None
    function: _Function | None = None


class _Delta(msgspec.Struct, frozen=True, gc=False):
    content: str | None = None
    reasoning_content: str | None = None
    reasoning: str | None = None
    tool_calls: list[_Call] | None = None


class _ChoiceLogprobs(msgspec.Struct, frozen=True, gc=False):
    content: list[Logprob] | None = None


class _Choice(msgspec.Struct, frozen=True, gc=False):
    delta: _Delta | None = None
    logprobs: _ChoiceLogprobs | None = None
    finish_reason: str | None = None


class _PromptDetails(msgspec.Struct, frozen=True, gc=False):
    cached_tokens: NonNegInt | None = None
    cache_write_tokens: NonNegInt | None = None
    audio_tokens: NonNegInt | None = None


class _CompletionDetails(msgspec.Struct, frozen=True, gc=False):
    reasoning_tokens: NonNegInt | None = None
    audio_tokens: NonNegInt | None = None


class _Usage(msgspec.Struct, frozen=True, gc=False):
    prompt_tokens: NonNegInt | None = None
    completion_tokens: NonNegInt | None = None
    total_tokens: NonNegInt | None = None
    cached_tokens: NonNegInt | None = None
    prompt_tokens_details: _PromptDetails | None = None
    completion_tokens_details: _CompletionDetails | None = None


class _Chunk(msgspec.Struct, frozen=True, gc=False):
    choices: list[_Choice] | None = None
    usage: _Usage | None = None
    error: Any = None


_chunk_decoder: Final = msgspec.json.Decoder(_Chunk)


def _typed_usage(u: _Usage) -> Usage:
    """``_usage_from_chat`` over a typed usage object."""
    pd = u.prompt_tokens_details
    cd = u.completion_tokens_details
    cache_read = pd.cached_tokens if pd is not None and pd.cached_tokens is not None else u.cached_tokens
    usage: Usage = new(
        Usage,
        input_tokens=u.prompt_tokens,
        output_tokens=u.completion_tokens,
        total_tokens=u.total_tokens,
        cache_read_tokens=cache_read,
        cache_write_tokens=pd.cache_write_tokens if pd is not None else None,
        reasoning_tokens=cd.reasoning_tokens if cd is not None else None,
        input_audio_tokens=pd.audio_tokens if pd is not None else None,
        output_audio_tokens=cd.audio_tokens if cd is not None else None,
    )
    return usage


def usage_from_chat(usage_data: Any) -> Usage:
    """lm15 ``_usage_from_chat`` over plain values (checked constructor)."""
    prompt_details = usage_data.get("prompt_tokens_details") or {}
    completion_details = usage_data.get("completion_tokens_details") or {}
    return Usage(
        input_tokens=usage_data.get("prompt_tokens"),
        output_tokens=usage_data.get("completion_tokens"),
        total_tokens=usage_data.get("total_tokens"),
        reasoning_tokens=completion_details.get("reasoning_tokens"),
        cache_read_tokens=(
            prompt_details["cached_tokens"]
            if prompt_details.get("cached_tokens") is not None
            else usage_data.get("cached_tokens")
        ),
        cache_write_tokens=prompt_details.get("cache_write_tokens"),
        input_audio_tokens=prompt_details.get("audio_tokens"),
        output_audio_tokens=completion_details.get("audio_tokens"),
    )


def _error_event(err: dict[str, Any]) -> StreamErrorEvent:
    provider_code = str(err.get("code") or err.get("type") or "provider")
    return StreamErrorEvent(error=stream_error_detail(provider_code, str(err.get("message") or "")))


# --------------------------------------------------------------------------
# stream


class StreamMapper(MapperBase):
    """Maps Chat Completions SSE chunks to lm15's adapter events (pre-coalesce)."""

    provider: ClassVar[str] = PROVIDER
    done_ends: ClassVar[bool] = True
    __slots__ = ()

    def map(self, data: bytes, out: list[Any]) -> int:
        """Map one SSE ``data`` payload, appending its events to ``out``; 1 if it mapped to nothing."""
        try:
            chunk = _chunk_decoder.decode(data)
        except (msgspec.ValidationError, msgspec.DecodeError):
            return self._rejected(data, out)
        if chunk.error is not None and type(chunk.error) is dict:
            out.append(_error_event(chunk.error))
            return 0
        mapped = False
        finish = None
        choices = chunk.choices
        if choices:
            choice = choices[0]
            delta = choice.delta
            if delta is not None:
                content = delta.content
                if delta.reasoning_content or delta.reasoning:
                    mapped = True
                    text = delta.reasoning_content or delta.reasoning
                    out.append(replace(EVENT, delta=replace(THINKING, text=text)))
                if content:
                    mapped = True
                    lp = choice.logprobs
                    if lp is not None and lp.content:
                        out.append(
                            replace(
                                EVENT,
                                delta=replace(TEXT, text=content, logprobs=typed_token_logprobs(lp.content)),
                            )
                        )
                    else:
                        out.append(replace(EVENT, delta=replace(TEXT, text=content)))
                calls = delta.tool_calls
                if calls:
                    mapped = True
                    for call in calls:
                        fn = call.function
                        if fn is None:
                            tool = replace(TOOL_CALL, part_index=call.index, id=call.id or None)
                        else:
                            tool = replace(
                                TOOL_CALL,
                                part_index=call.index,
                                input=fn.arguments or "",
                                id=call.id or None,
                                name=fn.name or None,
                            )
                        out.append(replace(EVENT, delta=tool))
            finish = choice.finish_reason
        usage = chunk.usage
        if finish:
            self.special = True
            out.append(
                EndFrame(
                    FINISH_REASONS.get(finish, "stop"),
                    _typed_usage(usage) if usage is not None else None,
                    data,
                )
            )
        elif usage is not None:
            self.special = True
            out.append(EndFrame(None, _typed_usage(usage), data))
        elif not mapped:
            return 1
        return 0

    def generic_frame(self, data: bytes, out: list[Any]) -> None:
        """lm15's ``parse_stream_events`` over plain values, line for line."""
        self.generic += 1
        self.special = True
        payload = load_frame(data)
        if not isinstance(payload, dict):
            return
        err = payload.get("error")
        if isinstance(err, dict):
            out.append(_error_event(err))
            return
        choices = payload.get("choices") or []
        choice: Any = choices[0] if choices and isinstance(choices[0], dict) else {}
        delta: Any = choice.get("delta") if isinstance(choice.get("delta"), dict) else {}
        reasoning_text = delta.get("reasoning_content") or delta.get("reasoning")
        if reasoning_text:
            out.append(StreamDeltaEvent(delta=ThinkingDelta(text=str(reasoning_text), part_index=0)))
        content = delta.get("content")
        if isinstance(content, str) and content:
            logprobs_payload: Any = choice.get("logprobs") if isinstance(choice.get("logprobs"), dict) else {}
            logprobs = openai_token_logprobs(logprobs_payload.get("content"))
            out.append(StreamDeltaEvent(delta=TextDelta(text=content, part_index=0, logprobs=logprobs)))
        for call in delta.get("tool_calls") or []:
            if not isinstance(call, dict):
                continue
            function: Any = call.get("function") if isinstance(call.get("function"), dict) else {}
            arguments = str(function.get("arguments") or "")
            out.append(
                StreamDeltaEvent(
                    delta=ToolCallDelta(
                        input=arguments,
                        part_index=pyint(call.get("index", 0)),
                        id=str(call.get("id") or "") or None,
                        name=str(function.get("name") or "") or None,
                    )
                )
            )
        finish_raw = choice.get("finish_reason")
        usage_data = payload.get("usage")
        if finish_raw:
            usage = usage_from_chat(usage_data) if isinstance(usage_data, dict) else None
            out.append(EndFrame(FINISH_REASONS.get(str(finish_raw), "stop"), usage, payload))
        elif isinstance(usage_data, dict):
            out.append(EndFrame(None, usage_from_chat(usage_data), payload))


# --------------------------------------------------------------------------
# complete body


def _finish_reason(
    raw: Any, *, has_tool_call: bool, unmapped: list[dict[str, str]], path: str
) -> FinishReason:
    if has_tool_call:
        return "tool_call"
    if raw is None or raw == "":
        return "stop"
    mapped = FINISH_REASONS.get(str(raw))
    if mapped is None:
        record_unmapped(unmapped, f"{path}.finish_reason", raw)
        return "stop"
    return mapped


def parse_response(body: bytes, request: Request | None = None) -> Response:
    """A complete Chat Completions body -> Response, as lm15's ``OpenAIChatLM.parse_response``."""
    result: Response = parse_body(PROVIDER, _parse, body, request)
    return result


def _parse(data: Any, model: str | None, request: Request | None) -> Response:
    if not isinstance(data, dict):
        raise TypeError(f"a Chat Completions response body is a JSON object, got {type(data).__name__}")
    resp_error = data.get("error")
    if isinstance(resp_error, dict):
        code = str(resp_error.get("code") or "")
        raise response_error(PROVIDER, code, str(resp_error.get("message") or resp_error))
    unmapped: list[dict[str, str]] = []
    choices = data.get("choices") or []
    if not isinstance(choices, list):
        raise TypeError("choices must be an array")
    if len(choices) > 1:
        raise ProviderError(
            f"{PROVIDER}: the body carries {len(choices)} choices; a canonical Response is one message — "
            "name the choice to read (choice=i) and read each one, or send no n",
            code="unsupported_feature",
            provider=PROVIDER,
            feature="n",
        )
    path = "choices[0]"
    chosen: Any = choices[0] if choices and isinstance(choices[0], dict) else {}
    if choices and not isinstance(choices[0], dict):
        record_unmapped(unmapped, path, type(choices[0]).__name__)
    message: Any = chosen.get("message") if isinstance(chosen.get("message"), dict) else {}

    parts: list[Any] = []
    reasoning_text = message.get("reasoning_content") or message.get("reasoning")
    if reasoning_text:
        parts.append(ThinkingPart(text=str(reasoning_text)))
    content = message.get("content")
    if isinstance(content, str):
        if content:
            parts.append(TextPart(text=content))
    elif isinstance(content, list):
        for content_index, item in enumerate(content):
            if isinstance(item, dict) and item.get("type") == "text":
                parts.append(TextPart(text=str(item.get("text") or "")))
            else:
                record_unmapped(
                    unmapped,
                    f"{path}.message.content[{content_index}]",
                    item.get("type") if isinstance(item, dict) else type(item).__name__,
                )
    elif content is not None:
        record_unmapped(unmapped, f"{path}.message.content", type(content).__name__)
    refusal = message.get("refusal")
    if refusal:
        parts.append(RefusalPart(text=str(refusal)))
    for call_index, call in enumerate(message.get("tool_calls") or []):
        if not isinstance(call, dict):
            record_unmapped(unmapped, f"{path}.message.tool_calls[{call_index}]", type(call).__name__)
            continue
        call_type = call.get("type") or "function"
        if call_type != "function":
            record_unmapped(unmapped, f"{path}.message.tool_calls[{call_index}]", call_type)
            continue
        fn: Any = call.get("function") if isinstance(call.get("function"), dict) else {}
        if not fn.get("name"):
            raise unnamed_tool_call_error(PROVIDER, f"{path}.message.tool_calls[{call_index}]")
        parts.append(
            ToolCallPart(
                id=str(call.get("id") or f"call_{len(parts)}"),
                name=str(fn["name"]),
                input=parse_json_object(fn.get("arguments")),
            )
        )
    if not parts:
        parts = [TextPart(text="")]
    has_tool = any(type(part) is ToolCallPart for part in parts)
    usage = usage_from_chat(data.get("usage") or {})
    logprobs_payload: Any = chosen.get("logprobs") if isinstance(chosen.get("logprobs"), dict) else {}
    logprob_seq = openai_token_logprobs(logprobs_payload.get("content"))
    resolved_model = data.get("model") or model
    if not resolved_model:
        raise ValueError("the body carries no model; pass model=")
    finish = _finish_reason(chosen.get("finish_reason"), has_tool_call=has_tool, unmapped=unmapped, path=path)
    return Response(
        id=str(data.get("id")) if data.get("id") else None,
        model=str(resolved_model),
        message=Message(role="assistant", parts=judgment_parts(parts, request)),
        finish_reason=finish,
        usage=usage,
        logprobs=logprob_seq or None,
        provider_data=attach_unmapped(dict(data), unmapped),
    )
