import json, sys, copy
sys.path.insert(0, ".")
sys.path.insert(0, "notes/redteam37/probes")
import lmcodec as lc
from tests.stream.responses_items_support import responses_stream, BASE, message, call, reasoning, code_call, search_call, item_rule_breaks, sdk_rule_breaks, sse_events
from sdkread import read_stream

def with_final(stream: bytes, output) -> bytes:
    out = []
    for part in stream.split(b"\n\n"):
        if b'"type": "response.completed"' in part:
            ev, data = part.split(b"\n", 1)
            d = json.loads(data[6:]); d["response"]["output"] = output
            part = ev + b"\ndata: " + json.dumps(d).encode()
        out.append(part)
    return b"\n\n".join(out)

M1, M2 = message(1, "hello"), message(2, "world")
C1 = call(3, '{"a":1}')
R1 = reasoning(4, "think")
S = search_call(5)
print(M1["id"], C1.get("id"), C1.get("call_id"), S["id"])
CASES = {
 "hosted in final only (front)": ([M1], [S, M1]),
 "hosted in final only (back)": ([M1], [M1, S]),
 "reordered": ([M1, C1], [C1, M1]),
 "missing call in final": ([M1, C1], [M1]),
 "final empty": ([M1, C1], []),
 "extra message in final": ([M1], [M1, M2]),
 "final id differs": ([M1], [dict(M1, id="msg_other")]),
 "final call differs args": ([C1], [dict(C1, arguments='{"a":2}')]),
 "final call other call_id": ([C1], [dict(C1, call_id="call_zzz")]),
 "dup ids events": ([M1, dict(M2, id=M1["id"])], [M1, dict(M2, id=M1["id"])]),
 "dup ids final only": ([M1, M2], [M1, dict(M2, id=M1["id"])]),
 "reasoning then msg, final swapped": ([R1, M1], [M1, R1]),
 "final text differs": ([M1], [message(1, "HELLO DIFFERENT")]),
 "hosted in events + final": ([S, M1], [S, M1]),
 "hosted in events, not in final": ([S, M1], [M1]),
 "final has two hosted reordered": ([S, M1], [M1, S, code_call(6)]),
}
for name, (events_out, final_out) in CASES.items():
    src = with_final(responses_stream(events_out), final_out)
    try:
        srcread = read_stream("openai", src)
    except Exception as e:
        srcread = f"ERR {e}"
    for path in ("translate", "encode"):
        try:
            out = b"".join(lc.stream.translate("openai", "openai", [src])) if path == "translate" else b"".join(lc.stream.encode("openai", lc.stream.decode("openai", [src])))
            br = item_rule_breaks(out) + sdk_rule_breaks(out)
            got = read_stream("openai", out)
        except Exception as e:
            br, got = [f"ERR {type(e).__name__}: {e}"], None
        fin = [(o["type"], o.get("id")) for e in sse_events(out) if e["type"] == "response.completed" for o in e["response"]["output"]] if got else None
        print(f"{'!!' if br else '=='} {name} [{path}] breaks={br}\n     final={fin}\n     sdk={got}\n     src-sdk={srcread}")
