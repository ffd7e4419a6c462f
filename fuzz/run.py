#!/usr/bin/env python3
"""The long fuzz run of every lmcodec decoder family (not part of CI).

    python3 fuzz/run.py --minutes 10                  # every family, 10 minutes each, 2 at a time
    python3 fuzz/run.py --minutes 1 --family stream   # one family
    python3 fuzz/run.py --engine hypothesis           # without atheris

Families and entry points are those of ``tests/fuzz_support.py`` (json, msgpack,
llm, builtins, jsonl, stream, response, assemble). The default engine is
atheris (coverage-guided libFuzzer over the instrumented ``lmcodec`` package,
started from the seed corpus) when it is installed, else hypothesis (the
mutation strategies of the default suite, unbounded). Every input goes through
``fuzz_support.run``: only ``lmcodec.LmcodecError`` may escape, within the time
and memory bounds. A violation is recorded, with its input, under
``<out>/findings/<family>/`` and the run goes on; the exit status is 1 when
anything was found. The summary prints the examples run per family.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]  # fuzz this checkout, whatever is installed
FAMILIES = ("json", "msgpack", "llm", "builtins", "jsonl", "stream", "response", "assemble")


class Worker:
    """One family's fuzzing: the example count and the recorded findings."""

    def __init__(self, family: str, out: Path, fs: Any) -> None:
        self.family = family
        self.fs = fs
        self.count = 0
        self.findings: set[str] = set()
        self.dir = out / "findings" / family
        shutil.rmtree(self.dir, ignore_errors=True)  # findings of an earlier run
        self.count_file = out / f"{family}.count"
        import lmcodec as lc
        from lmcodec import llm

        targets: dict[str, list[Any]] = {
            "json": [lc.Turn, *fs._KINDS.values()],
            "msgpack": [lc.Turn, *fs._KINDS.values()],
            "llm": list(fs._LLM_KINDS.values()),
            "builtins": [lc.Turn, *fs._KINDS.values()],
            "jsonl": [lc.Turn, lc.Request, lc.Part],
            "stream": list(fs.PROVIDERS),
            "response": list(fs.PROVIDERS),
            "assemble": [None],
        }
        self.targets = targets[family]
        self.llm = llm

    def seed_corpus(self, corpus: Path) -> None:
        """Write the seeds as libFuzzer corpus files: one target byte, then the input."""
        corpus.mkdir(parents=True, exist_ok=True)
        for seed in self.fs.SEEDS[self.family]():
            index = self.targets.index(seed.target) if seed.target in self.targets else 0
            blob = bytes([index]) + seed.data
            (corpus / hashlib.sha1(blob).hexdigest()).write_bytes(blob)

    def one(self, buf: bytes) -> None:
        """One atheris input: target byte + data."""
        if not buf:
            return
        target = self.targets[buf[0] % len(self.targets)]
        data = buf[1:]
        self.example(data, self.fs.Seed(data, target), random.Random(zlib.crc32(data)))

    def example(self, data: bytes, seed: Any, rng: random.Random) -> None:
        self.count += 1
        try:
            self.fs.run(self.family, data, seed, rng)
        except Exception as exc:  # a contract violation: record it and go on
            self.record(data, seed, exc)
        if self.count % 500 == 0:
            self.count_file.write_text(str(self.count))

    def record(self, data: bytes, seed: Any, exc: BaseException) -> None:
        tb = traceback.extract_tb(exc.__traceback__)
        where = f"{tb[-1].filename}:{tb[-1].lineno}" if tb else "?"
        key = f"{type(exc).__name__} at {where}"
        if key in self.findings:
            return
        self.findings.add(key)
        self.dir.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha1(data).hexdigest()[:16]
        (self.dir / f"{name}.bin").write_bytes(data)
        text = "".join(traceback.format_exception(exc))
        (self.dir / f"{name}.txt").write_text(
            f"family {self.family}, target {seed.target!r}\n{key}\n\n{text}"
        )

    def finish(self, seconds: float, engine: str) -> None:
        self.count_file.write_text(str(self.count))
        result = {
            "family": self.family,
            "engine": engine,
            "examples": self.count,
            "findings": sorted(self.findings),
            "seconds": round(seconds),
        }
        print("RESULT " + json.dumps(result), flush=True)


def run_atheris(family: str, minutes: float, out: Path) -> None:
    import atheris

    with atheris.instrument_imports(include=["lmcodec"]):
        import lmcodec  # noqa: F401
    import fuzz_support as fs

    worker = Worker(family, out, fs)
    corpus = out / "corpus" / family
    worker.seed_corpus(corpus)
    start = time.monotonic()
    import atexit

    atexit.register(lambda: worker.finish(time.monotonic() - start, "atheris"))
    args = [
        sys.argv[0],
        str(corpus),
        f"-max_total_time={int(minutes * 60)}",
        "-timeout=30",
        "-rss_limit_mb=4096",
        "-max_len=262144",
        "-print_final_stats=1",
    ]
    atheris.Setup(args, worker.one)
    atheris.Fuzz()


