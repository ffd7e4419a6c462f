"""Red team 56: files and the CLI, fuzzed against an oracle.

Run: PYTHONPATH=src /work/venv/bin/python notes/redteam56/fuzz.py [--quick]

Good files (workload Turns, lm15 vectors, llm vectors, corpus bodies and SSE captures, read in
place) are mutated; every run of ``lmcodec`` (in a subprocess: exit code, stdout, stderr) or of a
file entry point is checked against the oracle: each line / record read alone (``lc.decode``), the
count of good and bad records, the exit code, stderr (no traceback, no long quote), time and peak
memory against the input size. Each failure is printed as ``FAIL <case>: <why>``; the summary
counts what held.
"""

from __future__ import annotations

import gzip
import os
import random
import resource
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

import lmcodec as lc
from lmcodec.cli import workload

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO.parent / "shared" / "corpus"
PY = sys.executable
ENV = {**os.environ, "PYTHONPATH": str(REPO / "src")}

HELD: Counter[str] = Counter()
FAILED: list[str] = []


def fail(case: str, why: str) -> None:
    FAILED.append(f"{case}: {why}")
    print(f"FAIL {case}: {why}", flush=True)


def held(kind: str) -> None:
    HELD[kind] += 1


def cli(*args: str, stdin: bytes | None = None, timeout: float = 120) -> tuple[int, bytes, str, float, int]:
    """Run lmcodec; returns (rc, stdout, stderr, cpu seconds, peak RSS KiB of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [PY, "-m", "lmcodec", *args], input=stdin, capture_output=True, env=ENV, timeout=timeout
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return proc.returncode, proc.stdout, proc.stderr.decode("utf-8", "replace"), cpu, after.ru_maxrss


def stderr_ok(case: str, err: str) -> bool:
    if "Traceback" in err:
        fail(case, "traceback on stderr: " + err.strip().splitlines()[-1][:300])
        return False
    if len(err) > 100_000:
        fail(case, f"stderr is {len(err):,} characters")
        return False
    return True


# ---------------------------------------------------------------- seeds


def turn_lines(count: int = 12) -> list[bytes]:
    out = []
    for turn in workload.turn_dicts(count, seed=56):
        turn["request"]["messages"] = turn["request"]["messages"][:3]
        out.append(lc.encode(lc.decode(msgspec.json.encode(turn), lc.Turn)))
    return out


def alone(line: bytes, tp: Any = lc.Turn, lenient: bool = False) -> Any:
    """The oracle: one line read alone, or None when it is bad (blank lines are no record)."""
    if not line.strip(b" \t\r\n"):
        return "blank"
    try:
        return lc.decode(line, tp, lenient=lenient) if lenient else lc.decode(line, tp)
    except lc.LmcodecError:
        return None


# ---------------------------------------------------------------- JSONL line mutations

BAD_LINES: dict[str, bytes] = {
    "truncated": b'{"request":{"model":"m","messages":[',
    "nul": b"\x00\x00\x00\x00",
    "invalid_utf8": b'{"request":{"model":"\xff\xfe","messages":[]}}',
    "lone_surrogate": b'{"request":{"model":"\\ud800","messages":[]},"response":null}',
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "deep_obj": b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "huge_number": b'{"request":{"model":"m","messages":[],"config":{"max_tokens":' + b"9" * 5000 + b"}}}",
    "dup_keys": b'{"request":{"model":"a","model":"b","messages":[]}}',
    "garbage": b"\xef\xbb\xbfnot json at all \x1b[31m",
    "array": b"[1,2,3]",
    "null": b"null",
}


def check_jsonl_convert(case: str, data: bytes, expect_good: list[Any], expect_bad: int, tmp: Path) -> None:
    src = tmp / "in.jsonl"
    src.write_bytes(data)
    dest = tmp / "out.jsonl"
    rejects = tmp / "rejects.jsonl"
    for path in (dest, rejects):
        if path.exists():
            path.unlink()
    rc, _, err, _, _ = cli("convert", str(src), str(dest), "--rejects", str(rejects))
    if not stderr_ok(case, err):
        return
    want_rc = 0 if expect_good or (not expect_bad) else 1
    if rc != want_rc:
        fail(case, f"convert rc {rc}, expected {want_rc}; stderr {err[-300:]!r}")
        return
    got = list(lc.jsonl.read(dest, lc.Turn)) if dest.exists() else []
    if got != expect_good:
        fail(case, f"convert wrote {len(got)} records, the oracle {len(expect_good)} good ones")
        return
    # library reader, skip mode
    reader = lc.jsonl.read(src, lc.Turn, on_error="skip")
    lib = list(reader)
    if lib != expect_good:
        fail(case, f"lc.jsonl.read(on_error='skip') gave {len(lib)} records, the oracle {len(expect_good)}")
        return
    rc, _, err, _, _ = cli("validate", str(src))
    if not stderr_ok(case + "/validate", err):
        return
    if rc != (1 if expect_bad else 0):
        fail(case + "/validate", f"rc {rc} with {expect_bad} bad lines; {err[-200:]!r}")
        return
    summary = err.strip().splitlines()[-1] if err.strip() else ""
    if f"{len(expect_good)} good" not in summary.replace(
        ",", ""
    ) or f"{expect_bad} bad" not in summary.replace(",", ""):
        fail(case + "/validate", f"summary {summary!r}, oracle {len(expect_good)} good {expect_bad} bad")
        return
    held("jsonl mutation (convert+read+validate)")


def oracle_lines(data: bytes) -> tuple[list[Any], int]:
    """Split as a JSONL reader must: on b'\\n'; a line's trailing b'\\r' belongs to the line ending."""
    good, bad = [], 0
    for line in data.split(b"\n"):
        v = alone(line.removesuffix(b"\r"))
        if v == "blank":
            continue
        if v is None:
            bad += 1
        else:
            good.append(v)
    return good, bad


