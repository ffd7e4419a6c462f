"""F04: a Gemini function response answered {"error": {...}} (an object: what a tool framework
writes for a failure, e.g. {"error": {"code": 404, "message": ...}}) is sent as a successful
result: to Anthropic a tool_result without is_error, to Gemini itself rewritten as
{"result": "<the error as text>"}. Only {"error": <string>} keeps the failure. The Gemini API
reads the "error" key as the call's failure ("Use 'output' key to specify function output and
'error' key to specify error details", FunctionResponse.response in google-genai's types).
Exits 1 while the failure is lost."""

import json
import sys

from _sdk import gemini_body
from google.genai import types as T

import lmcodec as lc

fd = T.FunctionDeclaration(
    name="lookup", parameters_json_schema={"type": "object", "properties": {"id": {"type": "string"}}}
)
body = gemini_body(
    contents=[
        T.Content(role="user", parts=[T.Part(text="find 7")]),
        T.Content(
            role="model", parts=[T.Part(function_call=T.FunctionCall(name="lookup", args={"id": "7"}))]
        ),
        T.Content(
            role="user",
            parts=[
                T.Part(
                    function_response=T.FunctionResponse(
                        name="lookup", response={"error": {"code": 404, "message": "no such id"}}
                    )
                )
            ],
        ),
    ],
    config=T.GenerateContentConfig(tools=[T.Tool(function_declarations=[fd])]),
)
bad = False
to_claude = json.loads(lc.translate_request("gemini", "anthropic", body, model="claude-sonnet-4-5").body)
result = to_claude["messages"][2]["content"][0]
print("to Anthropic:", result)
if result.get("is_error") is not True:
    print("FAIL: the tool's failure goes to Claude as a success (no is_error)")
    bad = True
to_gemini = json.loads(lc.translate_request("gemini", "gemini", body).body)
response = to_gemini["contents"][2]["parts"][0]["functionResponse"]["response"]
print("to Gemini:", response)
if "error" not in response:
    print("FAIL: Gemini -> Gemini rewrites the client's error response as a result")
    bad = True
sys.exit(1 if bad else 0)
