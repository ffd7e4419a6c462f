"""Red team 36 F01: lc.stream.translate("openai_chat", "openai", ...) of a Chat call whose arguments
are JSON whitespace only (" ", or "" then " ": a parameterless call a server streams with a
space) hands a Responses client arguments " ", which no JSON reader parses (the openai SDK's
parse_function_tool_arguments, json.loads), while the same call with arguments "" gets "{}"
(rtfix39, _parts_in_order._write_waiting / the Responses writer's fill) and the same stream
translated to Anthropic reads as input {} (rtfix39 holds and drops the whitespace).

Exits 1 while some case's final function_call arguments (response.completed, and the SDK's
get_final_response()) are not JSON, 0 once each is ("{}" as for "").
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam36/f01_chat_whitespace_only_arguments_to_responses.py"""
from __future__ import annotations

import json
import sys
from typing import Any

import httpx2
import openai

import lmcodec as lc

REQUEST = lc.Request(model="gpt-4o", messages=(lc.Message.user("hi"),))


def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
    return {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o",
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}


def call(args: str, head: bool) -> dict[str, Any]:
    c: dict[str, Any] = {"index": 0, "function": {"arguments": args}}
    if head:
        c.update(id="call_0", type="function")
        c["function"]["name"] = "f"
    return {"tool_calls": [c]}


CASES = {
    "' ' alone": [call(" ", True)],
    "' ' then text": [call(" ", True), {"content": "x"}],
    "'' then ' ' then text": [call("", True), call(" ", False), {"content": "x"}],
    "'\\n\\t' then text": [call("\n\t", True), {"content": "x"}],
}


def sdk_arguments(body: bytes) -> list[str]:
    transport = httpx2.MockTransport(lambda r: httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=body))
    client = openai.OpenAI(api_key="k", http_client=httpx2.Client(transport=transport), max_retries=0)
    with client.responses.stream(model="gpt-4o", input="hi") as s:
        final = s.get_final_response()
    return [item.arguments for item in final.output if item.type == "function_call"]


def parses(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def main() -> int:
    failed = 0
    for name, deltas in CASES.items():
        chunks = [chunk({"role": "assistant", "content": ""}), *[chunk(d) for d in deltas], chunk({}, "tool_calls")]
        stream = [b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks] + [b"data: [DONE]\n\n"]
        body = b"".join(lc.stream.translate("openai_chat", "openai", stream, request=REQUEST))
        try:
            arguments = sdk_arguments(body)
        except Exception as e:  # noqa: BLE001 - what the client gets
            arguments = [f"{type(e).__name__}: {e}"]
        bad = not arguments or not all(parses(a) for a in arguments)
        failed += bad
        print(f"{name}: the openai SDK reads arguments {arguments!r}{' (not JSON)' if bad else ''}")
    print(f"{failed} of {len(CASES)} translations hand the Responses client arguments that are not JSON")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
