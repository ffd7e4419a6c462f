"""Stream translation: µs per input event for lc.stream.translate on long streams, every ordered pair.

Each source stream is ``streams_data.synth(src)`` (2,000 text deltas + 4 tool
calls x 300 argument fragments, frame for frame in the source's format), fed
whole (one chunk) and one chunk per SSE event. The floor does the least any
translator must: split the frames, decode each ``data`` with msgspec's untyped
decoder and encode a small dict per event. Pairs whose destination writer is
not implemented yet skip.

The long shapes red team 14 F09 measured (``translate_shapes.py``: 1,000 cited Anthropic blocks,
5,000 Responses reasoning-summary deltas, 3,000 Gemini thought chunks), whose destination writes
more and bigger events than the source sends, are rows of their own, fed one chunk per event,
each beside the floor of the same chunks.

LiteLLM (an optional bench dependency: its rows skip with a note when it is not
installed) is timed on the pairs its proxy path has, as issue 16 measured it,
offline: the backend is an ``httpx.MockTransport`` serving the same source body
(no network; ``LITELLM_LOCAL_MODEL_COST_MAP`` keeps it from fetching its price
list), through the async entry point a proxy route awaits, and every chunk it
yields serialized as the proxy writes it:

- anthropic -> openai_chat, gemini -> openai_chat: ``litellm.acompletion`` and the
  proxy's chat-chunk serializer (``model_dump_json(exclude_none=True,
  exclude_unset=True)``, what ``proxy_server._serialize_chat_chunk`` calls; the
  proxy module itself needs fastapi, so its one line is inlined);
- openai_chat -> anthropic: its ``/v1/messages`` adapter
  (``litellm.anthropic.messages.acreate`` over a Chat Completions backend,
  ``hosted_vllm/``), which yields the Anthropic SSE bytes;
- anthropic -> openai (Responses): ``litellm.aresponses`` and the same serializer
  per event.

pytest-benchmark times contestants one after another; the ratios that count
are interleaved in one process (every contestant once per round, median of the
per-round ratios, CPU time, GC off):

    python3 benchmarks/test_bench_translate.py [ROUNDS]
"""

from __future__ import annotations

import asyncio
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
import pytest

import lmcodec as lc
from streams_data import PROVIDERS, Stream, synth
from translate_shapes import SHAPES

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
BODIES = Path(__file__).resolve().parent.parent.parent / "shared" / "corpus" / "lm15-contract" / "bodies"
PAIRS = [(s, d) for s in PROVIDERS for d in PROVIDERS]
FEEDS = ("whole", "per_event")
_CORPUS_REPEAT = 50

_untyped = msgspec.json.Decoder().decode
_encode = msgspec.json.Encoder().encode


def floor(chunks: list[bytes]) -> int:
    """Split + untyped decode + encode of a small dict per event: the least a translator does."""
    written = 0
    for chunk in chunks:
        for frame in chunk.split(b"\n\n"):
            at = frame.find(b"data:")
            if at < 0:
                continue
            data = frame[at + 5 :].strip()
            if not data or data == b"[DONE]":
                continue
            _untyped(data)
            written += len(_encode({"choices": [{"index": 0, "delta": {"content": "x"}}]}))
    return written


def lmcodec_translate(src: str, dst: str, chunks: list[bytes]) -> int:
    return sum(len(out) for out in lc.stream.translate(src, dst, chunks, request=REQUEST))


@cache
def stream(src: str) -> Stream:
    return synth(src)


def chunks_of(src: str, feed: str) -> list[bytes]:
    s = stream(src)
    return [s.body] if feed == "whole" else list(s.events)


@cache
def corpus_streams(src: str) -> list[bytes]:
    """Every SSE body of ``src`` in the lm15 contract corpus (short real streams)."""
    if not BODIES.is_dir():
        return []
    out = []
    for path in sorted(BODIES.glob(f"{src}.*/*")):
        body = path.read_bytes()
        if body.startswith((b"event:", b"data:")):
            out.append(body)
    return out


def corpus_events(src: str) -> int:
    return sum(body.count(b"data:") for body in corpus_streams(src))  # one data line per SSE event


