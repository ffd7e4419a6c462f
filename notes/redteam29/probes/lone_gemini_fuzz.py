"""Hostile one-chunk Gemini answers (the bodies stream/_lone.py assembles straight) against lm15
1.5.0 (adapter + coalesce + materialize) through every stream entry point (sweep_support.stream_findings),
and lc.assemble of [body] against the same body fed as two chunks (the general way)."""

from __future__ import annotations

import json
import random
import sys

sys.path.insert(0, ".")
from tests.providers.sweep_support import stream_findings  # noqa: E402

import lmcodec as lc  # noqa: E402

VALUES = [None, "", 0, -1, 1.5, 2**70, True, [], {}, "x", "\ud800", "STOP", "MAX_TOKENS", "SAFETY",
          "FINISH_REASON_UNSPECIFIED", "OTHER", "MALFORMED_FUNCTION_CALL", 1e300, -0.0]


def body_of(rng: random.Random) -> bytes:
    part: dict = {"text": rng.choice(["The ", "", "a\u2028b", "\u00e9", "x" * 3000])}
    if rng.random() < 0.2:
        part["text"] = rng.choice(VALUES)
    if rng.random() < 0.15:
        part[rng.choice(["thought", "thoughtSignature", "inlineData", "functionCall", "executableCode"])] = rng.choice(VALUES)
    cand: dict = {"content": {"parts": [part], "role": rng.choice(["model", "user", None, 3])}}
    if rng.random() < 0.85:
        cand["finishReason"] = rng.choice(["STOP", "MAX_TOKENS", "SAFETY", "RECITATION", "OTHER", "", None, 3, "BLOCKLIST", "LANGUAGE"])
    if rng.random() < 0.3:
        cand["index"] = rng.choice([0, 1, None, "0"])
    if rng.random() < 0.15:
        cand[rng.choice(["safetyRatings", "citationMetadata", "groundingMetadata", "avgLogprobs", "logprobsResult", "finishMessage"])] = rng.choice(VALUES)
    payload: dict = {"candidates": [cand]}
    if rng.random() < 0.1:
        payload["candidates"].append(json.loads(json.dumps(cand)))
    if rng.random() < 0.8:
        usage: dict = {"promptTokenCount": 5, "candidatesTokenCount": 1, "totalTokenCount": 6}
        for k in list(usage) + ["thoughtsTokenCount", "cachedContentTokenCount", "toolUsePromptTokenCount"]:
            if rng.random() < 0.2:
                usage[k] = rng.choice(VALUES)
        payload["usageMetadata"] = usage if rng.random() < 0.9 else rng.choice(VALUES)
    if rng.random() < 0.7:
        payload["modelVersion"] = rng.choice(["gemini-2.5-flash", "", None, 7, "m\u00e9"])
    if rng.random() < 0.5:
        payload["responseId"] = rng.choice(["abc", None, 5])
    if rng.random() < 0.1:
        payload["promptFeedback"] = {"blockReason": "SAFETY"}
    if rng.random() < 0.05:
        payload["error"] = {"code": 400, "message": "bad", "status": "INVALID_ARGUMENT"}
    text = json.dumps(payload, separators=rng.choice([(",", ":"), (", ", ": ")]), ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.1:
        text = text.replace('"text"', '"text":"dup","text"', 1)
    return b"data: " + text.encode("utf-8", "surrogatepass") + rng.choice([b"\n\n", b"\r\n\r\n"])


def two_ways(body: bytes) -> str | None:
    req = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
    def run(chunks):
        try:
            return lc.to_builtins(lc.assemble(lc.stream.decode("gemini", chunks, request=req), request=req), include_provider_data=True)
        except lc.LmcodecError as exc:
            return f"{type(exc).__name__}: {exc}"
        except Exception as exc:  # noqa: BLE001
            return f"BARE {type(exc).__name__}: {exc}"
    a, b = run([body]), run([body[:7], body[7:]])
    if a != b:
        return f"whole {a!r}\n   split {b!r}"
    if isinstance(a, str) and a.startswith("BARE"):
        return a
    return None


def main(n: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = 0
    for i in range(n):
        body = body_of(rng)
        found = stream_findings("gemini", body)
        diff = two_ways(body)
        if found or diff:
            bad += 1
            if bad <= 8:
                print(f"#{i} {body[:300]!r}\n  {found}\n  {diff}")
    print(f"{n} bodies, {bad} with findings")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000, int(sys.argv[2]) if len(sys.argv) > 2 else 0))
