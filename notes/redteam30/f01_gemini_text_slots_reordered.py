"""F01: lc.stream.translate from Gemini: a chunk holding two text parts, then a chunk of text.
The Responses and Anthropic clients get the text out of order ("The capital is Paris. of France"):
the third text is written into the slot of the chunk's first part (Gemini part index 0), a block
the writer had already moved past. The Chat client gets it in order. Oracle: google-genai's own
reading of the Gemini stream (every chunk's parts appended in order) and each client's SDK
accumulator (anthropic MessageStream, openai responses.stream)."""
from __future__ import annotations

import json
import sys

import httpx
import httpx2
import openai
import anthropic
from google.genai import types as genai_types

import lmcodec as lc

REQ = lc.Request(model="gemini-2.5-flash", messages=(lc.Message.user("hi"),))
CHUNKS = [
    [{"text": "The capital", "thoughtSignature": "c2ln"}, {"text": " of France"}],
    [{"text": " is Paris."}],
]


def gemini_body() -> bytes:
    out = []
    for k, parts in enumerate(CHUNKS):
        cand = {"content": {"role": "model", "parts": parts}}
        payload = {"candidates": [cand], "modelVersion": "gemini-2.5-flash"}
        if k == len(CHUNKS) - 1:
            cand["finishReason"] = "STOP"
            payload["usageMetadata"] = {"promptTokenCount": 5, "candidatesTokenCount": 6, "totalTokenCount": 11}
        out.append(b"data: " + json.dumps(payload).encode() + b"\r\n\r\n")
    return b"".join(out)


def genai_text(body: bytes) -> str:
    """google-genai's reading: each chunk a GenerateContentResponse, its .text appended."""
    text = ""
    for event in body.split(b"\r\n\r\n"):
        if event:
            text += genai_types.GenerateContentResponse.model_validate_json(event[6:]).text or ""
    return text


def anthropic_text(sse: bytes) -> str:
    def handler(request):
        return httpx2.Response(200, headers={"content-type": "text/event-stream"}, content=sse)
    client = anthropic.Anthropic(api_key="k", http_client=httpx2.Client(transport=httpx2.MockTransport(handler)), max_retries=0)
    with client.messages.stream(model="m", max_tokens=9, messages=[{"role": "user", "content": "hi"}]) as s:
        final = s.get_final_message()
    return "".join(b.text for b in final.content if b.type == "text")


def responses_text(sse: bytes) -> str:
    def handler(request):
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=sse)
    client = openai.OpenAI(api_key="k", http_client=httpx.Client(transport=httpx.MockTransport(handler)), max_retries=0)
    with client.responses.stream(model="m", input="hi") as s:
        return s.get_final_response().output_text


def chat_text(sse: bytes) -> str:
    def handler(request):
        return httpx.Response(200, headers={"content-type": "text/event-stream"}, content=sse)
    client = openai.OpenAI(api_key="k", http_client=httpx.Client(transport=httpx.MockTransport(handler)), max_retries=0)
    text = ""
    for chunk in client.chat.completions.create(model="m", messages=[{"role": "user", "content": "hi"}], stream=True):
        for choice in chunk.choices:
            text += choice.delta.content or ""
    return text


def main() -> int:
    body = gemini_body()
    want = genai_text(body)
    print(f"google-genai reads the Gemini stream as: {want!r}")
    bad = 0
    for dst, reader in (("openai_chat", chat_text), ("openai", responses_text), ("anthropic", anthropic_text)):
        sse = b"".join(lc.stream.translate("gemini", dst, [body], request=REQ))
        got = reader(sse)
        ok = got == want
        bad += not ok
        print(f"  translate -> {dst:12s} the client's SDK reads {got!r}  {'ok' if ok else 'REORDERED'}")
    got = "".join(p.text for p in lc.assemble(lc.stream.decode("gemini", [body], request=REQ), request=REQ).message.parts if isinstance(p, lc.TextPart))
    print(f"  (lc.assemble of the Gemini stream, as lm15 reads it: {got!r})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
