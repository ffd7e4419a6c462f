"""Id-less Gemini calls in separate chunks of one stream: the call ids each client gets."""
import json, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
def chunk(parts, end=False):
    c = {"candidates": [{"content": {"role": "model", "parts": parts}, "index": 0}], "responseId": "r1", "modelVersion": "gemini-2.5-pro"}
    if end:
        c["candidates"][0]["finishReason"] = "STOP"; c["usageMetadata"] = {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}
    return b"data: " + json.dumps(c).encode() + b"\r\n\r\n"
SHAPES = {
  "call | call": [chunk([{"functionCall": {"name": "f", "args": {"n": 1}}}]), chunk([{"functionCall": {"name": "g", "args": {"n": 2}}}], True)],
  "text | call | call": [chunk([{"text": "hi"}]), chunk([{"functionCall": {"name": "f", "args": {}}}]), chunk([{"functionCall": {"name": "g", "args": {}}}], True)],
  "call,call (one chunk)": [chunk([{"functionCall": {"name": "f", "args": {}}}, {"functionCall": {"name": "g", "args": {}}}], True)],
}
for name, chunks in SHAPES.items():
    ref = [p.id for p in lc.assemble(lc.stream.decode("gemini", chunks)).message.parts if isinstance(p, lc.ToolCallPart)]
    row = {"lm15 reading": ref}
    for dst in ("openai", "openai_chat", "anthropic"):
        out = list(lc.stream.translate("gemini", dst, chunks))
        row[dst] = [p.id for p in lc.assemble(lc.stream.decode(dst, out)).message.parts if isinstance(p, lc.ToolCallPart)]
    print(name, row)
