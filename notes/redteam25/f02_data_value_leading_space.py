"""F02: data lines whose value starts with white space cost 2-5x the floor (line-by-line framing).

A server that pretty-prints its JSON and writes each line as a `data:` line (the generic SSE
writers that split the payload on "\\n": `for line in data.split("\\n"): "data: " + line`, fed
`json.dumps(obj, indent=2)` / `JSON.stringify(obj, null, 2)` / Jackson's pretty printer) sends
continuation lines such as `data:   "choices": [`: the value after `data: ` starts with spaces.
So does a writer that puts two spaces after the colon (`data:  {...}`). The SSE spec strips only
one space after the colon; lmcodec's bulk framer refuses any value that starts with white space
and frames the whole block line by line. The same events multi-line but without the indent run
at ~0.6x the floor; README/RESULTS claim 0.40-1.01x for every matrix row (multi-line included).

Exits 1 while either shape costs more than 2x the floor.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import interleave, ms, ratio, sse_floor

import lmcodec as lc

END = [
    {"model": "m", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
    {"model": "m", "choices": [], "usage": {"prompt_tokens": 5, "completion_tokens": 7, "total_tokens": 12}},
]


def frames(n: int) -> list[dict[str, object]]:
    chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m"}
    deltas = [
        {**chunk, "choices": [{"index": 0, "delta": {"content": f" word{i}"}, "finish_reason": None}]}
        for i in range(n)
    ]
    return deltas + END


def body(objs: list[dict[str, object]], shape: str) -> bytes:
    out = []
    for obj in objs:
        if shape == "indent":  # one data: line per line of the pretty-printed JSON
            text = json.dumps(obj, indent=2)
        elif shape == "unindented":  # the same line breaks, no leading spaces
            text = "\n".join(line.lstrip() for line in json.dumps(obj, indent=2).split("\n"))
        else:
            text = json.dumps(obj, separators=(",", ":"))
        prefix = "data:  " if shape == "two spaces" else "data: "
        out.append("".join(prefix + line + "\n" for line in text.split("\n")) + "\n")
    return ("".join(out) + "data: [DONE]\n\n").encode()


def run(b: bytes) -> object:
    return lc.assemble(lc.stream.decode("openai_chat", [b]))


if __name__ == "__main__":
    objs = frames(3000)
    bodies = {shape: body(objs, shape) for shape in ("unindented", "indent", "compact", "two spaces")}
    texts = {run(b).text for b in bodies.values()}
    assert len(texts) == 1, "the shapes must assemble alike"
    contestants = {}
    for shape, b in bodies.items():
        contestants[shape] = lambda b=b: run(b)
        contestants["floor " + shape] = lambda b=b: sse_floor([b])
    t = interleave(contestants, 5)
    worst = 0.0
    for shape in bodies:
        r = ratio(t, shape, "floor " + shape)
        if shape in ("indent", "two spaces"):
            worst = max(worst, r)
        print(
            f"openai_chat, 3,000 deltas, {shape:10s}: {len(bodies[shape]) / 1e3:5.0f} KB, {ms(t, shape):6.1f} ms, "
            f"{r:.2f}x the floor"
        )
    print("should be near the unindented / compact figures (README: 0.40-1.01x every matrix row)")
    sys.exit(1 if worst > 2.0 else 0)
