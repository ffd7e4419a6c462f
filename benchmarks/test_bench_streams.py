"""Provider stream decoding, bytes to Response: lmcodec vs lm15 vs each provider's SDK, side by side.

For each dialect (``streams_data``: ~2,000 text deltas, then 4 tool calls whose
arguments arrive in 300 fragments each, every frame in the provider's exact
format), three contestants turn the SSE bytes into the final response:

- ``lmcodec``: ``lc.assemble(lc.stream.decode(provider, chunks, request=req), request=req)``
  (SSE framing, provider decoding, assembly).
- ``lm15``: lm15 1.5.0's own streaming path as ``BaseProviderLM._stream_raw`` runs it on
  a transport response: ``LineSplitter`` lines -> ``parse_sse`` -> the adapter's
  ``parse_stream_events`` -> ``coalesce_stream`` -> ``materialize_response`` (the adapter
  as the contract harness builds it, ``vet.adapter_for_provider``; the harness itself cuts
  a whole body with ``body.splitlines``, which only works for one buffer and saves lm15
  2.5-3.5 µs/event of line splitting).
- the provider SDK, through its public streaming call on an ``httpx2.MockTransport``
  that answers with the same bytes (the SDK's own SSE decoder, pydantic models and
  accumulator; per-call request building is included, 1-2 ms, <0.2% of a round):
  ``anthropic`` ``client.messages.stream(...).get_final_message()`` (MessageStream /
  ``accumulate_event``); ``openai`` ``client.responses.stream(...).get_final_response()``
  (``ResponseStreamState``) and ``client.chat.completions.stream(...).get_final_completion()``
  (``ChatCompletionStreamState``); ``google-genai`` has no accumulator: iterating
  ``client.models.generate_content_stream(...)`` parses each chunk into a
  ``types.GenerateContentResponse``, and the chunks' text and function calls are
  collected the way ``Chat.send_message_stream`` keeps them (a list per chunk, joined once).

Two feeding modes: the whole body as one buffer, and one chunk per SSE event.
The unit is one SSE event of the body (the same count for every contestant).
Timer: CPU time of the process (``time.process_time``; every contestant is
single-threaded and does no I/O): on a shared 2-core machine the wall time of
a round also counts the time other processes held the CPU, unevenly between a
6 ms lmcodec round and a 2 s SDK round. Contestants of a group run back to back.
The per-fragment cost of tool-call assembly at 100 vs 10,000 fragments is
guarded in test_bench_assemble.py (``test_assembly_is_linear``), not here.
Before timing, every contestant must give lmcodec's text and tool calls (name,
id where the wire has one, parsed arguments); lm15 must give lmcodec's whole
Response.

Run: python3 -m pytest benchmarks/test_bench_streams.py --benchmark-enable --benchmark-disable-gc -q
Interleaved table in CPU time (medians, no pytest): python3 benchmarks/test_bench_streams.py [ROUNDS]
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any, ClassVar

import pytest

import lmcodec as lc
from lmcodec import stream as lcs
from streams_data import PROVIDERS, Stream, synth  # benchmarks/ is on sys.path (pytest, or run as a script)

MODES: dict[str, Callable[[Stream], list[bytes]]] = {
    "one buffer": lambda s: [s.body],
    "chunk per event": lambda s: list(s.events),
}
SDK_NAME = {"openai": "openai", "openai_chat": "openai", "anthropic": "anthropic", "gemini": "google-genai"}
SDK_MODULE = {"openai": "openai", "openai_chat": "openai", "anthropic": "anthropic", "gemini": "google.genai"}
LC_REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))

# A tool call as (id or None, name, parsed arguments); ids are compared where the wire carries them.
Outcome = tuple[str, list[tuple[str | None, str, Any]]]


@cache
def stream_for(provider: str) -> Stream:
    return synth(provider)


# -- lmcodec ------------------------------------------------------------------------------


def lmcodec_runner(provider: str) -> Callable[[list[bytes]], Any]:
    decode, assemble, req = lcs.decode, lc.assemble, LC_REQUEST
    return lambda chunks: assemble(decode(provider, chunks, request=req), request=req)


def lmcodec_outcome(response: Any) -> Outcome:
    """Text and tool calls of a Response (lmcodec's or lm15's: the same API)."""
    text = "".join(p.text for p in response.message.parts if type(p).__name__ == "TextPart")
    return text, [(c.id, c.name, c.input) for c in response.tool_calls]


# -- lm15 ------------------------------------------------------------------------------------


def lm15_runner(provider: str) -> Callable[[list[bytes]], Any]:
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


# -- provider SDKs -------------------------------------------------------------------------------


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


def sdk_runner(provider: str) -> Callable[[list[bytes]], Any]:
    """The SDK's public streaming call over a mock transport answering ``chunks``."""
    user = [{"role": "user", "content": "hi"}]
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
            return text, [p.function_call for p in parts if p.function_call is not None]

    return run


