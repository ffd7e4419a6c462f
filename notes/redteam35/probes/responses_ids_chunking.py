"""Probe: translate("openai", "openai") of Responses sources with hosted items, reasoning, calls
and messages, fed whole and cut at random byte boundaries: the same bytes (the writer's own token
normalized) and the item rule kept."""
from __future__ import annotations
import random, re, sys
sys.path.insert(0, ".")
import lmcodec as lc
from tests.stream.responses_items_support import call, code_call, item_rule_breaks, message, reasoning, responses_stream

def search(n):
    return {"id": f"ws_src{n}", "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": "q"}}
OUTPUTS = [[search(0), message(1, "hello there")], [message(0, "one"), search(1), message(2, "two")],
           [search(0), reasoning(1, "why"), call(2, '{"a":1}'), call(3, '{"b":2}')],
           [code_call(0), search(1), message(2, "x" * 50), call(3, "{}"), code_call(4)],
           [reasoning(0, ""), message(1, "a"), reasoning(2, "b"), message(3, "c")]]
rng = random.Random(35)
def norm(b: bytes) -> bytes:
    return re.sub(rb'"created_at":\d+', b'"created_at":0', re.sub(rb"(msg|rs|fc|resp)_[0-9a-f]{12}", rb"\1_T", b))
bad = runs = 0
for k, output in enumerate(OUTPUTS):
    src = responses_stream(output)
    whole = norm(b"".join(lc.stream.translate("openai", "openai", [src])))
    for _ in range(40):
        cuts = sorted(rng.sample(range(1, len(src)), rng.randint(1, 30)))
        pieces = [src[a:b] for a, b in zip([0, *cuts], [*cuts, len(src)])]
        out = b"".join(lc.stream.translate("openai", "openai", pieces))
        runs += 1
        if norm(out) != whole or item_rule_breaks(out):
            bad += 1
            if bad < 4:
                print(f"output {k}: differs ({item_rule_breaks(out)}) cuts={cuts[:10]}")
print(f"{bad} of {runs} chunkings differ from the whole stream or break the rule")
