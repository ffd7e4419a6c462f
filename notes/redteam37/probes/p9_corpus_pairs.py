"""translate_response on every corpus complete body, all 16 pairs: the destination SDK reads it,
and its text / calls agree with decode_response's reading."""
import json, sys, collections
sys.path.insert(0, ".")
sys.path.insert(0, "notes/redteam37/probes")
import lmcodec as lc
from tests.providers.provider_support import complete_bodies
from sdkread import read_body
REQ = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
stats = collections.Counter()
for src in ("openai", "openai_chat", "anthropic", "gemini"):
    for path in complete_bodies(src):
        body = path.read_bytes()
        try:
            resp = lc.decode_response(src, body, request=REQ)
        except lc.LmcodecError as e:
            resp = None
        for dst in ("openai", "openai_chat", "anthropic", "gemini"):
            try:
                out = lc.translate_response(src, dst, body, request=REQ)
            except lc.LmcodecError as e:
                stats["lc error"] += 1
                if resp is not None:
                    print(f"!! {src}->{dst} {path.parent.name}: decode ok but translate raised {type(e).__name__}: {str(e)[:150]}")
                continue
            except Exception as e:
                stats["ESCAPE"] += 1
                print(f"!! ESCAPE {src}->{dst} {path.parent.name}: {type(e).__name__}: {e}")
                continue
            if src == dst and out != body:
                print(f"!! same dialect not verbatim {src} {path.parent.name}")
            try:
                r = read_body(dst, out)
            except Exception as e:
                stats["SDK refuses"] += 1
                print(f"!! SDK refuses {src}->{dst} {path.parent.name}: {type(e).__name__}: {str(e)[:200]}")
                continue
            stats["ok"] += 1
            if resp is not None:
                want_text = "".join(p.text for p in resp.message.parts if type(p).__name__ == "TextPart")
                want_calls = [p.name for p in resp.message.parts if type(p).__name__ == "ToolCallPart"]
                got_calls = [n for n, _ in r["calls"]]
                if r["text"] != want_text and not (dst == "openai_chat" and r.get("refusal")):
                    stats["text differs"] += 1
                    print(f"?? text {src}->{dst} {path.parent.name}: got {r['text'][:60]!r} want {want_text[:60]!r}")
                if got_calls != want_calls:
                    stats["calls differ"] += 1
                    print(f"?? calls {src}->{dst} {path.parent.name}: got {got_calls} want {want_calls}")
print(dict(stats))
