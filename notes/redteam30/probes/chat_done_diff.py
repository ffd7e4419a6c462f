"""Chat streams held whole (common_events) and their [DONE] (short19: the last frame a bare end):
old (89bd824) against new over hostile [DONE] placements and spellings, every chunking; and
common_events against the framer's bulk split (whole_body_events) on random one-line bodies."""
from __future__ import annotations

import json
import random
import sys

sys.path.insert(0, "/tmp/rt30/old/src")
import lmcodec as lc  # noqa: E402
import lmcodec_old as lo  # noqa: E402
from lmcodec.framing._sse_fields import whole_body_events  # noqa: E402
from lmcodec.stream._whole import common_events  # noqa: E402


def chunk(delta, finish=None, usage=None, choices=True):
    c = {"id": "c1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-4o", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}] if choices else []}
    if usage:
        c["usage"] = usage
    return json.dumps(c, separators=(",", ":"))


U = {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}
BASE = [chunk({"role": "assistant", "content": ""}), chunk({"content": "Hi"}), chunk({"content": " there"}), chunk({}, "stop")]
variants = {
    "plain": BASE + ["[DONE]"],
    "usage chunk": BASE + [chunk({}, None, U, choices=False), "[DONE]"],
    "no done": BASE,
    "done twice": BASE + ["[DONE]", "[DONE]"],
    "done mid": BASE[:2] + ["[DONE]"] + BASE[2:],
    "done mid and end": BASE[:2] + ["[DONE]"] + BASE[2:] + ["[DONE]"],
    "done only": ["[DONE]"],
    "done then usage": BASE + ["[DONE]", chunk({}, None, U, choices=False)],
    "done trailing space": BASE + ["[DONE] "],
    "done lower": BASE + ["[done]"],
    "done no finish": BASE[:3] + ["[DONE]"],
    "done after usage no finish": BASE[:3] + [chunk({}, None, U, choices=False), "[DONE]"],
    "tool call": [chunk({"role": "assistant", "tool_calls": [{"index": 0, "id": "call_1", "type": "function", "function": {"name": "f", "arguments": ""}}]}), chunk({"tool_calls": [{"index": 0, "function": {"arguments": "{}"}}]}), chunk({}, "tool_calls"), "[DONE]"],
    "error then done": BASE[:2] + [json.dumps({"error": {"message": "boom", "type": "server_error"}}), "[DONE]"],
}


def bodies(values, rng):
    for sep, name in ((b"\n\n", "LF"), (b"\r\n\r\n", "CRLF")):
        for nospace in (False, True):
            pre = b"data:" if nospace else b"data: "
            body = b"".join(pre + v.encode() + sep for v in values)
            yield f"{name}{' nospace' if nospace else ''} whole", [body]
            yield f"{name}{' nospace' if nospace else ''} per event", [pre + v.encode() + sep for v in values]
            k = sorted(rng.sample(range(1, len(body)), 3))
            yield f"{name}{' nospace' if nospace else ''} cut", [body[a:b] for a, b in zip([0, *k], [*k, len(body)])]


def run(mod, chunks, how):
    req = mod.Request(model="gpt-4o", messages=(mod.Message.user("hi"),))
    try:
        if how == "events":
            return [mod.to_builtins(e, include_provider_data=True) for e in mod.stream.decode("openai_chat", chunks, request=req)]
        if how == "feed":
            d = mod.stream.Decoder("openai_chat", request=req)
            out = []
            for c in chunks:
                out += [mod.to_builtins(e, include_provider_data=True) for e in d.feed(c)]
            out += [mod.to_builtins(e, include_provider_data=True) for e in d.close()]
            return out
        return mod.to_builtins(mod.assemble(mod.stream.decode("openai_chat", chunks, request=req), request=req), include_provider_data=True)
    except Exception as exc:  # noqa: BLE001
        return f"{type(exc).__name__}: {str(exc).replace('lmcodec_old', 'lmcodec')[:200]}"


def main():
    rng = random.Random(0)
    bad = 0
    for name, values in variants.items():
        for label, chunks in bodies(values, rng):
            for how in ("events", "feed", "assemble"):
                a, o = run(lc, chunks, how), run(lo, chunks, how)
                if json.dumps(a, sort_keys=True, default=repr) != json.dumps(o, sort_keys=True, default=repr):
                    bad += 1
                    print(f"{name:28s} {label:22s} {how:8s}\n   new {str(a)[:400]}\n   old {str(o)[:400]}")
    # common_events against the bulk split
    alphabet = [b"a", b"{", b"}", b" ", b"\t", b"\x0b", b"\x0c", b"\x1c", b"\xc2\xa0", b"\xe2\x80\xa8", b"data: ", b":", b"\x00", b"[DONE]", b"\n", b"\xef\xbb\xbf", b"\x85", b"\x7f"]
    mism = 0
    for _ in range(20000):
        vals = [b"".join(rng.choice(alphabet) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(1, 4))]
        body = b"data: " + b"\n\ndata: ".join(vals) + b"\n\n"
        got = common_events(body)
        if got is None:
            continue
        ref = whole_body_events(body)
        if got != ref:
            mism += 1
            if mism < 5:
                print("common_events", body, got, ref)
    print("flagged", bad, "common_events mismatches", mism)
    return 1 if bad or mism else 0


sys.exit(main())
