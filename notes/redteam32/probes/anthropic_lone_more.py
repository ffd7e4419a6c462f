"""anthcorp21's straight path (stream/_lone.named_events by lengths, anthropic/_lone.read_body inline
appends, the lone call fast path): lc.assemble(lc.stream.decode("anthropic", chunks)) at four
chunkings against lm15 1.5.0's adapter + materialize (the tests' _lm15), for mutations aimed at the
new lines: line lengths that sum right with a non-blank line, trailing spaces, event lines with extra
fields, empty data, two tool calls, input_json_delta before its start, empty partial_json, a start's
input plus fragments, huge and negative indexes, a lone call with a signature or text."""
from __future__ import annotations

import copy
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "redteam31" / "probes"))
import lmcodec as lc  # noqa: E402
from tests.providers.provider_support import Raised, assert_same_response  # noqa: E402
from tests.providers.test_anthropic_lone import (  # noqa: E402
    _END, _PING, _START, _STOP, _THINKING, _TOOL, REQUEST, _block_start, _block_stop, _chunkings,
    _delta, _lm15, sse)

TEXT = [_START, _block_start(0, type="text", text=""), _PING, _delta(0, type="text_delta", text="The "),
        _delta(0, type="text_delta", text="answer."), _block_stop(0), _END, _STOP]
CALL2 = [_START,
         _block_start(0, type="tool_use", id="toolu_a", name="f", input={}), _delta(0, type="input_json_delta", partial_json='{"a":1}'), _block_stop(0),
         _block_start(1, type="tool_use", id="toolu_b", name="g", input={}), _delta(1, type="input_json_delta", partial_json='{"b":'), _delta(1, type="input_json_delta", partial_json='2}'), _block_stop(1),
         {**_END, "delta": {**_END["delta"], "stop_reason": "tool_use"}}, _STOP]
BASES = {"text": TEXT, "tool": _TOOL, "thinking": _THINKING, "two calls": CALL2}


def idx(frames, new):
    return [{**f, "index": new} if "index" in f else f for f in frames]


def variants(frames: list) -> dict[str, bytes]:
    b = sse(frames)
    out: dict[str, bytes] = {}
    out["as is"] = b
    out["trailing space after data json"] = b.replace(b"}\n", b"} \n")
    out["trailing space on blank line"] = b.replace(b"\n\n", b"\n \n", 1)
    out["trailing spaces on all blanks"] = b.replace(b"\n\n", b"\n \n")
    out["blank line replaced by x (same length)"] = b.replace(b"\n\n", b"\nx\n", 1)
    out["blank line moved: event line doubled, one blank short"] = b.replace(b"\n\nevent: ", b"\nevent: x\n\nevent: ", 1).replace(b"\n\n", b"\n", 1) if b.count(b"\n\n") > 2 else b
    out["event line extra field"] = b.replace(b"event: content_block_delta\n", b"event: content_block_delta\nid: 1\n")
    out["event: line with extra text"] = b.replace(b"event: message_start", b"event: message_start extra", 1)
    out["empty data line"] = b.replace(b"event: ping\ndata: ", b"event: ping\ndata: \ndata: ", 1)
    out["empty data"] = b + b"event: ping\ndata: \n\n"
    out["data only blank"] = b.replace(b"\n\nevent: ping\n", b"\n\ndata:\n\nevent: ping\n", 1)
    out["LF LF LF"] = b.replace(b"\n\n", b"\n\n\n", 1)
    out["CRLF on one line"] = b.replace(b"\n", b"\r\n", 1)
    out["huge index"] = sse(idx(frames, 2**40))
    out["huge index 2**63"] = sse(idx(frames, 2**63))
    out["negative index"] = sse(idx(frames, -1))
    out["index 1 only"] = sse(idx(frames, 1))
    deltas = [f for f in frames if f.get("type") == "content_block_delta"]
    starts = [f for f in frames if f.get("type") == "content_block_start"]
    if deltas and starts:
        moved = [f for f in frames if f is not deltas[0]]
        k = moved.index(starts[0])
        moved.insert(k, deltas[0])
        out["first delta before its start"] = sse(moved)
    out["empty partial_json everywhere"] = sse([{**f, "delta": {**f["delta"], "partial_json": ""}} if f.get("type") == "content_block_delta" and f["delta"].get("type") == "input_json_delta" else f for f in frames])
    out["start input given + fragments"] = sse([{**f, "content_block": {**f["content_block"], "input": {"x": 1}}} if f.get("type") == "content_block_start" and f["content_block"].get("type") == "tool_use" else f for f in frames])
    out["start input given, no fragments"] = sse([{**f, "content_block": {**f["content_block"], "input": {"x": 1}}} if f.get("type") == "content_block_start" and f["content_block"].get("type") == "tool_use" else f for f in frames if not (f.get("type") == "content_block_delta" and f["delta"].get("type") == "input_json_delta")])
    out["start input empty list"] = sse([{**f, "content_block": {**f["content_block"], "input": []}} if f.get("type") == "content_block_start" and f["content_block"].get("type") == "tool_use" else f for f in frames])
    out["start input string"] = sse([{**f, "content_block": {**f["content_block"], "input": "{\"s\":1}"}} if f.get("type") == "content_block_start" and f["content_block"].get("type") == "tool_use" else f for f in frames])
    out["fragments invalid json"] = sse([{**f, "delta": {**f["delta"], "partial_json": "{"}} if f.get("type") == "content_block_delta" and f["delta"].get("type") == "input_json_delta" else f for f in frames])
    out["call + signature_delta"] = sse([*frames[:-3], _delta(0, type="signature_delta", signature="c2ln"), *frames[-3:]])
    out["call + text at 5"] = sse([*frames[:-2], _block_start(5, type="text", text=""), _delta(5, type="text_delta", text="hi"), _block_stop(5), *frames[-2:]])
    out["no content_block_stop"] = sse([f for f in frames if f.get("type") != "content_block_stop"])
    out["start with null name"] = sse([{**f, "content_block": {**f["content_block"], "name": None}} if f.get("type") == "content_block_start" and f["content_block"].get("type") == "tool_use" else f for f in frames])
    out["start with no id"] = sse([{**f, "content_block": {k: v for k, v in f["content_block"].items() if k != "id"}} if f.get("type") == "content_block_start" and f["content_block"].get("type") == "tool_use" else f for f in frames])
    out["two starts same index"] = sse([*frames[:2], frames[1], *frames[2:]]) if len(frames) > 2 else b
    out["text delta to a tool block"] = sse([*frames[:-3], _delta(0, type="text_delta", text="!"), *frames[-3:]])
    return out


def lc_outcome(chunks: list[bytes]):
    try:
        return lc.assemble(lc.stream.decode("anthropic", chunks, request=REQUEST), request=REQUEST)
    except lc.LmcodecError as exc:
        return Raised(exc)
    except Exception as exc:  # noqa: BLE001
        return ("ESCAPED", exc)


def main() -> int:
    rng = random.Random(32)
    bad, runs = [], 0
    for base, frames in BASES.items():
        for name, body in variants(copy.deepcopy(frames)).items():
            want = _lm15(body)
            for k, chunks in enumerate(_chunkings(body, rng)):
                runs += 1
                got = lc_outcome(chunks)
                try:
                    if isinstance(got, tuple):
                        raise AssertionError(f"escaped {got[1]!r}")
                    assert_same_response(got, want, name)
                except AssertionError as exc:
                    bad.append((base, name, k, str(exc)[:300]))
    print(runs, "runs;", len(bad), "differ from lm15")
    for b in bad[:30]:
        print(" ", b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
