"""F02 (MEDIUM): an llm record whose lm15 channel holds a lone surrogate escape
(``provider_metadata: {"lm15": {"turn": "\\ud800"}}``) is read by ``lc.llm.decode`` (llm's rules
read lone surrogates, as ``json.loads``), then ``lc.llm.to_turn`` raises a bare
``UnicodeEncodeError`` from ``llm/_channel.py`` (``msgspec.convert`` of the channel value).
The documented answer is a ``ValidationError`` at the channel's path. ``lmcodec convert --from
llm`` is checked too: one line, its record rejected, the others converted.

Exits 1 while to_turn raises anything but an lc error, or the CLI prints a traceback, 0 once fixed."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import ROOT, lc  # noqa: E402

RECORD = (b'{"model":"m","prompt":{"messages":[{"role":"user","parts":[{"type":"text","text":"x"}]}],'
          b'"options":{}},"messages":[{"role":"assistant","parts":[{"type":"text","text":"Hello!"}],'
          b'"provider_metadata":{"lm15":{"turn":"\\ud800"}}}],"usage":{"input":12,"output":3}}')
GOOD = (b'{"model":"m","prompt":{"messages":[{"role":"user","parts":[{"type":"text","text":"x"}]}],'
        b'"options":{}},"messages":[{"role":"assistant","parts":[{"type":"text","text":"Hi"}]}]}')


def main() -> int:
    bad = 0
    record = lc.llm.decode(RECORD)
    try:
        lc.llm.to_turn(record)
        print("to_turn accepted the record")
    except lc.LmcodecError as exc:
        print(f"ok   to_turn: {type(exc).__name__}: {exc}")
    except Exception as exc:  # noqa: BLE001 - the finding
        bad += 1
        print(f"BARE to_turn: {type(exc).__name__}: {exc}")
    with tempfile.TemporaryDirectory() as tmp:
        src, dest = os.path.join(tmp, "in.jsonl"), os.path.join(tmp, "out.jsonl")
        with open(src, "wb") as fh:
            fh.write(GOOD + b"\n" + RECORD + b"\n" + GOOD + b"\n")
        proc = subprocess.run([sys.executable, "-m", "lmcodec", "convert", src, dest, "--from", "llm", "--to", "lm15",
                               "--on-error", "skip"], capture_output=True, text=True,
                              env=dict(os.environ, PYTHONPATH=os.path.join(ROOT, "src")))
        written = open(dest, "rb").read().count(b"\n") if os.path.exists(dest) else 0
        print(f"convert --on-error skip: status {proc.returncode}, {written} records written; stderr: {proc.stderr[-300:]!r}")
        if "Traceback" in proc.stderr or written != 2:
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
