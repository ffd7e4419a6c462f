"""F10: `lmcodec convert log.jsonl out.msgpack --to parquet` writes Parquet under a `.msgpack` name,
silently (exit 0); every later command that goes by the suffix then reads it as MessagePack
(`validate out.msgpack`: "truncated record (... of 1346458161 bytes)", exit 1). Exits 1 while
the contradiction passes without a word."""
import json
import sys
import tempfile

import lmcodec as lc
from _h import lmcodec

with tempfile.TemporaryDirectory() as d:
    req = lc.Request("m", [lc.Message.user("hi")])
    resp = lc.Response(message=lc.Message.assistant("yo"), model="m", finish_reason="stop", usage=lc.Usage(), id="r")
    lc.jsonl.write(f"{d}/log.jsonl", [lc.Turn(request=req, response=resp)])
    c = lmcodec("convert", f"{d}/log.jsonl", f"{d}/out.msgpack", "--to", "parquet")
    v = lmcodec("validate", f"{d}/out.msgpack")
    print(f"convert --to parquet into out.msgpack: exit {c.returncode}, {c.stderr.strip()!r}")
    print(f"validate out.msgpack: exit {v.returncode}, {v.stderr.strip().splitlines()[0]!r}")
    silent = c.returncode == 0 and "suffix" not in c.stderr and "parquet" not in c.stderr.lower()
sys.exit(1 if silent else 0)
