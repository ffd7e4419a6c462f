"""Where ``Decoder.feed`` one chunk an event spends its instructions, stage by stage (issue #13).

For a row of ``streams_cr_framing.py`` (its chunks, one event each), callgrind counts, each between
``os.getppid`` markers after a warm pass:

- ``framer``: ``SSEDecoder.feed_data`` of each chunk, then ``close_data`` (the provider's framer);
- ``engine``: a stream ``Engine`` fed each chunk onto a sink that does nothing (framing, the
  mapper's typed decode and mapping, the engine's bookkeeping);
- ``feed``: ``lc.stream.Decoder.feed`` of each chunk, then ``close`` (the events built too);
- ``framer whole`` / ``feed whole``: the same body in one chunk;
- ``decode``: ``msgspec.json.decode`` of each frame's data, untyped (the floor's decode);
- ``floor``: the row's floor (``streams_cr_framing.floor_runner``).

The split printed per event: framing = framer; decode + mapping = engine - framer; events =
feed - engine (the Decoder's call and the EventSink).

Run: python3 benchmarks/feed_split_callgrind.py "anthropic CR feed" ["anthropic plain feed" ...]
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

STAGES = ("framer", "engine", "feed", "framer whole", "feed whole", "decode", "floor")


class _NoSink:
    """A sink that takes every call and does nothing (the engine's cost without the events)."""

    def begin(self, model: Any) -> None: ...
    def start(self, id: Any, model: Any) -> None: ...
    def text(self, part_index: int, text: str) -> None: ...
    def text_with_logprobs(self, part_index: int, text: str, logprobs: Any) -> None: ...
    def thinking(self, part_index: int, text: str) -> None: ...
    def tool_input(self, part_index: int, fragment: str, id: Any, name: Any) -> None: ...
    def event(self, event: Any) -> None: ...
    def end(
        self, finish_reason: Any, usage: Any, provider_data: Any, *, strict_json: bool = False
    ) -> None: ...
    def close(self) -> bool:
        return True


def stages(row: str) -> tuple[dict[str, Callable[[], Any]], int]:
    """The runs of each stage over the row's chunks, and its event count."""
    import msgspec

    import lmcodec as lc
    import streams_cr_framing as B
    from lmcodec.framing.sse import DEFAULT_MAX_EVENT_BYTES, DEFAULT_MAX_LINE_BYTES
    from lmcodec.providers import FRAMERS, MAPPERS
    from lmcodec.stream.engine import Engine

    provider, chunks = B.rows()[row]
    body = b"".join(chunks)
    framer_cls = FRAMERS[provider]
    frames = framer_cls().feed_data(body)
    cr = " CR " in row
    floor = B.floor_runner(b"\r\n\r\n" if b"\r\n" in chunks[0] + chunks[-1] else b"\n\n", cr)

    def framer(parts: list[bytes] = chunks) -> Any:
        f = framer_cls()
        out = [f.feed_data(c) for c in parts]
        return out, f.close_data()

    def engine() -> None:
        e = Engine(
            provider,
            MAPPERS[provider],
            _NoSink(),
            None,
            DEFAULT_MAX_LINE_BYTES,
            DEFAULT_MAX_EVENT_BYTES,
            False,
        )
        for c in chunks:
            e.feed(c)
        e.close()

    def feed(parts: list[bytes] = chunks) -> list[Any]:
        d = lc.stream.Decoder(provider)
        out: list[Any] = []
        for c in parts:
            out += d.feed(c)
        return out + d.close()

    decode = msgspec.json.decode
    runs: dict[str, Callable[[], Any]] = {
        "framer": framer,
        "engine": engine,
        "feed": feed,
        "framer whole": lambda: framer([body]),
        "feed whole": lambda: feed([body]),
        "decode": lambda: [decode(f) for f in frames if f != b"[DONE]"],
        "floor": lambda: floor(chunks),
    }
    return runs, len(chunks)


def _inner(rows: list[str]) -> None:
    todo = [stages(row)[0] for row in rows]
    for runs in todo:  # warm
        for run in runs.values():
            run()
    os.getppid()
    for runs in todo:
        for run in runs.values():
            run()
            os.getppid()


def main(rows: list[str]) -> None:
    from callgrind_support import marked_dumps, total

    counts = {row: stages(row)[1] for row in rows}
    print("| row | " + " | ".join(STAGES) + " | framing / decode+map / events (feed) |")
    print("|---|" + "---:|" * (len(STAGES) + 1))
    with marked_dumps(__file__, *rows) as dump:
        k = 2
        for row in rows:
            n = counts[row]
            got = {}
            for stage in STAGES:
                got[stage] = total(dump(k)) / n
                k += 1
            split = (got["framer"], got["engine"] - got["framer"], got["feed"] - got["engine"])
            cells = " | ".join(f"{got[s]:,.0f}" for s in STAGES)
            print(f"| {row} | {cells} | {' / '.join(f'{v:,.0f}' for v in split)} |", flush=True)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    if sys.argv[1:2] == ["--inner"]:
        _inner(sys.argv[2:])
    else:
        main(sys.argv[1:])
