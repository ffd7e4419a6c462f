"""Red team 33 probe: Gemini and Chat short bodies, lc's straight path vs the general way (the
straight path patched out) vs lm15 1.5.0 (adapter + materialize), at several chunkings.

Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/probes/lone_fuzz.py [gemini|openai_chat] [N] [seed]
Prints each disagreement (first few) and the counts."""
from __future__ import annotations

import json
import random
import sys
from typing import Any
from unittest import mock

import lm15
import lm15.result as lr
from lm15 import serde, vet

import lmcodec as lc
from lmcodec.stream.decoder import Decoding

PROVIDER = sys.argv[1] if len(sys.argv) > 1 else "gemini"
N = int(sys.argv[2]) if len(sys.argv) > 2 else 300
SEED = int(sys.argv[3]) if len(sys.argv) > 3 else 0
rng = random.Random(SEED)
LM_REQ = lm15.types.Request(model="m-1", messages=(lm15.types.Message.user("hi"),))
LC_REQ = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))
ADAPTER = vet.adapter_for_provider(PROVIDER, vet._PARSE_ONLY_KEY)


def outcome(fn: Any) -> Any:
    try:
        r = fn()
    except lc.LmcodecError as e:
        return ("lc-error", type(e).__name__)
    except Exception as e:  # noqa: BLE001
        return ("BARE", f"{type(e).__name__}: {e}")
    return ("ok", lc.encode(r), r.provider_data)


def straight(chunks: list[bytes], req: Any) -> Any:
    return outcome(lambda: lc.assemble(lc.stream.decode(PROVIDER, chunks, request=req), request=req))


def general(chunks: list[bytes], req: Any) -> Any:
    with mock.patch.object(Decoding, "lone_response", lambda self, request: None):
        return outcome(lambda: lc.assemble(lc.stream.decode(PROVIDER, chunks, request=req), request=req))


def lm15_of(body: bytes) -> Any:
    try:
        events = vet._parse_stream_body(ADAPTER, LM_REQ, body)
        r = lr.materialize_response(iter(events), LM_REQ)
    except Exception as e:  # noqa: BLE001
        return ("raised", type(e).__name__)
    return ("ok", serde.response_to_dict(r))


# -- Gemini --------------------------------------------------------------------
def g_part() -> Any:
    if CLEAN:
        k = rng.choice(["text", "text", "thought", "sig", "call", "call_id"])
        return g_part_of(k)
    return g_part_of(rng.choice(["text", "text", "thought", "sig", "call", "call_id", "code", "result", "inline", "empty", "fnresp", "text_null", "call_noname", "call_args_list", "exotic"]))


def g_part_of(k: str) -> Any:
    if k == "text":
        return {"text": rng.choice(["Hi", "", " ", "é\u2028", "1" * 40, "\r\n"])}
    if k == "thought":
        return {"text": rng.choice(["hm", ""]), "thought": True, **({"thoughtSignature": "c2ln"} if rng.random() < 0.5 else {})}
    if k == "sig":
        return {"text": "a", "thoughtSignature": rng.choice(["c2ln", "", "x"])}
    if k == "call":
        return {"functionCall": {"name": "f", "args": rng.choice([{}, {"a": 1}, {"a": [1, {"b": None}]}])}}
    if k == "call_id":
        return {"functionCall": {"id": rng.choice(["", "c1", "c1"]), "name": "f", "args": {"x": 1e308}}, **({"thoughtSignature": "c2ln"} if rng.random() < 0.5 else {})}
    if k == "code":
        return {"executableCode": {"language": "PYTHON", "code": "print(1)"}}
    if k == "result":
        return {"codeExecutionResult": {"outcome": "OUTCOME_OK", "output": "1"}}
    if k == "inline":
        return {"inlineData": {"mimeType": "image/png", "data": "iVBORw0KGgo="}}
    if k == "empty":
        return {}
    if k == "fnresp":
        return {"functionResponse": {"name": "f", "response": {"a": 1}}}
    if k == "text_null":
        return {"text": None}
    if k == "call_noname":
        return {"functionCall": {"name": rng.choice(["", None]), "args": {}}}
    if k == "call_args_list":
        return {"functionCall": {"name": "f", "args": rng.choice([[1], "s", None, 3])}}
    return {"text": "x", "thought": rng.choice([None, False, 0, "yes"]), "videoMetadata": {}}


