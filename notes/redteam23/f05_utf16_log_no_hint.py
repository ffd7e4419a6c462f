"""F05: a JSONL log saved as UTF-16 (Windows PowerShell 5.1's `>` and Out-File write UTF-16LE
with a byte-order mark) is read as N+1 bad records, each "JSON is malformed: invalid character
(byte 0)", the last a phantom line (the NUL after the final newline) flagged "(truncated last
line?)", with no hint, where the command names other mistaken inputs (Parquet, MessagePack,
llm, another --type: cli/_hints.py) and the provider body readers accept UTF-16 outright
(docs/hostile-input.md H8). Prints the failure; exits 1 while the bug is there.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

import lmcodec as lc

TURN = lc.Turn(
    request=lc.Request(model="m", messages=(lc.Message.user("hi"),)),
    response=lc.Response(
        id="r", model="m", message=lc.Message.assistant("yo"), finish_reason="stop", usage=lc.Usage()
    ),
)
RECORDS = 3
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "log.jsonl")
    text = "".join(lc.encode(TURN).decode() + "\n" for _ in range(RECORDS))
    with open(path, "wb") as fh:
        fh.write(text.encode("utf-16"))  # BOM + UTF-16LE, as PowerShell 5.1 writes
    run = subprocess.run([sys.executable, "-m", "lmcodec", "validate", path], capture_output=True, text=True)
print(run.stderr)
problems = []
if "UTF-16" not in run.stderr and "utf-16" not in run.stderr.lower():
    problems.append("no word of UTF-16: the user is told the JSON is malformed at byte 0 on every line")
if f"{RECORDS + 1} bad" in run.stderr:
    problems.append(f"{RECORDS} lines reported as {RECORDS + 1} bad records (a phantom last line)")
for problem in problems:
    print("FAIL:", problem)
sys.exit(1 if problems else 0)
