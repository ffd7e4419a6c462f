"""F10: a Chat client's strict function tool (openai.pydantic_function_tool, what
client.chat.completions.parse / the Agents SDK send: "strict": true, Structured Outputs for the
call's arguments) passed Chat -> Chat goes without "strict" (noted `dropped`), while Chat ->
Responses keeps "strict": true: the one pair where the flag needs no mapping loses it, and the
backend no longer guarantees arguments that match the schema.
Exits 1 while Chat -> Chat sends the tool without strict."""

import json
import sys

import openai
import pydantic
from _sdk import chat_body

import lmcodec as lc


class GetWeather(pydantic.BaseModel):
    city: str


body = chat_body(
    model="gpt-4o",
    messages=[{"role": "user", "content": "weather in Paris?"}],
    tools=[openai.pydantic_function_tool(GetWeather)],
)
print("client tool:", json.loads(body)["tools"][0])
chat = lc.translate_request("openai_chat", "openai_chat", body)
responses = lc.translate_request("openai_chat", "openai", body)
chat_tool = json.loads(chat.body)["tools"][0]["function"]
responses_tool = json.loads(responses.body)["tools"][0]
print("Chat -> Chat:", chat_tool, [(a.field, a.action) for a in chat.adaptations])
print("Chat -> Responses strict:", responses_tool.get("strict"))
if chat_tool.get("strict") is not True:
    print("FAIL: Chat -> Chat drops the client's strict: true (Chat -> Responses keeps it)")
    sys.exit(1)
