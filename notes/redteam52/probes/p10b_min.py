import time, itertools
from _h import lc
from lmcodec.providers import WRITERS
time.time = lambda: 1_700_000_000.0
from tests.providers.test_write_fast_paths import _event
FULL = [('start',), ('flush',), ('cite', 3, 'https://u', 'a'), ('text', 0, 'X'), ('signature', 1, 'SIG'), ('tool', 1, '', 'c1', 'f'), ('text', 0, 'a')]
def ev(op):
    if op[0] == "start": return lc.StreamStartEvent(id="R", model="g")
    return _event(op)
def run(mode, seq):
    w = WRITERS["gemini"](); out = b""
    for op in seq:
        if op[0] == "flush": out += w.flush(); continue
        if mode == "write_text" and op[0] == "text": out += w.write_text(op[1], op[2]); continue
        if mode == "write_text" and op[0] == "tool": out += w.write_tool_input(op[1], op[2], op[3], op[4]); continue
        out += getattr(w, "feed" if mode != "feed_event" else "feed_event")(ev(op))
    return out + w.close()
for r in range(1, len(FULL) + 1):
    for sub in itertools.combinations(FULL, r):
        sub = list(sub)
        a, b = run("feed", sub), run("feed_event", sub)
        if a != b:
            print(sub); print(" feed      ", a); print(" feed_event", b); print(" write_text", run("write_text", sub)); raise SystemExit
