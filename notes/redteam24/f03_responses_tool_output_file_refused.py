"""F03: a Responses client's function_call_output holding an input_file with its own `filename`
(what the openai SDK / Agents SDK send for a tool that returns a file) or an input_image by
`file_id` with `detail` is refused by translate_request in every pair, openai -> openai included;
the same blocks in a message are read, the key `dropped` with its path (README: "so is a
Responses body for an input_file's own filename or a detail on an input_image by file_id").
Exits 1 while the tool output is refused where the message is read."""

import sys

from _sdk import responses_body

import lmcodec as lc

TOOLS = [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}]
FILE = {"type": "input_file", "file_data": "data:application/pdf;base64,JVBERi0=", "filename": "report.pdf"}
IMAGE = {"type": "input_image", "file_id": "file-abc", "detail": "low"}
failed = 0
for block in (FILE, IMAGE):
    in_message = responses_body(model="gpt-5", input=[{"role": "user", "content": [block]}])
    in_output = responses_body(
        model="gpt-5",
        tools=TOOLS,
        input=[
            {"role": "user", "content": "run f"},
            {"type": "function_call", "call_id": "c1", "name": "f", "arguments": "{}"},
            {"type": "function_call_output", "call_id": "c1", "output": [block]},
        ],
    )
    for destination in ("openai", "anthropic", "gemini"):
        message = lc.translate_request("openai", destination, in_message, model="m")
        notes = [(a.field, a.action) for a in message.adaptations if a.action == "dropped"]
        try:
            lc.translate_request("openai", destination, in_output, model="m")
            print(f"{block['type']} -> {destination}: read in a message {notes} and in a tool output")
        except lc.ValidationError as exc:
            failed += 1
            print(
                f"FAIL {block['type']} -> {destination}: in a message read, {notes};"
                f" in a tool output refused: {exc}"
            )
sys.exit(1 if failed else 0)
