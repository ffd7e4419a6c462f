"""Stream assembly (deltas -> Response): lmcodec vs lm15, side by side, and the linear-time guard.

- ``test_assemble``: pytest-benchmark groups per workload (a long text stream, one tool call
  streamed in many fragments, a mixed stream); both contestants must produce the same Response.
- ``test_assembly_flat``: pytest-benchmark groups "assemble per fragment: ..." at 100 and 10,000
  fragments (``units`` = fragments, so the table shows the cost per fragment); the target (10,000
  within 1.5x of 100 per fragment) is measured interleaved in one process by
  ``streams_varied_paired.py --tables assembly``. No timed assertion here.

Only the public API (``lc.assemble``) is used.

Run: python3 -m pytest benchmarks/test_bench_assemble.py --benchmark-enable
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import lm15.result as lr
import lm15.serde as ls
import pytest

import lmcodec as lc

REQUEST = lc.Request(model="m", messages=[lc.Message.user("q")])


def _delta(d: Any) -> lc.StreamDeltaEvent:
    return lc.StreamDeltaEvent(delta=d)


def text_stream(n: int) -> list[Any]:
    events: list[Any] = [lc.StreamStartEvent(id="r", model="m")]
    events += [_delta(lc.TextDelta(f"word{i} ", 0)) for i in range(n)]
    return [*events, lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=5, output_tokens=n))]


def tool_stream(n: int) -> list[Any]:
    """One tool call whose input arrives in ``n`` fragments (a JSON array of ``n`` ints)."""
    events: list[Any] = [lc.StreamStartEvent(id="r", model="m")]
    events.append(_delta(lc.ToolCallDelta('{"values": [', 0, id="call_1", name="f")))
    events += [_delta(lc.ToolCallDelta(f"{i}, ", 0)) for i in range(n)]
    events.append(_delta(lc.ToolCallDelta("-1]}", 0)))
    return [*events, lc.StreamEndEvent(finish_reason="tool_call")]


def mixed_stream(n: int) -> list[Any]:
    """Thinking, text with logprobs, two parallel tool calls, a citation, continuation state."""
    events: list[Any] = [lc.StreamStartEvent(id="r", model="m")]
    events += [_delta(lc.ThinkingDelta(f"step {i}. ", 0)) for i in range(n // 4)]
    events.append(_delta(lc.ContinuationDelta("anthropic", "thinking_signature", {"signature": "c2ln"}, 0)))
    lp = (lc.TokenLogprob(token="w", logprob=-0.5),)
    events += [_delta(lc.TextDelta(f"w{i} ", 1, lp)) for i in range(n // 4)]
    events.append(_delta(lc.ToolCallDelta("", 2, id="a", name="f")))
    events.append(_delta(lc.ToolCallDelta("", 3, id="b", name="g")))
    for i in range(n // 4):
        events.append(_delta(lc.ToolCallDelta('{"k": 1}'[i % 8 : i % 8 + 1] if i < 8 else "", 2)))
        events.append(_delta(lc.ToolCallDelta('{"k": 2}'[i % 8 : i % 8 + 1] if i < 8 else "", 3)))
    events.append(_delta(lc.CitationDelta(url="https://example.com", title="Example", part_index=4)))
    return [*events, lc.StreamEndEvent(finish_reason="tool_call")]


WORKLOADS: dict[str, Callable[[], list[Any]]] = {
    "text 5,000 deltas": lambda: text_stream(5000),
    "tool call 2,000 fragments": lambda: tool_stream(2000),
    "mixed 4,000 events": lambda: mixed_stream(4000),
}


@pytest.mark.parametrize("lib", ["lmcodec", "lm15"])
@pytest.mark.parametrize("workload", list(WORKLOADS))
def test_assemble(benchmark: Any, lib: str, workload: str) -> None:
    benchmark.group = f"assemble: {workload}"
    benchmark.extra_info["lib"] = lib
    events = WORKLOADS[workload]()
    expected = lc.to_builtins(lc.assemble(events, request=REQUEST), include_provider_data=True)
    run: Callable[[], Any]
    if lib == "lmcodec":
        run = lambda: lc.assemble(events, request=REQUEST)  # noqa: E731
        out = lc.to_builtins(run(), include_provider_data=True)
    else:
        lm_events = [ls.stream_event_from_dict(lc.to_builtins(e)) for e in events]
        lm_request = ls.request_from_dict(lc.to_builtins(REQUEST))
        run = lambda: lr.materialize_response(iter(lm_events), lm_request)  # noqa: E731
        out = ls.response_to_dict(run(), include_provider_data=True)
    assert out == expected
    benchmark(run)


@pytest.mark.parametrize("fragments", [100, 10_000])
@pytest.mark.parametrize("make", [tool_stream, text_stream], ids=["tool call", "text"])
def test_assembly_flat(benchmark: Any, make: Callable[[int], list[Any]], fragments: int) -> None:
    events = make(fragments)
    response = lc.assemble(events, request=REQUEST)
    assert len(response.message.parts) == 1
    benchmark.group = f"assemble per fragment: {'tool call' if make is tool_stream else 'text'}"
    benchmark.extra_info.update(lib=f"lmcodec, {fragments:,} fragments", units=fragments, unit="fragment")
    benchmark(lc.assemble, events, request=REQUEST)
