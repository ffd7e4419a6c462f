"""F03: lc.stream.encode("openai", lc.stream.decode("openai", src)) of a Responses stream with a
hosted code_interpreter_call before the message: the events carry the message at output_index 0,
while response.completed (the backend's, written verbatim) holds it at position 1, after the
hosted item no event carries. Before rtfix34 (6c87639) the message kept index 1, matching. The
Responses reference: output_index is the item's index in response.output. Exits 1 while the
events' index and the final response's position differ."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lmcodec as lc  # noqa: E402
from _responses_stream import CODE, MESSAGE, body, events, stream_of  # noqa: E402


def main() -> int:
    src = stream_of(body([CODE, MESSAGE]))
    out = b"".join(lc.stream.encode("openai", lc.stream.decode("openai", src)))
    evs = events(out)
    final = [o["type"] for n, d in evs if n == "response.completed" for o in d["response"]["output"]]
    done = {d["output_index"]: d["item"]["type"] for n, d in evs if n == "response.output_item.done"}
    print("events' items by output_index:", done)
    print("response.completed output:    ", final)
    wrong = [i for i, t in done.items() if i >= len(final) or final[i] != t]
    print("events whose output_index names another item in the final response:", wrong)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
