"""Interleaved stream tables: every contestant once per round, in turn, in one process, CPU time.

Each round runs every contestant of a row back to back (the order rotated round by round,
GC off inside a round, collected between rounds); a ratio is the median over rounds of the
per-round ratio, so a change of machine speed between contestants cancels. Per-event figures
are medians over rounds divided by the SSE events carrying data. Timer: ``time.process_time``.

Tables (``--tables``, default all):

- ``varied``: the long stream of each dialect with every feature of real traffic at once
  (``streams_varied.varied``), whole body and one chunk per event: lmcodec, the floor, lm15, the SDK.
- ``matrix``: the plain stream and the same stream with one feature switched on at a time; lmcodec,
  the floor and lm15 on the row, lmcodec and the floor on the plain stream in the same round, so
  "row / plain" is the row's per-event cost over the plain stream's, measured side by side.
- ``corpus``: the lm15 contract corpus's streamed bodies of each dialect, each round running all of
  them (repeated to ~1,000 events): lmcodec, the floor, lm15, the SDK.
- ``assembly``: ``lc.assemble`` per fragment at 10,000 fragments over 100 (one tool call; one text part).
- ``long``: red team 14's long events (``streams_varied_long.long_events``), whole, per event and in the
  64 KiB reads of an HTTP client: lmcodec, the floor and lm15, ms per stream (targets: the floor's,
  and 3x lm15).
- ``short``: a one-word answer of each dialect (the shortest real stream, 1-9 events: the per-stream
  set-up dominates; red team 17 F05), whole and one chunk per event, each stream run often enough per
  round to be timed: lmcodec, the floor and lm15 (the targets of ``varied``).
- ``feed``: the small reads of a socket (red team 17 F02, F05): each dialect's varied stream (20 text
  deltas) and a one-word stream, in 1-byte, 16-byte, 200-byte and one-event chunks, fed to
  ``lc.stream.Decoder.feed`` and to ``lc.stream.adecode`` (each assembled), beside lm15's pipeline
  and a buffering floor fed the same chunks; µs per chunk (target: faster than lm15 at every chunking,
  >= 8x lm15 and within 2x the floor one event per chunk). Run only when named (``--tables feed``).

Run: python3 benchmarks/streams_varied_paired.py [ROUNDS]
     [--tables varied,matrix,corpus,assembly,long,short,feed] [--providers gemini,...]
     [--rows logprobs,...]  (matrix rows; each is still timed beside its plain stream)
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import streams_varied as sv
import streams_varied_contestants as C
import streams_varied_long

HERE = Path(__file__).resolve().parent
BODIES = HERE.parent.parent / "shared" / "corpus" / "lm15-contract" / "bodies"
FEEDINGS: dict[str, Callable[[Any], list[bytes]]] = {
    "whole": lambda s: [s.body],
    "per event": lambda s: list(s.events),
}
TARGET_FLOOR = {"whole": 1.5, "per event": 2.0}
TARGET_LM15, TARGET_SDK, TARGET_ROW = 8.0, 50.0, 1.3


def interleave(contestants: dict[str, Callable[[], Any]], rounds: int) -> dict[str, list[float]]:
    """CPU seconds of each contestant, round by round (first round: warm-up, dropped)."""
    order = list(contestants)
    times: dict[str, list[float]] = {k: [] for k in order}
    clock = time.process_time
    for r in range(rounds + 1):
        gc.collect()
        gc.disable()
        try:
            for lib in order[r % len(order) :] + order[: r % len(order)]:
                t0 = clock()
                contestants[lib]()
                if r:
                    times[lib].append(clock() - t0)
        finally:
            gc.enable()
    return times


def ratio(times: dict[str, list[float]], a: str, b: str, per_a: float = 1.0, per_b: float = 1.0) -> float:
    """Median over rounds of (a's time / per_a) / (b's time / per_b)."""
    return statistics.median((x / per_a) / (y / per_b) for x, y in zip(times[a], times[b], strict=True))


def us(times: dict[str, list[float]], lib: str, units: int) -> float:
    return statistics.median(times[lib]) / units * 1e6


def _expected(s: sv.Varied) -> C.Outcome:
    return s.text, s.thinking, [(c.id or None, c.name, c.arguments) for c in s.tool_calls]


def _sdk_failure(provider: str, run: C.Runner, chunks: list[bytes], want: C.Outcome) -> str | None:
    """Why the SDK cannot stand in this row (it raises, or its text/thinking/tool calls differ), else None."""
    try:
        got = C.sdk_outcomes(provider, run(chunks))
    except Exception as exc:  # the SDK's own failure is the finding
        return f"raises {type(exc).__name__}"
    for text, thinking, calls in got:
        w_calls = want[2]
        if provider == "gemini":
            calls, w_calls = C.without_ids((text, thinking, calls))[2], C.without_ids(want)[2]
        if text != want[0]:
            return "text differs"
        if thinking is not None and want[1] is not None and thinking != want[1]:
            return "thinking differs"
        if calls != w_calls:
            return "tool calls differ"
    return None


def _fmt(x: float | None, spec: str = ".2f", suffix: str = "") -> str:
    return "n/a" if x is None else f"{x:{spec}}{suffix}"


def _flags(values: dict[str, float | None], feeding: str) -> str:
    bad = []
    if (v := values.get("floor")) is not None and v > TARGET_FLOOR[feeding]:
        bad.append(f"floor>{TARGET_FLOOR[feeding]}x")
    if (v := values.get("lm15")) is not None and v < TARGET_LM15:
        bad.append(f"lm15<{TARGET_LM15:.0f}x")
    if (v := values.get("sdk")) is not None and v < TARGET_SDK:
        bad.append(f"SDK<{TARGET_SDK:.0f}x")
    if (v := values.get("row")) is not None and v > TARGET_ROW:
        bad.append(f"row>{TARGET_ROW}x")
    return ", ".join(bad) or "-"


HEAD_FULL = (
    "| dialect | feeding | events | lmcodec µs/ev | floor µs/ev | lm15 µs/ev | SDK µs/ev "
    "| lmcodec / floor | x lm15 | x SDK | misses |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
)


def _full_row(
    provider: str, label: str, feeding: str, units: int, runners: dict[str, Callable[[], Any]], rounds: int
) -> str:
    t = interleave(runners, rounds)
    floor = ratio(t, "lmcodec", "floor")
    lm15 = ratio(t, "lm15", "lmcodec")
    sdk = ratio(t, "sdk", "lmcodec") if "sdk" in t else None
    sdk_us = us(t, "sdk", units) if "sdk" in t else None
    flags = _flags({"floor": floor, "lm15": lm15, "sdk": sdk}, feeding)
    return (
        f"| {provider} | {label} | {units} | {us(t, 'lmcodec', units):.2f} | {us(t, 'floor', units):.2f} "
        f"| {us(t, 'lm15', units):.2f} | {_fmt(sdk_us)} | {floor:.2f}x | {lm15:.1f}x "
        f"| {_fmt(sdk, '.1f', 'x')} | {flags} |"
    )


# Features whose framing an SDK's own SSE reader cannot read: google-genai splits on "data: " lines and
# fails on comment and id:/retry: lines; openai's SSEDecoder dispatches an empty event at a keep-alive
# comment block once an id: was seen, and json.loads("") raises.
SDK_CANNOT_READ: dict[str, tuple[str, ...]] = {
    "openai": ("fields",),
    "openai_chat": ("fields",),
    "gemini": ("comments", "fields"),
}


def varied_streams(provider: str) -> list[tuple[str, sv.Varied]]:
    """The varied stream, and where the SDK cannot read it, the varied stream without what it cannot read."""
    rows = [("varied", sv.varied(provider))]
    if provider in SDK_CANNOT_READ:
        drop = SDK_CANNOT_READ[provider]
        rows.append((f"varied - {'/'.join(drop)}", sv.generate(provider, set(sv.FEATURES) - set(drop))))
    return rows


def varied_table(rounds: int, providers: tuple[str, ...]) -> list[str]:
    lines = [
        "### Varied long streams (every feature at once)",
        "",
        HEAD_FULL[0].replace("| feeding |", "| stream | feeding |"),
        HEAD_FULL[1].replace("|---|---|", "|---|---|---|", 1),
    ]
    notes: list[str] = []
    for provider in providers:
        make = {lib: C.RUNNERS[lib](provider) for lib in ("lmcodec", "floor", "lm15", "sdk")}
        for name, s in varied_streams(provider):
            for feeding, cut in FEEDINGS.items():
                chunks = cut(s)
                ours = make["lmcodec"](chunks)
                if not C.same_response(make["lm15"](chunks), ours):
                    notes.append(f"- {provider} {name}, {feeding}: lmcodec's Response differs from lm15's")
                runners = {lib: partial(run, chunks) for lib, run in make.items()}
                why = _sdk_failure(provider, make["sdk"], chunks, _expected(s))
                if why:
                    notes.append(f"- {provider} {name}, {feeding}: no SDK figure: the SDK {why}")
                    del runners["sdk"]
                lines.append(_full_row(provider, f"{name} | {feeding}", feeding, s.n_events, runners, rounds))
    return [*lines, "", *notes, *([""] if notes else [])]


def matrix_table(rounds: int, providers: tuple[str, ...], rows_named: tuple[str, ...] = ()) -> list[str]:
    """The variety matrix; ``rows_named``: only those rows (each still beside its plain stream)."""
    lines = [
        "### Variety matrix (one feature switched on at a time)",
        "",
        "| dialect | row | feeding | events | lmcodec µs/ev | floor µs/ev | lm15 µs/ev | lmcodec / floor "
        "| x lm15 | row / plain (lmcodec) | row / plain (floor) | misses |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    notes: list[str] = []
    for provider in providers:
        rows = sv.matrix(provider)
        plain = rows["plain"]
        ours, floor = C.lmcodec_runner(provider), C.floor_runner(provider)
        lm15 = C.lm15_runner(provider)
        for feeding, cut in FEEDINGS.items():
            base = cut(plain)
            for name, s in rows.items():
                if rows_named and name not in rows_named:
                    continue
                chunks = cut(s)
                if not C.same_response(lm15(chunks), ours(chunks)):
                    notes.append(f"- {provider} {name}, {feeding}: lmcodec's Response differs from lm15's")
                t = interleave(
                    {
                        "lmcodec": partial(ours, chunks),
                        "floor": partial(floor, chunks),
                        "plain": partial(ours, base),
                        "plain floor": partial(floor, base),
                        "lm15": partial(lm15, chunks),
                    },
                    rounds,
                )
                n, n0 = s.n_events, plain.n_events
                vs_floor = ratio(t, "lmcodec", "floor")
                row = ratio(t, "lmcodec", "plain", n, n0)
                row_floor = ratio(t, "floor", "plain floor", n, n0)
                x_lm15 = ratio(t, "lm15", "lmcodec")
                flags = _flags(
                    {"floor": vs_floor, "lm15": x_lm15, "row": row if name != "plain" else None}, feeding
                )
                lines.append(
                    f"| {provider} | {name} | {feeding} | {n} | {us(t, 'lmcodec', n):.2f} "
                    f"| {us(t, 'floor', n):.2f} | {us(t, 'lm15', n):.2f} | {vs_floor:.2f}x | {x_lm15:.1f}x "
                    f"| {row:.2f}x | {row_floor:.2f}x | {flags} |"
                )
    return [*lines, "", *notes, *([""] if notes else [])]


LONG_FEEDINGS: dict[str, Callable[[sv.Varied], list[bytes]]] = {
    **FEEDINGS,
    "64 KiB reads": lambda s: [s.body[i : i + 65536] for i in range(0, len(s.body), 65536)],
}
TARGET_LONG_LM15 = 3.0


def long_table(rounds: int, providers: tuple[str, ...]) -> list[str]:
    """Red team 14's long events (``streams_varied_long.long_events``): whole, one chunk per event and the
    64 KiB reads of an HTTP client; lmcodec, the floor and lm15, per stream."""
    lines = [
        "### Long events (red team 14 F03, F04)",
        "",
        "| stream | feeding | lmcodec ms | floor ms | lm15 ms | lmcodec / floor | x lm15 | misses |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    notes: list[str] = []
    for name, s in streams_varied_long.long_events().items():
        if s.provider not in providers:
            continue
        ours, floor, lm15 = (C.RUNNERS[lib](s.provider) for lib in ("lmcodec", "floor", "lm15"))
        for feeding, cut in LONG_FEEDINGS.items():
            chunks = cut(s)
            if not C.same_response(lm15(chunks), ours(chunks)):
                notes.append(f"- {name}, {feeding}: lmcodec's Response differs from lm15's")
            runs = {
                "lmcodec": partial(ours, chunks),
                "floor": partial(floor, chunks),
                "lm15": partial(lm15, chunks),
            }
            t = interleave(runs, rounds)
            vs_floor, x_lm15 = ratio(t, "lmcodec", "floor"), ratio(t, "lm15", "lmcodec")
            misses = []
            if vs_floor > TARGET_FLOOR.get(feeding, 2.0):
                misses.append("floor")
            if x_lm15 < TARGET_LONG_LM15:
                misses.append("lm15")
            lines.append(
                f"| {name} | {feeding} | {us(t, 'lmcodec', 1000):.2f} | {us(t, 'floor', 1000):.2f} "
                f"| {us(t, 'lm15', 1000):.2f} | {vs_floor:.2f}x | {x_lm15:.1f}x | {', '.join(misses)} |"
            )
    return [*lines, "", *notes, *([""] if notes else [])]


def corpus_bodies(provider: str) -> list[bytes]:
    """The corpus's streamed bodies of one dialect (openai.*stream* are Responses API bodies)."""
    dirs = sorted(d for d in BODIES.glob(f"{provider}.*stream*") if d.is_dir())
    return [f.read_bytes() for d in dirs for f in sorted(d.glob("*.txt"))]