def fuzz_line_mutations(tmp: Path) -> None:
    lines = turn_lines(6)
    for name, bad in BAD_LINES.items():
        data = b"\n".join([*lines[:3], bad, *lines[3:]]) + b"\n"
        good, nbad = oracle_lines(data)
        check_jsonl_convert(f"bad line {name}", data, good, nbad, tmp)
    endings = {
        "crlf": b"\r\n".join(lines) + b"\r\n",
        "mixed": b"".join(line + (b"\r\n" if i % 2 else b"\n") for i, line in enumerate(lines)),
        "no_final_newline": b"\n".join(lines),
        "blank_lines": b"\n\n".join(lines) + b"\n\n\n",
        "whitespace_lines": b"\n \t \n".join(lines) + b"\n   \n",
        "bom": b"\xef\xbb\xbf" + b"\n".join(lines) + b"\n",
        "leading_spaces": b"\n".join(b"  " + line for line in lines) + b"\n",
        "trailing_nuls": b"\n".join(lines) + b"\n" + b"\x00" * 4096,
        "nul_run_between": b"\n".join(lines[:3])
        + b"\n"
        + b"\x00" * 10000
        + b"\n"
        + b"\n".join(lines[3:])
        + b"\n",
    }
    for name, data in endings.items():
        good, nbad = oracle_lines(data)
        if name == "bom":
            # A BOM is a byte-order mark, not data: the first record should still be read
            # (json.loads with utf-8-sig, Python's open(encoding='utf-8-sig')); note what happens.
            good_bom = oracle_lines(data[3:])
            reader = list(lc.jsonl.read(data, lc.Turn, on_error="skip"))
            if reader != good_bom[0]:
                fail("bom", f"a UTF-8 BOM loses the first record: {len(reader)} of {len(good_bom[0])} read")
            else:
                held("bom")
            continue
        if name == "trailing_nuls" or name == "nul_run_between":
            nbad = 1
        check_jsonl_convert(f"line ends {name}", data, good, nbad, tmp)
    # CR-only line ends: one long line to a JSONL reader; the oracle wants the records back
    cr = b"\r".join(lines) + b"\r"
    got = list(lc.jsonl.read(cr, lc.Turn, on_error="skip"))
    if got != [lc.decode(line, lc.Turn) for line in lines]:
        print(f"NOTE cr-only line ends: {len(got)} of {len(lines)} records read (old Mac line ends)")
    held("cr only checked")


