"""F01: lc.stream.translate from Gemini to a Responses client: a Gemini image model's interleaved
answer (text, image, text, image: each chunk one part, so each at part index 0) reaches the client's
final response (response.completed, what the openai SDK's responses.stream() hands its caller) with
only the last image; the first is gone, nothing told. google-genai reads both images. The same
per-chunk index that red team 30 F01 (fixed by PartsInOrderSink for texts and thoughts) was about,
for images. Exits 1 while an image is lost."""
from __future__ import annotations

import json
import sys
import warnings

import httpx
import openai
from google.genai import types as genai_types

import lmcodec as lc

REQ = lc.Request(model="gemini-2.5-flash-image", messages=(lc.Message.user("a cat, then a dog"),))
CAT, DOG = "iVBORw0KGgoAAAANSUhEUgAAAAE=", "iVBORw0KGgoAAAANSUhEUgAAAAI="
CHUNKS = [
    [{"text": "A cat:"}],
    [{"inlineData": {"mimeType": "image/png", "data": CAT}}],
    [{"text": " and a dog:"}],
    [{"inlineData": {"mimeType": "image/png", "data": DOG}}],
]


def gemini_events() -> list[bytes]:
    out = []
    for k, parts in enumerate(CHUNKS):
        cand: dict = {"content": {"role": "model", "parts": parts}}
        payload = {"candidates": [cand], "modelVersion": "gemini-2.5-flash-image"}
        if k == len(CHUNKS) - 1:
            cand["finishReason"] = "STOP"
            payload["usageMetadata"] = {"promptTokenCount": 5, "candidatesTokenCount": 6, "totalTokenCount": 11}
        out.append(b"data: " + json.dumps(payload).encode() + b"\r\n\r\n")
    return out


def genai_images(events: list[bytes]) -> list[str]:
    images = []
    for event in events:
        chunk = genai_types.GenerateContentResponse.model_validate_json(event[6:])
        for part in chunk.candidates[0].content.parts or []:
            if part.inline_data is not None:
                images.append(part.inline_data.data)
    import base64
    return [base64.b64encode(d).decode() for d in images]


def responses_images(sse: bytes) -> list[str]:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=sse)
    client = openai.OpenAI(api_key="k", http_client=httpx.Client(transport=httpx.MockTransport(handler)), max_retries=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (pydantic's serializer warns on output_image content)
        with client.responses.stream(model="m", input="hi") as s:
            final = s.get_final_response()
        output = final.model_dump()["output"]
    return [c["b64_json"] for item in output for c in item.get("content") or [] if c.get("type") == "output_image"]


def main() -> int:
    events = gemini_events()
    want = genai_images(events)
    sse = b"".join(lc.stream.translate("gemini", "openai", events, request=REQ))
    got = responses_images(sse)
    print(f"google-genai reads the images: {want}")
    print(f"the Responses client's final response holds: {got}")
    if got != want:
        print("FINDING: an image of the Gemini stream is missing from the Responses client's final response")
        return 1
    return 0


sys.exit(main())
