"""Hostile values at a tool call's id, name and arguments (and text/thought/signature) in bodies and
streams of each dialect, lmcodec against lm15 1.5.0 (tests/providers/sweep_support: decode_response
vs parse_response; decode/Decoder/adecode/assemble vs adapter+coalesce+materialize)."""

from __future__ import annotations

import json
import sys

sys.path.insert(0, ".")
from tests.providers.sweep_support import stream_findings, whole_findings  # noqa: E402

P = '"\\u0000PH\\u0000"'
HOSTILE = {
    "NaN": "NaN", "-Infinity": "-Infinity", "1e400": "1e400", "bigint": "1" + "0" * 30,
    "huge int": "1" + "0" * 5000, "-0.0": "-0.0", "empty": '""', "space": '" "', "null": "null",
    "true": "true", "0": "0", "1": "1", "list": "[1]", "obj": '{"a":1}', "str": '"x"', "lone": '"\\ud800"',
    "nul": '"\\u0000"', "1.5": "1.5", "nested NaN": '{"a":[NaN]}', "nested 1e400": '{"a":{"b":1e400}}',
    "dup keys": '{"a":1,"a":2}',
}


def sub(template: str, raw: str) -> bytes:
    return template.replace(P, raw).encode()


def sse(frames: list[str], events: list[str] | None = None) -> str:
    out = []
    for i, f in enumerate(frames):
        head = f"event: {events[i]}\n" if events else ""
        out.append(f"{head}data: {f}\n\n")
    return "".join(out)