def fuzz_concatenation(tmp: Path) -> None:
    """The oracle for joined logs (`cat a b > all`, a crash then a restarted writer): what each
    piece gives read alone, in order. Pieces end in a newline (a piece without one glues two
    records into one line, which no reader can split: not asked)."""
    lines = turn_lines(4)
    body = b"\n".join(lines) + b"\n"
    pieces = {
        "plain": body,
        "bom": b"\xef\xbb\xbf" + body,
        "crlf": body.replace(b"\n", b"\r\n"),
        "nul tail (crash)": body + b"\x00" * 4096,
        "nul tail then newline": body + b"\x00" * 4096 + b"\n",
        "blank lines": b"\n\n" + body + b"\n \n",
    }
    for first, a in pieces.items():
        for second, b in pieces.items():
            want = list(lc.jsonl.read(a, lc.Turn, on_error="skip")) + list(
                lc.jsonl.read(b, lc.Turn, on_error="skip")
            )
            got = list(lc.jsonl.read(a + b, lc.Turn, on_error="skip"))
            if got != want:
                fail(f"concatenation {first} + {second}", f"{len(got)} records, the pieces alone {len(want)}")
            else:
                held("concatenation == pieces alone")


def fuzz_msgpack_nul_runs(tmp: Path) -> None:
    """A length-prefixed MessagePack log with a NUL run (a crash's lost tail) before the next
    records: the oracle wants every record after the run."""
    import io

    turns = [lc.decode(line, lc.Turn) for line in turn_lines(3)]
    frames = []
    for turn in turns:
        buf = io.BytesIO()
        lc.msgpack.write_stream(buf, [turn])
        frames.append(buf.getvalue())
    for run in [*range(1, 9), 4096, 4097, 4098, 4099, len(frames[1])]:
        data = frames[0] + b"\x00" * run + frames[1] + frames[2]
        got: list[Any] = []
        try:
            for record in lc.msgpack.read_stream(io.BytesIO(data), lc.Turn, on_error="skip"):
                got.append(record)
        except lc.LmcodecError:
            pass
        except Exception as exc:
            fail(f"msgpack NUL run {run}", f"{type(exc).__name__}: {exc}")
            continue
        if got != turns:
            fail(f"msgpack NUL run of {run} bytes", f"{len(got)} of {len(turns)} records")
        else:
            held("msgpack NUL run")


def fuzz_truncation(tmp: Path) -> None:
    lines = turn_lines(3)
    data = b"\n".join(lines) + b"\n"
    bad_counts = Counter()
    for cut in range(len(data) + 1):
        piece = data[:cut]
        good, nbad = oracle_lines(piece)
        try:
            got = list(lc.jsonl.read(piece, lc.Turn, on_error="skip"))
        except Exception as exc:
            fail(f"truncate at {cut}", f"{type(exc).__name__}: {exc}")
            continue
        if got != good:
            fail(f"truncate at {cut}", f"{len(got)} records, oracle {len(good)}")
            continue
        bad_counts[nbad] += 1
        held("truncate every byte (library)")
    # and through the CLI, a sample of cuts (the subprocess costs ~0.5 s each)
    for cut in random.Random(56).sample(range(len(data)), 8):
        piece = data[:cut]
        good, nbad = oracle_lines(piece)
        check_jsonl_convert(f"cli truncate at {cut}", piece, good, nbad, tmp)


