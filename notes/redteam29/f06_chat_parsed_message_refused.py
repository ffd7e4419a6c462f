"""F06: a structured-output conversation with the openai SDK's parse() helper, its answer appended
to the history as the SDK returns it (`messages.append(completion.choices[0].message)`: a
ParsedChatCompletionMessage, which the SDK sends with `"parsed": {...}`, the model's JSON content
parsed again), is refused by lc.translate_request in every pair, Chat -> Chat included ("an
assistant row's 'parsed' cannot be carried"). `parsed` says nothing `content` does not (it is the
SDK's parse of that same text), and translate_request drops other SDK output copies with a note
(Anthropic citations, Responses annotations; a Responses output_text's non-null `parsed`, from
`responses.parse()`, is `dropped` at its path in every pair): a gateway refuses the second turn of every such
conversation. A null `parsed` reads as absent (README); a non-null one should go the same way
for translate_request, `dropped` with its path (decode_request may keep refusing it).

Exits 1 while the second turn is refused."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pydantic

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lmcodec as lc  # noqa: E402
from _sdk import chat_body  # noqa: E402
from openai.types.chat import ParsedChatCompletion  # noqa: E402


class City(pydantic.BaseModel):
    city: str


def main() -> int:
    completion = ParsedChatCompletion[City].model_validate({
        "id": "c", "object": "chat.completion", "created": 1, "model": "gpt-4o",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {
            "role": "assistant", "content": '{"city":"Paris"}', "parsed": {"city": "Paris"},
            "refusal": None, "annotations": [], "tool_calls": None}}]})
    message = completion.choices[0].message
    body = chat_body(model="gpt-4o", messages=[{"role": "user", "content": "Capital of France?"}, message,
                                               {"role": "user", "content": "And of Spain?"}],
                     response_format={"type": "json_schema", "json_schema": {"name": "City", "schema": City.model_json_schema()}})
    print("the SDK sends the answer as", json.dumps(body["messages"][1]))
    bad = 0
    for dst in ("openai_chat", "openai", "anthropic", "gemini"):
        try:
            built = lc.translate_request("openai_chat", dst, json.dumps(body).encode())
            print(f"-> {dst}: ok {[(a.field, a.action) for a in built.adaptations]}")
        except lc.LmcodecError as exc:
            bad += 1
            print(f"FAIL -> {dst}: {exc}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
