"""Red team 33 probe: integer literals past Python's int_max_str_digits (4,300) in short Chat and
Gemini bodies, at each field the straight paths read (an unknown field, usage, call arguments),
whole and cut: lc's straight path vs the general way vs lm15 1.5.0.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/probes/long_digits.py"""
from __future__ import annotations

import sys
from typing import Any
from unittest import mock

import lm15
import lm15.result as lr
from lm15 import vet

import lmcodec as lc
from lmcodec.stream.decoder import Decoding

LM_REQ = lm15.types.Request(model="m-1", messages=(lm15.types.Message.user("hi"),))
REQ = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
H = '"id":"c","object":"chat.completion.chunk","created":1,"model":"g"'


def kind(fn: Any) -> Any:
    try:
        r = fn()
        return ("ok", lc.encode(r))
    except lc.LmcodecError as e:
        return ("lc", type(e).__name__)
    except Exception as e:  # noqa: BLE001
        return ("BARE", type(e).__name__)


def lm(provider: str, body: bytes) -> Any:
    try:
        ev = vet._parse_stream_body(vet.adapter_for_provider(provider, vet._PARSE_ONLY_KEY), LM_REQ, body)
        lr.materialize_response(iter(ev), LM_REQ)
        return "ok"
    except Exception as e:  # noqa: BLE001
        return f"raised {type(e).__name__}"


def main() -> int:
    bad = 0
    for digits in (4300, 4301, 5000):
        n = "7" * digits
        chat = {
            "unknown in finish": [f'{{{H},"choices":[{{"index":0,"delta":{{"content":"hi"}},"finish_reason":null}}]}}', f'{{{H},"x":{n},"choices":[{{"index":0,"delta":{{}},"finish_reason":"stop"}}]}}', "[DONE]"],
            "usage count": [f'{{{H},"choices":[{{"index":0,"delta":{{"content":"hi"}},"finish_reason":"stop"}}]}}', f'{{{H},"choices":[],"usage":{{"prompt_tokens":{n},"completion_tokens":1}}}}', "[DONE]"],
            "digits in text": [f'{{{H},"choices":[{{"index":0,"delta":{{"content":"{n}"}},"finish_reason":"stop"}}]}}', "[DONE]"],
            "digits in arguments": [f'{{{H},"choices":[{{"index":0,"delta":{{"tool_calls":[{{"index":0,"id":"c","type":"function","function":{{"name":"f","arguments":"{{\\"a\\":{n}}}"}}}}]}},"finish_reason":"tool_calls"}}]}}', "[DONE]"],
        }
        g_end = '{"candidates":[{"content":{"parts":[%s],"role":"model"},"finishReason":"STOP"}],"modelVersion":"g"%s}'
        gem = {
            "unknown field": [g_end % ('{"text":"hi"}', f',"x":{n}')],
            "usage count": [g_end % ('{"text":"hi"}', f',"usageMetadata":{{"promptTokenCount":{n}}}')],
            "call args": [g_end % (f'{{"functionCall":{{"name":"f","args":{{"a":{n}}}}}}}', "")],
            "digits in text": [g_end % (f'{{"text":"{n}"}}', "")],
        }
        for provider, table in (("openai_chat", chat), ("gemini", gem)):
            for name, frames in table.items():
                body = "".join(f"data: {f}\n\n" for f in frames).encode()
                want = lm(provider, body)
                for chunks in ([body], [body[:100], body[100:]]):
                    s = kind(lambda: lc.assemble(lc.stream.decode(provider, chunks, request=REQ), request=REQ))
                    with mock.patch.object(Decoding, "lone_response", lambda self, request: None):
                        g = kind(lambda: lc.assemble(lc.stream.decode(provider, chunks, request=REQ), request=REQ))
                    agree = s == g and s[0] != "BARE" and ((s[0] == "ok") == (want == "ok"))
                    bad += not agree
                    print(f"{'ok ' if agree else 'BAD'} {provider} {digits} {name} chunks={len(chunks)}: straight={s[0]}:{s[1] if s[0] != 'ok' else ''} general={g[0]} lm15={want}")
    print("bad", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
