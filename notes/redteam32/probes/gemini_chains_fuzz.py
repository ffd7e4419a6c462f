"""Random Gemini streams (red team 31's part mix, no images) translated to a first client dialect and
from there on to a second one (gemini -> mid -> dst), against google-genai's reading of the source:
text, thinking, calls read by dst's SDK, and dst's protocol checker. Counts what goes wrong."""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "redteam31" / "probes"))
import lmcodec as lc  # noqa: E402
from tests.stream.test_parts_in_order import (  # noqa: E402
    PROTOCOL_BREAKS, REQUEST, client_reading, genai_reading, gemini_stream)

import importlib.util  # noqa: E402

spec = importlib.util.spec_from_file_location("fz", Path(__file__).resolve().parents[2] / "redteam31/probes/gemini_parts_fuzz.py")
src = spec.loader.get_source("fz") if hasattr(spec.loader, "get_source") else ""
ns: dict = {}
exec(src.split("def main(")[0].replace("import lmcodec as lc  # noqa: E402", "").replace("sys.path.insert(0, str(Path(__file__).resolve().parents[3]))", ""), ns)  # part(), cut()
part, cut = ns["part"], ns["cut"]
DIALECTS = ("openai", "anthropic", "openai_chat")


def main(count: int, seed: int) -> int:
    rng = random.Random(seed)
    bad: Counter = Counter()
    examples: dict = {}
    for _ in range(count):
        chunks = [[part(rng, 10 * c + i) for i in range(rng.randint(1, 4))] for c in range(rng.randint(2, 5))]
        events = gemini_stream(chunks)
        want = genai_reading(events)
        body = b"".join(events)
        for mid in DIALECTS:
            try:
                first = list(lc.stream.translate("gemini", mid, cut(rng, body), request=REQUEST))
            except Exception as exc:  # noqa: BLE001
                bad[mid, "first raised"] += 1
                examples.setdefault((mid, "first raised"), (chunks, repr(exc)[:300]))
                continue
            for dst in DIALECTS + ("gemini",):
                if dst == mid:
                    continue
                try:
                    out = b"".join(lc.stream.translate(mid, dst, first, request=REQUEST))
                    if dst == "gemini":
                        got = genai_reading([x.strip() for x in out.replace(b"\r\n", b"\n").split(b"\n\n") if x.strip().startswith(b"data: ")])
                    else:
                        got = client_reading(dst, out)
                    breaks = PROTOCOL_BREAKS[dst](out) if dst in PROTOCOL_BREAKS else []
                except Exception as exc:  # noqa: BLE001
                    bad[mid, dst, f"raised {type(exc).__name__}"] += 1
                    examples.setdefault((mid, dst, "raised"), (chunks, repr(exc)[:300]))
                    continue
                for key in ("text", "thinking", "tool_calls"):
                    if got[key] != want[key]:
                        bad[mid, dst, key] += 1
                        examples.setdefault((mid, dst, key), (chunks, got[key], want[key]))
                if breaks:
                    bad[mid, dst, "protocol"] += 1
                    examples.setdefault((mid, dst, "protocol"), (chunks, breaks[:3]))
    print(count, "streams x 9 chains; wrong:", dict(bad))
    for key, ex in list(examples.items())[:12]:
        print(key, json.dumps(ex, default=str)[:700])
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 100, int(sys.argv[2]) if len(sys.argv) > 2 else 32))