def g_usage() -> Any:
    return rng.choice([
        {"promptTokenCount": 3, "candidatesTokenCount": 2, "totalTokenCount": 5},
        {"promptTokenCount": 3, "candidatesTokenCount": 2, "totalTokenCount": 5, "thoughtsTokenCount": 7, "cachedContentTokenCount": 1},
        {}, {"promptTokenCount": -1}, {"promptTokenCount": 1.5}, {"promptTokenCount": 10**30},
        {"promptTokenCount": 3, "toolUsePromptTokenCount": 4, "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 3}]},
        {"trafficType": "ON_DEMAND"}, None, [],
    ])


def g_chunk(last: bool) -> Any:
    cand: dict[str, Any] = {}
    if CLEAN:
        cand = {"content": {"parts": [g_part() for _ in range(rng.choice([1, 1, 2]))], "role": "model"}}
        if last:
            cand["finishReason"] = rng.choice(["STOP", "MAX_TOKENS", "SAFETY", "OTHER", "STOP"])
        out0: dict[str, Any] = {"candidates": [cand]}
        if last:
            out0["usageMetadata"] = g_usage() or {}
        if rng.random() < 0.8:
            out0["modelVersion"] = "gemini-2.5-flash"
        return out0
    if rng.random() < 0.95:
        cand["content"] = {"parts": [g_part() for _ in range(rng.choice([0, 1, 1, 1, 2, 3]))], "role": rng.choice(["model", "model", None, "user"])}
        if cand["content"]["role"] is None:
            del cand["content"]["role"]
    if last or rng.random() < 0.1:
        cand["finishReason"] = rng.choice(["STOP", "STOP", "MAX_TOKENS", "SAFETY", "RECITATION", "OTHER", "MALFORMED_FUNCTION_CALL", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "LANGUAGE", "IMAGE_SAFETY", "UNEXPECTED_TOOL_CALL", "FINISH_REASON_UNSPECIFIED", "odd", "", None])
    if rng.random() < 0.2:
        cand["safetyRatings"] = [{"category": "HARM_CATEGORY_HATE_SPEECH", "probability": rng.choice(["NEGLIGIBLE", "HIGH"]), **({"blocked": True} if rng.random() < 0.3 else {})}]
    if rng.random() < 0.1:
        cand["citationMetadata"] = {"citationSources": [{"startIndex": 0, "endIndex": 1, "uri": "u"}]}
    if rng.random() < 0.1:
        cand["groundingMetadata"] = {"webSearchQueries": ["q"]}
    if rng.random() < 0.1:
        cand["finishMessage"] = "m"
    if rng.random() < 0.05:
        cand["avgLogprobs"] = -0.5
    if rng.random() < 0.05:
        cand["logprobsResult"] = {"topCandidates": [], "chosenCandidates": []}
    if rng.random() < 0.1:
        cand["index"] = rng.choice([0, 1])
    out: dict[str, Any] = {"candidates": [cand]}
    if rng.random() < 0.05:
        out["candidates"].append(dict(cand))
    if rng.random() < 0.05:
        out = {}
    if rng.random() < 0.05:
        out["promptFeedback"] = {"blockReason": rng.choice(["SAFETY", "OTHER", "BLOCKLIST"]), "safetyRatings": []}
        if rng.random() < 0.5:
            out.pop("candidates", None)
    if last or rng.random() < 0.2:
        u = g_usage()
        if u is not None:
            out["usageMetadata"] = u
    if rng.random() < 0.85:
        out["modelVersion"] = rng.choice(["gemini-2.5-flash", "", "models/x"])
    if rng.random() < 0.3:
        out["responseId"] = rng.choice(["r1", ""])
    if rng.random() < 0.03:
        out = {"error": {"code": 500, "message": "boom", "status": "INTERNAL"}}
    return out


CLEAN = False


def g_body() -> bytes:
    global CLEAN
    CLEAN = rng.random() < 0.6
    n = rng.choice([1, 1, 1, 2, 3])
    frames = [json.dumps(g_chunk(i == n - 1), separators=rng.choice([(",", ":"), (", ", ": ")])) for i in range(n)]
    sep = rng.choice(["\n\n", "\n\n", "\r\n\r\n"])
    body = "".join(f"data: {f}{sep}" for f in frames)
    if rng.random() < 0.05:
        body = "".join(f"data:{f}{sep}" for f in frames)
    if rng.random() < 0.05:
        body = ": keep-alive" + sep + body
    return body.encode()


# -- Chat ----------------------------------------------------------------------
HEAD = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "gpt-x"}


