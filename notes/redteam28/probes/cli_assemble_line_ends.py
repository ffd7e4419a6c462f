"""`lmcodec assemble --events` on corpus streams written to disk with their line ends rewritten (all
CR, all CRLF, mixed per line, CR as the last byte, gzip): the events printed must be those of the LF
file (same command)."""
from __future__ import annotations

import gzip
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, ".")
from tests.providers.provider_support import stream_bodies  # noqa: E402

ENV = dict(os.environ)


def run(provider: str, path: str) -> tuple[int, bytes, bytes]:
    r = subprocess.run([sys.executable, "-m", "lmcodec", "assemble", "--events", "--model", "m", provider, path],
                       capture_output=True, env=ENV, timeout=120)
    return r.returncode, r.stdout, r.stderr


def main(per: int) -> int:
    rng = random.Random(0)
    bad = runs = 0
    with tempfile.TemporaryDirectory() as tmp:
        for provider in ("openai", "openai_chat", "anthropic", "gemini"):
            paths = [p for p in stream_bodies(provider) if b"\r" not in p.read_bytes() and p.stat().st_size < 200_000]
            for src in rng.sample(paths, min(per, len(paths))):
                lines = src.read_bytes().splitlines()
                lf = os.path.join(tmp, "lf.sse")
                open(lf, "wb").write(b"".join(x + b"\n" for x in lines))
                want = run(provider, lf)
                for mode in ("cr", "crlf", "mixed", "cr_last", "gz_cr"):
                    if mode == "mixed":
                        data, prev = b"", b""
                        for x in lines:
                            end = rng.choice([b"\n", b"\r", b"\r\n"])
                            if prev == b"\r" and not x and end != b"\r":
                                end = b"\r"
                            data += x + end
                            prev = end
                    else:
                        end = b"\r\n" if mode == "crlf" else b"\r"
                        data = b"".join(x + end for x in lines)
                    if mode == "cr_last":
                        data = data.rstrip(b"\r\n") + b"\r"
                    name = os.path.join(tmp, "v.sse.gz" if mode == "gz_cr" else "v.sse")
                    open(name, "wb").write(gzip.compress(data) if mode == "gz_cr" else data)
                    got = run(provider, name)
                    runs += 1
                    if got[:2] != want[:2]:
                        bad += 1
                        if bad <= 5:
                            print(f"MISMATCH {provider} {src.name} {mode}: rc {got[0]} vs {want[0]}\n  got {got[1][:200]!r} {got[2][-200:]!r}\n  want {want[1][:200]!r}")
    print(f"{runs} runs, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 3))
