"""Red team 33 probe: a Chat Completions source whose deltas interleave (text or reasoning between
two fragments of one call's arguments, two calls' fragments alternating, content and reasoning and
a call in one delta, refusal deltas) translated to Anthropic and Responses clients: the protocol
checkers of tests/stream/test_parts_in_order.py, and the clients' SDKs (anthropic MessageStream,
openai Responses get_final_response) reading the text, reasoning and calls the openai SDK reads of
the source (order of first appearance).

Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/probes/chat_source_interleaved.py"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
import lmcodec as lc  # noqa: E402
from tests.stream.test_parts_in_order import PROTOCOL_BREAKS  # noqa: E402
from tests.stream.test_parts_in_order_chat import CLIENT_ORDER, _chunk, source_order  # noqa: E402

REQUEST = lc.Request(model="gpt-4o", messages=(lc.Message.user("hi"),))


def tc(index: int, args: str, name: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"index": index, "function": {"arguments": args}}
    if name:
        out["id"] = f"call_{index}"
        out["type"] = "function"
        out["function"]["name"] = name
    return out


CASES: dict[str, list[dict[str, Any]]] = {
    "text inside a call's arguments": [
        {"tool_calls": [tc(0, '{"a":', "f")]},
        {"content": "meanwhile"},
        {"tool_calls": [tc(0, "1}")]},
    ],
    "reasoning inside a call's arguments": [
        {"tool_calls": [tc(0, '{"a":', "f")]},
        {"reasoning_content": "hmm"},
        {"tool_calls": [tc(0, "1}")]},
    ],
    "two calls alternating": [
        {"tool_calls": [tc(0, '{"a":', "f")]},
        {"tool_calls": [tc(1, '{"b":', "g")]},
        {"tool_calls": [tc(0, "1}")]},
        {"tool_calls": [tc(1, "2}")]},
    ],
    "two calls in one delta": [
        {"tool_calls": [tc(0, '{"a":1}', "f"), tc(1, '{"b":2}', "g")]},
    ],
    "content, reasoning and a call in one delta": [
        {"content": "t1", "reasoning_content": "r1", "tool_calls": [tc(0, "{}", "f")]},
        {"content": "t2"},
    ],
    "refusal after text": [
        {"content": "I"},
        {"refusal": "can't"},
    ],
    "refusal after a call": [
        {"tool_calls": [tc(0, "{}", "f")]},
        {"refusal": "no more"},
    ],
    "text, call, reasoning, call": [
        {"content": "a"},
        {"tool_calls": [tc(0, "{}", "f")]},
        {"reasoning_content": "r"},
        {"tool_calls": [tc(1, "{}", "g")]},
        {"content": "b"},
    ],
    "call index 2 first, then 0": [
        {"tool_calls": [tc(2, "{}", "f")]},
        {"tool_calls": [tc(0, "{}", "g")]},
    ],
    "text after call in same index order": [
        {"content": "x"},
        {"tool_calls": [tc(0, '{"q":"', "f")]},
        {"tool_calls": [tc(0, 'z"}')]},
        {"content": "y"},
        {"content": "z"},
    ],
}


def stream(deltas: list[dict[str, Any]]) -> list[bytes]:
    calls = any("tool_calls" in d for d in deltas)
    events = [_chunk({"role": "assistant", "content": ""})]
    events += [_chunk(d) for d in deltas]
    events.append(_chunk({}, "tool_calls" if calls else "stop"))
    return [*events, b"data: [DONE]\n\n"]


def source_with_refusal(events: list[bytes]) -> Any:
    # the openai SDK's reading; a refusal delta read as text (what rtfix35 places it as)
    runs = source_order(events)
    refusals = []
    for e in events:
        if e.startswith(b"data: {"):
            d = json.loads(e[6:])["choices"][0]["delta"]
            if d.get("refusal"):
                refusals.append(d["refusal"])
    return runs, refusals


def main() -> int:
    bad = 0
    for name, deltas in CASES.items():
        events = stream(deltas)
        want, refusals = source_with_refusal(events)
        for dst in ("anthropic", "openai"):
            try:
                body = b"".join(lc.stream.translate("openai_chat", dst, events, request=REQUEST))
                breaks = PROTOCOL_BREAKS[dst](body)
                got = CLIENT_ORDER[dst](body)
            except Exception as exc:  # noqa: BLE001
                bad += 1
                print(f"RAISED {name} -> {dst}: {exc!r}"[:400])
                continue
            ok = not breaks and (got == want or refusals)
            if not ok:
                bad += 1
            print(f"{'ok ' if ok else 'BAD'} {name} -> {dst}: breaks={breaks[:3]} got={got} want={want} refusals={refusals}")
    print("bad", bad, "of", 2 * len(CASES))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
