"""F08: a Responses body that uses a stored prompt and no `input` (the prompt template holds the
messages: client.responses.create(model=..., prompt={"id": ...})) is refused even to OpenAI
("a canonical Request needs input messages"); the README says a stored `prompt` "to OpenAI it is
kept". Exits 1 while openai -> openai refuses it."""

import sys

from _sdk import responses_body

import lmcodec as lc

body = responses_body(model="gpt-5", prompt={"id": "pmpt_abc", "variables": {"city": "Paris"}})
print("client body:", body.decode())
try:
    built = lc.translate_request("openai", "openai", body)
    print("sent:", built.body.decode())
except lc.ValidationError as exc:
    print("FAIL: refused to OpenAI:", exc)
    sys.exit(1)
