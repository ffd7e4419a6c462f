"""perf27a: Anthropic tool turns of one result (every content shape) built by lmcodec vs lm15."""
import sys, itertools
sys.path.insert(0, "/work/wt/redteam55"); sys.path.insert(0, "/work/wt/redteam55/src")
import lmcodec as lc
from tests.providers.request_support import lm15_build, lc_build
ST = lc.ContinuationState(provider="anthropic", kind="thinking_signature", data={"signature": "s"})
IMG = lc.ImagePart(url="https://x.test/a.png", media_type="image/png")
IMGB = lc.ImagePart(data="aGVsbG8=", media_type="image/png")
DOC = lc.DocumentPart(data="aGVsbG8=", media_type="application/pdf")
CONTENTS = {
    "empty": (), "text": (lc.TextPart(text="r"),), "empty text": (lc.TextPart(text=""),),
    "two texts": (lc.TextPart(text="a"), lc.TextPart(text="b")), "stated text": (lc.TextPart(text="r", continuation=(ST,)),),
    "image": (IMG,), "b64 image": (IMGB,), "text+image": (lc.TextPart(text="r"), IMG), "doc": (DOC,),
    "unicode": (lc.TextPart(text="\u2028</x>\"\\\ud83d\ude00"),), "thinking": (lc.ThinkingPart(text="t"),),
}
CACHES = {"none": None, "history": lc.CacheConfig(mode="auto", prefix="history"), "until": "until", "stable": lc.CacheConfig(mode="auto", prefix="stable")}
rows = bad = 0
for (cname, content), is_error, name, (kname, cache), tail in itertools.product(CONTENTS.items(), (False, True), (None, "get"), CACHES.items(), (True, False)):
    msgs = [lc.Message.user("q"), lc.Message(role="assistant", parts=(lc.ToolCallPart(id="c1", name="get", input={}),))]
    try:
        msgs.append(lc.Message(role="tool", parts=(lc.ToolResultPart(id="c1", name=name, content=content, is_error=is_error),)))
    except Exception as e:
        print("cannot build", cname, e); continue
    if tail: msgs.append(lc.Message.user("go"))
    if cache == "until": cache = lc.CacheConfig(mode="auto", prefix_until_index=len(msgs) - 1)
    try:
        req = lc.Request(model="claude-sonnet-4-5", system="s", messages=tuple(msgs), config=lc.Config(cache=cache) if cache else None)
    except Exception as e:
        print("cannot build req", cname, kname, type(e).__name__, e); continue
    for stream in (False, True):
        rows += 1
        a, b = lm15_build("anthropic", req, stream=stream), lc_build("anthropic", req, stream=stream)
        if a != b:
            bad += 1
            if bad < 6: print("DIFF", cname, is_error, name, kname, tail, stream, "\n lm15", str(a)[:300], "\n lc  ", str(b)[:300])
print("rows", rows, "differ", bad)
