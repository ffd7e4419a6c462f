"""F05: Responses -> Responses, an input_image by file_id loses its `detail` (the client's "low":
85 tokens an image instead of up to ~1.1k at "high"/"auto"), and the body sent is one the openai
SDK's own ResponseCreateParams refuses: ResponseInputImageParam has `detail: Required[...]`.
Exits 1 while the translated body drops the detail / fails the SDK's type."""

import json
import sys

from _sdk import responses_body
from openai.types.responses import response_create_params
from pydantic import TypeAdapter, ValidationError

import lmcodec as lc

body = responses_body(
    model="gpt-5",
    input=[
        {
            "role": "user",
            "content": [
                {"type": "input_text", "text": "what is this?"},
                {"type": "input_image", "file_id": "file-abc", "detail": "low"},
            ],
        }
    ],
)
built = lc.translate_request("openai", "openai", body)
sent = json.loads(built.body)
image = sent["input"][0]["content"][1]
print("client sent:", json.loads(body)["input"][0]["content"][1])
print("lmcodec sends:", image, [(a.field, a.action) for a in built.adaptations])
bad = False
if image.get("detail") != "low":
    print("FAIL: the client's detail is not sent")
    bad = True
try:
    TypeAdapter(response_create_params.ResponseCreateParamsNonStreaming).validate_python(sent)
except ValidationError as exc:
    detail_errors = [
        e for e in exc.errors() if "detail" in [str(p) for p in e["loc"]] and e["type"] == "missing"
    ]
    if detail_errors:
        print(
            "FAIL: the openai SDK's ResponseCreateParams refuses it:",
            detail_errors[0]["loc"],
            detail_errors[0]["msg"],
        )
        bad = True
sys.exit(1 if bad else 0)
