"""Red team 37 F03: a Chat backend's call whose arguments are JSON but no object ('"str"', '42',
'[1,2]', 'null', 'true': small and local models send these) reaches an Anthropic or Responses
client one way as a body and another way as a stream, and a cut scalar kills the Anthropic
client's stream.

- lm15 1.5.0 reads such arguments as {"value": X} (lc.decode_response and
  lc.assemble(lc.stream.decode(...)) alike), and lc.translate_response("openai_chat", dst, body)
  writes that: Anthropic input {"value": "str"}, Responses arguments '{"value":"str"}'. The Gemini
  stream writes {"value": "str"} too.
- lc.stream.translate("openai_chat", "anthropic"|"openai", ...) (and lc.stream.encode of the
  decoded events) passes the fragments through: Anthropic input "str" / 42 / [1, 2] (no object:
  the Messages API's tool_use.input is an object), Responses arguments '"str"'. Cut ('"s' + 'tr"',
  'nu' + 'll', 'tr' + 'ue'), the anthropic SDK's MessageStream raises ValueError ("Unable to parse
  tool parameter JSON from model") at the first fragment: the client loses the answer.

Exits 1 while, for any case, the destination SDK's reading of the stream (translate or
encode(decode)) raises or differs from its reading of translate_response's body of the same
answer; 0 once they agree. Run:
PYTHONPATH=src /work/venv/bin/python notes/redteam37/f03_chat_non_object_arguments_stream_vs_body.py"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent / "probes"))

import lmcodec as lc  # noqa: E402
from sdkread import read_body, read_stream  # noqa: E402  (the SDKs' own clients and accumulators)

BASE = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-x"}


def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    data = {**BASE, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return b"data: " + json.dumps(data).encode() + b"\n\n"


def frames(cut: list[str]) -> list[bytes]:
    first = {"index": 0, "id": "call_0", "type": "function", "function": {"name": "f", "arguments": cut[0]}}
    rest = [chunk({"tool_calls": [{"index": 0, "function": {"arguments": c}}]}) for c in cut[1:]]
    return [chunk({"role": "assistant", "content": ""}), chunk({"tool_calls": [first]}), *rest,
            chunk({}, "tool_calls"), b"data: [DONE]\n\n"]


def body(arguments: str) -> bytes:
    call = {"id": "call_0", "type": "function", "function": {"name": "f", "arguments": arguments}}
    return json.dumps({"id": "c1", "object": "chat.completion", "created": 1, "model": "gpt-x", "choices": [
        {"index": 0, "message": {"role": "assistant", "content": None, "tool_calls": [call]},
         "finish_reason": "tool_calls"}]}).encode()


def calls(reading: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(name, json.loads(arguments)) for name, arguments in reading["calls"]]


def main() -> int:
    bad = total = 0
    for arguments in ('"str"', "42", "[1,2]", "null", "true"):
        for cut in ([arguments], [arguments[:2], arguments[2:]]):
            for dst in ("anthropic", "openai"):
                want = calls(read_body(dst, lc.translate_response("openai_chat", dst, body(arguments))))
                for path in ("translate", "encode"):
                    total += 1
                    try:
                        if path == "translate":
                            out = b"".join(lc.stream.translate("openai_chat", dst, frames(cut)))
                        else:
                            out = b"".join(lc.stream.encode(dst, lc.stream.decode("openai_chat", frames(cut))))
                        got: Any = calls(read_stream(dst, out))
                    except Exception as exc:  # noqa: BLE001 - the SDK refusing the stream is the finding
                        got = f"{type(exc).__name__}: {str(exc)[:70]}"
                    if got != want:
                        bad += 1
                        print(f"{arguments} cut {cut} -> {dst} ({path}): stream {got}, body {want}")
    print(f"{bad} of {total} streams read otherwise than the body of the same answer")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
