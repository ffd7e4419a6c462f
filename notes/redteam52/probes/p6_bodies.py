"""perf26c: many-part bodies of mixed kinds, decode_response against lm15's parse_response."""
import json, random, sys
from _h import lc
from tests.providers.provider_support import lm15_response, lc_response, assert_same_response, requests_for
lm_req, lc_req = requests_for()
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
TEXTS = ["", "a", "é", "\U0001F600", "\\n\"", "\u2028", "\x00", "x" * 70, "<", "\ud83d\ude00"]
def t():
    return "".join(rng.choice(TEXTS) for _ in range(rng.randint(0, 3)))
def responses_body():
    out = []
    for i in range(rng.randint(0, 6)):
        k = rng.choice(["msg", "msg2", "reason", "call", "refusal", "ann", "lp", "emptymsg"])
        if k.startswith("msg") or k in ("refusal", "ann", "lp", "emptymsg"):
            content = []
            for j in range(0 if k == "emptymsg" else rng.randint(1, 3)):
                if k == "refusal" and rng.random() < 0.5:
                    content.append({"type": "refusal", "refusal": t()})
                else:
                    c = {"type": "output_text", "text": t(), "annotations": []}
                    if k == "ann":
                        c["annotations"] = [{"type": "url_citation", "url": "https://x", "title": t(), "start_index": 0, "end_index": 1}]
                    if k == "lp":
                        c["logprobs"] = [{"token": "a", "logprob": -0.5, "bytes": [97], "top_logprobs": []}]
                    if rng.random() < 0.2:
                        del c["annotations"]
                    content.append(c)
            out.append({"id": f"msg_{i}", "type": "message", "status": "completed", "role": "assistant", "content": content})
        elif k == "reason":
            it = {"id": f"rs_{i}", "type": "reasoning", "summary": [{"type": "summary_text", "text": t()} for _ in range(rng.randint(0, 2))]}
            if rng.random() < 0.5:
                it["encrypted_content"] = "ENC" + str(i)
            out.append(it)
        else:
            out.append({"id": f"fc_{i}", "type": "function_call", "status": "completed", "call_id": f"c{i}", "name": "f", "arguments": '{"a":1}'})
    return {"id": "resp_1", "object": "response", "created_at": 1, "status": "completed", "model": "m", "output": out,
            "usage": {"input_tokens": 1, "output_tokens": 2, "total_tokens": 3}}
def gemini_body():
    parts = []
    for i in range(rng.randint(0, 6)):
        k = rng.choice(["text", "thought", "sig", "thoughtsig", "call", "empty"])
        if k == "text": parts.append({"text": t()})
        elif k == "empty": parts.append({"text": ""})
        elif k == "thought": parts.append({"text": t(), "thought": True})
        elif k == "sig": parts.append({"text": t(), "thoughtSignature": "U0lH"})
        elif k == "thoughtsig": parts.append({"text": t(), "thought": True, "thoughtSignature": "U0lH"})
        else: parts.append({"functionCall": {"name": "f", "args": {"a": t()}}})
    return {"candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
            "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 2, "totalTokenCount": 3},
            "modelVersion": "g", "responseId": "R"}
def anthropic_body():
    content = []
    for i in range(rng.randint(0, 6)):
        k = rng.choice(["text", "thinking", "redacted", "tool", "empty", "thinking_nosig"])
        if k == "text": content.append({"type": "text", "text": t()})
        elif k == "empty": content.append({"type": "text", "text": ""})
        elif k == "thinking": content.append({"type": "thinking", "thinking": t(), "signature": "SIG" + str(i)})
        elif k == "thinking_nosig": content.append({"type": "thinking", "thinking": t(), "signature": ""})
        elif k == "redacted": content.append({"type": "redacted_thinking", "data": "D" + str(i)})
        else: content.append({"type": "tool_use", "id": f"toolu_{i}", "name": "f", "input": {"a": t()}})
    return {"id": "msg_1", "type": "message", "role": "assistant", "model": "c", "content": content,
            "stop_reason": "end_turn", "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 2}}
bad = 0
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
for n in range(N):
    for prov, mk in (("openai", responses_body), ("gemini", gemini_body), ("anthropic", anthropic_body)):
        body = json.dumps(mk()).encode()
        exp = lm15_response(prov, body, lm_req)
        got = lc_response(prov, body, lc_req)
        try:
            assert_same_response(got, exp, prov)
        except AssertionError as e:
            bad += 1
            if bad < 6:
                print("DIFF", prov, str(e)[:300]); print("   body", body[:600])
        except Exception as e:
            bad += 1; print("BARE", prov, type(e).__name__, e)
print("cases", N * 3, "bad", bad)
