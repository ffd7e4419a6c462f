"""F03: an llm record (llm 0.36 ResponseDict) whose prompt message `role` is a JSON list or object
is read by lc.llm.decode (as llm's from_dict reads it), then lc.llm.to_turn raises a bare
TypeError ("unhashable type: 'list'", from `m.role not in _PLAIN_ROLES`). `lmcodec convert --from llm`
dies on it with a Python traceback: status 1, nothing written, the good records around it lost.
A role of another non-string type (a number) is carried (the Turn's message holds it in an llm
`role` continuation, and lc.llm.from_turn gives it back): a list or object should be carried the same
way, or refused with an lc error naming the record.

Exits 1 while either entry point lets the TypeError out."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

import lmcodec as lc

GOOD = {"model": "mock", "prompt": {"messages": [{"role": "user", "parts": [{"type": "text", "text": "Say hello"}]}]},
        "messages": [{"role": "assistant", "parts": [{"type": "text", "text": "Hello there!"}]}],
        "id": "01k1xq3f7v8m2n4p6r8t0w0001", "usage": {"input": 3, "output": 3}}


def with_role(role: object) -> dict:
    record = json.loads(json.dumps(GOOD))
    record["prompt"]["messages"][0]["role"] = role
    return record


def main() -> int:
    bad = 0
    for role in (["user"], {"r": 1}, 7):
        data = json.dumps(with_role(role)).encode()
        try:
            lc.llm.to_turn(lc.llm.decode(data))
            print(f"role {role!r}: converted (carried in an llm role continuation)")
        except lc.LmcodecError as exc:
            print(f"role {role!r}: lc error (good): {type(exc).__name__}: {exc}")
        except Exception as exc:  # noqa: BLE001
            bad += 1
            print(f"FAIL role {role!r}: lc.llm.to_turn raised a bare {type(exc).__name__}: {exc}")
    with tempfile.TemporaryDirectory() as tmp:
        src, dest = Path(tmp) / "log.jsonl", Path(tmp) / "out.jsonl"
        src.write_text("\n".join(json.dumps(r) for r in (GOOD, with_role(["user"]), GOOD)) + "\n")
        proc = subprocess.run([sys.executable, "-m", "lmcodec", "convert", "--from", "llm", str(src), str(dest)],
                              capture_output=True, text=True)
        written = dest.read_text().count("\n") if dest.exists() else 0
        print(f"lmcodec convert --from llm (good, role [\"user\"], good): status {proc.returncode}, {written} records written")
        print("  stderr: " + proc.stderr.strip().splitlines()[-1])
        if "Traceback" in proc.stderr:
            bad += 1
            print("FAIL the command ended with a Python traceback (the two good records were not written)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