def translate_each(src: str, dst: str, bodies: list[bytes]) -> int:
    return sum(lmcodec_translate(src, dst, [body]) for body in bodies)


def floor_each(bodies: list[bytes]) -> int:
    return sum(floor([body]) for body in bodies)


@cache
def writer_ready(dst: str) -> bool:
    try:
        lc.stream.Encoder(dst).feed(lc.StreamStartEvent(id="x", model="m"))
    except NotImplementedError:
        return False
    return True


@cache
def _litellm() -> Any:
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # no fetch of its price list
    try:
        import litellm  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        return None
    litellm.suppress_debug_info = True
    return litellm


LITELLM_MODELS = {
    ("anthropic", "openai_chat"): "anthropic/claude-x",
    ("gemini", "openai_chat"): "gemini/gemini-2.0-flash",
    ("openai_chat", "anthropic"): "hosted_vllm/m-1",
    ("anthropic", "openai"): "anthropic/claude-x",
}
"""The pairs LiteLLM's proxy path has, with the backend model it is asked for."""
LITELLM_PAIRS = list(LITELLM_MODELS)


def _backend(body: bytes) -> Any:
    """A LiteLLM async HTTP handler whose every request is answered with ``body`` (no network)."""
    import httpx
    from litellm.llms.custom_httpx.http_handler import AsyncHTTPHandler

    def answer(request: Any) -> Any:
        return httpx.Response(200, content=body, headers={"content-type": "text/event-stream"})

    return AsyncHTTPHandler(transport=httpx.MockTransport(answer))


def _proxy_chunk(chunk: Any) -> bytes:
    """The LiteLLM proxy's SSE line for one chunk it streams (``_serialize_chat_chunk``)."""
    return b"data: " + chunk.model_dump_json(exclude_none=True, exclude_unset=True).encode() + b"\n\n"


async def _litellm_stream(src: str, dst: str, body: bytes) -> int:
    litellm = _litellm()
    model = LITELLM_MODELS[(src, dst)]
    client = _backend(body)
    written = 0
    if dst == "openai_chat":
        messages = [{"role": "user", "content": "hi"}]
        response = await litellm.acompletion(
            model=model, messages=messages, stream=True, api_key="k", client=client
        )
        async for chunk in response:
            written += len(_proxy_chunk(chunk))
    elif dst == "anthropic":
        response = await litellm.anthropic.messages.acreate(
            model=model,
            messages=[{"role": "user", "content": "hi"}],
            max_tokens=16,
            stream=True,
            api_key="k",
            api_base="http://backend.test/v1",
            client=client,
        )
        async for piece in response:
            written += len(piece)
    else:
        response = await litellm.aresponses(model=model, input="hi", stream=True, api_key="k", client=client)
        async for event in response:
            written += len(_proxy_chunk(event))
    return written


def litellm_translate(src: str, dst: str, body: bytes) -> int:
    """``src``'s body through LiteLLM's proxy path for ``dst``: the bytes it writes."""
    return asyncio.run(_litellm_stream(src, dst, body))


@pytest.mark.parametrize("feed", FEEDS)
@pytest.mark.parametrize(("src", "dst"), PAIRS, ids=[f"{s}-to-{d}" for s, d in PAIRS])
def test_translate(benchmark: Any, src: str, dst: str, feed: str) -> None:
    if not writer_ready(dst):
        pytest.skip(f"the {dst} stream writer is not implemented yet")
    chunks = chunks_of(src, feed)
    benchmark.group = f"translate {src} -> {dst} ({feed})"
    benchmark.extra_info["events"] = len(stream(src).events)
    assert benchmark(lmcodec_translate, src, dst, chunks) > 0


@pytest.mark.parametrize(("src", "dst"), PAIRS, ids=[f"{s}-to-{d}" for s, d in PAIRS])
def test_translate_corpus(benchmark: Any, src: str, dst: str) -> None:
    if not writer_ready(dst):
        pytest.skip(f"the {dst} stream writer is not implemented yet")
    bodies = corpus_streams(src)
    if not bodies:
        pytest.skip(f"no {src} stream in the corpus at {BODIES}")
    benchmark.group = f"translate corpus {src} -> {dst}"
    benchmark.extra_info["events"] = corpus_events(src)
    assert benchmark(translate_each, src, dst, bodies) > 0