def _events(body: bytes) -> list[bytes]:
    """A body cut into one chunk per SSE event (after each blank line, LF or CRLF)."""
    sep = b"\r\n\r\n" if b"\r\n\r\n" in body else b"\n\n"
    pieces = body.split(sep)
    out = [p + sep for p in pieces[:-1]]
    return out + ([pieces[-1]] if pieces[-1] else [])


def _loop(run: C.Runner, bodies: list[list[bytes]], repeat: int) -> None:
    for _ in range(repeat):
        for chunks in bodies:
            run(chunks)


def corpus_table(rounds: int, providers: tuple[str, ...]) -> list[str]:
    if not BODIES.is_dir():
        return ["### Corpus bodies", "", f"(skipped: {BODIES} is absent)", ""]
    lines = ["### Corpus bodies (the lm15 contract corpus's streamed bodies, all of a dialect per round)", ""]
    lines += [HEAD_FULL[0].replace("| feeding |", "| feeding (bodies) |"), HEAD_FULL[1]]
    notes: list[str] = []
    for provider in providers:
        bodies = corpus_bodies(provider)
        if not bodies:
            continue
        make = {lib: C.RUNNERS[lib](provider) for lib in ("lmcodec", "floor", "lm15", "sdk")}
        for feeding in FEEDINGS:
            cuts = [[b] if feeding == "whole" else _events(b) for b in bodies]
            per_pass = sum(len(_events(b)) for b in bodies)
            repeat = max(1, 1000 // per_pass)
            sdk_ok = True
            for chunks in cuts:
                ours = make["lmcodec"](chunks)
                if not C.same_response(make["lm15"](chunks), ours):
                    notes.append(
                        f"- {provider}, {feeding}: a body where lmcodec's Response differs from lm15's"
                    )
                want = C.response_outcome(ours)
                if sdk_ok and (why := _sdk_failure(provider, make["sdk"], chunks, (want[0], None, want[2]))):
                    notes.append(f"- {provider}, {feeding}: SDK row left out: on a body the SDK {why}")
                    sdk_ok = False
            runners = {
                lib: partial(_loop, run, cuts, repeat) for lib, run in make.items() if lib != "sdk" or sdk_ok
            }
            label = f"{feeding} ({len(bodies)})"
            lines.append(_full_row(provider, label, feeding, per_pass * repeat, runners, rounds))
    return [*lines, "", *notes, *([""] if notes else [])]


def assembly_table(rounds: int) -> list[str]:
    import lmcodec as lc
    from test_bench_assemble import REQUEST, text_stream, tool_stream

    lines = [
        "### Assembly flatness (lc.assemble, cost per fragment at 10,000 fragments over 100)",
        "",
        "| workload | ns/fragment at 100 | ns/fragment at 10,000 | 10,000 / 100 |",
        "|---|---:|---:|---:|",
    ]
    for name, make in (("one tool call", tool_stream), ("one text part", text_stream)):
        small, large = make(100), make(10_000)
        loops = 100

        def run_small(events: list[Any] = small, loops: int = loops) -> None:
            for _ in range(loops):
                lc.assemble(events, request=REQUEST)

        t = interleave({"small": run_small, "large": partial(lc.assemble, large, request=REQUEST)}, rounds)
        flat = ratio(t, "large", "small", 10_000, 100 * loops)
        lines.append(
            f"| {name} | {us(t, 'small', 100 * loops) * 1e3:.0f} | {us(t, 'large', 10_000) * 1e3:.0f} "
            f"| {flat:.2f}x{'' if flat <= 1.5 else ' (misses 1.5x)'} |"
        )
    return [*lines, ""]


def short_table(rounds: int, providers: tuple[str, ...]) -> list[str]:
    """A one-word answer of each dialect, whole and per event, 200 streams a round."""
    lines = [
        "### Short streams (a one-word answer, 200 streams a round; red team 17 F05)",
        "",
        HEAD_FULL[0],
        HEAD_FULL[1],
    ]
    notes: list[str] = []
    for provider in providers:
        s = sv.generate(provider, (), texts=1)
        make = {lib: C.RUNNERS[lib](provider) for lib in ("lmcodec", "floor", "lm15")}
        for feeding, cut in FEEDINGS.items():
            chunks = cut(s)
            if not C.same_response(make["lm15"](chunks), make["lmcodec"](chunks)):
                notes.append(f"- {provider} one word, {feeding}: lmcodec's Response differs from lm15's")
            runners = {lib: partial(_repeat, partial(run, chunks), 200) for lib, run in make.items()}
            lines.append(_full_row(provider, feeding, feeding, s.n_events * 200, runners, rounds))
    return [*lines, "", *notes, *([""] if notes else [])]


FEED_CHUNKS: dict[str, Callable[[sv.Varied], list[bytes]]] = {
    **{
        f"{n} B": (lambda s, n=n: [s.body[i : i + n] for i in range(0, len(s.body), n)]) for n in (1, 16, 200)
    },
    "one event": lambda s: list(s.events),
}


def _feed_decoder(provider: str, chunks: list[bytes]) -> Any:
    """``Decoder.feed`` chunk by chunk, then ``close``, the events assembled (a server fed by callback)."""
    import lmcodec as lc

    decoder = lc.stream.Decoder(provider, request=C.LC_REQUEST)
    feed = decoder.feed
    events: list[Any] = []
    for chunk in chunks:
        events += feed(chunk)
    events += decoder.close()
    return lc.assemble(events, request=C.LC_REQUEST)


def _feed_adecode(provider: str, loop: asyncio.AbstractEventLoop, chunks: list[bytes]) -> Any:
    """``lc.assemble`` over ``lc.stream.adecode`` of an async source of the chunks."""
    import lmcodec as lc

    async def source() -> Any:
        for chunk in chunks:
            yield chunk

    async def run() -> Any:
        events = [e async for e in lc.stream.adecode(provider, source(), request=C.LC_REQUEST)]
        return lc.assemble(events, request=C.LC_REQUEST)

    return loop.run_until_complete(run())


def _feed_lm15_async(
    run: Callable[[Callable[[], Any]], Any], loop: asyncio.AbstractEventLoop, chunks: list[bytes]
) -> Any:
    """lm15's async pipeline (``C.lm15_async_runner``) over the same async source, in the same loop."""

    async def source() -> Any:
        for chunk in chunks:
            yield chunk

    return loop.run_until_complete(run(source))


def _feed_floor(sep: bytes, chunks: list[bytes]) -> list[Any]:
    """The floor fed small chunks: bytes appended to a buffer, only the new ones searched for a blank
    line (linear however the body is cut), each event's data decoded untyped."""
    import msgspec

    decode = msgspec.json.decode
    out: list[Any] = []
    buf = bytearray()
    back = len(sep) - 1
    for chunk in chunks:
        start = max(0, len(buf) - back)
        buf += chunk
        if buf.find(sep, start) < 0:
            continue
        *blocks, tail = bytes(buf).split(sep)
        buf = bytearray(tail)
        for block in blocks:
            at = block.find(b"data:")
            if at < 0:
                continue
            if block.find(b"\ndata:", at) >= 0:
                data = b"\n".join(line[5:] for line in block.splitlines() if line.startswith(b"data:"))
            else:
                data = block[at + 5 :]
            if data.strip() != b"[DONE]":
                out.append(decode(data))
    return out


def feed_table(rounds: int, providers: tuple[str, ...]) -> list[str]:
    """Decoder.feed and adecode over the small reads of a socket, beside lm15 and the floor."""
    lines = [
        "### Small reads (Decoder.feed and adecode; red team 17 F02, F05)",
        "",
        "| dialect | stream | chunks | count | Decoder.feed µs/chunk | adecode µs/chunk | lm15 µs/chunk "
        "| lm15 async µs/chunk | floor µs/chunk | feed / floor | feed x lm15 | adecode x lm15 async "
        "| misses |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    notes: list[str] = []
    loop = asyncio.new_event_loop()
    try:
        for provider in providers:
            lm15 = C.lm15_runner(provider)
            lm15_async = C.lm15_async_runner(provider)
            streams = {
                "varied": sv.varied(provider, texts=20),
                "one word": sv.generate(provider, (), texts=1),
            }
            for name, s in streams.items():
                sep = b"\r\n\r\n" if b"\r\n\r\n" in s.body else b"\n\n"
                for feeding, cut in FEED_CHUNKS.items():
                    chunks = cut(s)
                    want = lm15(chunks)
                    decoded = _feed_decoder(provider, chunks)
                    if not C.same_response(_feed_lm15_async(lm15_async, loop, chunks), decoded):
                        notes.append(
                            f"- {provider} {name}, {feeding}: lm15's async pipeline differs from lmcodec"
                        )
                    for label, got in (
                        ("Decoder.feed", decoded),
                        ("adecode", _feed_adecode(provider, loop, chunks)),
                    ):
                        if not C.same_response(want, got):
                            notes.append(
                                f"- {provider} {name}, {feeding}: {label}'s Response differs from lm15's"
                            )
                    # a short stream is run often enough per round to be timed
                    repeat = max(1, 20_000 // len(s.body)) if feeding != "1 B" else 1
                    runs = {
                        "feed": partial(_repeat, partial(_feed_decoder, provider, chunks), repeat),
                        "adecode": partial(_repeat, partial(_feed_adecode, provider, loop, chunks), repeat),
                        "lm15": partial(_repeat, partial(lm15, chunks), repeat),
                        "lm15 async": partial(
                            _repeat, partial(_feed_lm15_async, lm15_async, loop, chunks), repeat
                        ),
                        "floor": partial(_repeat, partial(_feed_floor, sep, chunks), repeat),
                    }
                    t = interleave(runs, rounds)
                    n = len(chunks) * repeat
                    vs_floor, x_lm15 = ratio(t, "feed", "floor"), ratio(t, "lm15", "feed")
                    a_lm15 = ratio(t, "lm15 async", "adecode")
                    misses = []
                    if x_lm15 < 1 or a_lm15 < 1:
                        misses.append("slower than lm15")
                    if feeding == "one event":
                        if vs_floor > TARGET_FLOOR["per event"]:
                            misses.append(f"floor>{TARGET_FLOOR['per event']}x")
                        if x_lm15 < TARGET_LM15:
                            misses.append(f"lm15<{TARGET_LM15:.0f}x")
                    lines.append(
                        f"| {provider} | {name} | {feeding} | {len(chunks)} | {us(t, 'feed', n):.3f} "
                        f"| {us(t, 'adecode', n):.3f} | {us(t, 'lm15', n):.3f} "
                        f"| {us(t, 'lm15 async', n):.3f} | {us(t, 'floor', n):.3f} "
                        f"| {vs_floor:.2f}x | {x_lm15:.2f}x | {a_lm15:.2f}x | {', '.join(misses) or '-'} |"
                    )
    finally:
        loop.close()
    return [*lines, "", *notes, *([""] if notes else [])]


def _repeat(run: Callable[[], Any], times: int) -> None:
    for _ in range(times):
        run()


TABLES: dict[str, Callable[[int, tuple[str, ...]], list[str]]] = {
    "varied": varied_table,
    "matrix": matrix_table,
    "corpus": corpus_table,
    "assembly": lambda rounds, _: assembly_table(rounds),
    "long": long_table,
    "short": short_table,
    "feed": feed_table,
}


BY_NAME_ONLY = ("feed",)
"""Tables run only when named: ``feed`` feeds every varied stream a byte at a time (minutes)."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rounds", nargs="?", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument("--tables", default=",".join(t for t in TABLES if t not in BY_NAME_ONLY))
    parser.add_argument("--providers", default=",".join(sv.PROVIDERS))
    parser.add_argument("--rows", default="", help="matrix rows to run, comma-separated (default all)")
    args = parser.parse_args(argv)
    providers = tuple(args.providers.split(","))
    print(
        f"CPU time, {args.rounds} interleaved rounds (after one warm-up round); "
        "ratios: medians of per-round ratios."
    )
    print(
        "Targets: lmcodec / floor <= 1.5x whole, <= 2x per event; >= 8x lm15; >= 50x SDK; "
        "row / plain <= 1.3x.\n"
    )
    rows_named = tuple(r for r in args.rows.split(",") if r)
    for name in args.tables.split(","):
        table = partial(matrix_table, rows_named=rows_named) if name == "matrix" else TABLES[name]
        print("\n".join(table(args.rounds, providers)), flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main()
