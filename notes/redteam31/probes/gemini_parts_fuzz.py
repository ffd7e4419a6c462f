"""Random Gemini streams, wider than test_parts_in_order's draw: signed thoughts, signed texts, calls
with signatures, code execution parts, inline images, empty texts, logprobs, odd extra keys, and the
bytes cut at random. Translated to Responses / Anthropic / Chat; each client SDK's reading against
google-genai's, plus the two protocol checkers from the tests. Counts what goes wrong."""
from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
import lmcodec as lc  # noqa: E402
from tests.stream.test_parts_in_order import (  # noqa: E402
    PROTOCOL_BREAKS, REQUEST, client_reading, genai_reading, gemini_stream)

SIG = "c2ln"
IMAGES = "--images" in sys.argv
if IMAGES:
    sys.argv.remove("--images")


def duplicate_item_ids(out: bytes) -> list[str]:
    """Responses: ids given to two items of the stream's output_item.added, or of response.completed."""
    from tests.stream.test_parts_in_order import sse_events
    added = [d["item"].get("id") for n, d in sse_events(out) if n == "response.output_item.added"]
    done = [i.get("id") for n, d in sse_events(out) if n == "response.completed" for i in d["response"]["output"]]
    return [x for ids in (added, done) for x in set(ids) if x and ids.count(x) > 1]


def part(rng: random.Random, n: int) -> dict:
    k = rng.choice(["text", "text", "thought", "thought_sig", "text_sig", "call", "call_sig", "empty",
                    "empty_sig", "code", "result", "text_extra"] + (["image"] if IMAGES else []))
    return {
        "text": {"text": f"t{n} "},
        "thought": {"text": f"h{n} ", "thought": True},
        "thought_sig": {"text": f"h{n} ", "thought": True, "thoughtSignature": SIG},
        "text_sig": {"text": f"t{n} ", "thoughtSignature": SIG},
        "call": {"functionCall": {"name": f"f{n}", "args": {"n": n}}},
        "call_sig": {"functionCall": {"name": f"f{n}", "args": {"n": n}}, "thoughtSignature": SIG},
        "empty": {"text": ""},
        "empty_sig": {"text": "", "thoughtSignature": SIG},
        "code": {"executableCode": {"language": "PYTHON", "code": "print(1)"}},
        "result": {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1\n"}},
        "image": {"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}},
        "text_extra": {"text": f"t{n} ", "partMetadata": {"x": 1}},
    }[k]


def cut(rng: random.Random, body: bytes) -> list[bytes]:
    if rng.random() < 0.3:
        return [body]
    points = sorted(rng.sample(range(1, len(body)), min(len(body) - 1, rng.randint(1, 12))))
    return [body[a:b] for a, b in zip([0, *points], [*points, len(body)])]


def main(count: int) -> int:
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 31)
    bad: Counter = Counter()
    examples: dict = {}
    for _ in range(count):
        chunks = [[part(rng, 10 * c + i) for i in range(rng.randint(1, 4))] for c in range(rng.randint(2, 5))]
        events = gemini_stream(chunks)
        if rng.random() < 0.2:  # logprobs on some chunk
            k = rng.randrange(len(events))
            payload = json.loads(events[k][6:])
            payload["candidates"][0]["logprobsResult"] = {"chosenCandidates": [{"token": "a", "logProbability": -0.1}], "topCandidates": []}
            events[k] = b"data: " + json.dumps(payload).encode() + b"\r\n\r\n"
        want = genai_reading(events)
        body = b"".join(events)
        for dst in ("openai", "anthropic", "openai_chat"):
            try:
                out = b"".join(lc.stream.translate("gemini", dst, cut(rng, body), request=REQUEST))
                got = client_reading(dst, out)
                breaks = PROTOCOL_BREAKS[dst](out) if dst in PROTOCOL_BREAKS else []
            except Exception as exc:  # noqa: BLE001
                bad[dst, f"raised {type(exc).__name__}"] += 1
                examples.setdefault((dst, "raised"), (chunks, repr(exc)))
                continue
            for key in ("text", "thinking", "tool_calls"):
                if got[key] != want[key]:
                    bad[dst, key] += 1
                    examples.setdefault((dst, key), (chunks, got[key], want[key]))
            if dst == "openai" and duplicate_item_ids(out):
                bad[dst, "duplicate item ids"] += 1
                examples.setdefault((dst, "dup"), (chunks, duplicate_item_ids(out)))
            if breaks:
                bad[dst, "protocol"] += 1
                examples.setdefault((dst, "protocol"), (chunks, breaks[:3]))
    print(count, "streams x 3 clients; wrong:", dict(bad))
    for key, ex in list(examples.items())[:8]:
        print(key, json.dumps(ex, default=str)[:900])
    return 1 if bad else 0


sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 300))
