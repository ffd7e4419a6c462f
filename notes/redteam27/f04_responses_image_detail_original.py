"""F04: a Responses input_image (and a Chat image_url) by URL with detail "original" is refused in every pair, Responses ->
Responses included, at a canonical path; the same detail on a file_id image goes back as sent.

The openai SDK (3.63) types `ResponseInputImageParam.detail: Required[ImageDetail]` with
`ImageDetail = Literal["low", "high", "auto", "original"]` ("One of `high`, `low`, `auto`, or
`original`. Defaults to `auto`."). lc.translate_request("openai", "openai", body) refuses
`{"type": "input_image", "image_url": ..., "detail": "original"}` with "the body maps to an invalid
canonical Request: Invalid enum value 'original'" at `canonical $.messages[0].parts[1].detail`, a
path into the canonical Request, not the client's `$.input[0].content[1].detail`. The
same detail on a `file_id` image goes Responses -> Responses as sent (codexread16's SDK-block
hand-off) and is `dropped` with a note elsewhere. decode_request's refusal is lm15's
(ImagePart.detail is low/high/auto there); the gateway's same-dialect pass is the question.
Exits 1 while the URL form is refused Responses -> Responses or refused at a non-client path.
"""

import json
import sys

import lmcodec as lc

bad = 0
for source in ({"image_url": "https://example.com/cat.png"}, {"file_id": "file_abc"}):
    image = {"type": "input_image", **source, "detail": "original"}
    body = {"model": "gpt-5", "input": [{"role": "user", "content": [{"type": "input_text", "text": "what is it?"}, image]}]}
    for dst in ("openai", "anthropic", "gemini"):
        label = f"{next(iter(source))} -> {dst}"
        try:
            out = lc.translate_request("openai", dst, json.dumps(body).encode())
        except lc.ValidationError as exc:
            print(f"{label}: ValidationError at {exc.path!r}: {exc.message[:90]}")
            if dst == "openai" or not str(exc.path).startswith("$."):
                bad += 1
            continue
        sent = json.loads(out.body)
        print(f"{label}: sent; notes {[(a.field, a.action) for a in out.adaptations]}")
        if dst == "openai" and sent["input"] != body["input"]:
            print(f"   but not as sent: {json.dumps(sent['input'])[:200]}")
            bad += 1
# Chat's image_url.detail takes "original" too (ChatCompletionContentPartImageParam, openai 3.63)
chat = {"model": "gpt-4o", "messages": [{"role": "user", "content": [
    {"type": "text", "text": "what is it?"},
    {"type": "image_url", "image_url": {"url": "https://example.com/cat.png", "detail": "original"}}]}]}
try:
    out = lc.translate_request("openai_chat", "openai_chat", json.dumps(chat).encode())
    print("chat image_url -> openai_chat: sent")
except lc.ValidationError as exc:
    print(f"chat image_url -> openai_chat: ValidationError at {exc.path!r}")
    bad += 1
if bad:
    print(f"FAIL: {bad} translations refuse detail 'original' (Responses -> Responses, or at a canonical path)")
    sys.exit(1)
print("ok")
