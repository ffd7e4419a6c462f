"""Probe 11: the lc errors 9 failing calls raise, each pickled and unpickled (what crosses a process pool)."""
import os, pickle, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import *
errs = []
def grab(f):
    try: f()
    except lc.LmcodecError as e: errs.append(e)
ev = event_streams()["text"]
err_ev = [ev[0], lc.StreamErrorEvent(error=lc.ErrorDetail(code="rate_limit", message="slow down", provider_code="rl"))]
grab(lambda: lc.assemble(err_ev))
grab(lambda: lc.assemble(ev[:2]))
grab(lambda: list(lc.stream.decode("openai_chat", [b"data: {bad\n\n"])))
grab(lambda: lc.decode(b'{"type":"text"}', lc.Part))
grab(lambda: lc.decode(b'{bad', lc.Part))
grab(lambda: lc.decode_response("openai_chat", b'{"error":{"message":"x","type":"server_error"}}'))
grab(lambda: lc.encode(object()))
grab(lambda: list(lc.jsonl.read(b'{bad}\n', lc.Turn)))
grab(lambda: lc.stream.Encoder("nope"))
for e in errs:
    try:
        back = pickle.loads(pickle.dumps(e))
        same = type(back) is type(e) and str(back) == str(e) and vars(back).keys() == vars(e).keys()
        print(type(e).__name__, "round trip", "ok" if same else f"DIFFERS {str(back)[:60]!r} vs {str(e)[:60]!r}")
    except Exception as x:
        print(type(e).__name__, "FAILS:", type(x).__name__, x)
