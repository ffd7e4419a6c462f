"""Hostile input at 1 MB and 8 MB: time and memory must grow linearly (issue 14).

Every entry point -- lc.decode, lc.decode_response (4 providers), the stream decoders
(lc.stream.decode fed the body whole and in 64 KiB chunks, lc.stream.Decoder, lc.assemble
over them; openai, openai_chat, anthropic, gemini, with Gemini's JSON-array framing),
jsonl.read, llm.decode and lenient=True -- is fed inputs of the shapes that once made one
of them quadratic or hungry: nesting beyond the recursion bound after a long string of
escaped quotes, a huge string, a string where a list of content blocks belongs, a long
list whose last item is bad, data lines led by U+3000, many short ``data:`` lines in one
event, many tiny events in one chunk, huge numbers in integer fields, a Gemini array
element that never ends, logs of such lines, lenient input that fails the strict path.
The claim: seconds per MB at 8 MB within 1.5x of 1 MB, and the peak of traced memory
(tracemalloc sees msgspec's allocations: it allocates through Python's allocator) under 4x
the input plus 16 MiB. A benchmark, not a timed test:

    python3 -m pytest benchmarks/test_bench_hostile.py --benchmark-enable --benchmark-disable-gc
    python3 benchmarks/test_bench_hostile.py 3 [SUBSTRING]   # the RESULTS.md table (interleaved rounds)

The memory bound is asserted (tracemalloc counts allocations, not time).
"""

from __future__ import annotations

import gc
import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import lmcodec as lc
from lmcodec import stream
from lmcodec.cli.workload import turn_dicts

MB = 1 << 20
SIZES = (1 * MB, 8 * MB)
MEMORY_SLACK = 16 * MB