SHAPE_PAIRS = [(name, dst) for name, shape in SHAPES.items() for dst in shape.dsts]


@pytest.mark.parametrize(("name", "dst"), SHAPE_PAIRS, ids=[f"{n}-to-{d}" for n, d in SHAPE_PAIRS])
def test_translate_shape(benchmark: Any, name: str, dst: str) -> None:
    """A long shape of red team 14 F09, one chunk per event, in the group of its floor row."""
    shape = SHAPES[name]
    chunks = shape.chunks()
    benchmark.group = f"translate shape {name} (per_event)"
    benchmark.extra_info["events"] = len(chunks)
    assert benchmark(lmcodec_translate, shape.src, dst, chunks) > 0


@pytest.mark.parametrize("name", list(SHAPES))
def test_floor_shape(benchmark: Any, name: str) -> None:
    chunks = SHAPES[name].chunks()
    benchmark.group = f"translate shape {name} (per_event)"
    benchmark.extra_info["events"] = len(chunks)
    assert benchmark(floor, chunks) > 0


@pytest.mark.parametrize("feed", FEEDS)
@pytest.mark.parametrize("src", PROVIDERS)
def test_floor(benchmark: Any, src: str, feed: str) -> None:
    chunks = chunks_of(src, feed)
    benchmark.group = f"translate floor {src} ({feed})"
    benchmark.extra_info["events"] = len(stream(src).events)
    assert benchmark(floor, chunks) > 0


@pytest.mark.parametrize(("src", "dst"), LITELLM_PAIRS, ids=[f"{s}-to-{d}" for s, d in LITELLM_PAIRS])
def test_translate_litellm(benchmark: Any, src: str, dst: str) -> None:
    """LiteLLM's proxy path on the same body, in the lmcodec row's group (fed whole)."""
    if _litellm() is None:
        pytest.skip("LiteLLM is not installed (optional bench dependency): no LiteLLM rows")
    body = stream(src).body
    benchmark.group = f"translate {src} -> {dst} (whole)"
    benchmark.extra_info["events"] = len(stream(src).events)
    assert benchmark.pedantic(litellm_translate, args=(src, dst, body), rounds=3, iterations=1) > 0


# ── interleaved ratios ────────────────────────────────────────────────────────


def _rounds(contestants: dict[str, Callable[[], Any]], rounds: int) -> dict[str, list[float]]:
    """Each contestant's time in each round. Every timed run follows one untimed run of the same
    contestant, and the order turns by one each round: in a fixed order the contestant run first
    after the round's collection met the caches the collection had emptied (see
    ``test_bench_requests._rounds``)."""
    times: dict[str, list[float]] = {name: [] for name in contestants}
    order = list(contestants.items())
    for round_ in range(rounds):
        gc.collect()
        gc.disable()
        try:
            turn = round_ % len(order)
            for name, run in order[turn:] + order[:turn]:
                run()
                t0 = time.process_time()
                run()
                times[name].append(time.process_time() - t0)
        finally:
            gc.enable()
    return times


