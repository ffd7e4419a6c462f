"""F06: translate_request from a google-genai body notes `extensions.tools` as `dropped` (asked:
the client's whole tools list) although every function tool is sent, and `extensions.generationConfig`
as `satisfied` with {} asked. google-genai writes `parameters_json_schema` (snake_case) and an empty
generationConfig; a gateway that shows or logs its adaptations tells the user their tools were
dropped. Exits 1 while a tool that is sent is also reported dropped."""

import json
import sys

from _sdk import gemini_body
from google.genai import types as T

import lmcodec as lc

fd = T.FunctionDeclaration(
    name="f",
    description="d",
    parameters_json_schema={"type": "object", "properties": {"a": {"type": "string"}}},
)
body = gemini_body(contents="hi", config=T.GenerateContentConfig(tools=[T.Tool(function_declarations=[fd])]))
print("client body:", body.decode())
bad = False
for destination, model in (("openai", "gpt-5"), ("openai_chat", "gpt-5"), ("anthropic", "claude-sonnet-4-5")):
    built = lc.translate_request("gemini", destination, body, model=model)
    sent = json.loads(built.body)["tools"]
    dropped = [
        (a.field, a.asked)
        for a in built.adaptations
        if a.field == "extensions.tools" and a.action == "dropped"
    ]
    print(
        f"-> {destination}: tools sent {len(sent)}; "
        f"notes {[(a.field, a.action, a.asked) for a in built.adaptations]}"
    )
    if sent and dropped:
        print(f"FAIL -> {destination}: the tool f is sent and also reported dropped")
        bad = True
sys.exit(1 if bad else 0)