def c_chunk(delta: Any = None, finish: Any = None, usage: Any = "absent", **extra: Any) -> Any:
    out = dict(HEAD)
    if delta is not None or finish is not None:
        ch: dict[str, Any] = {"index": 0, "delta": delta if delta is not None else {}, "logprobs": None, "finish_reason": finish}
        out["choices"] = [ch]
    else:
        out["choices"] = []
    if usage != "absent":
        out["usage"] = usage
    out.update(extra)
    return out


def c_piece() -> list[Any]:
    k = rng.choice(["text", "text", "reasoning", "call", "refusal", "logprobs", "choices2", "nulls", "empty", "role", "annot", "audio", "fcall", "error", "nodelta"])
    if k == "text":
        return [c_chunk({"content": rng.choice(["Hi", "", "é", "\u2028", "1" * 30])})]
    if k == "reasoning":
        return [c_chunk({rng.choice(["reasoning_content", "reasoning"]): "th", "content": rng.choice([None, "", "a"])})]
    if k == "call":
        idx = rng.choice([0, 0, 1, 3])
        first = {"index": idx, "type": "function", "function": {"arguments": ""}}
        if rng.random() < 0.85:
            first["id"] = rng.choice(["call_1", "", "call_2"])
        if rng.random() < 0.9:
            first["function"]["name"] = rng.choice(["f", ""])
        out = [c_chunk({"tool_calls": [first]})]
        for frag in rng.sample(['{"a"', ':1}', '', '{}', '[1]', 'nul', '1e999', '"x"'], rng.choice([0, 1, 2])):
            out.append(c_chunk({"tool_calls": [{"index": idx, "function": {"arguments": frag}}]}))
        return out
    if k == "refusal":
        return [c_chunk({"refusal": "no", "content": None})]
    if k == "logprobs":
        c = c_chunk({"content": "x"})
        c["choices"][0]["logprobs"] = rng.choice([{"content": []}, {"content": None}, {"content": [{"token": "x", "logprob": -1, "bytes": [120], "top_logprobs": []}]}, {"refusal": [{"token": "x", "logprob": -1, "bytes": None, "top_logprobs": []}], "content": None}])
        return [c]
    if k == "choices2":
        c = c_chunk({"content": "a"})
        c["choices"].append({"index": 1, "delta": {"content": "b"}, "finish_reason": None})
        return [c]
    if k == "nulls":
        return [c_chunk({"content": None, "tool_calls": None, "role": None, "refusal": None, "function_call": None})]
    if k == "empty":
        return [c_chunk({})]
    if k == "role":
        return [c_chunk({"role": "assistant", "content": ""})]
    if k == "annot":
        return [c_chunk({"content": "a", "annotations": [{"type": "url_citation", "url_citation": {"url": "u", "title": "t", "start_index": 0, "end_index": 1}}]})]
    if k == "audio":
        return [c_chunk({"audio": {"id": "a", "data": "AAA=", "transcript": "t"}})]
    if k == "fcall":
        return [c_chunk({"function_call": {"name": "f", "arguments": "{}"}})]
    if k == "error":
        return [{"error": {"message": "boom", "type": "server_error", "code": None}}]
    if k == "nodelta":
        c = c_chunk({"content": "a"})
        del c["choices"][0]["delta"]
        return [c]
    return []


