"""F04 (LOW): an error message quotes the attacker's whole value: a 1 MiB ``type`` or enum string
gives a 1 MiB message (``ValidationError("Invalid enum value 'AAAA…'")``, ``decode_request``'s
"an input block of type 'AAAA…'"). A gateway that logs its refusals writes every hostile request
back in full (and the message is built at 35 ns/byte: F03's first shape). Seen by fuzz.py in the
decode and decode_request families (``slow`` findings whose message was the value).

Exits 1 while any of these messages is over 4 KiB for a 1 MiB value, 0 once they are cut."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import lc  # noqa: E402

LONG = "A" * (1 << 20)
CALLS = {
    "lc.decode StreamEvent finish_reason": lambda: lc.decode(
        ('{"type":"end","finish_reason":"%s"}' % LONG).encode(), lc.StreamEvent),
    "lc.decode Part type": lambda: lc.decode(('{"type":"%s","text":"x"}' % LONG).encode(), lc.Part),
    "lc.decode_request openai input type": lambda: lc.decode_request(
        "openai", ('{"model":"m","input":[{"type":"%s"}]}' % LONG).encode()),
    "lc.decode_request anthropic role": lambda: lc.decode_request(
        "anthropic", ('{"model":"m","max_tokens":1,"messages":[{"role":"%s","content":"x"}]}' % LONG).encode()),
    "lc.decode_response gemini finishReason": lambda: lc.decode_response(
        "gemini", ('{"candidates":[{"content":{"parts":[{"text":"x"}]},"finishReason":"%s"}]}' % LONG).encode()),
    "lc.llm.decode part type": lambda: lc.llm.decode(('{"type":"%s"}' % LONG).encode(), lc.llm.Part),
}


def main() -> int:
    bad = 0
    for name, call in CALLS.items():
        try:
            call()
            print(f"accepted      {name}")
            continue
        except lc.LmcodecError as exc:
            size = len(str(exc))
        status = "LONG" if size > 4096 else "ok"
        bad += status == "LONG"
        print(f"{status:5} {size:>9} chars  {name}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
