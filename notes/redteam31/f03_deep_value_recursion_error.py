"""F03: a record whose typed field holds a value nested 1,000 deep (`{"request": [[[...]]]}`) makes
lc.decode raise a bare RecursionError, not an lc error: the refusal's repeated-key re-read
(codecs/_last_value._repeats_on) decodes the refused value untyped and msgspec's depth limit
escapes. lc.jsonl.read(..., on_error=...) then stops: every good record after that line is lost;
`lmcodec validate` (and `convert`) end in a traceback.
The project's rule: hostile input gets an lc error, no good record lost. Exits 1 while it shows."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

import lmcodec as lc

DEEP = b'{"request":' + b"[" * 1000 + b"]" * 1000 + b"}"


def main() -> int:
    failed = False
    try:
        lc.decode(DEEP, lc.Turn)
    except lc.LmcodecError as exc:
        print(f"lc.decode: {type(exc).__name__} (an lc error)")
    except RecursionError:
        print("lc.decode: bare RecursionError")
        failed = True
    turn = lc.Turn(
        request=lc.Request(model="m", messages=(lc.Message.user("hi"),)),
        response=lc.Response(id="r1", model="m", message=lc.Message.assistant("yo"), finish_reason="stop", usage=lc.Usage()),
    )
    good = lc.encode(turn)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "log.jsonl")
        with open(path, "wb") as f:
            f.write(good + b"\n" + DEEP + b"\n" + good + b"\n")
        bad: list = []
        got = []
        try:
            for record in lc.jsonl.read(path, lc.Turn, on_error=bad.append):
                got.append(record)
        except RecursionError:
            print("lc.jsonl.read(on_error=...): bare RecursionError, reading stopped")
        print(f"lc.jsonl.read: {len(got)} of 2 good records, {len(bad)} bad record(s) reported")
        failed |= len(got) != 2 or len(bad) != 1
        run = subprocess.run([sys.executable, "-m", "lmcodec", "validate", path], capture_output=True, text=True)
        escaped = "Traceback" in run.stderr
        print(f"lmcodec validate: status {run.returncode}, {'a traceback' if escaped else 'no traceback'}")
        failed |= escaped
    body = json.dumps({"model": "gpt-5", "input": "hi", "tools": None}).encode()
    body = body[:-1] + b', "metadata": ' + b"[" * 1000 + b"]" * 1000 + b"}"
    try:
        lc.providers.translate_request("openai", "anthropic", body)
        print("translate_request: accepted")
    except lc.LmcodecError as exc:
        print(f"translate_request: {type(exc).__name__} (an lc error)")
    except RecursionError:
        print("translate_request: bare RecursionError")
        failed = True
    if failed:
        print("FINDING: a deep value escapes as RecursionError")
    return 1 if failed else 0


sys.exit(main())
