"""Red team 33 probe: duplicate JSON keys (the last one wins for json.loads, lm15's reader) in short
Chat and Gemini bodies at the fields the straight paths read, whole and cut: lc's straight path vs
the general way vs lm15 1.5.0. Prints each disagreement.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/probes/duplicate_keys.py"""
from __future__ import annotations

import json
import sys
from typing import Any
from unittest import mock

import lm15
import lm15.result as lr
from lm15 import serde, vet

import lmcodec as lc
from lmcodec.stream.decoder import Decoding

LM_REQ = lm15.types.Request(model="m-1", messages=(lm15.types.Message.user("hi"),))
REQ = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
H = '"id":"c","object":"chat.completion.chunk","created":1,"model":"g"'


def run(provider: str, chunks: list[bytes], general: bool) -> Any:
    def go() -> Any:
        return lc.assemble(lc.stream.decode(provider, chunks, request=REQ), request=REQ)
    try:
        if general:
            with mock.patch.object(Decoding, "lone_response", lambda self, request: None):
                r = go()
        else:
            r = go()
        return lc.to_builtins(r)
    except lc.LmcodecError as e:
        return f"lc {type(e).__name__}"
    except Exception as e:  # noqa: BLE001
        return f"BARE {type(e).__name__}: {e}"


def lm(provider: str, body: bytes) -> Any:
    try:
        ev = vet._parse_stream_body(vet.adapter_for_provider(provider, vet._PARSE_ONLY_KEY), LM_REQ, body)
        return serde.response_to_dict(lr.materialize_response(iter(ev), LM_REQ))
    except Exception as e:  # noqa: BLE001
        return f"raised {type(e).__name__}"


def strip(d: Any) -> Any:
    if isinstance(d, dict):
        return {k: strip(v) for k, v in d.items() if k not in ("provider_data",)}
    return d


CHAT = {
    "content twice": [f'{{{H},"choices":[{{"index":0,"delta":{{"content":"A","content":"B"}},"finish_reason":"stop"}}]}}', "[DONE]"],
    "finish_reason twice": [f'{{{H},"choices":[{{"index":0,"delta":{{"content":"A"}},"finish_reason":"stop","finish_reason":"length"}}]}}', "[DONE]"],
    "choices twice": [f'{{{H},"choices":[{{"index":0,"delta":{{"content":"A"}},"finish_reason":null}}],"choices":[{{"index":0,"delta":{{"content":"B"}},"finish_reason":"stop"}}]}}', "[DONE]"],
    "usage twice": [f'{{{H},"choices":[{{"index":0,"delta":{{"content":"A"}},"finish_reason":"stop"}}],"usage":{{"prompt_tokens":1,"completion_tokens":2}},"usage":null}}', "[DONE]"],
    "usage count twice": [f'{{{H},"choices":[{{"index":0,"delta":{{"content":"A"}},"finish_reason":"stop"}}],"usage":{{"prompt_tokens":1,"prompt_tokens":5,"completion_tokens":2}}}}', "[DONE]"],
    "tool name twice": [f'{{{H},"choices":[{{"index":0,"delta":{{"tool_calls":[{{"index":0,"id":"c","type":"function","function":{{"name":"f","name":"g","arguments":"{{}}"}}}}]}},"finish_reason":"tool_calls"}}]}}', "[DONE]"],
    "error then null": [f'{{{H},"error":{{"message":"x"}},"error":null,"choices":[{{"index":0,"delta":{{"content":"A"}},"finish_reason":"stop"}}]}}', "[DONE]"],
    "logprobs twice": [f'{{{H},"choices":[{{"index":0,"delta":{{"content":"A"}},"logprobs":{{"content":[{{"token":"A","logprob":-1,"bytes":[65],"top_logprobs":[]}}]}},"logprobs":null,"finish_reason":"stop"}}]}}', "[DONE]"],
    "refusal twice": [f'{{{H},"choices":[{{"index":0,"delta":{{"refusal":"no","refusal":null,"content":"A"}},"finish_reason":"stop"}}]}}', "[DONE]"],
}
G = '{"candidates":[{"content":{"parts":[%s],"role":"model"},"finishReason":"STOP"%s}],"modelVersion":"g"%s}'
GEMINI = {
    "text twice": [G % ('{"text":"A","text":"B"}', "", "")],
    "thought twice": [G % ('{"text":"A","thought":true,"thought":false}', "", "")],
    "finishReason twice": [G % ('{"text":"A"}', ',"finishReason":"SAFETY"', "")],
    "candidates twice": [G % ('{"text":"A"}', "", ',"candidates":[{"content":{"parts":[{"text":"B"}],"role":"model"},"finishReason":"STOP"}]')],
    "usage twice": [G % ('{"text":"A"}', "", ',"usageMetadata":{"promptTokenCount":1},"usageMetadata":{"promptTokenCount":9}')],
    "parts twice": ['{"candidates":[{"content":{"parts":[{"text":"A"}],"parts":[{"text":"B"}],"role":"model"},"finishReason":"STOP"}],"modelVersion":"g"}'],
    "call name twice": [G % ('{"functionCall":{"name":"f","name":"g","args":{}}}', "", "")],
    "args twice": [G % ('{"functionCall":{"name":"f","args":{"a":1},"args":{"b":2}}}', "", "")],
    "signature twice": [G % ('{"text":"A","thoughtSignature":"c2ln","thoughtSignature":"eHl6"}', "", "")],
    "modelVersion twice": [G % ('{"text":"A"}', "", ',"modelVersion":"h"')],
    "logprobs then null": [G % ('{"text":"A"}', ',"logprobsResult":{"chosenCandidates":[]},"logprobsResult":null', "")],
    "functionCall then text": [G % ('{"functionCall":{"name":"f","args":{}},"text":"A"}', "", "")],
    "text then inlineData": [G % ('{"text":"A","inlineData":{"mimeType":"image/png","data":"iVBORw0KGgo="}}', "", "")],
}


def main() -> int:
    bad = 0
    for provider, table in (("openai_chat", CHAT), ("gemini", GEMINI)):
        for name, frames in table.items():
            body = "".join(f"data: {f}\n\n" for f in frames).encode()
            want = lm(provider, body)
            for chunks in ([body], [body[:40], body[40:]]):
                s, g = run(provider, chunks, False), run(provider, chunks, True)
                same = s == g
                lm_same = (strip(s) == strip(want)) if isinstance(s, dict) and isinstance(want, dict) else (isinstance(s, str) and isinstance(want, str))
                if not same or not lm_same:
                    bad += 1
                    print(f"BAD {provider} [{name}] chunks={len(chunks)}\n  straight: {strip(s) if isinstance(s, dict) else s}\n  general:  {strip(g) if isinstance(g, dict) else g}\n  lm15:     {strip(want) if isinstance(want, dict) else want}")
    print("bad", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
