"""Typed float fields (logprobs) bypass the float hook: far floats cost ~20-100 us each."""
import json, time, warnings; warnings.simplefilter("ignore")
import lmcodec as lc
def delta_event(n, lit):
    lp = ",".join('{"token":"a","logprob":%s}' % lit for _ in range(n))
    return ('{"type":"delta","delta":{"type":"text","text":"%s","part_index":0,"logprobs":[%s]}}' % ("a" * n, lp)).encode()
for lit in ("-1.5", "-1e300", "-1.7976931348623157e308"):
    data = delta_event(5000, lit)
    t = time.process_time(); 
    try:
        ev = lc.decode(data, lc.StreamEvent); ok = ev.delta.logprobs[0].logprob
    except Exception as e:
        ok = f"{type(e).__name__}: {e}"[:80]
    dt = time.process_time() - t
    t2 = time.process_time(); json.loads(data); dj = time.process_time() - t2
    print(f"{lit:>26} {len(data)/1e3:.0f} kB lc.decode {dt*1e3:8.1f} ms  json.loads {dj*1e3:6.1f} ms  {ok}")
for lit in ("-179769313486231570000e288", "-0.0000000000000000000001e310", "-9.9999999999999999999e307"):
    data = delta_event(5000, lit)
    t = time.process_time()
    try:
        ev = lc.decode(data, lc.StreamEvent); ok = ev.delta.logprobs[0].logprob
    except Exception as e:
        ok = f"{type(e).__name__}: {e}"[:80]
    dt = time.process_time() - t
    t2 = time.process_time(); json.loads(data); dj = time.process_time() - t2
    print(f"{lit:>26} {len(data)/1e3:.0f} kB lc.decode {dt*1e3:8.1f} ms  json.loads {dj*1e3:6.1f} ms  {ok}")
