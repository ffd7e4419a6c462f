"""Gemini streams of 1-4 events whose parts are thoughts, texts and named calls with signatures
(the shapes gemcorp19's straight path now takes: one end chunk of thoughts, texts and calls; text
chunks before a text end), hostile values mixed in, against lm15 1.5.0 (sweep_support.stream_findings:
adapter + coalesce + materialize against decode, Decoder, adecode, assemble), and lc.assemble of the
body whole against the same body cut at random places (the general path)."""
from __future__ import annotations

import json
import random
import sys

sys.path.insert(0, ".")
from tests.providers.sweep_support import stream_findings  # noqa: E402

import lmcodec as lc  # noqa: E402

ODD = [None, "", 0, 1.5, True, [], {}, "x", "\ud800", 2**70]


def part(rng):
    kind = rng.choice(["thought", "text", "text", "call", "call"])
    if kind == "thought":
        p = {"text": rng.choice(["think ", "", "\u00e9\u2028"]), "thought": rng.choice([True, True, False, None, "yes"])}
    elif kind == "text":
        p = {"text": rng.choice(["Hello ", "", "a\nb", "x" * 500, "\"q\""])}
    else:
        args = rng.choice([{}, {"city": "Paris"}, {"n": [1, 2, {"d": None}]}, None, "str", []])
        p = {"functionCall": {"name": rng.choice(["get_weather", "", "f.g", None, 3]), "args": args}}
        if rng.random() < 0.3:
            p["functionCall"]["id"] = rng.choice(["id1", "", None, 5])
        if rng.random() < 0.1:
            del p["functionCall"]["args"]
    if rng.random() < 0.4:
        p["thoughtSignature"] = rng.choice(["c2ln", "", "c2lnMQ==", None, 5, "not base64!"])
    if rng.random() < 0.05:
        p[rng.choice(["inlineData", "executableCode", "videoMetadata", "partMetadata"])] = rng.choice(ODD)
    if rng.random() < 0.05:
        key = rng.choice(list(p))
        p[key] = rng.choice(ODD)
    return p


def body_of(rng):
    events = []
    n = rng.randint(1, 4)
    for k in range(n):
        last = k == n - 1
        cand = {"content": {"parts": [part(rng) for _ in range(rng.randint(0 if rng.random() < 0.05 else 1, 4))], "role": rng.choice(["model"] * 8 + [None, "user"])}}
        if (last and rng.random() < 0.9) or (not last and rng.random() < 0.08):
            cand["finishReason"] = rng.choice(["STOP", "STOP", "MAX_TOKENS", "SAFETY", "MALFORMED_FUNCTION_CALL", "", None, 3])
        if rng.random() < 0.1:
            cand["index"] = rng.choice([0, 1, None])
        payload = {"candidates": [cand]}
        if rng.random() < 0.05:
            payload["candidates"] = []
        if last or rng.random() < 0.3:
            usage = {"promptTokenCount": 5, "candidatesTokenCount": 3, "totalTokenCount": 8}
            if rng.random() < 0.3:
                usage["thoughtsTokenCount"] = rng.choice([2, 0, None, -1, "2"])
            payload["usageMetadata"] = usage
        if rng.random() < 0.7:
            payload["modelVersion"] = rng.choice(["gemini-2.5-flash", "", None])
        if rng.random() < 0.5:
            payload["responseId"] = rng.choice(["abc", None, 5])
        text = json.dumps(payload, separators=rng.choice([(",", ":"), (", ", ": ")]), ensure_ascii=rng.random() < 0.5)
        events.append(b"data: " + text.encode("utf-8", "surrogatepass") + rng.choice([b"\n\n", b"\r\n\r\n", b"\n\n"]))
    return b"".join(events)


REQ = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))


def run(chunks):
    try:
        return lc.to_builtins(lc.assemble(lc.stream.decode("gemini", chunks, request=REQ), request=REQ), include_provider_data=True)
    except lc.LmcodecError as exc:
        return f"{type(exc).__name__}: {exc}"
    except Exception as exc:  # noqa: BLE001
        return f"BARE {type(exc).__name__}: {exc}"


def cuts(rng, body):
    out = {"whole": [body]}
    k = sorted(rng.sample(range(1, len(body)), min(3, len(body) - 1)))
    out["random"] = [body[a:b] for a, b in zip([0, *k], [*k, len(body)])]
    out["per event"] = [e + b"\n\n" for e in body.replace(b"\r\n", b"\n").split(b"\n\n") if e]
    return out


def main(n, seed):
    rng = random.Random(seed)
    bad = 0
    for i in range(n):
        body = body_of(rng)
        found = stream_findings("gemini", body)
        ways = {name: run(chunks) for name, chunks in cuts(rng, body).items()}
        diff = None
        if len({json.dumps(v, sort_keys=True, default=repr) for v in ways.values()}) > 1:
            diff = {k: str(v)[:300] for k, v in ways.items()}
        if any(isinstance(v, str) and v.startswith("BARE") for v in ways.values()):
            diff = ways
        if found or diff:
            bad += 1
            if bad <= 6:
                print(f"#{i} {body[:600]!r}\n  lm15: {[f[:400] for f in found]}\n  ways: {diff}")
    print(f"{n} bodies, {bad} with findings")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, int(sys.argv[2]) if len(sys.argv) > 2 else 0))