def c_body() -> bytes:
    frames: list[Any] = []
    if rng.random() < 0.7:
        frames.append(c_chunk({"role": "assistant", "content": ""}))
    for _ in range(rng.choice([0, 1, 1, 2, 3])):
        frames.extend(c_piece())
    end = rng.choice(["both", "both", "finish", "usage", "combined", "none"])
    fin = rng.choice(["stop", "stop", "length", "tool_calls", "content_filter", "function_call", "odd", ""])
    usage = rng.choice([{"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}, {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5, "prompt_tokens_details": {"cached_tokens": 1}, "completion_tokens_details": {"reasoning_tokens": 1}}, {}, None, {"prompt_tokens": 10**25}, {"prompt_tokens": -3}])
    if end in ("both", "finish"):
        frames.append(c_chunk({}, fin))
    if end in ("both", "usage"):
        frames.append(c_chunk(usage=usage))
    if end == "combined":
        frames.append(c_chunk({}, fin, usage=usage))
    if rng.random() < 0.1:
        rng.shuffle(frames)
    done = rng.choice(["one", "one", "one", "none", "two", "mid"])
    sep = rng.choice(["\n\n", "\n\n", "\r\n\r\n"])
    datas = [json.dumps(f, separators=rng.choice([(",", ":"), (", ", ": ")])) for f in frames]
    if done == "one":
        datas.append("[DONE]")
    elif done == "two":
        datas += ["[DONE]", "[DONE]"]
    elif done == "mid" and datas:
        datas.insert(rng.randrange(len(datas)), "[DONE]")
    pre = rng.choice(["data: "] * 9 + ["data:"])
    body = "".join(f"{pre}{d}{sep}" for d in datas)
    if rng.random() < 0.05:
        body = ": comment" + sep + body
    return body.encode()


def chunkings(body: bytes) -> list[list[bytes]]:
    cuts = sorted(rng.randrange(len(body) + 1) for _ in range(rng.randrange(1, 5)))
    pieces = [body[a:b] for a, b in zip([0, *cuts], [*cuts, len(body)])]
    out = [[body], pieces]
    if len(body) < 600 and rng.random() < 0.2:
        out.append([body[i:i + 1] for i in range(len(body))])
    return out


def main() -> int:
    make = g_body if PROVIDER == "gemini" else c_body
    diffs = {"straight!=general": 0, "lc!=lm15": 0, "bare": 0}
    taken = 0
    shown = 0
    lm_ok: dict[str, int] = {}
    for i in range(N):
        body = make()
        for chunks in chunkings(body):
            for req in (None, LC_REQ):
                s = straight(chunks, req)
                g = general(chunks, req)
                dec = lc.stream.decode(PROVIDER, chunks, request=req)
                try:
                    if dec.lone_response(req) is not None:  # type: ignore[attr-defined]
                        taken += 1
                except Exception:
                    pass
                if s[0] == "BARE" or g[0] == "BARE":
                    diffs["bare"] += 1
                if s != g:
                    diffs["straight!=general"] += 1
                    if shown < 6:
                        shown += 1
                        print("STRAIGHT != GENERAL", body[:600], "\n  s:", s, "\n  g:", g)
        # lm15 against lc (request given, body whole)
        s = straight([body], LC_REQ)
        m = lm15_of(body)
        lm_ok[m[0]] = lm_ok.get(m[0], 0) + 1
        if m[0] == "ok" and s[0] == "ok":
            got = lc.to_builtins(lc.decode(s[1], lc.Response))
            if got != m[1]:
                diffs["lc!=lm15"] += 1
                if shown < 12:
                    shown += 1
                    print("LC != LM15", body[:600], "\n  lc:", got, "\n  lm15:", m[1])
        elif (m[0] == "ok") != (s[0] == "ok"):
            diffs["lc!=lm15"] += 1
            if shown < 12:
                shown += 1
                print("OUTCOME LC vs LM15", body[:600], "\n  lc:", s[:2] if s[0] != "ok" else "ok", "\n  lm15:", m if m[0] != "ok" else "ok")
    print(PROVIDER, "bodies", N, "straight taken", taken, "lm15", lm_ok, diffs)
    return 1 if any(diffs.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
