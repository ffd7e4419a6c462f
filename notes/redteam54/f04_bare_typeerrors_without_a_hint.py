"""F04: three first-day mistakes get Python's own TypeError, which says nothing of lmcodec:
`lc.decode(a_dict, T)`, `lc.assemble(a_request)`, `lc.jsonl.write(path, one_turn)`. Their siblings
say what to do (`lc.encode_response("openai_chat", a_dict)`: "read a dict with lc.from_builtins").
Exits 1 while a message names no lmcodec function to use instead."""
import json
import sys
import tempfile

import lmcodec as lc

req = lc.Request("m", [lc.Message.user("hi")])
resp = lc.Response(message=lc.Message.assistant("yo"), model="m", finish_reason="stop", usage=lc.Usage(), id="r")
turn = lc.Turn(request=req, response=resp)
calls = {
    "lc.decode(dict, lc.Request)": lambda: lc.decode(json.loads(lc.encode(req)), lc.Request),  # type: ignore[arg-type]
    "lc.assemble(request)": lambda: lc.assemble(req),  # type: ignore[arg-type]
    "lc.jsonl.write(path, turn)": lambda: lc.jsonl.write(tempfile.mktemp(suffix=".jsonl"), turn),  # type: ignore[arg-type]
}
bad = 0
for name, f in calls.items():
    try:
        f()
        print(name, "returned")
    except Exception as e:
        helpful = "lc." in str(e) or "from_builtins" in str(e)
        print(f"{name}: {type(e).__module__}.{type(e).__name__}: {e}" + ("" if helpful else "   <- no hint"))
        bad += not helpful
sys.exit(1 if bad else 0)
