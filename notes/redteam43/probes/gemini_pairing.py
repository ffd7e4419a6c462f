"""Gemini calls without ids answered out of order, split over turns, or followed by text: pairing toward Chat, Anthropic, Responses."""
import json, sys
sys.path.insert(0, "notes/redteam43")
import lmcodec as lc
def show(src, body, dsts=("openai","openai_chat","anthropic","gemini"), **kw):
    for d in dsts:
        try:
            r = lc.translate_request(src, d, json.dumps(body), **kw)
            print(f"--- {src}->{d}:", r.body.decode()[:1500])
            for a in r.adaptations:
                print("   note:", str(lc.to_builtins(a))[:300])
        except Exception as e:
            print(f"--- {src}->{d}: {type(e).__name__}: {e}")
g = {"contents":[{"role":"user","parts":[{"text":"q"}]},
 {"role":"model","parts":[{"functionCall":{"name":"w","args":{"c":"A"}}},{"functionCall":{"name":"x","args":{"c":"B"}}}]},
 {"role":"user","parts":[{"functionResponse":{"name":"x","response":{"result":"xB"}}},{"functionResponse":{"name":"w","response":{"result":"wA"}}}]}]}
print("##### reversed by name")
show("gemini", g, dsts=("openai_chat","anthropic"), model="m")
g2 = {"contents":[{"role":"user","parts":[{"text":"q"}]},
 {"role":"model","parts":[{"functionCall":{"name":"w","args":{"c":"A"}}},{"functionCall":{"name":"x","args":{"c":"B"}}}]},
 {"role":"user","parts":[{"functionResponse":{"name":"w","response":{"result":"wA"}}}]}, 
 {"role":"user","parts":[{"functionResponse":{"name":"x","response":{"result":"xB"}}}]}]}
print("##### responses in two user turns")
show("gemini", g2, dsts=("openai_chat","anthropic"), model="m")
g3 = {"contents":[{"role":"user","parts":[{"text":"q"}]},
 {"role":"model","parts":[{"functionCall":{"name":"w","args":{"c":"A"}}}]},
 {"role":"user","parts":[{"functionResponse":{"name":"w","response":{"result":"wA"}}}, {"text":"and also consider this"}]}]}
print("##### response then text in same turn")
show("gemini", g3, dsts=("openai_chat","anthropic", "openai"), model="m")
