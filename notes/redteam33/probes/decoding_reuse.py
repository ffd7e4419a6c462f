"""Red team 33 probe: a Decoding used twice or in part (iterate some events then assemble, assemble
twice, iterate after assemble), for a one-chunk Gemini answer (the lone_chunk path), a short Chat
answer and an Anthropic one; one line a case, to diff between two trees.
Run: PYTHONPATH=<tree>/src /work/venv/bin/python notes/redteam33/probes/decoding_reuse.py"""
import json

import lmcodec as lc

REQ = lc.Request(model="m", messages=(lc.Message.user("hi"),))
H = '"id":"c","object":"chat.completion.chunk","created":1,"model":"g"'
BODIES = {
    "gemini": b'data: {"candidates":[{"content":{"parts":[{"text":"hi"}],"role":"model"},"finishReason":"STOP"}],"modelVersion":"g"}\r\n\r\n',
    "openai_chat": (f'data: {{{H},"choices":[{{"index":0,"delta":{{"content":"hi"}},"finish_reason":null}}]}}\n\n'
                    f'data: {{{H},"choices":[{{"index":0,"delta":{{}},"finish_reason":"stop"}}]}}\n\ndata: [DONE]\n\n').encode(),
}


def show(r):
    if isinstance(r, lc.Response):
        return f"Response {r.text!r} {r.finish_reason}"
    if isinstance(r, list):
        return f"{len(r)} events " + ",".join(type(e).__name__ for e in r)
    return repr(r)


def run(name, fn):
    try:
        out = show(fn())
    except lc.LmcodecError as e:
        out = f"lc {type(e).__name__}: {str(e)[:80]}"
    except Exception as e:  # noqa: BLE001
        out = f"BARE {type(e).__name__}: {str(e)[:80]}"
    print(f"{name:50} {out}")


for p, body in BODIES.items():
    for chunks_kind in ("list", "tuple", "iter"):
        def mk(body=body, p=p, kind=chunks_kind):
            ch = {"list": [body], "tuple": (body,), "iter": iter([body])}[kind]
            return lc.stream.decode(p, ch, request=REQ)

        def twice(mk=mk):
            d = mk(); a = lc.assemble(d); b = lc.assemble(d); return [a, b] and b

        def part_then(mk=mk):
            d = mk(); it = iter(d); next(it); return lc.assemble(d)

        def iter_after(mk=mk):
            d = mk(); lc.assemble(d); return list(d)

        def iter_twice(mk=mk):
            d = mk(); list(d); return list(d)

        def lone_then_iter(mk=mk):
            d = mk(); d.lone_response(REQ) if hasattr(d, "lone_response") else None; return list(d)

        for name, fn in (("assemble twice", twice), ("one event then assemble", part_then), ("iterate after assemble", iter_after), ("iterate twice", iter_twice), ("lone_response then iterate", lone_then_iter)):
            run(f"{p} {chunks_kind} {name}", fn)
