"""The stream contestants, each a function from the chunks of one SSE body to its final result.

- ``lmcodec``: ``lc.assemble(lc.stream.decode(provider, chunks, request=req), request=req)``.
- ``floor``: the same body split on blank lines and each event's data decoded by
  ``msgspec.json.decode`` into plain objects (untyped: no typing, no mapping, no assembly).
  It buffers across chunks the way any SSE reader must, so it runs in both feedings.
- ``lm15``: lm15 1.5.0's streaming path as ``BaseProviderLM._stream_raw`` runs it on a transport
  response: ``LineSplitter`` lines -> ``parse_sse`` -> the adapter's ``parse_stream_events`` ->
  ``coalesce_stream`` -> ``materialize_response`` (the adapter as the contract harness builds it).
- ``sdk``: the provider SDK's public streaming call on an ``httpx2.MockTransport`` answering the
  same chunks (its own SSE decoder, pydantic models and accumulator; per-call request building
  included, 1-2 ms): ``anthropic`` ``messages.stream(...).get_final_message()``; ``openai``
  ``responses.stream(...).get_final_response()`` and ``chat.completions.stream(...).get_final_completion()``;
  ``google-genai`` has no accumulator: ``models.generate_content_stream(...)`` parses each chunk into a
  ``GenerateContentResponse`` and the parts are kept as ``Chat.send_message_stream`` keeps them.

``outcome_*`` reduce a result to (text, thinking or None, tool calls) so every contestant can be
checked against what the stream was generated from before it is timed.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, ClassVar

import msgspec

import lmcodec as lc

Runner = Callable[[list[bytes]], Any]
# (text, thinking or None where the contestant does not keep it, [(id or None, name, arguments)])
Outcome = tuple[str, str | None, list[tuple[str | None, str, Any]]]

LC_REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
SDK_NAME = {"openai": "openai", "openai_chat": "openai", "anthropic": "anthropic", "gemini": "google-genai"}
SDK_MODULE = {"openai": "openai", "openai_chat": "openai", "anthropic": "anthropic", "gemini": "google.genai"}


def lmcodec_runner(provider: str) -> Runner:
    decode, assemble, req = lc.stream.decode, lc.assemble, LC_REQUEST
    return lambda chunks: assemble(decode(provider, chunks, request=req), request=req)


def floor_runner(provider: str) -> Runner:
    """Blank-line split + ``msgspec.json.decode`` of each event's data: what any SSE JSON reader must do."""
    decode = msgspec.json.decode

    def run(chunks: list[bytes]) -> list[Any]:
        out: list[Any] = []
        append = out.append
        sep = b"\r\n\r\n" if b"\r\n" in chunks[0] else b"\n\n"
        tail = b""
        for chunk in chunks:
            *blocks, tail = (tail + chunk).split(sep)
            for block in blocks:
                at = block.find(b"data:")
                if at < 0:
                    continue  # a comment block
                if block.find(b"\ndata:", at) >= 0:  # one JSON object over several data: lines
                    lines = block.splitlines()
                    data = b"\n".join(line[5:] for line in lines if line.startswith(b"data:"))
                else:
                    data = block[at + 5 :]
                if data.strip() != b"[DONE]":
                    append(decode(data))
        return out

    return run


def lm15_runner(provider: str) -> Runner:
    import lm15
    from lm15 import vet
    from lm15.result import coalesce_stream, materialize_response
    from lm15.sse import parse_sse
    from lm15.transports._types import LineSplitter

    lm: Any = vet.adapter_for_provider(provider, vet._PARSE_ONLY_KEY)
    request = lm15.types.Request(model="m-1", messages=(lm15.types.Message.user("hi"),))
    parse_events = lm.parse_stream_events

    def run(chunks: list[bytes]) -> Any:
        def raw() -> Iterator[Any]:  # BaseProviderLM._stream_raw, minus the transport
            for sse in parse_sse(LineSplitter.iterate(chunks)):
                for event in parse_events(request, sse):
                    if event is not None:
                        yield event

        return materialize_response(coalesce_stream(raw(), model=request.model), request)

    return run


def lm15_async_runner(provider: str) -> Callable[[Callable[[], AsyncIterator[bytes]]], Awaitable[Any]]:
    """lm15's own async pipeline over an async source of the chunks (``AsyncBaseProviderLM``'s
    ``_stream_raw`` and ``_astream`` minus the transport: ``aparse_sse`` over
    ``LineSplitter.aiterate``, ``acoalesce_stream``, then ``materialize_response``): the like-for-like
    contestant of ``lc.stream.adecode``, which pays the same event loop."""
    import lm15
    from lm15 import vet
    from lm15.result import acoalesce_stream, materialize_response
    from lm15.sse import aparse_sse
    from lm15.transports._types import LineSplitter

    lm: Any = vet.adapter_for_provider(provider, vet._PARSE_ONLY_KEY)
    request = lm15.types.Request(model="m-1", messages=(lm15.types.Message.user("hi"),))
    parse_events = lm.parse_stream_events

    async def run(source: Callable[[], AsyncIterator[bytes]]) -> Any:
        async def raw() -> AsyncIterator[Any]:
            async for sse in aparse_sse(LineSplitter.aiterate(source())):
                for event in parse_events(request, sse):
                    if event is not None:
                        yield event

        events = [event async for event in acoalesce_stream(raw(), model=request.model)]
        return materialize_response(iter(events), request)

    return run


class _Body:
    """What the mock transport answers next: the chunks of one SSE body."""

    chunks: ClassVar[list[bytes]] = []


