"""Red team 39: callgrind instruction counts of lmcodec against its floor, on bodies built outside.

``measure(cases)`` pickles the cases, runs this file under callgrind (PYTHONHASHSEED=0, GC off),
each contestant warmed up once then counted over one call between two ``os.getppid`` markers
(benchmarks/callgrind_support.py's scheme), and returns {case: {contestant: instructions}}.

A case is (kind, dialect, dst, events): kind "stream" counts lc.assemble(lc.stream.decode()) and
the floor (benchmarks/streams_varied_contestants.floor_runner) whole and fed one chunk per event;
kind "translate" counts lc.stream.translate(dialect, dst) whole against the floor plus
msgspec.json.encode of each data object translate wrote; "decode_request" lc.decode_request against
msgspec.json.decode of the body; "translate_request" lc.translate_request against that decode plus
msgspec.json.encode of the body it wrote; "encode_response" lc.encode_response(dst) of the stream's
assembled answer against msgspec.json.encode of the body it wrote.
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
Case = tuple[str, str, str, list[bytes]]


def contestants(case: Case) -> dict[str, Callable[[], Any]]:
    import msgspec

    import lmcodec as lc
    import streams_varied_contestants as C

    kind, dialect, dst, events = case
    body = [b"".join(events)]
    req = C.LC_REQUEST
    if kind == "stream":
        ours, floor = C.lmcodec_runner(dialect), C.floor_runner(dialect)
        return {
            "floor whole": lambda: floor(body),
            "lc whole": lambda: ours(body),
            "floor per event": lambda: floor(events),
            "lc per event": lambda: ours(events),
        }
    if kind == "translate":
        floor = C.floor_runner(dialect)
        written = b"".join(lc.stream.translate(dialect, dst, body, request=req))
        objects = C.floor_runner(dst)([written]) if written else []
        enc = msgspec.json.encode

        def floor_tr() -> Any:
            floor(body)
            return [enc(o) for o in objects]

        return {
            "floor whole": floor_tr,
            "lc whole": lambda: b"".join(lc.stream.translate(dialect, dst, body, request=req)),
        }
    if kind == "decode_request":
        raw = body[0]
        model = "m" if dialect == "gemini" else None
        return {"floor whole": lambda: msgspec.json.decode(raw),
                "lc whole": lambda: lc.decode_request(dialect, raw, model=model)}
    if kind == "translate_request":
        raw = body[0]
        model = "m" if dialect == "gemini" else None
        out = msgspec.json.decode(lc.translate_request(dialect, dst, raw, model=model).body)
        enc, dec = msgspec.json.encode, msgspec.json.decode
        return {"floor whole": lambda: (dec(raw), enc(out)),
                "lc whole": lambda: lc.translate_request(dialect, dst, raw, model=model)}
    if kind == "encode_response":
        response = C.lmcodec_runner(dialect)(body)
        out = msgspec.json.decode(lc.encode_response(dst, response))
        enc = msgspec.json.encode
        return {"floor whole": lambda: enc(out), "lc whole": lambda: lc.encode_response(dst, response)}
    raise ValueError(kind)


def _inner(path: str) -> None:
    sys.path.insert(0, str(BENCH))
    cases: dict[str, Case] = pickle.loads(Path(path).read_bytes())
    gc.disable()
    for case in cases.values():
        for run in contestants(case).values():
            run()
            os.getppid()
            run()
            os.getppid()


def names(case: Case) -> list[str]:
    return {"stream": ["floor whole", "lc whole", "floor per event", "lc per event"],
            }.get(case[0], ["floor whole", "lc whole"])


def measure(cases: dict[str, Case]) -> dict[str, dict[str, int]]:
    import subprocess

    with tempfile.TemporaryDirectory() as tmp:
        Path(f"{tmp}/cases.pkl").write_bytes(pickle.dumps(cases))
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        env["PYTHONPATH"] = os.pathsep.join([str(REPO / "src"), str(BENCH), env.get("PYTHONPATH", "")])
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--dump-before=os_getppid*", f"--callgrind-out-file={tmp}/cg.out",
             sys.executable, __file__, "--inner", f"{tmp}/cases.pkl"],
            check=True, capture_output=True, env=env,
        )
        out: dict[str, dict[str, int]] = {}
        k = 2
        for name, case in cases.items():
            row = {}
            for c in names(case):
                row[c] = _total(Path(f"{tmp}/cg.out.{k}"))
                k += 2
            out[name] = row
        return out


def _total(profile: Path) -> int:
    for line in profile.read_text().splitlines():
        if line.startswith(("totals:", "summary:")):
            return int(line.split()[1])
    raise ValueError(f"no totals in {profile}")


def ratios(row: dict[str, int]) -> dict[str, float]:
    r = {"whole": row["lc whole"] / row["floor whole"]}
    if "lc per event" in row:
        r["per event"] = row["lc per event"] / row["floor per event"]
    return r


def report(results: dict[str, dict[str, int]]) -> None:
    for name, row in results.items():
        r = ratios(row)
        cells = " ".join(f"{k} {v:.2f}x" for k, v in r.items())
        print(f"{name}: {cells}  (lc {row['lc whole']:,} / floor {row['floor whole']:,} instr whole)")


if __name__ == "__main__" and sys.argv[1:2] == ["--inner"]:
    _inner(sys.argv[2])
