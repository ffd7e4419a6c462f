"""F03: an Anthropic cache mark on a tool_result before the last block splits the parallel results
into two Gemini turns.

Input (anthropic SDK MessageParam shapes): an assistant turn with two parallel tool_use blocks,
then one user turn holding both tool_result blocks, the first marked
`cache_control: {"type": "ephemeral"}` (a client marking its cache breakpoint on a result and
then adding more). translate_request("anthropic", "gemini", ...) drops the mark (Gemini takes
none: noted), yet still splits the user turn at the mark: the two functionResponse parts go in
two consecutive user contents. The Gemini API wants the function responses of one function-call
turn together (its 400: "Please ensure that the number of function response parts is equal to
the number of function call parts of the function call turn"). The README's reason for the split
("the API joins consecutive turns") is Anthropic's, and no note says the turn was split. Exits 1
while the responses to the one model turn are split.
"""

import json
import sys

import lmcodec as lc

E = {"type": "ephemeral"}
body = {
    "model": "claude-sonnet-4-5",
    "max_tokens": 1000,
    "tools": [{"name": "lookup", "input_schema": {"type": "object", "properties": {"q": {"type": "string"}}}}],
    "messages": [
        {"role": "user", "content": "look up a and b"},
        {"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_a", "name": "lookup", "input": {"q": "a"}},
            {"type": "tool_use", "id": "toolu_b", "name": "lookup", "input": {"q": "b"}},
        ]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_a", "content": "ra", "cache_control": E},
            {"type": "tool_result", "tool_use_id": "toolu_b", "content": "rb"},
        ]},
    ],
}
out = lc.translate_request("anthropic", "gemini", json.dumps(body).encode(), model="gemini-2.5-flash")
contents = json.loads(out.body)["contents"]
for c in contents:
    print(c["role"], [next(iter(p)) for p in c["parts"]])
print("notes:", [(a.field, a.action) for a in out.adaptations])
calls = sum("functionCall" in p for c in contents for p in c["parts"] if c["role"] == "model")
after_calls = contents[[c["role"] for c in contents].index("model") + 1]
answered = sum("functionResponse" in p for p in after_calls["parts"])
if answered != calls:
    print(f"FAIL: the model turn has {calls} function calls; the next turn answers {answered} of them "
          f"(the others in a later user turn)")
    sys.exit(1)
print("ok")
