"""Red team 57: callgrind instruction counts of the stream entry points on shapes.py's shapes.

``measure(names, k, which)`` runs this file under callgrind (benchmarks/callgrind_support.py's
scheme: PYTHONHASHSEED=0, GC off, each contestant run once to warm up, then counted over one call
between two ``os.getppid`` markers) and returns {shape: {contestant: instructions}}.

Contestants (``ALL``):
- ``floor`` / ``floor_ev``: issue 13's floor on the body whole / one chunk per event: the body
  split on blank lines, each event's data decoded by msgspec into plain objects (red team 51's
  ``floor_runner``: the separator told by the body, the held bytes in a bytearray so that small
  chunks cost it linear time; Gemini's JSON array: the chunks joined and decoded as one array).
- ``lc`` / ``lc_ev``: ``lc.assemble(lc.stream.decode(dialect, chunks, request=req), request=req)``.
- ``lm15``: lm15 1.5.0's pipeline (benchmarks' ``lm15_runner``) on the body whole.
- ``tr_<dst>``: ``b"".join(lc.stream.translate(dialect, dst, [body], request=req))``;
  ``trfloor_<dst>``: the floor plus ``msgspec.json.encode`` of each data object translate wrote.
- ``lc_1`` / ``floor_1``: 1-byte chunks (only where asked).
"""

from __future__ import annotations

import gc
import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
BENCH = REPO / "benchmarks"
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
ALL = ["floor", "lc", "floor_ev", "lc_ev", "lm15"] + [f"{p}_{d}" for d in DIALECTS for p in ("trfloor", "tr")]


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
            start = max(0, len(buf) - len(sep) + 1)
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


def contestants(dialect: str, events: list[bytes], names: list[str]) -> dict[str, Callable[[], Any]]:
    import msgspec

    import lmcodec as lc
    import shapes as S
    import streams_varied_contestants as C

    body = b"".join(events)
    req = C.LC_REQUEST
    floor = floor_runner(dialect, body)
    decode, assemble, translate, enc = lc.stream.decode, lc.assemble, lc.stream.translate, msgspec.json.encode
    out: dict[str, Callable[[], Any]] = {}
    for name in names:
        kind, _, arg = name.partition("_")
        how = {"": "whole", "ev": "event", "1": "1"}.get(arg, "whole")
        chunks = S.chunked(body, how, events)
        if kind == "floor":
            out[name] = (lambda ch: lambda: floor(ch))(chunks)
        elif kind == "lc":
            out[name] = (lambda ch: lambda: assemble(decode(dialect, ch, request=req), request=req))(chunks)
        elif kind == "lm15":
            out[name] = (lambda r: lambda: r([body]))(C.lm15_runner(dialect))
        elif kind == "tr":
            out[name] = (lambda dst: lambda: b"".join(translate(dialect, dst, [body], request=req)))(arg)
        elif kind == "trfloor":
            written = b"".join(translate(dialect, arg, [body], request=req))
            objects = floor_runner(arg, written)([written]) if written else []

            def run(objects: list[Any] = objects) -> Any:
                floor([body])
                return [enc(o) for o in objects]

            out[name] = run
    return out


def _inner(path: str) -> None:
    sys.path[:0] = [str(HERE), str(BENCH)]
    jobs: list[tuple[str, list[bytes], list[str]]] = pickle.loads(Path(path).read_bytes())
    gc.disable()
    for dialect, events, names in jobs:
        runs = contestants(dialect, events, names)
        for name in names:
            run = runs[name]
            run()
            os.getppid()
            run()
            os.getppid()


def total(profile: Path) -> int:
    for line in profile.read_text().splitlines():
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    raise ValueError(f"no totals in {profile}")


def measure(jobs: dict[str, tuple[str, list[bytes], list[str]]], keep: str | None = None) -> dict[str, dict[str, int]]:
    """jobs: {label: (dialect, events, contestant names)} -> {label: {name: instructions}};
    ``keep``: a folder to keep the dumps in (for callgrind_annotate)."""
    with tempfile.TemporaryDirectory() as tmp:
        out_dir = keep or tmp
        Path(f"{tmp}/jobs.pkl").write_bytes(pickle.dumps(list(jobs.values())))
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), str(BENCH), str(HERE), env.get("PYTHONPATH", "")])
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--dump-before=os_getppid*", f"--callgrind-out-file={out_dir}/cg.out",
             sys.executable, __file__, "--inner", f"{tmp}/jobs.pkl"],
            check=True, capture_output=True, env=env,
        )
        res: dict[str, dict[str, int]] = {}
        n = 2
        for label, (_, _, names) in jobs.items():
            res[label] = {}
            for name in names:
                res[label][name] = total(Path(f"{out_dir}/cg.out.{n}"))
                n += 2
        return res


if __name__ == "__main__" and sys.argv[1:2] == ["--inner"]:
    _inner(sys.argv[2])