def sdk_outcomes(provider: str, result: Any) -> list[Outcome]:
    """The SDK's text and tool calls (several views where it keeps several)."""
    import json

    if provider == "anthropic":
        text = "".join(b.text for b in result.content if b.type == "text")
        return [(text, [(b.id, b.name, b.input) for b in result.content if b.type == "tool_use"])]
    if provider == "openai":

        def of(response: Any) -> Outcome:
            text = "".join(c.text for item in response.output if item.type == "message" for c in item.content)
            calls = [
                (item.call_id, item.name, json.loads(item.arguments))
                for item in response.output
                if item.type == "function_call"
            ]
            return text, calls

        final, snapshot = result
        return [of(final), of(snapshot)]
    if provider == "openai_chat":
        message = result.choices[0].message
        calls = [(t.id, t.function.name, json.loads(t.function.arguments)) for t in message.tool_calls or ()]
        return [(message.content or "", calls)]
    text, function_calls = result
    return [(text, [(None, f.name, f.args) for f in function_calls])]


# -- correctness, then timing ----------------------------------------------------------------------------

ROUNDS = {"lmcodec": 50, "lm15": 10, "sdk": 5}
RUNNERS: dict[str, Callable[[str], Callable[[list[bytes]], Any]]] = {
    "lmcodec": lmcodec_runner,
    "lm15": lm15_runner,
    "sdk": sdk_runner,
}


@cache
def expected_outcome(provider: str) -> Outcome:
    """lmcodec's text and tool calls, checked against what the stream was synthesized from."""
    s = stream_for(provider)
    got = lmcodec_outcome(lmcodec_runner(provider)([s.body]))
    want = (s.text, [(c.id or None, c.name, c.arguments) for c in s.tool_calls])
    if provider == "gemini":  # no ids on the wire: lmcodec (as lm15) numbers them
        got = (got[0], [(None, name, args) for _, name, args in got[1]])
    assert got == want
    return got


def check(provider: str, lib: str, chunks: list[bytes], result: Any) -> None:
    expected = expected_outcome(provider)
    if lib == "lmcodec":
        got = [lmcodec_outcome(result)]
    elif lib == "lm15":
        from lm15 import serde

        reference = lmcodec_runner(provider)(chunks)
        assert serde.response_to_dict(result, include_provider_data=True) == lc.to_builtins(
            reference, include_provider_data=True
        )
        got = [lmcodec_outcome(result)]
    else:
        got = sdk_outcomes(provider, result)
    for text, calls in got:
        assert text == expected[0], f"{lib}: text differs"
        want = expected[1]
        if provider == "gemini":  # no ids on the wire
            calls = [(None, name, args) for _, name, args in calls]
            want = [(None, name, args) for _, name, args in want]
        assert calls == want, f"{lib}: tool calls differ"


@pytest.mark.benchmark(timer=time.process_time)  # CPU time: see the module docstring
@pytest.mark.parametrize("lib", list(RUNNERS))  # the fastest-varying parameter: contestants run back to back
@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("provider", PROVIDERS)
def test_stream(benchmark: Any, provider: str, mode: str, lib: str) -> None:
    if lib == "sdk":
        pytest.importorskip(SDK_MODULE[provider], reason="the provider SDK is a benchmark-only dependency")
    s = stream_for(provider)
    chunks = MODES[mode](s)
    run = RUNNERS[lib](provider)
    check(provider, lib, chunks, run(chunks))
    name = SDK_NAME[provider] if lib == "sdk" else lib
    benchmark.group = f"stream: {provider}, {mode}"
    benchmark.extra_info.update(lib=name, units=s.n_events, unit="event")
    # The checked run above warmed up. Slow contestants (an SDK takes 0.5-3 s a round) get fewer rounds.
    benchmark.pedantic(run, args=(chunks,), rounds=ROUNDS[lib])


# -- quick interleaved table (no pytest) --------------------------------------------------------------


def interleaved_table(rounds: int) -> list[str]:
    """Markdown rows: µs per event for every contestant (medians of interleaved rounds: lmcodec, lm15,
    SDK, lmcodec, ...) and lmcodec's speed-up as the median over rounds of the per-round ratio, in CPU
    time of this process (``time.process_time``), which other processes on a shared machine disturb
    less than wall time."""
    lines = [
        "| dialect | mode | events | lmcodec µs/event | lm15 µs/event | SDK µs/event | x lm15 | x SDK |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for provider in PROVIDERS:
        s = stream_for(provider)
        runners = {lib: make(provider) for lib, make in RUNNERS.items()}
        for mode, cut in MODES.items():
            chunks = cut(s)
            for lib, run in runners.items():
                check(provider, lib, chunks, run(chunks))
            times: dict[str, list[float]] = {lib: [] for lib in runners}
            gc.collect()
            gc.disable()
            try:
                for _ in range(rounds):
                    for lib, run in runners.items():
                        t0 = time.process_time()
                        run(chunks)
                        times[lib].append(time.process_time() - t0)
                    gc.collect()
            finally:
                gc.enable()
            us = {lib: statistics.median(v) / s.n_events * 1e6 for lib, v in times.items()}
            ratio = {
                lib: statistics.median(t / base for t, base in zip(times[lib], times["lmcodec"], strict=True))
                for lib in ("lm15", "sdk")
            }
            lines.append(
                f"| {provider} | {mode} | {s.n_events} | {us['lmcodec']:.2f} | {us['lm15']:.2f} | "
                f"{us['sdk']:.2f} | {ratio['lm15']:.1f}x | {ratio['sdk']:.1f}x |"
            )
    return lines


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"CPU µs per SSE event, {rounds} interleaved rounds")
    print("\n".join(interleaved_table(rounds)))


if __name__ == "__main__":
    main()