G_USAGE = '"usageMetadata":{"promptTokenCount":3,"candidatesTokenCount":3,"totalTokenCount":6}'
BODIES: dict[str, list[str]] = {
    "gemini": [
        '{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"f","args":PH}}]},"finishReason":"STOP"}],' + G_USAGE + "}",
        '{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":PH,"args":{"a":1}}}]},"finishReason":"STOP"}],' + G_USAGE + "}",
        '{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"id":PH,"name":"f","args":{"a":1}}}]},"finishReason":"STOP"}],' + G_USAGE + "}",
        '{"candidates":[{"content":{"role":"model","parts":[{"text":"hi","thoughtSignature":PH}]},"finishReason":"STOP"}],' + G_USAGE + "}",
        '{"candidates":[{"content":{"role":"model","parts":[{"text":PH}]},"finishReason":"STOP"}],' + G_USAGE + "}",
        '{"candidates":[{"content":{"role":"model","parts":[{"text":"t","thought":PH}]},"finishReason":"STOP"}],' + G_USAGE + "}",
        '{"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"f","args":{"a":1},"thoughtSignature":PH}}]},"finishReason":"STOP"}],' + G_USAGE + "}",
    ],
    "anthropic": [
        '{"id":"msg_1","type":"message","role":"assistant","model":"m-1","content":[{"type":"tool_use","id":"tu_1","name":"f","input":PH}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1}}',
        '{"id":"msg_1","type":"message","role":"assistant","model":"m-1","content":[{"type":"tool_use","id":PH,"name":"f","input":{}}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1}}',
        '{"id":"msg_1","type":"message","role":"assistant","model":"m-1","content":[{"type":"tool_use","id":"tu_1","name":PH,"input":{}}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1}}',
        '{"id":"msg_1","type":"message","role":"assistant","model":"m-1","content":[{"type":"text","text":PH}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}',
        '{"id":"msg_1","type":"message","role":"assistant","model":"m-1","content":[{"type":"thinking","thinking":PH,"signature":"s"}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}',
        '{"id":"msg_1","type":"message","role":"assistant","model":"m-1","content":[{"type":"thinking","thinking":"t","signature":PH}],"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":1}}',
    ],
    "openai": [
        '{"id":"r1","object":"response","status":"completed","model":"m-1","output":[{"type":"message","id":"m1","role":"assistant","status":"completed","content":[{"type":"output_text","text":PH,"annotations":[]}]}],"usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}',
        '{"id":"r1","object":"response","status":"completed","model":"m-1","output":[{"type":"reasoning","id":"rs1","summary":[{"type":"summary_text","text":PH}]}],"usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}',
        '{"id":"r1","object":"response","status":"completed","model":"m-1","output":[{"type":"function_call","id":"fc1","call_id":PH,"name":"f","arguments":"{}"}],"usage":{"input_tokens":1,"output_tokens":1,"total_tokens":2}}',
    ],
}
GS = '{"candidates":[{"content":{"role":"model","parts":[%s]},"finishReason":"STOP"}],' + G_USAGE + ',"modelVersion":"m-1"}'
GS0 = '{"candidates":[{"content":{"role":"model","parts":[%s]}}],"modelVersion":"m-1"}'
A_START = '{"type":"message_start","message":{"id":"msg_1","type":"message","role":"assistant","model":"m-1","content":[],"stop_reason":null,"usage":{"input_tokens":1,"output_tokens":0}}}'
A_END = ['{"type":"content_block_stop","index":0}', '{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":1}}', '{"type":"message_stop"}']
STREAMS: dict[str, list[str]] = {
    "gemini": [
        sse([GS % '{"functionCall":{"name":"f","args":PH}}']),
        sse([GS0 % '{"functionCall":{"name":"f","args":PH}}', GS % '{"text":""}']),
        sse([GS0 % '{"functionCall":{"name":"f","args":{"a":1}}}', GS % '{"functionCall":{"name":"g","args":PH}}']),
        sse([GS % '{"functionCall":{"id":PH,"name":"f","args":{}}}']),
        sse([GS0 % '{"functionCall":{"id":PH,"name":"f","args":{}}}', GS % '{"text":""}']),
        sse([GS % '{"functionCall":{"name":PH,"args":{}}}']),
        sse([GS0 % '{"functionCall":{"name":PH,"args":{}}}', GS % '{"text":""}']),
        sse([GS % '{"functionCall":{"name":"f","args":{}},"thoughtSignature":PH}']),
        sse([GS0 % '{"text":"a","thoughtSignature":PH}', GS % '{"text":"b"}']),
    ],
    "anthropic": [
        sse([A_START, '{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":PH,"name":"f","input":{}}}',
             '{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{}"}}', *A_END]),
        sse([A_START, '{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"tu","name":PH,"input":{}}}',
             '{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{}"}}', *A_END]),
        sse([A_START, '{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"tu","name":"f","input":{}}}',
             '{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":PH}}', *A_END]),
    ],
    "openai_chat": [
        sse(['{"id":"c1","object":"chat.completion.chunk","model":"m-1","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":PH,"type":"function","function":{"name":"f","arguments":"{}"}}]}}]}',
             '{"id":"c1","object":"chat.completion.chunk","model":"m-1","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}', "[DONE]"]),
        sse(['{"id":"c1","object":"chat.completion.chunk","model":"m-1","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":PH,"arguments":"{}"}}]}}]}',
             '{"id":"c1","object":"chat.completion.chunk","model":"m-1","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}', "[DONE]"]),
        sse(['{"id":"c1","object":"chat.completion.chunk","model":"m-1","choices":[{"index":0,"delta":{"role":"assistant","tool_calls":[{"index":0,"id":"c","type":"function","function":{"name":"f","arguments":PH}}]}}]}',
             '{"id":"c1","object":"chat.completion.chunk","model":"m-1","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}', "[DONE]"]),
    ],
}
ARG_TEXT = {"NaN-text": '"{\\"a\\": NaN}"', "inf-text": '"{\\"a\\": 1e400}"', "big-text": '"{\\"a\\": ' + "9" * 30 + '}"',
            "list-text": '"[1,2]"', "empty-text": '""', "bad-text": '"{\\"a\\""', "dup-text": '"{\\"a\\":1,\\"a\\":2}"',
            "huge-int-text": '"{\\"a\\": 1' + "0" * 5000 + '}"', "nul key": '"{\\"\\\\u0000\\":1}"'}


def main() -> int:
    bad = 0
    runs = 0
    table = {**HOSTILE, **ARG_TEXT}
    for provider, templates in BODIES.items():
        for t in templates:
            for name, raw in table.items():
                body = sub(t.replace("PH", P), raw)
                runs += 1
                for f in whole_findings(provider, body, ""):
                    bad += 1
                    print(f"BODY {provider} {t[:0]}{name} @ {t[t.find('PH')-40:t.find('PH')]!r}: {f}")
    for provider, templates in STREAMS.items():
        for t in templates:
            for name, raw in table.items():
                body = sub(t.replace("PH", P), raw)
                runs += 1
                for f in stream_findings(provider, body):
                    bad += 1
                    print(f"STREAM {provider} {name} @ {t[t.find('PH')-40:t.find('PH')]!r}: {f}")
    print(f"{runs} runs, {bad} findings")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
