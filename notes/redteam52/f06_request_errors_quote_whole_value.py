"""F06 (LOW): rtfix57's F04 (``errors.quoted``: an input value quoted to 64 characters and its
length) missed five messages of the openai / openai_chat request readers, which still quote the
value whole: a 1 MiB ``role``, ``tool_choice``, ``reasoning_effort`` or Chat tool ``type`` gives a
1,048,6xx-character ValidationError (through ``decode_request`` and ``translate_request`` to every
dialect). A gateway logging the refusal writes the client's megabyte. (A 1 MiB *key* in the path,
``$.input[0].ZZZ…``, was left by rtfix57 on purpose and is not counted here.)

Should: every message quoting a value quotes it through ``errors.quoted`` (under ~300 characters).
Exits 1 while any of the five messages is over 1,000 characters, 0 once none is.
Run: /work/venv/bin/python notes/redteam52/f06_request_errors_quote_whole_value.py
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import lc  # noqa: E402
import lmcodec.providers as lcp  # noqa: E402

BIG = "Z" * (1 << 20)
CHAT = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
CASES = {
    "openai input role": ("openai", {"model": "m", "input": [{"role": BIG, "content": "hi"}]}),
    "openai tool_choice": ("openai", {"model": "m", "input": "hi", "tool_choice": BIG}),
    "openai_chat message role": ("openai_chat", {"model": "m", "messages": [{"role": BIG, "content": "hi"}]}),
    "openai_chat reasoning_effort": ("openai_chat", dict(CHAT, reasoning_effort=BIG)),
    "openai_chat tool type": ("openai_chat", dict(CHAT, tools=[{"type": BIG}])),
}


def main() -> int:
    bad = 0
    for name, (dialect, body) in CASES.items():
        try:
            lcp.decode_request(dialect, json.dumps(body).encode())
            length = 0
        except lc.LmcodecError as exc:
            length = len(str(exc))
        bad += length > 1000
        print(f"{name:30} message of {length:,} characters")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
