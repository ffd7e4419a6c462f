"""Provider stream decoding, bytes to Response: lmcodec vs lm15 vs each provider's SDK, side by side.

For each dialect (``streams_data``: ~2,000 text deltas, then 4 tool calls whose
arguments arrive in 300 fragments each, every frame in the provider's exact
format), four contestants turn the SSE bytes into the final response
(``streams_varied_contestants``, shared with the varied workload of
test_bench_streams_varied.py):

- ``lmcodec``: ``lc.assemble(lc.stream.decode(provider, chunks, request=req), request=req)``
  (SSE framing, provider decoding, assembly).
- ``floor``: the same body split on blank lines and each event's data decoded by
  ``msgspec.json.decode`` into plain objects (untyped: no typing, no mapping, no assembly).
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
benchmarked in test_bench_assemble.py (``test_assembly_flat``) and measured interleaved by
``streams_varied_paired.py --tables assembly``, not here.
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
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from streams_data import PROVIDERS, Stream, synth  # benchmarks/ is on sys.path (pytest, or run as a script)
from streams_varied_contestants import (
    RUNNERS,
    SDK_MODULE,
    SDK_NAME,
    Outcome,
    lmcodec_runner,
    outcomes,
    response_outcome,
    same_response,
    without_ids,
)

MODES: dict[str, Callable[[Stream], list[bytes]]] = {
    "one buffer": lambda s: [s.body],
    "chunk per event": lambda s: list(s.events),
}
ROUNDS = {"lmcodec": 50, "floor": 50, "lm15": 10, "sdk": 5}


@cache
def stream_for(provider: str) -> Stream:
    return synth(provider)


@cache
def expected_outcome(provider: str) -> Outcome:
    """lmcodec's text and tool calls, checked against what the stream was synthesized from."""
    s = stream_for(provider)
    got = response_outcome(lmcodec_runner(provider)([s.body]))
    want: Outcome = (s.text, "", [(c.id or None, c.name, c.arguments) for c in s.tool_calls])
    if provider == "gemini":  # no ids on the wire: lmcodec (as lm15) numbers them
        got, want = without_ids(got), without_ids(want)
    assert got == want
    return got


def check(provider: str, lib: str, chunks: list[bytes], result: Any) -> None:
    """Before timing: the floor parsed every event; lm15 gave lmcodec's Response; every other contestant
    gave lmcodec's text and tool calls."""
    if lib == "floor":
        assert len(result) == stream_for(provider).n_events - (provider == "openai_chat")  # [DONE] is no JSON
        return
    if lib == "lm15":
        assert same_response(result, lmcodec_runner(provider)(chunks))
    expected = expected_outcome(provider)
    for text, _, calls in outcomes(provider, lib, result):
        assert text == expected[0], f"{lib}: text differs"
        want = expected[2]
        if provider == "gemini":  # no ids on the wire
            calls, want = without_ids((text, None, calls))[2], without_ids(expected)[2]
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
    name = {"sdk": SDK_NAME[provider], "floor": "floor (msgspec untyped)"}.get(lib, lib)
    benchmark.group = f"stream: {provider}, {mode}"
    benchmark.extra_info.update(lib=name, units=s.n_events, unit="event")
    # The checked run above warmed up. Slow contestants (an SDK takes 0.5-3 s a round) get fewer rounds.
    benchmark.pedantic(run, args=(chunks,), rounds=ROUNDS[lib])


# -- quick interleaved table (no pytest) --------------------------------------------------------------


def interleaved_table(rounds: int) -> list[str]:
    """Markdown rows: µs per event for every contestant (medians of interleaved rounds: lmcodec, floor,
    lm15, SDK, lmcodec, ...), lmcodec's cost over the floor's and its speed-up over lm15 and the SDK as
    medians over rounds of the per-round ratio, in CPU time of this process (``time.process_time``),
    which other processes on a shared machine disturb less than wall time."""
    lines = [
        "| dialect | mode | events | lmcodec µs/event | floor µs/event | lm15 µs/event | SDK µs/event "
        "| lmcodec / floor | x lm15 | x SDK |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for provider in PROVIDERS:
        s = stream_for(provider)
        runners = {lib: make(provider) for lib, make in RUNNERS.items()}
        for mode, cut in MODES.items():
            chunks = cut(s)
            for lib, run in runners.items():
                check(provider, lib, chunks, run(chunks))
            times: dict[str, list[float]] = {lib: [] for lib in runners}
            order = list(runners)
            for r in range(rounds):
                gc.collect()
                gc.disable()
                try:
                    for lib in order[r % len(order) :] + order[: r % len(order)]:
                        t0 = time.process_time()
                        runners[lib](chunks)
                        times[lib].append(time.process_time() - t0)
                finally:
                    gc.enable()
            us = {lib: statistics.median(v) / s.n_events * 1e6 for lib, v in times.items()}
            ratio = {
                lib: statistics.median(t / base for t, base in zip(times[lib], times["lmcodec"], strict=True))
                for lib in ("floor", "lm15", "sdk")
            }
            lines.append(
                f"| {provider} | {mode} | {s.n_events} | {us['lmcodec']:.2f} | {us['floor']:.2f} "
                f"| {us['lm15']:.2f} | "
                f"{us['sdk']:.2f} | {1 / ratio['floor']:.2f}x | {ratio['lm15']:.1f}x | {ratio['sdk']:.1f}x |"
            )
    return lines


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    print(f"CPU µs per SSE event, {rounds} interleaved rounds")
    print("\n".join(interleaved_table(rounds)))


if __name__ == "__main__":
    main()