def _deep_value(size: int) -> bytes:
    """A string of escaped quotes of about ``size`` bytes, then nesting beyond the recursion limit."""
    return b'["' + b'\\"' * (size // 2) + b'",' + b"[" * 5000 + b"]" * 5000 + b"]"


def _deep_part(size: int) -> bytes:
    return b'{"type":"data","value":' + _deep_value(size) + b"}"


def _string_for_list(size: int) -> bytes:
    return b'{"role":"user","parts":"' + b"x" * size + b'"}'


def _bad_last_part(size: int) -> bytes:
    part = b'{"type":"text","text":"hello there"},'
    return b'{"role":"user","parts":[' + part * (size // len(part)) + b'{"type":"hologram"}]}'


def _log_of(line: Callable[[int], bytes], size: int, per_line: int = 64 * 1024) -> bytes:
    one = line(per_line) + b"\n"
    return one * max(1, size // len(one))


def _llm_deep(size: int) -> bytes:
    return b'{"model":"m","prompt":{"messages":[],"options":{"x":' + _deep_value(size) + b'}},"messages":[]}'


def _lenient_missing_text(size: int) -> bytes:
    part = b'{"type":"text","text":"hello there"},'
    parts = part * (size // len(part))
    return b'{"model":"m","messages":[{"role":"user","parts":[' + parts + b'{"type":"text"}]}]}'


def _lenient_refused(size: int) -> bytes:
    part = b'{"type":"text","text":"hello there"},'
    parts = part * (size // len(part))
    return b'{"model":"m","messages":[{"role":"user","parts":[' + parts + b'{"type":"text"},{"type":7}]}]}'


def _lenient_long_text(size: int) -> bytes:
    """One long text and a bare-string part (a tolerant form): parsed once, not once per level
    on the way down to the text (red team 6 F03)."""
    text = b"The quick brown fox. " * (size // 21)
    return (
        b'{"model":"m","messages":[{"role":"user","parts":[{"type":"text","text":"' + text + b'"},"bare"]}]}'
    )


def _decode(tp: Any, **options: Any) -> Callable[[bytes], Any]:
    def run(data: bytes) -> Any:
        try:
            return lc.decode(data, tp, **options)
        except lc.LmcodecError as exc:
            return exc

    return run


def _jsonl(data: bytes) -> Any:
    reader = lc.jsonl.read(data, lc.Part, on_error="skip")
    return sum(1 for _ in reader), reader.bad


def _msgpack_log(data: bytes) -> Any:
    reader = lc.msgpack.read_stream(data, lc.Turn, on_error="skip")
    return sum(1 for _ in reader), reader.bad


def _nul_tail(size: int) -> bytes:
    """A MessagePack log's preallocated or sparse tail: a record, then NULs (red team 16 F02)."""
    record = lc.msgpack.encode(lc.from_builtins(turn_dicts(1)[0], lc.Turn))
    return len(record).to_bytes(4, "big") + record + b"\0" * (size - 4 - len(record))


def _llm(data: bytes) -> Any:
    try:
        return lc.llm.decode(data, lc.llm.Response)
    except lc.LmcodecError as exc:
        return exc


CASES: dict[str, tuple[Callable[[int], bytes], Callable[[bytes], Any]]] = {
    "decode: too deep after escaped quotes": (_deep_part, _decode(lc.Part)),
    "decode: string where a list belongs": (_string_for_list, _decode(lc.Message)),
    "decode: long list, last item bad": (_bad_last_part, _decode(lc.Message)),
    "jsonl.read: lines too deep": (lambda n: _log_of(_deep_part, n), _jsonl),
    "jsonl.read: cut lines": (lambda n: _log_of(lambda k: _deep_part(k)[: k // 2], n), _jsonl),
    "msgpack.read_stream: a tail of NULs": (_nul_tail, _msgpack_log),
    "llm.decode: too deep in options": (_llm_deep, _llm),
    "lenient: fixable (missing text)": (_lenient_missing_text, _decode(lc.Request, lenient=True)),
    "lenient: refused after normalizing": (_lenient_refused, _decode(lc.Request, lenient=True)),
    "lenient: one long text": (_lenient_long_text, _decode(lc.Request, lenient=True)),
}

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
CHUNK = 64 * 1024
PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")


def _sse(*frames: Any) -> bytes:
    return b"".join(b"data: " + (f if isinstance(f, bytes) else _frame(f)) + b"\n\n" for f in frames)


def _frame(value: Any) -> bytes:
    return json.dumps(value, separators=(",", ":")).encode()


# Per provider: the frames before the text, a text delta, the frames after it.
_WIRE: dict[str, tuple[list[Any], Callable[[str], Any], list[Any]]] = {
    "openai": (
        [
            {
                "type": "response.created",
                "response": {"id": "r", "model": "g", "status": "in_progress", "output": []},
            }
        ],
        lambda t: {"type": "response.output_text.delta", "output_index": 0, "content_index": 0, "delta": t},
        [
            {
                "type": "response.completed",
                "response": {"id": "r", "model": "g", "status": "completed", "output": []},
            }
        ],
    ),
    "openai_chat": (
        [],
        lambda t: {"choices": [{"index": 0, "delta": {"content": t}}]},
        [{"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}],
    ),
    "anthropic": (
        [
            {
                "type": "message_start",
                "message": {"id": "m", "model": "claude", "usage": {"input_tokens": 1}},
            },
            {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
        ],
        lambda t: {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": t}},
        [
            {"type": "content_block_stop", "index": 0},
            {"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 1}},
            {"type": "message_stop"},
        ],
    ),
    "gemini": (
        [],
        lambda t: {"candidates": [{"index": 0, "content": {"role": "model", "parts": [{"text": t}]}}]},
        [{"candidates": [{"index": 0, "content": {"parts": [{"text": "."}]}, "finishReason": "STOP"}]}],
    ),
}
# Per provider: an integer field the stream mapper reads, as the text of its delta frame spells it.
_INDEX = {
    "openai": b'"output_index":0',
    "openai_chat": b'"index":0',
    "anthropic": b'"index":0',
    "gemini": b'"index":0',
}


def _around(provider: str, *middle: bytes) -> bytes:
    start, _, end = _WIRE[provider]
    return _sse(*start) + b"".join(middle) + _sse(*end)


def _delta(provider: str, text: str) -> bytes:
    return _frame(_WIRE[provider][1](text))


def _huge_string(provider: str) -> Callable[[int], bytes]:
    return lambda n: _around(provider, _sse(_delta(provider, "x" * n)))


def _tiny_events(provider: str) -> Callable[[int], bytes]:
    def build(n: int) -> bytes:
        one = _sse(_delta(provider, "x"))
        return _around(provider, one * (n // len(one)))

    return build


def _space_led(provider: str) -> Callable[[int], bytes]:
    return lambda n: _around(
        provider, b"data:" + "\u3000".encode() * (n // 3) + b" " + _delta(provider, "x") + b"\n\n"
    )


def _short_lines(provider: str) -> Callable[[int], bytes]:
    """One event of many short data lines: a delta frame with an ignored array, one item a line."""

    def build(n: int) -> bytes:
        head = _delta(provider, "x")[:-1] + b',"pad":['
        return _around(provider, b"data:" + head + b"\n" + b"data:0,\n" * (n // 8) + b"data:0]}\n\n")

    return build


def _deep_frame(provider: str) -> Callable[[int], bytes]:
    return lambda n: _around(provider, _sse(_delta(provider, "x")[:-1] + b',"pad":' + _deep_value(n) + b"}"))


def _huge_number(provider: str) -> Callable[[int], bytes]:
    field = _INDEX[provider]
    return lambda n: _around(provider, _sse(_delta(provider, "x").replace(field, field[:-1] + b"9" * n, 1)))


def _array(n: int) -> bytes:
    """Gemini's JSON-array framing: an inline image of ``n`` bytes in one element."""
    image = {"inlineData": {"mimeType": "image/png", "data": "QUJD" * (n // 4)}}
    first = {"candidates": [{"content": {"parts": [{"text": 'see \\"this\\"'}, image]}}]}
    return json.dumps([first, *_WIRE["gemini"][2]]).encode()


def _array_of_escapes(n: int) -> bytes:
    """Gemini's JSON-array framing: a text of escaped quotes, backslashes and newlines."""
    first = {"candidates": [{"content": {"parts": [{"text": '"\\\n' * (n // 6)}]}}]}
    return json.dumps([first, *_WIRE["gemini"][2]]).encode()


def _array_never_ends(n: int) -> bytes:
    return b'[{"candidates":[{"content":{"parts":[{"text":"' + b"y" * n


def _quietly(call: Callable[[], Any]) -> Any:
    try:
        return call()
    except lc.LmcodecError as exc:
        return exc


def _pieces(data: bytes) -> Iterator[bytes]:
    """64 KiB chunks, one at a time, as a network delivers them."""
    return (data[i : i + CHUNK] for i in range(0, len(data), CHUNK))


def _stream_runs(provider: str) -> dict[str, Callable[[bytes], Any]]:
    """The stream entry points, each running to its end (an lc error is an outcome too)."""

    def whole(data: bytes) -> Any:
        return _quietly(lambda: sum(1 for _ in stream.decode(provider, [data], request=REQUEST)))

    def chunked(data: bytes) -> Any:
        return _quietly(lambda: sum(1 for _ in stream.decode(provider, _pieces(data), request=REQUEST)))

    def decoder(data: bytes) -> Any:
        def run() -> int:
            dec = stream.Decoder(provider, request=REQUEST)
            events = sum(len(dec.feed(piece)) for piece in _pieces(data))
            return events + len(dec.close())

        return _quietly(run)

    def assembled(data: bytes) -> Any:
        return _quietly(lambda: lc.assemble(stream.decode(provider, _pieces(data), request=REQUEST)))

    return {"decode whole": whole, "decode 64 KiB": chunked, "Decoder": decoder, "assemble": assembled}


_STREAM_SHAPES: dict[str, Callable[[str], Callable[[int], bytes]]] = {
    "huge string": _huge_string,
    "many tiny events": _tiny_events,
    "U+3000-led data line": _space_led,
    "many short data lines in one event": _short_lines,
    "too deep after escaped quotes": _deep_frame,
    "huge number in an integer field": _huge_number,
}
for _provider in PROVIDERS:
    _runs = _stream_runs(_provider)
    _shapes = [(shape, make(_provider)) for shape, make in _STREAM_SHAPES.items()]
    if _provider == "gemini":
        _shapes += [
            ("JSON array, inline image", _array),
            ("JSON array, escape-heavy text", _array_of_escapes),
            ("JSON array element that never ends", _array_never_ends),
        ]
    for _shape, _build in _shapes:
        for _mode, _run in _runs.items():
            CASES[f"stream {_mode}: {_shape} [{_provider}]"] = (_build, _run)

# Complete bodies: a huge text, a string where the content blocks belong, deep nesting, a huge number.
_BODIES = {
    "openai": b'{"id":"r","model":"g","output":[{"type":"message","content":%s}],'
    b'"usage":{"input_tokens":%s}}',
    "openai_chat": b'{"id":"c","model":"g","choices":[{"index":0,"message":{"role":"assistant","content":%s},'
    b'"finish_reason":"stop"}],"usage":{"prompt_tokens":%s}}',
    "anthropic": b'{"id":"x","model":"c","content":%s,"stop_reason":"end_turn","usage":{"input_tokens":%s}}',
    "gemini": b'{"modelVersion":"g","candidates":[{"content":{"parts":%s}}],'
    b'"usageMetadata":{"promptTokenCount":%s}}',
}


def _blocks(provider: str, text: bytes) -> bytes:
    """The content of a body holding one text block of ``text`` (a JSON string)."""
    if provider == "openai_chat":
        return text
    if provider == "openai":
        return b'[{"type":"output_text","text":' + text + b"}]"
    return (
        b'[{"type":"text","text":' + text + b"}]" if provider == "anthropic" else b'[{"text":' + text + b"}]"
    )


def _body(
    provider: str, content: Callable[[int], bytes], number: Callable[[int], bytes]
) -> Callable[[int], bytes]:
    return lambda n: _BODIES[provider] % (content(n), number(n))


def _response(provider: str) -> Callable[[bytes], Any]:
    return lambda data: _quietly(lambda: lc.decode_response(provider, data, request=REQUEST))


for _provider in PROVIDERS:
    _one = lambda n: b"1"  # noqa: E731
    _string = lambda n: b'"' + b"x" * n + b'"'  # noqa: E731
    for _shape, _build in {
        "huge string": _body(_provider, lambda n, p=_provider: _blocks(p, b'"' + b"x" * n + b'"'), _one),
        "string where the blocks belong": _body(_provider, _string, _one),
        "too deep after escaped quotes": _body(
            _provider, lambda n, p=_provider: _blocks(p, _deep_value(n)), _one
        ),
        "huge number": _body(_provider, lambda n, p=_provider: _blocks(p, b'"x"'), lambda n: b"9" * n),
    }.items():
        CASES[f"decode_response: {_shape} [{_provider}]"] = (_build, _response(_provider))


MEMORY_FACTOR = 4  # tracemalloc peak / input bytes allowed per case (plus MEMORY_SLACK)


def _peak(run: Callable[[bytes], Any], data: bytes) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        run(data)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("size", SIZES, ids=["1MB", "8MB"])
@pytest.mark.parametrize("case", list(CASES))
def test_hostile(benchmark: Any, case: str, size: int) -> None:
    build, run = CASES[case]
    data = build(size)
    peak = _peak(run, data)
    benchmark.group = f"hostile input at {size // MB} MB: {case.split(':')[0]}"
    benchmark.extra_info.update(input_bytes=len(data), peak_bytes=peak, largest_record=len(data))
    bound = MEMORY_FACTOR * len(data) + MEMORY_SLACK
    assert peak < bound, f"{case}: peak {peak} for {len(data)} input bytes"
    result = benchmark.pedantic(run, args=(data,), rounds=3, iterations=1)
    assert result is not None


def _seconds(run: Callable[[bytes], Any], data: bytes) -> float:
    gc.disable()
    try:
        start = time.perf_counter()
        run(data)
        return time.perf_counter() - start
    finally:
        gc.enable()


def rows(rounds: int = 3, selection: str = "") -> Iterator[str]:
    """The table's lines: seconds per MB at 1 and 8 MB (median of interleaved rounds), their
    ratio (median of per-round ratios), the peak over the input at both sizes."""
    yield "| case | s/MB at 1 MB | s/MB at 8 MB | 8 MB / 1 MB | peak / input at 1 MB | peak / input at 8 MB |"
    yield "|---|---:|---:|---:|---:|---:|"
    for case, (build, run) in CASES.items():
        if selection not in case:
            continue
        small, large = build(SIZES[0]), build(SIZES[1])
        run(small)  # warm up: decoders built, caches filled
        per_mb: dict[int, list[float]] = {0: [], 1: []}
        ratios: list[float] = []
        for _ in range(rounds):
            a = _seconds(run, small) / (len(small) / MB)
            b = _seconds(run, large) / (len(large) / MB)
            per_mb[0].append(a)
            per_mb[1].append(b)
            ratios.append(b / a)
        peaks = [_peak(run, data) / len(data) for data in (small, large)]
        yield (
            f"| {case} | {statistics.median(per_mb[0]):.4f} | {statistics.median(per_mb[1]):.4f} "
            f"| {statistics.median(ratios):.2f} | {peaks[0]:.2f} | {peaks[1]:.2f} |"
        )


def table(rounds: int = 3) -> str:
    return "\n".join(rows(rounds))


if __name__ == "__main__":
    for line in rows(int(sys.argv[1]) if len(sys.argv) > 1 else 3, " ".join(sys.argv[2:])):
        print(line, flush=True)
