"""perf26c: encode_response fast paths (text + thinking without state): round trip, lm15 and the SDKs."""
import json, random, sys
from _h import lc
import lmcodec.providers as lcp
from tests.providers.provider_support import lm15_response, requests_for
from lm15 import serde
import anthropic.types as at
from google.genai import types as gt
import openai.types.responses as ort
lm_req, lc_req = requests_for()
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
TEXTS = ["", "a", "é", "\U0001F600", "\n\"\\", "\u2028", "\x00", "x" * 70, "</script>", "\x7f"]
def t():
    return "".join(rng.choice(TEXTS) for _ in range(rng.randint(0, 3)))
bad = 0
N = int(sys.argv[2]) if len(sys.argv) > 2 else 200
for n in range(N):
    parts = []
    for i in range(rng.choice([1, 1, 2, rng.randint(3, 8)])):
        k = rng.random()
        parts.append(lc.thinking(t()) if k < 0.4 else lc.text(t()))
    resp = lc.Response("r1", "m", lc.Message.assistant(parts), "stop", lc.Usage(input_tokens=1, output_tokens=2, total_tokens=3))
    for prov in ("gemini", "anthropic", "openai"):
        try:
            body = lcp.encode_response(prov, resp)
        except lc.LmcodecError as e:
            print("refused", prov, e); continue
        except Exception as e:
            bad += 1; print("BARE", prov, type(e).__name__, e); continue
        data = json.loads(body)
        # SDK validation
        try:
            if prov == "anthropic":
                m = at.Message.model_validate(data); sdk = [(b.type, getattr(b, "text", None) or getattr(b, "thinking", None) or "") for b in m.content]
            elif prov == "gemini":
                g = gt.GenerateContentResponse.model_validate(data)
                sdk = [("thinking" if p.thought else "text", p.text or "") for p in (g.candidates[0].content.parts or [])]
            else:
                r = ort.Response.model_validate(data); sdk = None
        except Exception as e:
            bad += 1; print("SDK refuses", prov, type(e).__name__, str(e)[:200]); continue
        back = lcp.decode_response(prov, body, request=lc_req)
        lm = lm15_response(prov, body, lm_req)
        if lc.to_builtins(back) != serde.response_to_dict(lm) if not hasattr(lm, "exc") else True:
            bad += 1; print("lm15 DIFF", prov, body[:300])
        want = [("thinking" if isinstance(p, lc.ThinkingPart) else "text", p.text) for p in parts]
        got = [("thinking" if isinstance(p, lc.ThinkingPart) else "text", p.text) for p in back.message.parts]
        # merge: adjacent same-kind may be merged by the reader; compare joined per kind sequence
        def norm(x):
            return [(k, s) for k, s in x if s]
        if norm(got) != norm(want):
            bad += 1
            if bad < 8: print("ROUNDTRIP", prov, want, got, body[:400])
print("bad", bad)
