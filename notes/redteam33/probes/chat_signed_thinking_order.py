"""Red team 33 probe: a Chat source fronting Claude (LiteLLM's shape: reasoning_content fragments,
then a thinking_blocks entry with the block's signature) whose signed thinking comes back after
text or a call, translated to an Anthropic client: the anthropic SDK's final message must hold
each thinking block with its own signature, in source order, and the stream keep the protocol.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/probes/chat_signed_thinking_order.py"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
import anthropic  # noqa: E402

import lmcodec as lc  # noqa: E402
from tests.providers.sdk_readers import _transport  # noqa: E402
from tests.stream.test_parts_in_order import PROTOCOL_BREAKS  # noqa: E402
from tests.stream.test_parts_in_order_chat import _chunk  # noqa: E402

REQ = lc.Request(model="claude-x", messages=(lc.Message.user("hi"),))


def signed(text: str, sig: str) -> list[dict[str, Any]]:
    return [{"reasoning_content": text}, {"reasoning_content": "", "thinking_blocks": [{"type": "thinking", "thinking": "", "signature": sig}]}]


def call(i: int) -> list[dict[str, Any]]:
    return [{"tool_calls": [{"index": i, "id": f"toolu_{i}", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}]


CASES = {
    "two signed blocks, text": [*signed("a", "S1"), *signed("b", "S2"), {"content": "t"}],
    "signed, text, signed, text": [*signed("a", "S1"), {"content": "t1"}, *signed("b", "S2"), {"content": "t2"}],
    "signed, call, signed, call": [*signed("a", "S1"), *call(0), *signed("b", "S2"), *call(1)],
    "signed, text, call, signed, text": [*signed("a", "S1"), {"content": "t1"}, *call(0), *signed("b", "S2"), {"content": "t2"}],
    "redacted then signed after text": [{"reasoning_content": "", "thinking_blocks": [{"type": "redacted_thinking", "data": "RED"}]}, {"content": "t1"}, *signed("b", "S2")],
}


def main() -> int:
    bad = 0
    for name, deltas in CASES.items():
        calls = any("tool_calls" in d for d in deltas)
        events = [_chunk({"role": "assistant", "content": ""}), *[_chunk(d) for d in deltas], _chunk({}, "tool_calls" if calls else "stop"), b"data: [DONE]\n\n"]
        want = []
        for d in deltas:
            if d.get("reasoning_content"):
                want.append(("thinking", d["reasoning_content"]))
            for b in d.get("thinking_blocks", []):
                if b["type"] == "thinking":
                    want[-1] = (*want[-1], b["signature"])
                else:
                    want.append(("redacted", b["data"]))
            if d.get("content"):
                want.append(("text", d["content"]))
            for c in d.get("tool_calls", []):
                want.append(("call", c["id"]))
        body = b"".join(lc.stream.translate("openai_chat", "anthropic", events, request=REQ))
        client = anthropic.Anthropic(api_key="k", http_client=_transport(body, "text/event-stream"), max_retries=0)
        with client.messages.stream(model="m", max_tokens=16, messages=[{"role": "user", "content": "hi"}]) as s:
            msg = s.get_final_message()
        got = []
        for b in msg.content:
            if b.type == "thinking":
                got.append(("thinking", b.thinking, b.signature))
            elif b.type == "redacted_thinking":
                got.append(("redacted", b.data))
            elif b.type == "text":
                got.append(("text", b.text))
            elif b.type == "tool_use":
                got.append(("call", b.id))
        breaks = PROTOCOL_BREAKS["anthropic"](body)
        ok = got == want and not breaks
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} {name}: got={got} want={want} breaks={breaks[:2]}")
    print("bad", bad, "of", len(CASES))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