def main(rounds: int = 7) -> None:
    print("| pair | feed | events | lmcodec µs/event | floor µs/event | lmcodec / floor |")
    print("|---|---|---:|---:|---:|---:|")
    for src, dst in PAIRS:
        if not writer_ready(dst):
            print(f"| {src} -> {dst} | | | writer not implemented | | |")
            continue
        n = len(stream(src).events)
        for feed in FEEDS:
            chunks = chunks_of(src, feed)
            times = _rounds(
                {
                    "lmcodec": lambda c=chunks, s=src, d=dst: lmcodec_translate(s, d, c),
                    "floor": lambda c=chunks: floor(c),
                },
                rounds,
            )
            ratio = statistics.median(a / b for a, b in zip(times["lmcodec"], times["floor"], strict=True))
            lc_us = statistics.median(times["lmcodec"]) / n * 1e6
            floor_us = statistics.median(times["floor"]) / n * 1e6
            print(f"| {src} -> {dst} | {feed} | {n} | {lc_us:.2f} | {floor_us:.2f} | {ratio:.2f}x |")
    shapes_table(rounds)
    print("\nThe corpus streams (every SSE body of the source in the lm15 contract corpus, each whole):\n")
    print("| pair | streams | events | lmcodec µs/event | floor µs/event | lmcodec / floor |")
    print("|---|---:|---:|---:|---:|---:|")
    for src, dst in PAIRS:
        bodies = corpus_streams(src)
        if not bodies or not writer_ready(dst):
            continue
        n = corpus_events(src)
        repeated = bodies * _CORPUS_REPEAT  # short streams: enough work per round to time
        times = _rounds(
            {
                "lmcodec": lambda b=repeated, s=src, d=dst: translate_each(s, d, b),
                "floor": lambda b=repeated: floor_each(b),
            },
            rounds,
        )
        ratio = statistics.median(a / b for a, b in zip(times["lmcodec"], times["floor"], strict=True))
        lc_us = statistics.median(times["lmcodec"]) / (n * _CORPUS_REPEAT) * 1e6
        floor_us = statistics.median(times["floor"]) / (n * _CORPUS_REPEAT) * 1e6
        print(f"| {src} -> {dst} | {len(bodies)} | {n} | {lc_us:.2f} | {floor_us:.2f} | {ratio:.2f}x |")
    litellm_table(min(rounds, 3))


def shapes_table(rounds: int) -> None:
    """Red team 14 F09's long shapes (translate_shapes.py), one chunk per event, against their floor."""
    print(
        "\nLong shapes whose destination writes more and bigger events"
        " (red team 14 F09; one chunk per event):\n"
    )
    print("| shape | pair | events | lmcodec µs/event | floor µs/event | lmcodec / floor |")
    print("|---|---|---:|---:|---:|---:|")
    for name, dst in SHAPE_PAIRS:
        shape = SHAPES[name]
        chunks = shape.chunks()
        n = len(chunks)
        times = _rounds(
            {
                "lmcodec": lambda c=chunks, s=shape.src, d=dst: lmcodec_translate(s, d, c),
                "floor": lambda c=chunks: floor(c),
            },
            rounds,
        )
        ratio = statistics.median(a / b for a, b in zip(times["lmcodec"], times["floor"], strict=True))
        lc_us = statistics.median(times["lmcodec"]) / n * 1e6
        floor_us = statistics.median(times["floor"]) / n * 1e6
        print(f"| {name} | {shape.src} -> {dst} | {n} | {lc_us:.2f} | {floor_us:.2f} | {ratio:.2f}x |")


def litellm_table(rounds: int) -> None:
    """lmcodec (fed whole and one chunk per event), the floor and LiteLLM's proxy path, interleaved."""
    print("\nLiteLLM's proxy path side by side (the pairs it has; the source body whole, a mock backend):\n")
    if _litellm() is None:
        print("LiteLLM: not installed, no rows (optional bench dependency: `pip install litellm`).")
        return
    print(
        "| pair | events | lmcodec µs/event (whole) | lmcodec µs/event (per event) | floor µs/event"
        " | LiteLLM µs/event | LiteLLM / lmcodec (whole) |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for src, dst in LITELLM_PAIRS:
        n = len(stream(src).events)
        body, pieces = stream(src).body, list(stream(src).events)
        times = _rounds(
            {
                "lmcodec": lambda s=src, d=dst, b=body: lmcodec_translate(s, d, [b]),
                "per_event": lambda s=src, d=dst, c=pieces: lmcodec_translate(s, d, c),
                "floor": lambda b=body: floor([b]),
                "litellm": lambda s=src, d=dst, b=body: litellm_translate(s, d, b),
            },
            rounds,
        )
        ratio = statistics.median(a / b for a, b in zip(times["litellm"], times["lmcodec"], strict=True))
        us = {name: statistics.median(t) / n * 1e6 for name, t in times.items()}
        print(
            f"| {src} -> {dst} | {n} | {us['lmcodec']:.2f} | {us['per_event']:.2f} | {us['floor']:.2f}"
            f" | {us['litellm']:.0f} | {ratio:.0f}x |"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
