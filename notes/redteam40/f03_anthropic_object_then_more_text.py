"""Red team 40 F03 (MEDIUM, older): a Chat call whose arguments open an object and go on past it
(`{"a":1} x`, or two objects `{"a":1}{"b":2}`, as some OpenAI-compatible backends concatenate
parallel calls into one index), translated (and stream-encoded) to an Anthropic client. lm15 reads
both as its marker `{"partial_json": raw}` (json.loads fails), and so does lmcodec's reading of
the source. rtfix44 holds only arguments whose first character is not `{`; these stream through
as input_json_delta fragments, so the anthropic SDK's accumulator (MessageStream's
accumulate_event) raises "Unable to parse tool parameter JSON" (the client loses the whole answer)
for the first, and reads `{"b": 2}` (a value nobody sent) for the second; `{"a":NaN}` (lm15's
json.loads refuses the constant: its marker) is read by the SDK as `{"a": None}` (whole) or
`{"a": nan}` (cut). Should: the tool_use
input the client reads equal lm15's reading of the source, as rtfix44 made it for non-objects.
Exits 1 while any case differs, 0 once fixed.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam40/f03_anthropic_object_then_more_text.py
"""

from __future__ import annotations

import json
import sys
from typing import Any

from anthropic._models import construct_type
from anthropic.lib.streaming._messages import accumulate_event
from anthropic.types import RawMessageStreamEvent

import lmcodec as lc


def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    data = {
        "id": "c",
        "object": "chat.completion.chunk",
        "created": 1,
        "model": "gpt",
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
    }
    return ("data: " + json.dumps(data) + "\n\n").encode()


def call(arguments: str, name: str | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {"index": 0, "function": {"arguments": arguments}}
    if name is not None:
        entry.update(id="call_0", type="function")
        entry["function"]["name"] = name
    return {"tool_calls": [entry]}


def sdk_inputs(written: bytes) -> list[Any]:
    """The tool_use inputs the anthropic SDK's accumulator reads from the written stream."""
    snapshot = None
    buffers: dict[int, bytes] = {}
    for frame in written.split(b"\n\n"):
        datas = [line[6:] for line in frame.split(b"\n") if line.startswith(b"data: ")]
        if not datas:
            continue
        obj = json.loads(datas[0])
        if obj["type"] in ("ping", "error"):
            continue
        event = construct_type(type_=RawMessageStreamEvent, value=obj)
        snapshot = accumulate_event(event=event, current_snapshot=snapshot, json_bufs=buffers)
    assert snapshot is not None
    return [block.input for block in snapshot.content if block.type == "tool_use"]


def main() -> int:
    cases = {
        "object then text": ['{"a":1}', " x"],
        "two objects": ['{"a":1}', '{"b":2}'],
        "object then a bracket": ['{"a":1}', "]"],
        "NaN in an object": ['{"a":', "NaN}"],
    }
    bad = 0
    total = 0
    for name, fragments in cases.items():
        source = [
            chunk({"role": "assistant", "content": ""}),
            chunk(call(fragments[0], "f")),
            *(chunk(call(f)) for f in fragments[1:]),
            chunk({}, "tool_calls"),
            b"data: [DONE]\n\n",
        ]
        expected = [{"partial_json": "".join(fragments)}]  # lm15: json.loads fails -> its marker
        for path in ("translate", "encode"):
            total += 1
            if path == "translate":
                written = b"".join(lc.stream.translate("openai_chat", "anthropic", source))
            else:
                written = b"".join(lc.stream.encode("anthropic", lc.stream.decode("openai_chat", source)))
            try:
                got: Any = sdk_inputs(written)
            except Exception as exc:  # the SDK's refusal is the finding
                got = f"{type(exc).__name__}: {str(exc)[:90]}"
            ok = got == expected
            bad += not ok
            print(f"{'ok ' if ok else 'BAD'} {name} ({path}): SDK reads {got!r}, lm15 {expected!r}")
    print(f"{bad} of {total} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