def run_hypothesis(family: str, minutes: float, out: Path) -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    import fuzz_support as fs

    worker = Worker(family, out, fs)
    seeds = fs.SEEDS[family]()
    others = tuple(s.data for s in seeds)

    @settings(max_examples=500, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def batch(data: Any) -> None:
        seed = data.draw(st.sampled_from(seeds))
        ops = data.draw(fs.ops_strategy())
        rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
        mutated = fs.apply(seed.data, ops, others)
        worker.count += 1
        fs.run(family, mutated, seed, rng)

    start = time.monotonic()
    while time.monotonic() - start < minutes * 60:
        try:
            batch()
        except Exception as exc:  # hypothesis re-raises the shrunk failure
            worker.record(b"", fs.Seed(b"", None), exc)
    worker.finish(time.monotonic() - start, "hypothesis")


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--minutes", type=float, default=10.0, help="fuzzing time per family (10)")
    parser.add_argument(
        "--family", action="append", choices=FAMILIES, help="only these families (repeatable)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="families fuzzed in parallel (2)")
    parser.add_argument("--engine", choices=["auto", "atheris", "hypothesis"], default="auto")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(tempfile.gettempdir()) / "lmcodec-fuzz",
        help="corpus, logs and findings (default: <tmp>/lmcodec-fuzz)",
    )
    parser.add_argument("--worker", choices=FAMILIES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    engine = args.engine
    if engine == "auto":
        try:
            import atheris  # noqa: F401

            engine = "atheris"
        except ImportError:
            engine = "hypothesis"
    args.out.mkdir(parents=True, exist_ok=True)
    if args.worker:
        (run_atheris if engine == "atheris" else run_hypothesis)(args.worker, args.minutes, args.out)
        return 0
    return supervise(args.family or list(FAMILIES), args.minutes, max(1, args.jobs), engine, args.out)


def _from_files(family: str, out: Path) -> dict[str, Any]:
    """A worker's result when it could not print one (libFuzzer exits without Python's atexit):
    libFuzzer's final count from the log, the findings from their directory."""
    count_file = out / f"{family}.count"
    count = int(count_file.read_text()) if count_file.is_file() else 0
    log = out / f"{family}.log"
    for line in log.read_text(errors="replace").splitlines() if log.is_file() else []:
        if line.startswith("stat::number_of_executed_units:"):
            count = int(line.split(":")[-1])
    findings = []
    for txt in sorted((out / "findings" / family).glob("*.txt")):
        findings.append(txt.read_text().splitlines()[1] + f" ({txt.with_suffix('.bin').name})")
    return {"family": family, "examples": count, "findings": findings}


def supervise(families: list[str], minutes: float, jobs: int, engine: str, out: Path) -> int:
    """Run one worker process per family, ``jobs`` at a time, and print the summary."""
    pending = list(families)
    running: dict[str, tuple[subprocess.Popen[str], Any]] = {}
    results: dict[str, dict[str, Any]] = {}
    while pending or running:
        while pending and len(running) < jobs:
            family = pending.pop(0)
            log = (out / f"{family}.log").open("w")
            cmd = [
                sys.executable,
                __file__,
                "--worker",
                family,
                "--minutes",
                str(minutes),
                "--engine",
                engine,
                "--out",
                str(out),
            ]
            running[family] = (subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, text=True), log)
            print(f"fuzzing {family} ({engine}, {minutes:g} min) ...", flush=True)
        for family, (proc, log) in list(running.items()):
            if proc.poll() is None:
                continue
            stdout = proc.stdout.read() if proc.stdout else ""
            log.close()
            del running[family]
            lines = [ln for ln in stdout.splitlines() if ln.startswith("RESULT ")]
            result = json.loads(lines[-1][7:]) if lines else _from_files(family, out)
            if proc.returncode and not lines:
                result["findings"] = [f"worker exited with status {proc.returncode}; see {out / family}.log"]
            results[family] = result
        time.sleep(1)
    print(f"\n{'family':<10} {'examples':>10}  findings")
    for family in families:
        r = results[family]
        print(f"{family:<10} {r['examples']:>10}  {len(r['findings'])}")
        for finding in r["findings"]:
            print(f"{'':<22}{finding}")
    (out / "summary.json").write_text(json.dumps(results, indent=2))
    return 1 if any(r["findings"] for r in results.values()) else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