def fuzz_compressed_misnamed(tmp: Path) -> None:
    lines = turn_lines(4)
    data = b"\n".join(lines) + b"\n"
    gz = gzip.compress(data)
    cases = {
        "gz_named_jsonl.jsonl": gz,
        "truncated.jsonl.gz": gz[: len(gz) // 2],
        "garbage.jsonl.gz": b"\x1f\x8bnot gzip",
    }
    try:
        import zstandard

        # several 128 KiB zstd blocks, so that whole blocks precede the cut
        zst = zstandard.ZstdCompressor().compress(b"\n".join(turn_lines(40)) * 20 + b"\n")
        cases["zst_named_jsonl.jsonl"] = zst
        cases["truncated.jsonl.zst"] = zst[: len(zst) // 2]
        cases["garbage.jsonl.zst"] = b"\x28\xb5\x2f\xfdgarbage"
        cases["plain_named.jsonl.zst"] = data
    except ImportError:
        pass
    cases["plain_named.jsonl.gz"] = data
    for name, blob in cases.items():
        path = tmp / name
        path.write_bytes(blob)
        for cmd in (["validate", str(path)], ["convert", str(path), str(tmp / "o.jsonl")]):
            rc, _, err, _, _ = cli(*cmd)
            case = f"{name} {cmd[0]}"
            if not stderr_ok(case, err):
                continue
            if rc == 0 and ("truncated" in name or "garbage" in name or "plain_named" in name):
                fail(case, f"rc 0 on a damaged/misnamed file: {err[-200:]!r}")
                continue
            if rc not in (0, 1, 2):
                fail(case, f"rc {rc}")
                continue
            held("compressed/misnamed")
        # no good record lost in a truncated compressed file: the whole lines before the cut
        if name.startswith("truncated"):
            rc, out, err, _, _ = cli("convert", str(path), "-")
            got = list(lc.jsonl.read(out, lc.Turn, on_error="skip")) if out else []
            if not got:
                fail(
                    f"{name} records before the cut",
                    f"none of the whole records written (rc {rc}, {err[-200:]!r})",
                )
            else:
                held("truncated compressed keeps records")


def fuzz_paths(tmp: Path) -> None:
    lines = turn_lines(2)
    good = tmp / "good.jsonl"
    good.write_bytes(b"\n".join(lines) + b"\n")
    fifo = tmp / "fifo.jsonl"
    os.mkfifo(fifo)
    unreadable = tmp / "unreadable.jsonl"
    unreadable.write_bytes(good.read_bytes())
    unreadable.chmod(0)
    loop = tmp / "loop.jsonl"
    os.symlink(loop, loop)
    spaced = tmp / "a dir with spaces ü 🐍"
    spaced.mkdir()
    (spaced / "in put ü.jsonl").write_bytes(good.read_bytes())
    ro = tmp / "readonly"
    ro.mkdir()
    ro.chmod(0o500)
    inputs = {
        "directory": (str(tmp), 2),
        "missing": (str(tmp / "nope.jsonl"), 2),
        "unreadable": (str(unreadable), 2 if os.geteuid() != 0 else 0),
        "symlink loop": (str(loop), 2),
        "/dev/null": ("/dev/null", 0),
        "unicode path": (str(spaced / "in put ü.jsonl"), 0),
    }
    for name, (path, want) in inputs.items():
        for cmd in (
            ["validate", path],
            ["convert", path, str(tmp / "o.jsonl")],
            ["assemble", "openai", path],
        ):
            rc, _, err, _, _ = cli(*cmd)
            case = f"input {name} {cmd[0]}"
            if not stderr_ok(case, err):
                continue
            expect = want if cmd[0] != "assemble" or want else 1
            if rc != expect and not (cmd[0] == "assemble" and name in ("/dev/null",)):
                fail(case, f"rc {rc}, expected {expect}: {err.strip()[-200:]!r}")
                continue
            held("odd input path")
    # a FIFO with a writer
    writer = subprocess.Popen(["sh", "-c", f"cat {good} > {fifo}"])
    rc, _, err, _, _ = cli("validate", str(fifo))
    writer.wait()
    if rc != 0 or not stderr_ok("fifo", err):
        fail("fifo", f"rc {rc}: {err[-200:]!r}")
    else:
        held("fifo input")
    outputs = {
        "missing dir": str(tmp / "no" / "such" / "out.jsonl"),
        "/dev/full": "/dev/full",
        "a directory": str(tmp),
        "same as input": str(good),
    }
    if os.geteuid() != 0:  # root writes into a read-only directory
        outputs["read-only dir"] = str(ro / "out.jsonl")
    for name, dest in outputs.items():
        before = good.read_bytes()
        rc, _, err, _, _ = cli("convert", str(good), dest)
        case = f"output {name}"
        if not stderr_ok(case, err):
            continue
        if good.read_bytes() != before:
            fail(case, "the input was changed")
            continue
        if name == "same as input":
            if rc not in (0, 2):
                fail(case, f"rc {rc}")
            held("output odd path")
            continue
        if rc != 2:
            fail(case, f"rc {rc}, expected 2: {err.strip()[-200:]!r}")
            continue
        held("output odd path")
    for fmt in ("msgpack", "parquet", "llm"):
        rc, _, err, _, _ = cli("convert", str(good), "/dev/full", "--to", fmt)
        if rc != 2 or not stderr_ok(f"/dev/full --to {fmt}", err):
            fail(f"/dev/full --to {fmt}", f"rc {rc}: {err[-200:]!r}")
        else:
            held("output odd path")
    # stdin and stdout
    rc, out, err, _, _ = cli("convert", "-", "-", stdin=good.read_bytes())
    if rc != 0 or list(lc.jsonl.read(out, lc.Turn)) != [lc.decode(x, lc.Turn) for x in lines]:
        fail("stdin to stdout", f"rc {rc}: {err[-200:]!r}")
    else:
        held("stdin/stdout")
    for fmt in ("msgpack", "parquet", "llm"):
        rc, out, err, _, _ = cli("convert", "-", "-", "--to", fmt, stdin=good.read_bytes())
        if not stderr_ok(f"stdout --to {fmt}", err) or rc not in (0, 2):
            fail(f"stdout --to {fmt}", f"rc {rc}: {err[-200:]!r}")
        else:
            held("stdin/stdout")
    ro.chmod(0o700)


# ---------------------------------------------------------------- formats round trip

FORMATS = ("lm15", "msgpack", "parquet", "llm")
SUFFIX = {"lm15": ".jsonl", "msgpack": ".msgpack", "parquet": ".parquet", "llm": ".llm.jsonl"}


def fuzz_round_trips(tmp: Path) -> None:
    turns = [lc.decode(line, lc.Turn) for line in turn_lines(8)]
    start = tmp / "start.jsonl"
    lc.jsonl.write(start, turns)
    for a in FORMATS:
        for b in FORMATS:
            if a == b:
                continue
            pa, pb, back = tmp / f"rt_a{SUFFIX[a]}", tmp / f"rt_b{SUFFIX[b]}", tmp / "rt_back.jsonl"
            if a == "lm15":
                pa = start
            steps = [
                (str(start), str(pa), "lm15", a),
                (str(pa), str(pb), a, b),
                (str(pb), str(pa) + ".2" + SUFFIX[a], b, a),
                (str(pa) + ".2" + SUFFIX[a], str(back), a, "lm15"),
            ]
            ok = True
            for s, d, f, t in steps:
                if f == t:
                    continue
                rc, _, err, _, _ = cli("convert", s, d, "--from", f, "--to", t)
                if rc != 0 or not stderr_ok(f"{a}->{b}", err):
                    fail(f"round trip {a}->{b}", f"step {f}->{t} rc {rc}: {err.strip()[-300:]!r}")
                    ok = False
                    break
            if not ok:
                continue
            got = list(lc.jsonl.read(Path(str(pa) + ".2" + SUFFIX[a]) if a == "lm15" else back, lc.Turn))
            if got != turns:
                diff = next((i for i, (x, y) in enumerate(zip(got, turns, strict=False)) if x != y), None)
                fail(
                    f"round trip lm15->{a}->{b}->{a}->lm15",
                    f"{len(got)} of {len(turns)} back, first difference at {diff}",
                )
            else:
                held("format round trip")


# ---------------------------------------------------------------- assemble


def fuzz_assemble() -> None:
    root = CORPUS / "lm15-contract" / "bodies"
    if not root.is_dir():
        print("NOTE corpus absent: assemble skipped")
        return
    for path in sorted(root.glob("*/*")):
        provider = path.parent.name.split(".")[0]
        if provider not in ("openai", "openai_chat", "anthropic", "gemini"):
            continue
        data = path.read_bytes()
        if not data.lstrip().startswith((b"event:", b"data:")):
            continue
        rc, out, err, _, _ = cli("assemble", provider, str(path))
        case = f"assemble {path.parent.name}/{path.name}"
        if not stderr_ok(case, err):
            continue
        try:
            want = lc.encode(lc.assemble(lc.stream.decode(provider, [data])))
        except lc.LmcodecError as exc:
            if rc != 1:
                fail(case, f"python raised {exc!r}, the CLI rc {rc}")
            else:
                held("assemble == python (both refuse)")
            continue
        if rc != 0 or out.strip() != want.strip():
            fail(case, f"rc {rc}; cli and python differ ({len(out)} vs {len(want)} bytes)")
            continue
        held("assemble == python")
    # lm15's reading of the same captures
    try:
        from lm15.providers import parse_stream  # noqa: F401
    except Exception:
        pass


# ---------------------------------------------------------------- linearity


def fuzz_linear(tmp: Path) -> None:
    def measure(name: str, data: bytes, cmd: list[str]) -> tuple[float, int]:
        path = tmp / name
        path.write_bytes(data)
        best = (1e9, 0)
        for _ in range(2):
            rc, _, _, cpu, _ = cli(*[c.replace("{}", str(path)) for c in cmd], timeout=600)
            best = min(best, (cpu, rc))
        return best

    tiny = lc.encode(lc.decode(turn_lines(1)[0], lc.Turn))
    shapes: dict[str, Callable[[int], bytes]] = {
        "tiny lines": lambda n: b"{}\n" * n,
        "blank lines": lambda n: b"\n" * n,
        "bad lines": lambda n: b"x\n" * n,
        "records": lambda n: (tiny + b"\n") * (n // 100),
        "one long line": lambda n: b'{"request":{"model":"' + b"a" * (n * 10) + b'","messages":[]}}\n',
        "one long bad line": lambda n: b"[" * (n * 3) + b"\n",
        "crlf records": lambda n: (tiny + b"\r\n") * (n // 100),
    }
    for name, make in shapes.items():
        small = measure("lin_small.jsonl", make(100_000), ["validate", "{}"])
        big = measure("lin_big.jsonl", make(200_000), ["validate", "{}"])
        base = measure("lin_empty.jsonl", b"", ["validate", "{}"])
        s, b = small[0] - base[0], big[0] - base[0]
        ratio = b / s if s > 0.05 else 1.0
        print(f"linear {name}: {s:.3f}s -> {b:.3f}s (x{ratio:.2f}) cpu above start-up")
        if ratio > 2.6:
            fail(f"linear {name}", f"doubling the input cost x{ratio:.2f} ({s:.3f}s -> {b:.3f}s)")
        else:
            held("linear")


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="rt56-") as d:
        tmp = Path(d)
        for step in (
            fuzz_line_mutations,
            fuzz_concatenation,
            fuzz_msgpack_nul_runs,
            fuzz_truncation,
            fuzz_compressed_misnamed,
            fuzz_paths,
            fuzz_round_trips,
        ):
            print(f"== {step.__name__}", flush=True)
            step(tmp)
        print("== fuzz_assemble", flush=True)
        fuzz_assemble()
        if "--quick" not in sys.argv:
            print("== fuzz_linear", flush=True)
            fuzz_linear(tmp)
        (tmp / "readonly").chmod(0o700) if (tmp / "readonly").exists() else None
    print("\nheld:")
    for kind, n in sorted(HELD.items()):
        print(f"  {n:5d}  {kind}")
    print(f"failed: {len(FAILED)}")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
