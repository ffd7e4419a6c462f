"""Probe 1: 8-32 threads over every entry point at once, each output compared with one thread's."""
from __future__ import annotations

import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import DIALECTS, cut, digest, lc, wire_streams, event_streams  # noqa: E402

_RANDOM = re.compile(rb'("created(?:_at)?":)\d+|(resp_|chatcmpl-|msg_|fc_|rs_|call_|toolu_)[0-9a-zA-Z]{12,}|'
                     rb'("(?:obfuscation|id|item_id)":")[0-9a-f]{12,}')


def norm(value):
    if isinstance(value, bytes):
        return _RANDOM.sub(lambda m: (m.group(1) or m.group(2) or m.group(3)) + b"N", value)
    if isinstance(value, list):
        return [norm(v) for v in value]
    if isinstance(value, tuple):
        return tuple(norm(v) for v in value)
    return value


TOOL = lc.FunctionTool(name="search", description="d", parameters={"type": "object", "properties": {"q": {"type": "string"}}})
SHARED = lc.Request(model="m-1", messages=(lc.Message.user("hi"),), tools=(TOOL,), system="be brief",
                    config=lc.Config(max_tokens=100, temperature=0.5, extensions={"top_k": 3}))


def tasks():
    wires = wire_streams()
    out = []
    for (src, shape), data in wires.items():
        for size in (1, 7, 64, 10_000):
            out.append((f"decode {src} {shape} {size}", lambda s=src, d=data, n=size: list(lc.stream.decode(s, cut(d, n), request=SHARED))))
        out.append((f"assemble {src} {shape}", lambda s=src, d=data: lc.assemble(lc.stream.decode(s, cut(d, 13)), request=SHARED)))
        for dst in DIALECTS:
            out.append((f"translate {src}->{dst} {shape}", lambda s=src, t=dst, d=data: b"".join(lc.stream.translate(s, t, cut(d, 11), request=SHARED))))
    for shape, events in event_streams().items():
        for dst in DIALECTS:
            def enc(t=dst, ev=events):
                e = lc.stream.Encoder(t)
                return b"".join([e.feed(x) for x in ev] + [e.close()])
            out.append((f"Encoder {dst} {shape}", enc))
            response = lc.assemble(events)
            out.append((f"encode_response {dst} {shape}", lambda t=dst, r=response: lc.encode_response(t, r)))
            out.append((f"decode_response {dst} {shape}", lambda t=dst, r=response: lc.decode_response(t, lc.encode_response(t, r))))
    for dst in DIALECTS:
        for stream in (False, True):
            out.append((f"build {dst} {stream}", lambda t=dst, s=stream: lc.build_request(t, SHARED, stream=s).body))
        body = lc.build_request(dst, SHARED).body
        out.append((f"decode_request {dst}", lambda t=dst, b=body: lc.decode_request(t, b)))
        for dst2 in DIALECTS:
            out.append((f"translate_request {dst}->{dst2}", lambda s=dst, t=dst2, b=body: lc.translate_request(s, t, b, stream=False).body))
    return out


def run(fn):
    try:
        return norm(digest(fn()))
    except Exception as exc:  # noqa: BLE001
        return ("raised", type(exc).__name__, str(exc)[:200])


def main() -> int:
    work = tasks()
    cold = []
    if os.environ.get("RT48_COLD"):  # the threads first, from empty caches (the streams above built already)
        with ThreadPoolExecutor(32) as pool:
            cold = list(pool.map(lambda t: (t[0], run(t[1])), work))
    single = {name: run(fn) for name, fn in work}
    bad = 0
    total = 0
    for workers in (8, 32):
        with ThreadPoolExecutor(workers) as pool:
            for _ in range(3):
                results = list(pool.map(lambda t: (t[0], run(t[1])), work * 3))
                for name, got in results:
                    total += 1
                    if got != single[name]:
                        bad += 1
                        if bad < 5:
                            print("DIFF", name, str(got)[:300], "\n  vs", str(single[name])[:300])
    for name, got in cold:
        total += 1
        if got != single[name]:
            bad += 1
            print("COLD DIFF", name)
    raised = sum(1 for v in single.values() if isinstance(v, tuple) and v and v[0] == "raised")
    print(f"tasks {len(work)} (raised single-threaded: {raised}), threaded runs {total}, differing {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
