"""An Encoder after its EncodeError: every method, and its copies, refuse with an EncodeError."""
import asyncio, copy, pickle, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
S = lc.StreamDeltaEvent
START = lc.StreamStartEvent(id="x1", model="m")
BAD = [S(delta=lc.TextDelta(text="a\ud800", part_index=0)), S(delta=lc.ToolCallDelta(input='{"a":"\udc00"}', part_index=0, id="c", name="f")),
       S(delta=lc.ThinkingDelta(text="\ud800", part_index=0))]
GOOD = S(delta=lc.TextDelta(text="ok", part_index=1))
END = lc.StreamEndEvent(finish_reason="stop", usage=lc.Usage(input_tokens=1, output_tokens=1))
rows = bad = 0
for d in ("openai", "openai_chat", "anthropic", "gemini"):
    for b in BAD:
        e = lc.stream.Encoder(d); e.feed(START)
        failed = False
        for ev in (b, GOOD, END):
            try: e.feed(ev)
            except lc.EncodeError: failed = True; break
        if not failed:
            try: e.close()
            except lc.EncodeError: failed = True
        if not failed:
            print(d, "no EncodeError for", b.delta); continue
        for name, call in (("feed", lambda x: x.feed(GOOD)), ("feed_all", lambda x: x.feed_all([GOOD])), ("feed_all[]", lambda x: x.feed_all([])),
                           ("flush", lambda x: x.flush()), ("close", lambda x: x.close()), ("copy.feed", lambda x: copy.copy(x).feed(GOOD)),
                           ("pickle.close", lambda x: pickle.loads(pickle.dumps(x)).close())):
            rows += 1
            try:
                out = call(e); bad += 1; print("WROTE", d, name, out[:80])
            except lc.EncodeError:
                pass
            except Exception as x:
                bad += 1; print("OTHER", d, name, type(x).__name__, x)
print("rows", rows, "bad", bad)
