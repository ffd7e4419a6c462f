"""F02: a signed thinking block after a message's *last* tool call is written to a Chat client
with ``"after_tool_calls": <the number of calls>`` (rtfix53), which lmcodec's own Chat request
reader refuses ("after_tool_calls counts more tool calls than the message holds"): the client's
next turn, the message sent back as it came, is refused by ``translate_request`` (every
destination), and ``encode_response(..., usage_from="openai_chat")`` of such a body (an lmcodec
gateway behind another) drops every signed block of the message.

``thinking_in_place`` places a block only when it meets the call after its place, so a place
equal to the message's call count (after every call) has no call to stand before. Exits 1 while
the client's replayed message is refused or a route loses the trailing block, 0 once it reads
(the trailing block after the last call) on all four routes."""
from __future__ import annotations

import json
import os
import sys
import warnings

warnings.simplefilter("ignore")
ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "src"))
import lmcodec as lc  # noqa: E402

S = lc.StreamDeltaEvent
EVENTS = [
    lc.StreamStartEvent(id="msg_1", model="claude-sonnet-4-5"),
    S(delta=lc.ThinkingDelta(text="first", part_index=0)),
    S(delta=lc.ContinuationDelta(provider="anthropic", kind="thinking_signature", data={"signature": "s1"}, part_index=0)),
    S(delta=lc.ToolCallDelta(input='{"x":1}', part_index=1, id="toolu_1", name="f")),
    S(delta=lc.ThinkingDelta(text="second", part_index=2)),
    S(delta=lc.ContinuationDelta(provider="anthropic", kind="thinking_signature", data={"signature": "s2"}, part_index=2)),
    lc.StreamEndEvent(finish_reason="tool_call", usage=lc.Usage(input_tokens=1, output_tokens=1)),
]
TOOLS = [{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]


def chat_message() -> dict:
    """The assistant message a Chat client accumulates from the translated stream."""
    source = b"".join(lc.stream.encode("anthropic", EVENTS))
    out = b"".join(lc.stream.translate("anthropic", "openai_chat", [source]))
    blocks: list[dict] = []
    calls: list[dict] = []
    for line in out.split(b"\n"):
        if not line.startswith(b"data: {"):
            continue
        for choice in json.loads(line[6:]).get("choices", []):
            delta = choice.get("delta", {})
            blocks += delta.get("thinking_blocks") or []
            for call in delta.get("tool_calls") or []:
                if call.get("id"):
                    calls.append({"id": call["id"], "type": "function", "function": dict(call["function"])})
                else:
                    calls[-1]["function"]["arguments"] += call["function"].get("arguments", "")
    return {"role": "assistant", "content": None, "tool_calls": calls, "thinking_blocks": blocks}


def main() -> int:
    message = chat_message()
    print("thinking_blocks written:", json.dumps(message["thinking_blocks"]))
    body = json.dumps({"model": "claude-sonnet-4-5", "tools": TOOLS, "messages": [
        {"role": "user", "content": "hi"}, message,
        {"role": "tool", "tool_call_id": "toolu_1", "content": "r"}]}).encode()
    failed = 0
    for dst in ("anthropic", "openai", "gemini", "openai_chat"):
        try:
            lc.translate_request("openai_chat", dst, body)
            print(f"translate_request openai_chat -> {dst}: read")
        except lc.LmcodecError as exc:
            failed += 1
            print(f"translate_request openai_chat -> {dst}: {type(exc).__name__}: {exc}")
    # the body route: an lmcodec gateway's Chat body read back by answer_thinking
    chat_body = lc.translate_response("anthropic", "openai_chat", lc.encode_response("anthropic", lc.assemble(EVENTS)))
    response = lc.decode_response("openai_chat", chat_body)
    out = json.loads(lc.encode_response("anthropic", response, usage_from="openai_chat"))
    signed = [b.get("signature") for b in out["content"] if b["type"] == "thinking"]
    print("Chat body -> Anthropic client, signatures kept:", signed)
    if signed != ["s1", "s2"]:
        failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
