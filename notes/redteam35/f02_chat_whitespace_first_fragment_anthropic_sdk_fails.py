"""Red team 35 F02: lc.stream.translate("openai_chat", "anthropic", ...) of a Chat stream whose
call's first argument fragment is whitespace only (" \\n ", then '{"a":1}': a server streaming a
model's tokens as they come) writes that fragment as the first input_json_delta. The anthropic
SDK's MessageStream parses the partial JSON after every delta and raises ValueError ("Unable to
parse tool parameter JSON from model ... JSON:  \\n ") on a whitespace-only buffer: the client loses
the whole answer, though the source's call (as the openai SDK's ChatCompletionStreamState reads it)
is {"a": 1}. The same when the first chunk holds the whole compact object (written in the
tool_use start's input) and a whitespace fragment follows: that fragment is the only delta, so the
SDK's buffer is whitespace only.

Exits 1 while the anthropic SDK fails to read the translated stream (or reads other input), 0 once it
reads the call's input as the openai SDK reads the source.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam35/f02_chat_whitespace_first_fragment_anthropic_sdk_fails.py"""
from __future__ import annotations

import json
import sys
from typing import Any

import anthropic
import httpx2
from openai.lib.streaming.chat import ChatCompletionStreamState
from openai.types.chat import ChatCompletionChunk

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
    "whitespace, then the object": [call(" \n ", True), call('{"a":1}', False)],
    "whitespace, text, then the object": [call(" \n ", True), {"content": "x"}, call('{"a":1}', False)],
    # the object whole in the first chunk goes in the tool_use start's input; the whitespace after
    # it is then the only input_json_delta, the SDK's whole buffer
    "the object whole, then whitespace": [call('{"a":1}', True), call(" \n", False)],
}


def source_calls(chunks: list[dict[str, Any]]) -> list[Any]:
    state = ChatCompletionStreamState()
    for c in chunks:
        state.handle_chunk(ChatCompletionChunk.model_validate(c))
    message = state.get_final_completion().choices[0].message
    return [json.loads(tc.function.arguments) for tc in message.tool_calls or []]


def anthropic_calls(body: bytes) -> Any:
    transport = httpx2.MockTransport(lambda r: httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=body))
    client = anthropic.Anthropic(api_key="k", http_client=httpx2.Client(transport=transport), max_retries=0)
    try:
        with client.messages.stream(model="m", max_tokens=16, messages=[{"role": "user", "content": "hi"}]) as s:
            message = s.get_final_message()
    except Exception as e:  # noqa: BLE001 - what the client gets
        return f"{type(e).__name__}: {str(e)[:120]!r}"
    return [block.input for block in message.content if block.type == "tool_use"]


def main() -> int:
    failed = 0
    for name, deltas in CASES.items():
        chunks = [chunk({"role": "assistant", "content": ""}), *[chunk(d) for d in deltas], chunk({}, "tool_calls")]
        stream = [b"data: " + json.dumps(c).encode() + b"\n\n" for c in chunks] + [b"data: [DONE]\n\n"]
        body = b"".join(lc.stream.translate("openai_chat", "anthropic", stream, request=REQUEST))
        want, got = source_calls(chunks), anthropic_calls(body)
        failed += got != want
        print(f"{name}: source {want}, anthropic SDK {got}")
    print(f"{failed} of {len(CASES)} translations the anthropic SDK does not read as the source")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
