"""Red team 37 F03: a Chat backend's call whose arguments are JSON but no object ('"str"', '42',
'[1,2]', 'null', 'true': small and local models send these), streamed to an Anthropic client by
lc.stream.translate("openai_chat", "anthropic", ...) or lc.stream.encode("anthropic",
lc.stream.decode("openai_chat", ...)): the writer passes the fragments through as input_json_delta.

- Whole in one fragment, the anthropic SDK's MessageStream reads tool_use.input "str" / 42 /
  [1, 2] / None / True: no object, where the Messages API's input is one (the SDK's type says
  Dict[str, object]).
- Cut ('"s' + 'tr"', 'nu' + 'll', 'tr' + 'ue'), the SDK's MessageStream raises ValueError
  ("Unable to parse tool parameter JSON from model") at the first fragment: it parses the partial
  JSON after every delta, and a top-level string or literal cut short cannot be parsed. The client
  loses the whole answer (the class of red team 35 F02, MEDIUM).

lm15 1.5.0 reads these arguments as {"value": X} (decode_response and assemble(decode()) alike),
and lc.translate_response("openai_chat", "anthropic", body) writes that input; docs/writers.md
says the streams write the source's fragments ("[1,2]") on purpose, which holds for the text
arguments of Chat and Responses but gives the Anthropic client no object, or no answer.

Exits 1 while, for any case, the anthropic SDK raises on the stream or reads an input that is no
object; 0 once every case reads an object (e.g. lm15's {"value": X}). Run:
PYTHONPATH=src /work/venv/bin/python notes/redteam37/f03_chat_non_object_arguments_anthropic_stream.py"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent / "probes"))

import lmcodec as lc  # noqa: E402
from sdkread import read_stream  # noqa: E402  (the anthropic client on an httpx MockTransport)

BASE = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-x"}


def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
    data = {**BASE, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    return b"data: " + json.dumps(data).encode() + b"\n\n"


def frames(cut: list[str]) -> list[bytes]:
    first = {"index": 0, "id": "call_0", "type": "function", "function": {"name": "f", "arguments": cut[0]}}
    rest = [chunk({"tool_calls": [{"index": 0, "function": {"arguments": c}}]}) for c in cut[1:]]
    return [chunk({"role": "assistant", "content": ""}), chunk({"tool_calls": [first]}), *rest,
            chunk({}, "tool_calls"), b"data: [DONE]\n\n"]


def main() -> int:
    bad = total = 0
    for arguments in ('"str"', "42", "[1,2]", "null", "true"):
        for cut in ([arguments], [arguments[:2], arguments[2:]]):
            for path in ("translate", "encode"):
                total += 1
                try:
                    if path == "translate":
                        out = b"".join(lc.stream.translate("openai_chat", "anthropic", frames(cut)))
                    else:
                        out = b"".join(lc.stream.encode("anthropic", lc.stream.decode("openai_chat", frames(cut))))
                    inputs = [json.loads(raw) for _, raw in read_stream("anthropic", out)["calls"]]
                    got: Any = inputs
                    wrong = len(inputs) != 1 or not isinstance(inputs[0], dict)
                except Exception as exc:  # noqa: BLE001 - the SDK refusing the stream is the finding
                    got, wrong = f"{type(exc).__name__}: {str(exc)[:60]}", True
                if wrong:
                    bad += 1
                    print(f"{arguments} cut {cut} ({path}): the anthropic SDK reads {got}")
    print(f"{bad} of {total} Anthropic streams give the client no object input or no answer")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
