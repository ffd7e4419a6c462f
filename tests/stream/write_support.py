"""Shared by the stream-writer tests: the streams to write, the official SDKs as readers, and
what each wire can carry of a canonical Response.

A writer is judged by readers it did not produce: the openai SDK's own SSE
decoder and stream accumulators (behind a real ``openai.OpenAI`` client on an
``httpx.MockTransport``), lm15 1.5.0's adapters, and lmcodec's lm15-exact decoder.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from ..providers.provider_support import BODIES, stream_bodies

openai = pytest.importorskip("openai", reason="the openai SDK reads the written streams")
httpx = pytest.importorskip("httpx", reason="the openai SDK's transport")
from openai.lib.streaming.chat import ChatCompletionStreamState  # noqa: E402
from openai.lib.streaming.responses import ResponseStreamState  # noqa: E402

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
OPENAI_WIRES = ("openai", "openai_chat")


def response_object(status: str, output: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    """A Responses API response object of ``status`` (as response.created, .completed, .failed or
    .incomplete carry it), ``output`` (none by default) and ``extra`` keys after the usual ones."""
    return {
        "id": "resp_1",
        "object": "response",
        "created_at": 1,
        "status": status,
        "model": "gpt-5",
        "output": [] if output is None else output,
        "tools": [],
        "tool_choice": "auto",
        "parallel_tool_calls": True,
        **extra,
    }


def served_request(dialect: str, body: bytes) -> lc.Request:
    """REQUEST naming the model ``body``'s stream names (its start read without a request, else its
    last chunk's): a stream without a start frame (Chat, Gemini) decoded under it has the start a
    backend's own stream has (lm15's synthesized start names the request's model, and a written
    stream names the start's model on every chunk, so the backend's last chunk naming another is
    rebuilt)."""
    events = list(lc.stream.decode(dialect, [body]))
    model = events[0].model if events and isinstance(events[0], lc.StreamStartEvent) else None
    end = events[-1] if events else None
    if not model and isinstance(end, lc.StreamEndEvent) and isinstance(end.provider_data, dict):
        model = end.provider_data.get("modelVersion") or end.provider_data.get("model")
    return lc.replace(REQUEST, model=model if isinstance(model, str) and model else REQUEST.model)


def named_as_served(dialect: str, body: bytes, events: list[Any]) -> list[Any]:
    """``events`` decoded from a Chat ``body``, the start naming the id the backend's chunks name
    (lm15's synthesized start names none; ``translate`` reads it from the first chunk). A written
    stream names one id on every chunk, so the backend's last chunk is kept only under its own id
    (red team 9 F02). Other dialects' events as they are."""
    if dialect != "openai_chat" or not events or not isinstance(events[0], lc.StreamStartEvent):
        return events
    for line in body.split(b"\n"):
        if line.startswith(b"data: {"):
            chunk_id = json.loads(line[6:]).get("id")
            if isinstance(chunk_id, str) and chunk_id:
                return [lc.replace(events[0], id=chunk_id), *events[1:]]
            break
    return events


def writer_ready(provider: str) -> bool:
    """False while ``provider``'s stream writer is still a NotImplemented skeleton."""
    try:
        lc.stream.Encoder(provider).feed(lc.StreamStartEvent(id="x", model="m"))
    except NotImplementedError:
        return False
    return True


def skip_unless_writer(provider: str) -> None:
    if not writer_ready(provider):
        pytest.skip(f"the {provider} stream writer is not implemented yet (providers/{provider}/write.py)")


# ── the streams ───────────────────────────────────────────────────────────────


def corpus_streams() -> list[tuple[str, Path]]:
    """Every SSE body of the corpus with its dialect."""
    if not BODIES.is_dir():
        return []
    return [(p, path) for p in DIALECTS for path in stream_bodies(p)]


def corpus_id(case: tuple[str, Path]) -> str:
    return f"{case[1].parent.name}/{case[1].stem}"


def _d(delta: Any) -> lc.StreamDeltaEvent:
    return lc.StreamDeltaEvent(delta=delta)


def _usage(i: int, o: int) -> lc.Usage:
    return lc.Usage(input_tokens=i, output_tokens=o)


def synthesized() -> dict[str, list[Any]]:
    """Canonical event streams for what the corpus lacks (each as a decoder would emit it)."""
    start = lc.StreamStartEvent(id="resp_synth1", model="m-served")
    args_a = '{"q": "say \\"hi\\" \\u00e9\\\\n", "n": [1, 2]}'
    args_b = '{"path": "C:\\\\tmp\\\\x", "emoji": "\\ud83d\\ude00"}'
    calls: list[Any] = [start, _d(lc.TextDelta(text="Two calls:", part_index=0))]
    calls.append(_d(lc.ToolCallDelta(input="", part_index=1, id="call_a", name="search")))
    calls.append(_d(lc.ToolCallDelta(input="", part_index=2, id="call_b", name="read")))
    cuts_a = [args_a[i : i + 3] for i in range(0, len(args_a), 3)]  # cuts inside the escapes
    cuts_b = [args_b[i : i + 2] for i in range(0, len(args_b), 2)]
    for k in range(max(len(cuts_a), len(cuts_b))):
        if k < len(cuts_a):
            calls.append(_d(lc.ToolCallDelta(input=cuts_a[k], part_index=1)))
        if k < len(cuts_b):
            calls.append(_d(lc.ToolCallDelta(input=cuts_b[k], part_index=2)))
    calls.append(lc.StreamEndEvent(finish_reason="tool_call", usage=_usage(10, 20)))
    logprob = lc.TokenLogprob(token="Hi", logprob=-0.25, bytes=(72, 105), top=(lc.TopLogprob("Hi", -0.25),))
    return {
        "text": [
            start,
            _d(lc.TextDelta(text="Hello", part_index=0)),
            _d(lc.TextDelta(text=', wörld 🌍 "quoted"\n', part_index=0)),
            lc.StreamEndEvent(
                finish_reason="stop", usage=lc.Usage(input_tokens=3, output_tokens=4, cache_read_tokens=1)
            ),
        ],
        "parallel_tool_calls": calls,
        "signed_thinking": [
            lc.StreamStartEvent(id="msg_synth2", model="claude-x"),
            _d(lc.ThinkingDelta(text="Let me ", part_index=0)),
            _d(lc.ThinkingDelta(text="think.", part_index=0)),
            _d(
                lc.ContinuationDelta(
                    provider="anthropic", kind="thinking_signature", data={"signature": "sig=="}, part_index=0
                )
            ),
            _d(lc.TextDelta(text="Answer.", part_index=1)),
            lc.StreamEndEvent(
                finish_reason="stop", usage=lc.Usage(input_tokens=5, output_tokens=6, reasoning_tokens=2)
            ),
        ],
        "openai_reasoning": [
            lc.StreamStartEvent(id="resp_synth3", model="o-x"),
            _d(lc.ThinkingDelta(text="", part_index=0)),
            _d(
                lc.ContinuationDelta(
                    provider="openai",
                    kind="reasoning_item",
                    data={"id": "rs_1", "encrypted_content": "gAAA"},
                    part_index=0,
                )
            ),
            _d(lc.TextDelta(text="Done.", part_index=1)),
            lc.StreamEndEvent(finish_reason="stop", usage=_usage(1, 2)),
        ],
        "citations": [
            start,
            _d(lc.TextDelta(text="See the docs.", part_index=0)),
            _d(lc.CitationDelta(text="the docs", url="https://example.com/d", title="Docs", part_index=0)),
            lc.StreamEndEvent(finish_reason="stop"),
        ],
        "logprobs": [
            start,
            _d(lc.TextDelta(text="Hi", part_index=0, logprobs=(logprob,))),
            lc.StreamEndEvent(finish_reason="stop", usage=_usage(1, 1)),
        ],
        "error_mid_stream": [
            start,
            _d(lc.TextDelta(text="partial", part_index=0)),
            lc.StreamErrorEvent(
                error=lc.ErrorDetail(
                    code="rate_limit", message="slow down", provider_code="rate_limit_exceeded"
                )
            ),
        ],
    }


# ── what a wire carries ───────────────────────────────────────────────────────


def projection(response: lc.Response, wire: str) -> dict[str, Any]:
    """What ``wire`` can carry of ``response``: text, tool calls, thinking, finish, usage (and,
    on the Responses wire, the OpenAI reasoning state that has encrypted content: an item
    written without one gets a synthesized id)."""
    parts = response.message.parts
    out: dict[str, Any] = {
        "text": "".join(p.text for p in parts if isinstance(p, lc.TextPart)),
        "tool_calls": [(p.id, p.name, p.input) for p in parts if isinstance(p, lc.ToolCallPart)],
        "thinking": "".join(p.text for p in parts if isinstance(p, lc.ThinkingPart)),
        "finish_reason": response.finish_reason,
        "usage": (response.usage.input_tokens, response.usage.output_tokens, response.usage.total_tokens),
    }
    if wire == "openai":
        out["reasoning_state"] = [state for p in parts if (state := _reasoning_state(p)) is not None]
    return out


CARRIAGE = "lmcodec.thinking.v1:"
"""The documented prefix of the Responses writers' carriage of another provider's signed thinking."""
_CARRIED_KEYS = {
    ("anthropic", "thinking_signature"): "signature",
    ("anthropic", "redacted_thinking"): "data",
    ("gemini", "thought_signature"): "value",
}


def _reasoning_state(part: Any) -> Any:
    """What a Responses reasoning item written for ``part`` holds as state: its OpenAI state with
    encrypted content (a carriage, read back from the wire, as :func:`opened_carriage` reads it),
    else the carriage its signed states of another provider make, else, with no OpenAI state at
    all (the item's id made up), the carriage of no text and no state that marks it as lmcodec's."""
    if not isinstance(part, lc.ThinkingPart):
        return None
    openai_state = False
    for s in part.continuation:
        if s.provider == "openai" and s.kind == "reasoning_item":
            openai_state = True
            if "encrypted_content" in s.data:
                encrypted = s.data["encrypted_content"]
                return {"carried": opened_carriage(encrypted)} if encrypted.startswith(CARRIAGE) else s.data
    states = []
    for s in part.continuation:
        key = _CARRIED_KEYS.get((s.provider, s.kind))
        if key is not None and s.data.get(key):
            states.append({"provider": s.provider, "kind": s.kind, "data": {key: s.data[key]}})
    if states:
        return {"carried": {"text": part.text, "states": states}}
    return None if openai_state else {"carried": {"text": "", "states": []}}


def opened_carriage(encrypted: str) -> Any:
    """A carriage read by its documented format (prefix, unpadded base64url, JSON), not by lmcodec."""
    assert encrypted.startswith(CARRIAGE)
    payload = encrypted[len(CARRIAGE) :]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


# ── the openai SDK as the reader ──────────────────────────────────────────────


def _client(body: bytes, content_type: str = "text/event-stream") -> Any:
    """A real openai client whose every request is answered with ``body``."""

    def handler(request: Any) -> Any:
        return httpx.Response(200, headers={"content-type": content_type}, content=body)

    return openai.OpenAI(
        api_key="sk-test",
        base_url="http://sdk.test/v1",
        http_client=httpx.Client(transport=httpx.MockTransport(handler)),
    )


def chat_chunks(body: bytes) -> Iterator[Any]:
    """The chunks the openai SDK's Chat client reads from the stream ``body``, as it reads them
    (an error event raises where it stands)."""
    with _client(body).chat.completions.create(
        model="m-1", messages=[{"role": "user", "content": "hi"}], stream=True
    ) as stream:
        yield from stream


def chat_completion(body: bytes) -> Any:
    """The ChatCompletion the openai SDK's accumulator (ChatCompletionStreamState) makes of ``body``."""
    state = ChatCompletionStreamState()
    for chunk in chat_chunks(body):
        state.handle_chunk(chunk)
    return state.current_completion_snapshot


_FINISH = {"stop": "stop", "length": "length", "tool_calls": "tool_call", "content_filter": "content_filter"}


def sdk_chat(body: bytes) -> dict[str, Any]:
    """The openai SDK's view of a Chat Completions stream (its client and ChatCompletionStreamState)."""
    done = chat_completion(body)
    choice = done.choices[0]
    message = choice.message
    extra = getattr(message, "model_extra", None) or {}
    usage = done.usage
    return {
        "text": message.content or "",
        "tool_calls": [
            (c.id, c.function.name, json.loads(c.function.arguments or "{}"))
            for c in message.tool_calls or []
        ],
        "thinking": extra.get("reasoning_content") or "",
        "finish_reason": _FINISH.get(choice.finish_reason or "stop", "stop"),
        "usage": (usage.prompt_tokens, usage.completion_tokens, usage.total_tokens)
        if usage
        else (None, None, None),
        "id": done.id,
        "model": done.model,
    }


def sdk_responses(body: bytes) -> dict[str, Any]:
    """The openai SDK's view of a Responses stream (its client and ResponseStreamState)."""
    state: Any = ResponseStreamState(input_tools=openai.omit, text_format=openai.omit)
    events = []
    with _client(body).responses.create(model="m-1", input="hi", stream=True) as stream:
        for event in stream:
            events.extend(state.handle_event(event))
    final = state._completed_response
    assert final is not None, "no response.completed"
    texts, calls, thinking, states = [], [], [], []
    for item in final.output:
        if item.type == "message":
            texts.extend(c.text for c in item.content if c.type == "output_text")
        elif item.type == "function_call":
            calls.append((item.call_id, item.name, json.loads(item.arguments or "{}")))
        elif item.type == "reasoning":
            thinking.extend(s.text for s in item.summary)
            state_data = {
                k: v for k, v in (("id", item.id), ("encrypted_content", item.encrypted_content)) if v
            }
            states.append(state_data)
    usage = final.usage
    has_call = bool(calls)
    return {
        "text": "".join(texts),
        "tool_calls": calls,
        "thinking": "".join(thinking),
        "finish_reason": "tool_call" if has_call else "stop",
        "usage": (usage.input_tokens, usage.output_tokens, usage.total_tokens)
        if usage
        else (None, None, None),
        "reasoning_state": states,
        "id": final.id,
        "model": final.model,
        "sequence_numbers": [e.sequence_number for e in events if hasattr(e, "sequence_number")],
    }


def sdk_read(wire: str, body: bytes) -> dict[str, Any]:
    return sdk_chat(body) if wire == "openai_chat" else sdk_responses(body)


def without(summary: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in keys}


# ── the checks every written stream passes ────────────────────────────────────


def sdk_view(wire: str, body: bytes) -> dict[str, Any]:
    """What the SDK reports that a canonical Response can be compared with."""
    got = without(sdk_read(wire, body), "id", "model", "sequence_numbers")
    if wire == "openai":
        got["reasoning_state"] = [
            {"carried": opened_carriage(s["encrypted_content"])}
            if s["encrypted_content"].startswith(CARRIAGE)
            else s
            for s in got["reasoning_state"]
            if "encrypted_content" in s
        ]
    return got


def expected_view(response: lc.Response, wire: str) -> dict[str, Any]:
    want = projection(response, wire)
    return want


def check_written(wire: str, events: list[Any]) -> bytes:
    """Write ``events`` as ``wire`` and check every reader agrees with the canonical Response."""
    from ..providers.provider_support import assert_same_outcome, lc_stream, lm15_stream, requests_for

    body = b"".join(lc.stream.encode(wire, events))
    response = lc.assemble(events, request=REQUEST)
    assert sdk_view(wire, body) == expected_view(response, wire)
    back = lc.assemble(lc.stream.decode(wire, [body], request=REQUEST), request=REQUEST)
    assert projection(back, wire) == projection(response, wire)
    req15, reqlc = requests_for(REQUEST.model)
    assert_same_outcome(lc_stream(wire, [body], reqlc), lm15_stream(wire, body, req15), wire)
    return body


def unnamed_call(events: list[Any]) -> bool:
    """Whether ``events`` hold a tool call that arrives without a name (MAP-9): assembly refuses
    it, and so does every writer (a client would take it for a call of a tool named "")."""
    try:
        lc.assemble(events, request=REQUEST)
    except lc.StreamAssemblyError as exc:
        return "without a name" in str(exc)
    except lc.LmcodecError:
        return False
    return False
