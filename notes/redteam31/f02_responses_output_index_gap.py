"""F02: lc.stream.translate from Gemini to a Responses client: a chunk whose first parts are ones
lm15's stream reading drops (executableCode, codeExecutionResult: Gemini's code execution tool)
makes the first output item's output_index 2, not 0. The Responses API numbers output_index as the
item's position in response.output (the completed response here holds one item, at position 0).
The openai Python SDK keys its items by output_index and reads the text anyway; a client that
indexes response.output by output_index (an array) does not. Exits 1 while an item's output_index
is not its position in response.completed's output."""
from __future__ import annotations

import json
import sys

import lmcodec as lc

REQ = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("what is 1?"),))
PARTS = [
    {"executableCode": {"language": "PYTHON", "code": "print(1)"}},
    {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1\n"}},
    {"text": "The answer is 1."},
]


def main() -> int:
    payload = {"candidates": [{"content": {"role": "model", "parts": PARTS}, "finishReason": "STOP"}],
               "modelVersion": "gemini-2.5-flash",
               "usageMetadata": {"promptTokenCount": 5, "candidatesTokenCount": 6, "totalTokenCount": 11}}
    sse = b"".join(lc.stream.translate("gemini", "openai", [b"data: " + json.dumps(payload).encode() + b"\r\n\r\n"], request=REQ))
    added, completed = [], []
    for block in sse.split(b"\n\n"):
        for line in block.split(b"\n"):
            if line.startswith(b"data: "):
                data = json.loads(line[6:])
                if data["type"] == "response.output_item.added":
                    added.append((data["output_index"], data["item"]["type"]))
                elif data["type"] == "response.completed":
                    completed = [item["type"] for item in data["response"]["output"]]
    print(f"output_item.added (output_index, type): {added}")
    print(f"response.completed output: {completed}")
    if [index for index, _ in added] != list(range(len(completed))):
        print("FINDING: output_index is not the item's position in response.output")
        return 1
    return 0


sys.exit(main())
