"""Gemini id-less calls to an Anthropic client: the body's tool_use ids vs the stream's, same source."""
import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
fc = lambda n: {"functionCall": {"name": n, "args": {"a": 1}}}
SHAPES = {
  "plain": [fc("f"), fc("g")],
  "text first": [{"text": "hi"}, fc("f")],
  "thought first": [{"text": "t", "thought": True, "thoughtSignature": "c2ln"}, fc("f")],
  "empty inlineData": [{"inlineData": {"mimeType": "image/png", "data": ""}}, fc("f")],
  "executableCode": [{"executableCode": {"language": "PYTHON", "code": "1"}}, fc("f")],
  "text+call one part": [{"text": "x", "functionCall": {"name": "h", "args": {}}}, fc("f")],
  "non-dict part": ["junk", fc("f")],
  "functionCall not dict": [{"functionCall": "x"}, fc("f")],
  "own id then none": [{"functionCall": {"name": "f", "args": {}, "id": "c1"}}, fc("g")],
  "empty id": [{"functionCall": {"name": "f", "args": {}, "id": ""}}, fc("g")],
  "thought call": [{"thought": True, "functionCall": {"name": "f", "args": {}}}],
  "functionResponse": [{"functionResponse": {"name": "f", "response": {}}}, fc("g")],
  "videoMetadata only": [{"videoMetadata": {}}, fc("g")],
  "fileData empty uri": [{"fileData": {"fileUri": "", "mimeType": "image/png"}}, fc("g")],
}
bad = 0
for name, parts in SHAPES.items():
    body = {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}, "modelVersion": "gemini-2.5-pro", "responseId": "resp-1"}
    raw = json.dumps(body).encode()
    try:
        b = json.loads(lc.translate_response("gemini", "anthropic", raw))
        bids = [(c["name"], c["id"]) for c in b["content"] if c["type"] == "tool_use"]
    except Exception as e:
        bids = f"{type(e).__name__}: {str(e)[:80]}"
    try:
        out = b"".join(lc.stream.translate("gemini", "anthropic", [b"data: " + raw + b"\r\n\r\n"]))
        sids = []
        for l in out.split(b"\n"):
            if l.startswith(b"data: "):
                d = json.loads(l[6:])
                if d.get("type") == "content_block_start" and d["content_block"]["type"] == "tool_use":
                    sids.append((d["content_block"]["name"], d["content_block"]["id"]))
    except Exception as e:
        sids = f"{type(e).__name__}: {str(e)[:80]}"
    ok = bids == sids
    bad += not ok
    print("OK " if ok else "DIFF", name, bids, sids if not ok else "")
print("bad", bad, "of", len(SHAPES))
