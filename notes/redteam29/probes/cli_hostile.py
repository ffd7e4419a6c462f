"""The lmcodec CLI (convert, validate, assemble) on hostile files on disk: every run must end with an
lc message (no Python traceback), its time must stay linear, and no good record is lost."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import lmcodec as lc

TMP = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/rt29/cli")
TMP.mkdir(parents=True, exist_ok=True)
PY = sys.executable
ENV = {**os.environ}

turn = lc.Turn(request=lc.Request("m", [lc.Message.user("hi")]),
               response=lc.Response(id="r", model="m", message=lc.Message.assistant("yo"), finish_reason="stop", usage=lc.Usage()))
GOOD = lc.encode(turn)


def record_with_meta(meta_json: bytes) -> bytes:
    value = json.loads(GOOD)
    value["metadata"] = {"k": "PLACEHOLDER"}
    return json.dumps(value).encode().replace(b'"PLACEHOLDER"', meta_json)


FILES: dict[str, bytes] = {
    "deep.jsonl": GOOD + b"\n" + record_with_meta(b"[" * 100_000 + b"]" * 100_000) + b"\n" + GOOD + b"\n",
    "deepobj.jsonl": GOOD + b"\n" + record_with_meta(b'{"a":' * 50_000 + b"1" + b"}" * 50_000) + b"\n" + GOOD + b"\n",
    "manykeys.jsonl": GOOD + b"\n" + record_with_meta(json.dumps({f"k{i}": i for i in range(300_000)}).encode()) + b"\n" + GOOD + b"\n",
    "dupkeys.jsonl": GOOD + b"\n" + record_with_meta(b"{" + b",".join(b'"k":1' for _ in range(300_000)) + b"}") + b"\n" + GOOD + b"\n",
    "escapes.jsonl": GOOD + b"\n" + record_with_meta(b'"' + b"\\u00e9" * 500_000 + b'"') + b"\n" + GOOD + b"\n",
    "surrogate.jsonl": GOOD + b"\n" + record_with_meta(b'"\\ud800"') + b"\n" + GOOD + b"\n",
    "bigint.jsonl": GOOD + b"\n" + record_with_meta(b"1" * 5000) + b"\n" + GOOD + b"\n",
    "tiny_many.jsonl": GOOD.replace(b"\n", b"") + b"\n" + b"{}\n" * 300_000 + GOOD + b"\n",
    "blank_many.jsonl": GOOD + b"\n" + b"\n" * 2_000_000 + GOOD + b"\n",
    "nul_run.jsonl": GOOD + b"\n" + b"\0" * 3_000_000 + b"\n" + GOOD + b"\n",
    "no_newline_end.jsonl": GOOD + b"\n" + GOOD,
    "cr_only.jsonl": GOOD + b"\r" + GOOD + b"\r",
    "crlf.jsonl": GOOD + b"\r\n" + GOOD + b"\r\n",
    "bom.jsonl": b"\xef\xbb\xbf" + GOOD + b"\n" + GOOD + b"\n",
    "bom_mid.jsonl": GOOD + b"\n\xef\xbb\xbf" + GOOD + b"\n",
    "latin1.jsonl": GOOD + b"\n" + GOOD.replace(b'"hi"', b'"h\xe9"') + b"\n" + GOOD + b"\n",
    "array.jsonl": b"[" + GOOD + b"," + GOOD + b"]\n",
    "utf16.jsonl": (GOOD.decode() + "\n").encode("utf-16"),
    "empty.jsonl": b"",
    "trunc.jsonl.gz": gzip.compress(GOOD + b"\n" + GOOD + b"\n" + GOOD + b"\n")[:-12],
    "garbage_tail.jsonl.gz": gzip.compress(GOOD + b"\n" + GOOD + b"\n") + b"garbage",
    "two_members.jsonl.gz": gzip.compress(GOOD + b"\n") + gzip.compress(GOOD + b"\n"),
    "not_gzip.jsonl.gz": GOOD + b"\n",
    "notparquet.parquet": GOOD + b"\n",
    "forged.msgpack": b"\xff\xff\xff\xff" + b"\x80",
    "sse_as_log.jsonl": b'data: {"x":1}\n\n',
}


def run(args: list[str]) -> tuple[int, str, float]:
    start = time.perf_counter()
    proc = subprocess.run([PY, "-m", "lmcodec", *args], capture_output=True, env=ENV, timeout=600)
    return proc.returncode, proc.stderr.decode("utf-8", "replace"), time.perf_counter() - start


def main() -> int:
    bad = 0
    for name, data in FILES.items():
        src = TMP / name
        src.write_bytes(data)
        for args in (["validate", str(src)], ["convert", str(src), str(TMP / (name + ".out.jsonl"))],
                     ["convert", str(src), str(TMP / (name + ".out.msgpack"))], ["convert", "--to", "llm", str(src), str(TMP / (name + ".llm.jsonl"))]):
            rc, err, took = run(args)
            tb = "Traceback" in err
            out = TMP / (name + ".out.jsonl")
            written = out.read_bytes().count(b"\n") if args[0] == "convert" and args[-1] == str(out) and out.exists() else None
            flag = "BARE " if tb else ("SLOW " if took > 5 else "")
            bad += bool(flag)
            last = err.strip().splitlines()[-1][:160] if err.strip() else ""
            print(f"{flag}{name:24} {args[0]:8} {Path(args[-1]).suffix:9} rc={rc} {took:5.2f}s written={written} | {last}")
    print("bad", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
