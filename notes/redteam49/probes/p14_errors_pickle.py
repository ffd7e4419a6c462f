"""Errors from real failing calls: pickle / copy round trips keep type, str, args and attributes."""
import copy, io, json, pickle, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
def failures():
    yield lambda: lc.decode(b'{"role":"user","parts":[{"type":"text","text":5}]}', lc.Message)
    yield lambda: lc.decode(b'{"role":', lc.Message)
    yield lambda: lc.assemble(lc.stream.decode("openai_chat", [b'data: {"error":{"type":"rate_limit_exceeded","message":"slow"}}\n\n']))
    yield lambda: list(lc.stream.decode("openai_chat", [b'data: {"choices":[{"delta":{"content":"a"}}]}\n\ndata: [1,2]\n\n']))
    yield lambda: lc.assemble([lc.StreamDeltaEvent(delta=lc.TextDelta(text="a", part_index=0))])
    yield lambda: list(lc.jsonl.read(io.BytesIO(b'{"role":"user","parts":[]}\n{"x"\n'), lc.Message))
    yield lambda: lc.decode_response("openai_chat", json.dumps({"error": {"message": "bad", "type": "server_error", "code": "x"}}).encode())
    yield lambda: lc.stream.Encoder("anthropic").feed(lc.StreamStartEvent(id="\ud800", model="m"))
    def noted():
        try:
            lc.decode(b'[', lc.Message)
        except lc.LmcodecError as e:
            e.add_note("while reading log 7"); e.extra = {"k": 1}; raise
    yield noted
bad = 0; n = 0
for f in failures():
    try:
        f(); print("no error?"); continue
    except BaseException as e:
        err = e
    for how, rt in (("pickle0", lambda x: pickle.loads(pickle.dumps(x, 0))), ("pickle5", lambda x: pickle.loads(pickle.dumps(x, 5))), ("copy", copy.copy), ("deepcopy", copy.deepcopy)):
        n += 1
        try:
            r = rt(err)
            attrs = lambda x: {k: repr(v) for k, v in vars(x).items()}
            same = type(r) is type(err) and str(r) == str(err) and r.args == err.args and attrs(r) == attrs(err) and getattr(r, "__notes__", None) == getattr(err, "__notes__", None)
            if not same:
                bad += 1; print("DIFF", how, type(err).__name__, attrs(err), attrs(r))
        except Exception as x:
            bad += 1; print("FAIL", how, type(err).__name__, type(x).__name__, x)
print("round trips", n, "bad", bad)