def _http_client() -> Any:
    """An HTTP client (httpx2, which these SDK versions use, else httpx) answering ``_Body.chunks``."""
    try:
        import httpx2 as httpx
    except ImportError:  # SDK versions built on httpx
        import httpx  # type: ignore[no-redef]

    def handler(request: Any) -> Any:
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=iter(_Body.chunks))

    return httpx.Client(transport=httpx.MockTransport(handler))


def sdk_runner(provider: str) -> Runner:
    """The SDK's public streaming call over a mock transport answering ``chunks``."""
    user = [{"role": "user", "content": "hi"}]
    run: Runner
    if provider == "anthropic":
        import anthropic

        client: Any = anthropic.Anthropic(api_key="x", http_client=_http_client(), max_retries=0)

        def run(chunks: list[bytes]) -> Any:
            _Body.chunks = chunks
            with client.messages.stream(model="claude-haiku-4-5", max_tokens=8192, messages=user) as s:
                return s.get_final_message()

    elif provider == "openai":
        import openai

        client = openai.OpenAI(api_key="x", http_client=_http_client(), max_retries=0)

        def run(chunks: list[bytes]) -> Any:
            _Body.chunks = chunks
            with client.responses.stream(model="gpt-5.4-mini", input="hi") as s:
                final = s.get_final_response()
                # Also the accumulated snapshot (the final response is the completed frame's own).
                return final, s._state._ResponseStreamState__current_snapshot

    elif provider == "openai_chat":
        import openai

        client = openai.OpenAI(api_key="x", http_client=_http_client(), max_retries=0)

        def run(chunks: list[bytes]) -> Any:
            _Body.chunks = chunks
            with client.chat.completions.stream(model="gpt-5.4-mini", messages=user) as s:
                return s.get_final_completion()

    else:
        from google import genai
        from google.genai import types

        client = genai.Client(api_key="x", http_options=types.HttpOptions(httpx_client=_http_client()))

        def run(chunks: list[bytes]) -> Any:
            _Body.chunks = chunks
            contents = []  # as Chat.send_message_stream keeps them: one Content per chunk
            for chunk in client.models.generate_content_stream(model="gemini-2.5-flash", contents="hi"):
                if chunk.candidates and chunk.candidates[0].content:
                    contents.append(chunk.candidates[0].content)
            parts = [p for c in contents for p in c.parts or ()]
            text = "".join(p.text for p in parts if p.text is not None and not p.thought)
            thinking = "".join(p.text for p in parts if p.text is not None and p.thought)
            return text, thinking, [p.function_call for p in parts if p.function_call is not None]

    return run


RUNNERS: dict[str, Callable[[str], Runner]] = {
    "lmcodec": lmcodec_runner,
    "floor": floor_runner,
    "lm15": lm15_runner,
    "sdk": sdk_runner,
}


# -- outcomes ----------------------------------------------------------------------------------------


def response_outcome(response: Any) -> Outcome:
    """Text, thinking and tool calls of a Response (lmcodec's or lm15's: the same API)."""
    parts = response.message.parts
    text = "".join(p.text for p in parts if type(p).__name__ == "TextPart")
    thinking = "".join(p.text for p in parts if type(p).__name__ == "ThinkingPart")
    return text, thinking, [(c.id, c.name, c.input) for c in response.tool_calls]


def sdk_outcomes(provider: str, result: Any) -> list[Outcome]:
    """The SDK's text and tool calls (several views where it keeps several)."""
    if provider == "anthropic":
        text = "".join(b.text for b in result.content if b.type == "text")
        thinking = "".join(b.thinking for b in result.content if b.type == "thinking")
        calls = [(b.id, b.name, b.input) for b in result.content if b.type == "tool_use"]
        return [(text, thinking, calls)]
    if provider == "openai":

        def of(response: Any, keeps_thinking: bool) -> Outcome:
            text = "".join(c.text for item in response.output if item.type == "message" for c in item.content)
            thinking = "".join(
                p.text for item in response.output if item.type == "reasoning" for p in item.summary or ()
            )
            calls = [
                (item.call_id, item.name, json.loads(item.arguments))
                for item in response.output
                if item.type == "function_call"
            ]
            return text, thinking if keeps_thinking else None, calls

        final, snapshot = result  # the snapshot does not accumulate reasoning summaries
        return [of(final, True), of(snapshot, False)]
    if provider == "openai_chat":
        message = result.choices[0].message
        calls = [(t.id, t.function.name, json.loads(t.function.arguments)) for t in message.tool_calls or ()]
        return [(message.content or "", None, calls)]
    text, thinking, function_calls = result
    return [(text, thinking, [(None, f.name, f.args) for f in function_calls])]


def outcomes(provider: str, lib: str, result: Any) -> list[Outcome]:
    if lib in ("lmcodec", "lm15"):
        return [response_outcome(result)]
    if lib == "sdk":
        return sdk_outcomes(provider, result)
    raise ValueError(lib)


def same_response(lm15_result: Any, lmcodec_result: Any) -> bool:
    """lm15's Response and lmcodec's, compared as lm15's serde writes them (provider data included)."""
    from lm15 import serde

    ours = lc.to_builtins(lmcodec_result, include_provider_data=True)
    return bool(serde.response_to_dict(lm15_result, include_provider_data=True) == ours)


def without_ids(outcome: Outcome) -> Outcome:
    text, thinking, calls = outcome
    return text, thinking, [(None, name, args) for _, name, args in calls]
