"""Red team 51: callgrind instruction counts of lmcodec's stream entry points against the floor.

``measure(cases)`` pickles the cases, runs this file under callgrind (PYTHONHASHSEED=0, GC off),
each contestant run once to warm up and then counted over one call between two ``os.getppid``
markers (benchmarks/callgrind_support.py's scheme), and returns {case: {contestant: instructions}}.

A case is (kind, dialect, how, dst, events); ``how`` is the chunking (``_shapes.chunked``).

- "stream": ``floor`` (the body split on blank lines and each event's data decoded by msgspec into
  plain objects, buffered across chunks as any SSE reader must: benchmarks' ``floor_runner``
  with the separator told by the body, not the first chunk, and the held bytes in a bytearray
  searched only where a chunk could complete a separator, so that 1- and 7-byte chunks cost it
  linear time (benchmarks' ``tail + chunk`` copies the held event at each chunk); Gemini's JSON array
  framing: the chunks joined and decoded as one array) and ``assemble``
  (``lc.assemble(lc.stream.decode(...))``).
- "decoder": the floor, ``events`` (``list(lc.stream.decode(...))``) and ``Decoder`` (one
  ``Decoder`` fed each chunk, then closed).
- "lm15": lm15 1.5.0's own pipeline on the same chunks (benchmarks' ``lm15_runner``) and lmcodec's
  ``assemble``.
- "translate": ``lc.stream.translate(dialect, dst)`` of the chunks against the floor plus
  ``msgspec.json.encode`` of each data object translate wrote.
- "encoder": ``Encoder(dst).feed_all(events) + close()`` of the events ``lc.stream.decode`` gave,
  against ``msgspec.json.encode`` of each data object it wrote.
"""

from __future__ import annotations

import gc
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
BENCH = REPO / "benchmarks"
Case = tuple[str, str, str, str, list[bytes]]
NAMES = {"stream": ["floor", "assemble"], "decoder": ["floor", "events", "Decoder"], "lm15": ["lm15", "assemble"],
         "translate": ["floor", "translate"], "encoder": ["floor", "Encoder"]}


def floor_runner(dialect: str, body: bytes) -> Callable[[list[bytes]], Any]:
    import msgspec

    decode = msgspec.json.decode
    if dialect == "gemini" and body.lstrip()[:1] == b"[":
        return lambda chunks: decode(b"".join(chunks))
    sep = b"\r\n\r\n" if b"\r\n" in body[:4096] else b"\n\n"

    def run(chunks: list[bytes]) -> list[Any]:
        out: list[Any] = []
        append = out.append
        buf = bytearray()
        for chunk in chunks:
            start = max(0, len(buf) - len(sep) + 1)  # (a separator may straddle the chunk's start)
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
                    lines = block.splitlines()
                    data = b"\n".join(line[5:] for line in lines if line.startswith(b"data:"))
                else:
                    data = block[at + 5:]
                if data.strip() != b"[DONE]":
                    append(decode(data))
        return out

    return run


def written_objects(dialect: str, written: bytes) -> list[Any]:
    return floor_runner(dialect, written)([written]) if written else []


def contestants(case: Case) -> dict[str, Callable[[], Any]]:
    import msgspec

    import _shapes as S
    import lmcodec as lc
    import streams_varied_contestants as C

    kind, dialect, how, dst, events = case
    body = b"".join(events)
    chunks = S.chunked(body, how, events)
    req = C.LC_REQUEST
    floor = floor_runner(dialect, body)
    decode, assemble = lc.stream.decode, lc.assemble
    if kind in ("stream", "decoder"):
        def decoder() -> Any:
            d = lc.stream.Decoder(dialect, request=req)
            out = [d.feed(c) for c in chunks]
            out.append(d.close())
            return out

        return {"floor": lambda: floor(chunks),
                "assemble": lambda: assemble(decode(dialect, chunks, request=req), request=req),
                "events": lambda: list(decode(dialect, chunks, request=req)),
                "Decoder": decoder}
    if kind == "lm15":
        lm = C.lm15_runner(dialect)
        return {"lm15": lambda: lm(chunks),
                "assemble": lambda: assemble(decode(dialect, chunks, request=req), request=req)}
    enc = msgspec.json.encode
    if kind == "translate":
        written = b"".join(lc.stream.translate(dialect, dst, chunks, request=req))
        objects = written_objects(dst, written)

        def floor_tr() -> Any:
            floor(chunks)
            return [enc(o) for o in objects]

        return {"floor": floor_tr,
                "translate": lambda: b"".join(lc.stream.translate(dialect, dst, chunks, request=req))}
    if kind == "encoder":
        evs = list(decode(dialect, [body], request=req))

        def encoder() -> bytes:
            e = lc.stream.Encoder(dst)
            return e.feed_all(evs) + e.close()

        objects = written_objects(dst, encoder())
        return {"floor": lambda: [enc(o) for o in objects], "Encoder": encoder}
    raise ValueError(kind)


def _inner(path: str) -> None:
    sys.path[:0] = [str(HERE), str(BENCH)]
    cases: dict[str, Case] = pickle.loads(Path(path).read_bytes())
    gc.disable()
    for case in cases.values():
        runs = contestants(case)
        for name in NAMES[case[0]]:
            run = runs[name]
            run()
            os.getppid()
            run()
            os.getppid()


def measure(cases: dict[str, Case], keep: str | None = None) -> dict[str, dict[str, int]]:
    """Counts per case and contestant; ``keep``: a folder to keep the dumps in (for callgrind_annotate)."""
    import subprocess

    with tempfile.TemporaryDirectory() as tmp:
        out_dir = keep or tmp
        Path(f"{tmp}/cases.pkl").write_bytes(pickle.dumps(cases))
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), str(BENCH), str(HERE), env.get("PYTHONPATH", "")])
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--dump-before=os_getppid*", f"--callgrind-out-file={out_dir}/cg.out",
             sys.executable, __file__, "--inner", f"{tmp}/cases.pkl"],
            check=True, capture_output=True, env=env,
        )
        out: dict[str, dict[str, int]] = {}
        k = 2
        for name, case in cases.items():
            row = {}
            for c in NAMES[case[0]]:
                row[c] = total(Path(f"{out_dir}/cg.out.{k}"))
                k += 2
            out[name] = row
        return out


def total(profile: Path) -> int:
    for line in profile.read_text().splitlines():
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    raise ValueError(f"no totals in {profile}")


def ratios(row: dict[str, int]) -> dict[str, float]:
    base = row.get("floor", row.get("lm15"))
    assert base
    return {k: v / base for k, v in row.items() if k not in ("floor", "lm15")}


def report(results: dict[str, dict[str, int]]) -> None:
    for name, row in results.items():
        cells = " ".join(f"{k} {v:.2f}x" for k, v in ratios(row).items())
        base = "floor" if "floor" in row else "lm15"
        print(f"{name}: {cells}  ({base} {row[base]:,} instr)", flush=True)


if __name__ == "__main__" and sys.argv[1:2] == ["--inner"]:
    _inner(sys.argv[2])
