"""Anthropic citations followed by no more text (a tool call, a thinking block, the end), to a
Gemini client, fed whole and per event: does google-genai read every citation?"""
import json, sys, warnings; warnings.simplefilter("ignore")
sys.path.append(".")
import lmcodec as lc
from tests.providers.sdk_readers import gemini_chunks
def sse(e): return f"event: {e['type']}\ndata: {json.dumps(e)}\n\n".encode()
def cite(i, index=0):
    return {"type": "content_block_delta", "index": index, "delta": {"type": "citations_delta", "citation": {
        "type": "web_search_result_location", "cited_text": f"c{i}", "url": f"https://e.x/{i}", "title": "t", "encrypted_index": "x"}}}
start = {"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-x", "content": [],
         "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 3, "output_tokens": 1}}}
def text_block(i, txt, cites):
    return ([{"type": "content_block_start", "index": i, "content_block": {"type": "text", "text": ""}},
             {"type": "content_block_delta", "index": i, "delta": {"type": "text_delta", "text": txt}}]
            + [cite(c, i) for c in cites] + [{"type": "content_block_stop", "index": i}])
tool = [{"type": "content_block_start", "index": 1, "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}},
        {"type": "content_block_delta", "index": 1, "delta": {"type": "input_json_delta", "partial_json": "{}"}},
        {"type": "content_block_stop", "index": 1}]
end = lambda stop: [{"type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None}, "usage": {"output_tokens": 5}}, {"type": "message_stop"}]
SHAPES = {
    "text+2 cites, end": [start] + text_block(0, "A.", [0, 1]) + end("end_turn"),
    "text+2 cites, tool call": [start] + text_block(0, "A.", [0, 1]) + tool + end("tool_use"),
    "text+cite, text+cite": [start] + text_block(0, "A.", [0]) + [{**e, "index": 1} if "index" in e else e for e in text_block(1, "B.", [1])] + end("end_turn"),
}
bad = 0
for name, events in SHAPES.items():
    frames = [sse(e) for e in events]
    for mode, chunks in (("whole", [b"".join(frames)]), ("per event", frames)):
        out = b"".join(lc.stream.translate("anthropic", "gemini", chunks))
        urls, text = [], ""
        for ch in gemini_chunks(out):
            cand = (ch.candidates or [None])[0]
            if cand is None: continue
            text += "".join(p.text or "" for p in ((cand.content.parts if cand.content else None) or []))
            g = cand.grounding_metadata
            urls += [c.web.uri for c in ((g.grounding_chunks if g else None) or []) if c.web]
        want = sorted({f"https://e.x/{i}" for i in (0, 1)})
        ok = sorted(set(urls)) == want
        bad += not ok
        print(("OK  " if ok else "LOST"), name, mode, "text", repr(text), "urls", urls)
print("bad", bad)
