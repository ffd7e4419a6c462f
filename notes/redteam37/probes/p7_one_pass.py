"""Hypothesis: one-chunk Gemini / one-pass Chat / Anthropic bodies, odd but valid-ish fields,
through decode/Decoder/adecode/assemble against lm15 (tests' stream_findings), and the straight
path against the general path under requests None / other / odd."""
import json, sys
from unittest import mock
sys.path.insert(0, ".")
from hypothesis import given, settings, strategies as st, HealthCheck
import lmcodec as lc
from lmcodec.stream.decoder import Decoding
from tests.providers.sweep_support import stream_findings

ODD = st.sampled_from([None, "", "x", 5, [], {}, True, "gemini-2.5-flash", 1.5])
def maybe(d, k, v):
    if v is not Ellipsis: d[k] = v
    return d
MISSING = st.just(Ellipsis)
gpart = st.one_of(
    st.builds(lambda t: {"text": t}, st.text(max_size=5)),
    st.builds(lambda t: {"text": t, "thought": True}, st.text(max_size=5)),
    st.builds(lambda n, a: {"functionCall": {"name": n, "args": a}}, st.sampled_from(["f", "g", ""]), st.sampled_from([{}, {"a": 1}, None, []])),
    st.builds(lambda t, s: {"text": t, "thoughtSignature": s}, st.text(max_size=3), st.sampled_from(["c2ln", "", 5])),
)
@st.composite
def gemini(draw):
    cand = {}
    if draw(st.booleans()):
        cand["content"] = {"role": draw(st.sampled_from(["model", "user", None])), "parts": draw(st.lists(gpart, max_size=3))}
    maybe(cand, "finishReason", draw(st.one_of(MISSING, st.sampled_from(["STOP", "MAX_TOKENS", "SAFETY", "OTHER", "", None, "MALFORMED_FUNCTION_CALL"]))))
    maybe(cand, "index", draw(st.one_of(MISSING, st.sampled_from([0, 1, None]))))
    body = {}
    maybe(body, "candidates", draw(st.one_of(MISSING, st.just([cand]), st.just([cand, cand]), st.just([]))))
    maybe(body, "modelVersion", draw(st.one_of(MISSING, ODD)))
    maybe(body, "responseId", draw(st.one_of(MISSING, ODD)))
    maybe(body, "usageMetadata", draw(st.one_of(MISSING, st.sampled_from([{}, {"promptTokenCount": 2, "candidatesTokenCount": 3, "totalTokenCount": 5}, {"promptTokenCount": 2, "thoughtsTokenCount": 4}, None]))))
    return b"data: " + json.dumps(body).encode() + draw(st.sampled_from([b"\r\n\r\n", b"\n\n"]))

@st.composite
def chat(draw):
    base = {"object": "chat.completion.chunk", "created": 1}
    maybe(base, "id", draw(st.one_of(MISSING, ODD)))
    maybe(base, "model", draw(st.one_of(MISSING, ODD)))
    delta = {"role": "assistant"}
    maybe(delta, "content", draw(st.one_of(MISSING, st.sampled_from(["hi", "", None]))))
    if draw(st.booleans()):
        delta["tool_calls"] = [{"index": 0, "id": draw(st.sampled_from(["call_1", "", None])), "type": "function", "function": {"name": "f", "arguments": draw(st.sampled_from(['{"a":1}', "", "{", "[1]"]))}}]
    maybe(delta, "reasoning_content", draw(st.one_of(MISSING, st.sampled_from(["th", ""]))))
    ch = {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": draw(st.sampled_from(["stop", "length", "tool_calls", "content_filter", None, "weird"]))}]}
    if draw(st.booleans()):
        ch["usage"] = draw(st.sampled_from([{"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3}, None, {}]))
    frames = [ch]
    if draw(st.booleans()):
        frames.append({**base, "choices": [], "usage": {"prompt_tokens": 1, "completion_tokens": 2, "total_tokens": 3}})
    body = b"".join(b"data: " + json.dumps(f).encode() + b"\n\n" for f in frames)
    return body + draw(st.sampled_from([b"data: [DONE]\n\n", b""]))

@st.composite
def anthropic(draw):
    msg = {"id": "msg_1", "type": "message", "role": "assistant", "content": [], "stop_reason": None, "stop_sequence": None, "usage": {"input_tokens": 3, "output_tokens": 1}}
    maybe(msg, "model", draw(st.one_of(MISSING, ODD)))
    maybe(msg, "id", draw(st.one_of(MISSING, ODD)))
    ev = [{"type": "message_start", "message": msg}]
    kind = draw(st.sampled_from(["text", "tool", "thinking", "none"]))
    if kind == "text":
        ev += [{"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}, {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": draw(st.text(max_size=4))}}, {"type": "content_block_stop", "index": 0}]
    elif kind == "tool":
        ev += [{"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}}}, {"type": "content_block_delta", "index": 0, "delta": {"type": "input_json_delta", "partial_json": draw(st.sampled_from(['{"a":1}', "", "{", "[1]", " "]))}}, {"type": "content_block_stop", "index": 0}]
    elif kind == "thinking":
        ev += [{"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": "", "signature": ""}}, {"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": "hm"}}, {"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": "sig"}}, {"type": "content_block_stop", "index": 0}]
    md = {"type": "message_delta", "delta": {"stop_reason": draw(st.sampled_from(["end_turn", "tool_use", "max_tokens", "refusal", "pause_turn", None, "odd"])), "stop_sequence": None}}
    maybe(md, "usage", draw(st.one_of(MISSING, st.sampled_from([{"output_tokens": 2}, {}, None, {"input_tokens": 9, "output_tokens": 2}]))))
    ev += [md]
    if draw(st.booleans()): ev.append({"type": "message_stop"})
    named = draw(st.booleans())
    return b"".join((f"event: {e['type']}\n".encode() if named else b"") + b"data: " + json.dumps(e).encode() + b"\n\n" for e in ev)

REQS = [None, lc.Request(model="m-1", messages=(lc.Message.user("hi"),)), lc.Request(model="m-2", messages=(lc.Message.user("hi"),))]
def outcome(run):
    try: return lc.to_builtins(run(), include_provider_data=True)
    except lc.LmcodecError as e: return f"{type(e).__name__}: {e}"
    except Exception as e: return f"ESCAPED {type(e).__name__}: {e}"

found = []
def check(provider, body):
    f = stream_findings(provider, body)
    if f: found.append((provider, body, f)); return
    for r1 in REQS:
        for r2 in REQS:
            fast = outcome(lambda: lc.assemble(lc.stream.decode(provider, [body], request=r1), request=r2))
            with mock.patch.object(Decoding, "lone_response", lambda self, request: None):
                slow = outcome(lambda: lc.assemble(lc.stream.decode(provider, [body], request=r1), request=r2))
            split = outcome(lambda: lc.assemble(lc.stream.decode(provider, [body[:7], body[7:]], request=r1), request=r2))
            if not (fast == slow == split):
                found.append((provider, body, [f"r1={r1 and r1.model} r2={r2 and r2.model}", fast, slow, split])); return

N = int(sys.argv[1]) if len(sys.argv) > 1 else 200
for provider, strat in (("gemini", gemini()), ("openai_chat", chat()), ("anthropic", anthropic())):
    @settings(max_examples=N, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(strat)
    def run(body):
        check(provider, body)
    run()
    print(provider, "findings so far", len(found))
seen = set()
for p, b, f in found:
    key = (p, str(f)[:60])
    if key in seen: continue
    seen.add(key)
    print("==", p, b[:400]); [print("   ", str(x)[:500]) for x in f]
