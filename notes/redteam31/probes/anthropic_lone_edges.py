"""Anthropic short answers on and just outside the straight path (providers/anthropic/_lone.py,
stream/_lone.named_events): lc.assemble(lc.stream.decode("anthropic", chunks)) at four chunkings
(whole, one chunk an event, random cuts, byte by byte) against lm15 1.5.0's adapter + materialize of
the whole body (the tests' _lm15), for a set of hand-made mutations of three short answers."""
from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
import lmcodec as lc  # noqa: E402
from tests.providers.provider_support import Raised, assert_same_response  # noqa: E402
from tests.providers.test_anthropic_lone import (  # noqa: E402
    _END, _PING, _START, _STOP, _THINKING, _TOOL, REQUEST, WORD, _block_start, _block_stop, _chunkings,
    _delta, _lm15, sse)

TEXT = [_START, _block_start(0, type="text", text=""), _PING, _delta(0, type="text_delta", text="The "),
        _delta(0, type="text_delta", text="answer."), _block_stop(0), _END, _STOP]
BASES = {"text": TEXT, "tool": _TOOL, "thinking": _THINKING}


def variants(frames: list) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    out["as is"] = sse(frames)
    out["no event lines"] = sse(frames, names=False)
    out["CRLF"] = sse(frames).replace(b"\n", b"\r\n")
    out["CR"] = sse(frames).replace(b"\n", b"\r")
    out["BOM"] = b"\xef\xbb\xbf" + sse(frames)
    out["data: without space"] = sse(frames).replace(b"data: ", b"data:")
    out["comment first"] = b": hi\n\n" + sse(frames)
    out["comment in event"] = sse(frames).replace(b"\ndata: ", b"\n: c\ndata: ", 2)
    out["id and retry"] = sse(frames).replace(b"event: ", b"id: 7\nretry: 10\nevent: ")
    out["event names wrong"] = b"".join(
        b"event: message_stop\n" + e.split(b"\n", 1)[1] + b"\n\n" for e in sse(frames).split(b"\n\n")[:-1])
    out["event: error name on data"] = sse(frames).replace(b"event: ping", b"event: error", 1)
    out["two message_stop"] = sse([*frames, _STOP])
    out["ping at end"] = sse([*frames, _PING])
    out["ping at start"] = sse([_PING, *frames])
    out["error after stop"] = sse([*frames, {"type": "error", "error": {"type": "overloaded_error", "message": "x"}}])
    out["error before stop"] = sse([*frames[:-1], {"type": "error", "error": {"type": "overloaded_error", "message": "x"}}, frames[-1]])
    out["unknown event"] = sse([*frames[:2], {"type": "future_event", "x": 1}, *frames[2:]])
    extra = [{**f, "zz_extra": {"a": [1]}} for f in frames]
    out["extra fields"] = sse(extra)
    out["extra field in delta"] = sse([{**f, "delta": {**f["delta"], "zz": 1}} if f.get("type") == "content_block_delta" else f for f in frames])
    out["extra field in message"] = sse([{**f, "message": {**f["message"], "container": None, "zz": 2}} if f.get("type") == "message_start" else f for f in frames])
    out["spaces in json"] = sse(frames, separators=(", ", ": "))
    out["padding"] = sse(frames, padding="  ")
    out["no trailing blank"] = sse(frames)[:-1]
    out["trailing junk line"] = sse(frames) + b"data: \n\n"
    out["data split on two lines"] = sse(frames).replace(b'data: {"type":"message_stop"}', b'data: {"type":\ndata: "message_stop"}')
    dup = sse(frames).replace(b'{"type":"message_delta",', b'{"type":"message_delta","usage":{"output_tokens":99},', 1)
    out["duplicate usage key"] = dup
    out["no message_stop"] = sse(frames[:-1])
    out["no message_delta"] = sse([f for f in frames if f.get("type") != "message_delta"])
    out["tab after data:"] = sse(frames).replace(b"data: ", b"data:\t", 1)
    out["event: with space before colon"] = sse(frames).replace(b"event: ", b"event : ", 1)
    out["empty event line"] = sse(frames).replace(b"event: ", b"event:", 1)
    out["event name with trailing space"] = sse(frames).replace(b"event: message_start", b"event: message_start ", 1)
    out["NUL in text"] = sse(frames).replace(b'"The "', b'"Th\\u0000e "')
    out["lone surrogate"] = sse(frames).replace(b'"The "', b'"\\ud800"')
    out["index as string"] = sse([{**f, "index": "0"} if f.get("index") == 0 else f for f in frames])
    out["index bool"] = sse([{**f, "index": False} if f.get("index") == 0 else f for f in frames])
    out["stop_reason refusal"] = sse([{**f, "delta": {"stop_reason": "refusal", "stop_sequence": None}} if f.get("type") == "message_delta" else f for f in frames])
    out["stop_sequence hit"] = sse([{**f, "delta": {"stop_reason": "stop_sequence", "stop_sequence": "END"}} if f.get("type") == "message_delta" else f for f in frames])
    out["usage with server tools"] = sse([{**f, "usage": {**f["usage"], "server_tool_use": {"web_search_requests": 1}, "cache_creation": {"ephemeral_5m_input_tokens": 3}}} if f.get("type") == "message_delta" else f for f in frames])
    out["two message_start"] = sse([frames[0], *frames])
    return out


def lc_outcome(chunks: list[bytes]):
    try:
        return lc.assemble(lc.stream.decode("anthropic", chunks, request=REQUEST), request=REQUEST)
    except lc.LmcodecError as exc:
        return Raised(exc)
    except Exception as exc:  # noqa: BLE001
        return ("ESCAPED", exc)


def main() -> int:
    rng = random.Random(31)
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


sys.exit(main())
