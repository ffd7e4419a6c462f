#!/usr/bin/env python3
"""Red team 53: a gateway fuzzer with an oracle, on every translation a gateway runs.

    python notes/redteam53/fuzz.py --seed 53 --cases 20000 --out /tmp/rt53     # a run
    python notes/redteam53/fuzz.py --seed 54 --nulls --cases 4000 --out /tmp/rt53  # keys nulled / removed too
    python notes/redteam53/fuzz.py --replay 53:1234 [--nulls]                  # one case, verbose
    python notes/redteam53/analyze.py /tmp/rt53/cases-*.jsonl                  # counts, classified

Each case is drawn from ``random.Random(f"{seed}:{index}")`` alone, so a finding replays
exactly. A case is one source (a corpus stream or body, a generated stream or body, a request as
an SDK builds it over a mock transport), optionally mutated the valid-but-odd way (keys reordered,
extra unknown keys, optional keys null), one route (``stream.translate`` at one chunking,
``Encoder`` fed the decoded events, ``translate_response``, ``encode_response`` of the decoded
body, ``translate_request``) and one destination dialect.

The oracle: the output decoded by lmcodec (``stream.decode`` + ``assemble``, ``decode_response``,
``decode_request``) and summarised part by part (text, thinking and its signature, calls as
(id, name, JSON value), citations, refusals, order, finish reason, input/output usage) against the
same summary of the source; plus the destination's SDK reading the output (anthropic
``MessageStream``, openai ``ChatCompletionStreamState`` / ``responses.stream``, google-genai's
chunks) where the SDK exposes the same fields. A difference is reported with a signature
(route, src, dst, field) so runs aggregate; FINDINGS.md says which are documented losses.
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import sys
import traceback
import warnings
from pathlib import Path
from typing import Any

warnings.simplefilter("ignore")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))
sys.path.insert(0, str(ROOT))
CORPUS = ROOT.parent / "shared" / "corpus"
PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")

import lmcodec as lc  # noqa: E402

REQUEST = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))


# ------------------------------------------------------------------------ the oracle's summary


def _sig(part: Any) -> str | None:
    for s in getattr(part, "continuation", ()) or ():
        if s.kind in ("thinking_signature", "thought_signature"):
            return str(s.data.get("signature", s.data.get("value")))
    return None


def summary(resp: Any) -> dict[str, Any]:
    """The canonical content a client cares about, adjacent texts merged."""
    segs: list[Any] = []
    for p in resp.message.parts:
        if isinstance(p, lc.TextPart):
            if segs and segs[-1][0] == "text":
                segs[-1] = ("text", segs[-1][1] + p.text)
            else:
                segs.append(("text", p.text))
        elif isinstance(p, lc.ThinkingPart):
            segs.append(("thinking", p.text, _sig(p)))
        elif isinstance(p, lc.ToolCallPart):
            segs.append(("call", p.id, p.name, json.dumps(p.input, sort_keys=True)))
        elif isinstance(p, lc.CitationPart):
            segs.append(("cite", p.text, p.url, p.title))
        elif isinstance(p, lc.RefusalPart):
            segs.append(("refusal", p.text))
        else:
            segs.append((type(p).__name__,))
    segs = [s for s in segs if s != ("text", "")]
    u = resp.usage
    return {
        "parts": segs,
        "finish": resp.finish_reason,
        "usage": (u.input_tokens, u.output_tokens),
        "logprobs": len(resp.logprobs or ()),
    }


def compare(src: dict[str, Any], out: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, detail) of each difference between the source's summary and the output's."""
    diffs: list[tuple[str, str]] = []
    a, b = src["parts"], out["parts"]
    ka, kb = [s[0] for s in a], [s[0] for s in b]
    text_a = "".join(s[1] for s in a if s[0] == "text")
    text_b = "".join(s[1] for s in b if s[0] == "text")
    if text_a != text_b:
        diffs.append(("text", f"{text_a[:80]!r} -> {text_b[:80]!r}"))
    th_a = [s[1] for s in a if s[0] == "thinking"]
    th_b = [s[1] for s in b if s[0] == "thinking"]
    if "".join(th_a) != "".join(th_b):
        diffs.append(("thinking", f"{''.join(th_a)[:60]!r} -> {''.join(th_b)[:60]!r}"))
    sg_a = [s[2] for s in a if s[0] == "thinking" and s[2]]
    sg_b = [s[2] for s in b if s[0] == "thinking" and s[2]]
    if sg_a != sg_b:
        diffs.append(("signature", f"{sg_a[:3]} -> {sg_b[:3]}"))
    ca = [s[1:] for s in a if s[0] == "call"]
    cb = [s[1:] for s in b if s[0] == "call"]
    if len(ca) != len(cb):
        diffs.append(("calls.count", f"{len(ca)} -> {len(cb)}"))
    else:
        for x, y in zip(ca, cb):
            if x[1] != y[1]:
                diffs.append(("calls.name", f"{x[1]!r} -> {y[1]!r}"))
            if x[2] != y[2]:
                diffs.append(("calls.args", f"{x[2][:80]} -> {y[2][:80]}"))
            if x[0] != y[0]:
                diffs.append(("calls.id", f"{x[0]!r} -> {y[0]!r}"))
    if [s[1:] for s in a if s[0] == "cite"] != [s[1:] for s in b if s[0] == "cite"]:
        diffs.append(("citations", f"{[s for s in a if s[0] == 'cite'][:2]} -> {[s for s in b if s[0] == 'cite'][:2]}"))
    if [s[1] for s in a if s[0] == "refusal"] != [s[1] for s in b if s[0] == "refusal"]:
        diffs.append(("refusal", f"{[s for s in a if s[0] == 'refusal']} -> {[s for s in b if s[0] == 'refusal']}"))
    order_a = [k for i, k in enumerate(ka) if k in ("text", "call", "thinking") and (i == 0 or ka[i - 1] != k)]
    order_b = [k for i, k in enumerate(kb) if k in ("text", "call", "thinking") and (i == 0 or kb[i - 1] != k)]
    if order_a != order_b and not diffs:
        diffs.append(("order", f"{order_a} -> {order_b}"))
    other_a = sorted(k for k in ka if k not in ("text", "call", "thinking", "cite", "refusal"))
    other_b = sorted(k for k in kb if k not in ("text", "call", "thinking", "cite", "refusal"))
    if other_a != other_b:
        diffs.append(("other_parts", f"{other_a} -> {other_b}"))
    if src["finish"] != out["finish"]:
        diffs.append(("finish", f"{src['finish']} -> {out['finish']}"))
    for i, name in enumerate(("usage.input", "usage.output")):
        x, y = src["usage"][i], out["usage"][i]
        if x is not None and y is not None and x != y:
            diffs.append((name, f"{x} -> {y}"))
        elif x is not None and y is None:
            diffs.append((name + ".lost", f"{x} -> None"))
    if src["logprobs"] != out["logprobs"]:
        diffs.append(("logprobs", f"{src['logprobs']} -> {out['logprobs']}"))
    return diffs


# ------------------------------------------------------------------------------ the SDK readers


_SERVED: list[tuple[bytes, str]] = [(b"", "")]
_CLIENTS: dict[str, Any] = {}


def _handler_for(httpx: Any) -> Any:
    def handler(request: Any) -> Any:
        body, ctype = _SERVED[0]
        return httpx.Response(200, headers={"content-type": ctype}, content=body)

    return handler


def client(name: str) -> Any:
    """One SDK client per dialect, over a mock transport serving whatever ``_SERVED`` holds."""
    if name not in _CLIENTS:
        import httpx
        import httpx2

        if name == "anthropic":
            import anthropic

            _CLIENTS[name] = anthropic.Anthropic(
                api_key="sk", http_client=httpx2.Client(transport=httpx2.MockTransport(_handler_for(httpx2))), max_retries=0)
        elif name == "gemini":
            from google import genai

            from tests.providers.gateway_support import genai_http_options

            hx = httpx.Client(transport=httpx.MockTransport(_handler_for(httpx)))
            _CLIENTS[name] = genai.Client(api_key="k", http_options=genai_http_options(hx))
        else:
            import openai

            _CLIENTS[name] = openai.OpenAI(
                api_key="sk", http_client=httpx.Client(transport=httpx.MockTransport(_handler_for(httpx))), max_retries=0)
    return _CLIENTS[name]


def sdk_view(dst: str, out: bytes, stream: bool) -> dict[str, Any]:
    """What the destination's SDK reads: text, thinking, calls (id, name, args JSON)."""
    _SERVED[0] = (out, "text/event-stream" if stream else "application/json")
    msgs = [{"role": "user", "content": "hi"}]
    if dst == "anthropic":
        c = client("anthropic")
        if stream:
            with c.messages.stream(model="m-1", max_tokens=16, messages=msgs) as st:
                m = st.get_final_message()
        else:
            m = c.messages.create(model="m-1", max_tokens=16, messages=msgs)
        return {"text": "".join(b.text for b in m.content if b.type == "text"),
                "thinking": "".join(b.thinking for b in m.content if b.type == "thinking"),
                "calls": [(b.id, b.name, json.dumps(b.input, sort_keys=True)) for b in m.content if b.type == "tool_use"]}
    if dst == "gemini":
        g = client("gemini")
        if stream:
            chunks = list(g.models.generate_content_stream(model="gemini-test", contents="hi"))
        else:
            chunks = [g.models.generate_content(model="gemini-test", contents="hi")]
        text, thinking, calls = [], [], []
        for ch in chunks:
            for cand in ch.candidates or []:
                for part in (cand.content.parts if cand.content else None) or []:
                    if part.function_call is not None:
                        fc = part.function_call
                        calls.append((fc.id, fc.name, json.dumps(fc.args or {}, sort_keys=True)))
                    elif part.text is not None:
                        (thinking if part.thought else text).append(part.text)
        return {"text": "".join(text), "thinking": "".join(thinking), "calls": calls}
    o = client("openai")
    if dst == "openai_chat":
        from openai.types.chat import ChatCompletionChunk

        if stream:
            from openai.lib.streaming.chat import ChatCompletionStreamState

            state = ChatCompletionStreamState()
            for line in out.split(b"\n"):
                if line.startswith(b"data:") and line[5:].strip() != b"[DONE]":
                    state.handle_chunk(ChatCompletionChunk.model_validate_json(line[5:]))
            comp = state.current_completion_snapshot
        else:
            comp = o.chat.completions.create(model="m-1", messages=msgs)
        msg = comp.choices[0].message
        return {"text": msg.content or "", "thinking": None,
                "calls": [(t.id, t.function.name, json.dumps(json.loads(t.function.arguments or "{}"), sort_keys=True))
                          for t in msg.tool_calls or []]}
    if stream:
        with o.responses.stream(model="m-1", input="hi") as st:
            for _ in st:
                pass
            r = st.get_final_response()
    else:
        r = o.responses.create(model="m-1", input="hi")
    text, thinking, calls = [], [], []
    for item in r.output:
        if item.type == "message":
            for c in item.content:
                if c.type == "output_text":
                    text.append(c.text)
        elif item.type == "reasoning":
            for s2 in item.summary or []:
                thinking.append(s2.text)
        elif item.type == "function_call":
            calls.append((item.call_id, item.name, json.dumps(json.loads(item.arguments or "{}"), sort_keys=True)))
    return {"text": "".join(text), "thinking": "".join(thinking), "calls": calls}


def sdk_compare(view: dict[str, Any], lcsum: dict[str, Any]) -> list[tuple[str, str]]:
    """The SDK's reading of the output against lmcodec's reading of the same output."""
    diffs = []
    parts = lcsum["parts"]
    text = "".join(s[1] for s in parts if s[0] == "text")
    if view["text"] != text:
        diffs.append(("sdk.text", f"{view['text'][:60]!r} vs lc {text[:60]!r}"))
    calls = [(s[1], s[2], s[3]) for s in parts if s[0] == "call"]
    if [c[1:] for c in view["calls"]] != [c[1:] for c in calls]:
        diffs.append(("sdk.calls", f"{view['calls'][:3]} vs lc {calls[:3]}"))
    elif [c[0] for c in view["calls"]] != [c[0] for c in calls]:
        diffs.append(("sdk.call_ids", f"{[c[0] for c in view['calls']]} vs lc {[c[0] for c in calls]}"))
    return diffs


# -------------------------------------------------------------------------------- the sources


def _d(delta: Any) -> Any:
    return lc.StreamDeltaEvent(delta=delta)


UNICODE = ["é", "🌍", "日本", "\u2028", "\\", '"', "\n", "\t", "\u0085", "a", " ", "x\u0301", "\U0001f600"]


def _text(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(UNICODE) if rng.random() < 0.3 else rng.choice("abcdefgh ,.") for _ in range(n))


def _args(rng: random.Random) -> str:
    obj: dict[str, Any] = {}
    for k in range(rng.randint(0, 4)):
        obj[rng.choice(["q", "path", "n", "é", "emoji", "deep", "k" + str(k)])] = rng.choice(
            [_text(rng, rng.randint(0, 12)), rng.randint(-5, 10 ** 6), 1.5, True, None, [1, "a"], {"x": {"y": "\\u00e9"}}])
    return json.dumps(obj, ensure_ascii=rng.random() < 0.5)


def _cuts(s: str, rng: random.Random) -> list[str]:
    if not s:
        return [""]
    mode = rng.random()
    if mode < 0.3:
        return [s[i:i + 1] for i in range(len(s))]
    if mode < 0.5:
        return [s]
    idx = sorted(rng.sample(range(1, len(s)), min(len(s) - 1, rng.randint(1, 6)))) if len(s) > 1 else []
    return [s[a:b] for a, b in zip([0] + idx, idx + [len(s)])]


def generated_events(rng: random.Random) -> list[Any]:
    """A canonical event list of varied content (as a decoder would emit it)."""
    ev: list[Any] = [lc.StreamStartEvent(id=f"resp_g{rng.randint(0, 999)}", model="m-gen")]
    idx = 0
    thinking = rng.random() < 0.4
    if thinking:
        for c in _cuts(_text(rng, rng.randint(0, 30)), rng):
            ev.append(_d(lc.ThinkingDelta(text=c, part_index=idx)))
        if rng.random() < 0.7:
            ev.append(_d(lc.ContinuationDelta(provider="anthropic", kind="thinking_signature",
                                              data={"signature": f"sig{rng.randint(0, 99)}=="}, part_index=idx)))
        idx += 1
    n_text = rng.choice((0, 1, 1, 1, 2))
    for _ in range(n_text):
        t = _text(rng, rng.randint(0, 60))
        for c in _cuts(t, rng):
            ev.append(_d(lc.TextDelta(text=c, part_index=idx)))
        if rng.random() < 0.1:
            ev.append(_d(lc.CitationDelta(text="doc", url="https://e.com/x", title="X", part_index=idx)))
        idx += 1
    n_calls = rng.choice((0, 0, 1, 2, 3, 5)) if rng.random() < 0.9 else rng.randint(6, 20)
    first = idx
    args = [_args(rng) for _ in range(n_calls)]
    for k in range(n_calls):
        ev.append(_d(lc.ToolCallDelta(input="", part_index=first + k, id=f"call_{rng.randint(0, 10**6)}_{k}",
                                      name=rng.choice(["search", "read", "get_weather", "f"]))))
    interleave = rng.random() < 0.5
    cut = [_cuts(a, rng) for a in args]
    if interleave:
        for j in range(max((len(c) for c in cut), default=0)):
            for k in range(n_calls):
                if j < len(cut[k]):
                    ev.append(_d(lc.ToolCallDelta(input=cut[k][j], part_index=first + k)))
    else:
        for k in range(n_calls):
            for c in cut[k]:
                ev.append(_d(lc.ToolCallDelta(input=c, part_index=first + k)))
    finish = "tool_call" if n_calls else rng.choice(("stop", "stop", "length", "content_filter"))
    usage = lc.Usage(input_tokens=rng.randint(0, 5000), output_tokens=rng.randint(0, 5000)) if rng.random() < 0.85 else lc.Usage()
    ev.append(lc.StreamEndEvent(finish_reason=finish, usage=usage))
    return ev


class Sources:
    def __init__(self) -> None:
        self.streams: list[tuple[str, bytes, str]] = []  # (name, bytes, provider)
        self.bodies: list[tuple[str, bytes, str]] = []
        root = CORPUS / "lm15-contract" / "bodies"
        for path in sorted(root.glob("*/*")) if root.is_dir() else []:
            p = path.parent.name.split(".")[0]
            if p not in PROVIDERS:
                continue
            data = path.read_bytes()
            name = str(path.relative_to(root))
            (self.streams if data.startswith((b"event:", b"data:")) else self.bodies).append((name, data, p))
        self.requests: list[tuple[str, bytes, str]] = []
        try:
            self.requests = sdk_requests()
        except Exception as exc:  # noqa: BLE001
            print("sdk requests unavailable:", exc, file=sys.stderr)


def sdk_requests() -> list[tuple[str, bytes, str]]:
    """Requests as the SDKs build them (captured over a mock transport)."""
    from tests.providers.gateway_support import anthropic_body, chat_body, gemini_body, responses_body

    tool_chat = {"type": "function", "function": {"name": "get_weather", "description": "w",
                                                   "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}}
    tool_resp = {"type": "function", "name": "get_weather", "description": "w",
                 "parameters": {"type": "object", "properties": {"city": {"type": "string"}}}}
    tool_anth = {"name": "get_weather", "description": "w",
                 "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}}}
    out = []
    for i, args in enumerate(['{"city":"Paris"}', '{"city":"日本 \\"q\\" é"}', "{}"]):
        out.append((f"chat{i}", chat_body(model="gpt-4o", tools=[tool_chat], messages=[
            {"role": "system", "content": "be brief"},
            {"role": "user", "content": "weather?"},
            {"role": "assistant", "content": "let me check", "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "get_weather", "arguments": args}},
                {"id": "call_2", "type": "function", "function": {"name": "get_weather", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "call_1", "content": "sunny 🌞"},
            {"role": "tool", "tool_call_id": "call_2", "content": "rain"},
            {"role": "user", "content": [{"type": "text", "text": "thanks"}, {"type": "text", "text": " and?"}]}],
            temperature=0.5, max_tokens=100), "openai_chat"))
        out.append((f"responses{i}", responses_body(model="gpt-4o", tools=[tool_resp], instructions="be brief", input=[
            {"role": "user", "content": "weather?"},
            {"type": "function_call", "call_id": "call_1", "name": "get_weather", "arguments": args},
            {"type": "function_call_output", "call_id": "call_1", "output": "sunny 🌞"},
            {"role": "assistant", "content": "It is sunny."},
            {"role": "user", "content": [{"type": "input_text", "text": "thanks"}]}], max_output_tokens=100), "openai"))
        out.append((f"anthropic{i}", anthropic_body(model="claude-x", max_tokens=100, system="be brief", tools=[tool_anth], messages=[
            {"role": "user", "content": "weather?"},
            {"role": "assistant", "content": [
                {"type": "thinking", "thinking": "hmm", "signature": "sigA=="},
                {"type": "text", "text": "checking"},
                {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": json.loads(args)},
                {"type": "tool_use", "id": "toolu_2", "name": "get_weather", "input": {}}]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": "sunny 🌞"},
                {"type": "tool_result", "tool_use_id": "toolu_2", "content": [{"type": "text", "text": "rain"}]}]}],
            ), "anthropic"))
        from google.genai import types

        out.append((f"gemini{i}", gemini_body([
            types.Content(role="user", parts=[types.Part(text="weather?")]),
            types.Content(role="model", parts=[types.Part(text="checking"),
                                               types.Part(function_call=types.FunctionCall(name="get_weather", args=json.loads(args)))]),
            types.Content(role="user", parts=[types.Part(function_response=types.FunctionResponse(name="get_weather", response={"result": "sunny"}))])],
            types.GenerateContentConfig(system_instruction="be brief", temperature=0.5, max_output_tokens=100)), "gemini"))
    return out


# ------------------------------------------------------------------------------ mutations


MODE = {"nulls": False}
"""--nulls: the odd mutation also sets optional-looking keys null or removes them (a separate run:
a replay passes the same flag)."""

OPAQUE = frozenset({"input", "args", "arguments", "parameters", "input_schema", "response", "partialArgs"})
"""Keys whose value is the caller's data (tool arguments, schemas): left as sent."""


def _odd_tree(tree: Any, rng: random.Random) -> Any:
    """Valid-but-odd: keys reordered, an unknown key added, keep the values."""
    if isinstance(tree, dict):
        items = [(k, v if k in OPAQUE else _odd_tree(v, rng)) for k, v in tree.items()]
        if rng.random() < 0.3:
            rng.shuffle(items)
        if rng.random() < 0.1:
            items.append((f"x_unknown_{rng.randint(0, 9)}", rng.choice([None, 1, "z", {"a": []}])))
        if MODE["nulls"] and items and rng.random() < 0.15:  # an optional-looking key null or absent
            i = rng.randrange(len(items))
            if items[i][0] not in ("type", "role", "id", "name", "index", "text", "delta", "content", "parts",
                                   "candidates", "choices", "output", "item", "response", "message", "call_id"):
                if rng.random() < 0.5:
                    items[i] = (items[i][0], None)
                else:
                    del items[i]
        return dict(items)
    if isinstance(tree, list):
        return [_odd_tree(v, rng) for v in tree]
    return tree


def mutate_json(data: bytes, rng: random.Random) -> bytes:
    try:
        tree = json.loads(data)
    except ValueError:
        return data
    return json.dumps(_odd_tree(tree, rng), ensure_ascii=rng.random() < 0.5,
                      separators=rng.choice([(",", ":"), (", ", ": ")])).encode()


def split_events(data: bytes) -> list[bytes]:
    sep = b"\r\n\r\n" if b"\r\n\r\n" in data else b"\n\n"
    return [e + sep for e in data.split(sep) if e.strip()]


def mutate_sse(data: bytes, rng: random.Random) -> bytes:
    out = []
    for ev in split_events(data):
        lines = ev.split(b"\n")
        new = []
        for ln in lines:
            if ln.startswith(b"data:") and ln[5:].strip() not in (b"[DONE]", b""):
                new.append(b"data: " + mutate_json(ln[5:].strip(), rng))
            else:
                new.append(ln)
        out.append(b"\n".join(new))
    return b"".join(out)


def chunkings(data: bytes, rng: random.Random) -> tuple[str, list[bytes]]:
    r = rng.random()
    if r < 0.3:
        return "whole", [data]
    if r < 0.6:
        return "event", split_events(data) or [data]
    if r < 0.9 or len(data) > 6000:
        n = rng.randint(1, 12)
        cuts = sorted(rng.sample(range(1, len(data)), min(n, len(data) - 1))) if len(data) > 1 else []
        return "random", [data[a:b] for a, b in zip([0] + cuts, cuts + [len(data)])]
    return "byte", [data[i:i + 1] for i in range(len(data))]


# ------------------------------------------------------------------------------- one case


class Finding(Exception):
    def __init__(self, kind: str, diffs: list[tuple[str, str]]) -> None:
        super().__init__(kind)
        self.kind, self.diffs = kind, diffs


def assembled(p: str, chunks: list[bytes]) -> Any:
    return lc.assemble(lc.stream.decode(p, chunks, request=REQUEST), request=REQUEST)


def request_summary(req: Any) -> list[Any]:
    out: list[Any] = []
    for m in req.messages:
        parts = []
        for p in m.parts:
            if isinstance(p, lc.TextPart):
                parts.append(("text", p.text))
            elif isinstance(p, lc.ToolCallPart):
                parts.append(("call", p.name, json.dumps(p.input, sort_keys=True)))
            elif isinstance(p, lc.ToolResultPart):
                parts.append(("result", json.dumps(lc.to_builtins(p.content), sort_keys=True)[:200], p.is_error))
            elif isinstance(p, lc.ThinkingPart):
                parts.append(("thinking", p.text))
            else:
                parts.append((type(p).__name__,))
        out.append((m.role, parts))
    return out


def one_case(rng: random.Random, s: Sources, info: dict[str, Any]) -> None:
    route = rng.choices(["translate", "encoder", "translate_response", "encode_response", "translate_request"],
                        weights=[45, 15, 15, 10, 15])[0]
    dst = rng.choice(PROVIDERS)
    odd = rng.random() < 0.3
    info.update(route=route, dst=dst, odd=odd, nulls=MODE["nulls"])
    if route == "translate_request":
        if not s.requests:
            route = info["route"] = "translate"
        else:
            name, data, src = rng.choice(s.requests)
            if odd:
                data = mutate_json(data, rng)
            info.update(src=src, source=name)
            try:
                before = lc.decode_request(src, data, model="gemini-2.5-flash") if src == "gemini" else lc.decode_request(src, data)
            except lc.LmcodecError as exc:
                info["result"] = "source_refused"
                info["error"] = f"{type(exc).__name__}: {str(exc)[:120]}"
                return
            stream = rng.choice((None, True, False))
            model = "gemini-2.5-flash" if src == "gemini" else None
            built = lc.translate_request(src, dst, data, stream=stream, model=model)
            after = lc.decode_request(dst, built.body)
            a, b = request_summary(before.request if hasattr(before, "request") else before), \
                request_summary(after.request if hasattr(after, "request") else after)
            if a != b:
                info["adaptations"] = [str(x)[:200] for x in getattr(built, "adaptations", ())][:8]
                raise Finding("diff", [("request.messages", f"{a} -> {b}")])
            return
    generated = rng.random() < 0.5
    if route in ("translate", "encoder"):
        if generated or not s.streams:
            events = generated_events(rng)
            src = rng.choice(PROVIDERS)
            data = b"".join(lc.stream.encode(src, events))
            info.update(source="generated", src=src)
        else:
            name, data, src = rng.choice(s.streams)
            info.update(source=name, src=src)
        if odd:
            data = mutate_sse(data, rng)
        try:
            want = summary(assembled(src, [data]))
        except lc.LmcodecError as exc:
            info["result"] = "source_refused"
            info["error"] = f"{type(exc).__name__}: {str(exc)[:120]}"
            return
        if route == "translate":
            how, chunks = chunkings(data, rng)
            info["chunking"] = how
            out = b"".join(lc.stream.translate(src, dst, chunks, request=REQUEST))
        else:
            enc = lc.stream.Encoder(dst)
            out = enc.feed_all(lc.stream.decode(src, [data], request=REQUEST)) + enc.close()
        got = summary(assembled(dst, [out]))
        stream = True
    else:
        if generated or not s.bodies:
            resp = lc.assemble(generated_events(rng), request=REQUEST)
            src = rng.choice(PROVIDERS)
            data = lc.encode_response(src, resp)
            info.update(source="generated", src=src)
        else:
            name, data, src = rng.choice(s.bodies)
            info.update(source=name, src=src)
        if odd:
            data = mutate_json(data, rng)
        try:
            source = lc.decode_response(src, data, request=REQUEST)
        except lc.LmcodecError as exc:
            info["result"] = "source_refused"
            info["error"] = f"{type(exc).__name__}: {str(exc)[:120]}"
            return
        want = summary(source)
        if route == "translate_response":
            out = lc.translate_response(src, dst, data, request=REQUEST)
        else:
            out = lc.encode_response(dst, source)
        got = summary(lc.decode_response(dst, out, request=REQUEST))
        stream = False
    diffs = compare(want, got)
    try:
        diffs += sdk_compare(sdk_view(dst, out, stream), got)
    except Exception as exc:  # noqa: BLE001
        diffs.append(("sdk.error", f"{type(exc).__name__}: {str(exc)[:160]}"))
    if diffs:
        info["out_head"] = out[:300].decode("utf-8", "replace")
        raise Finding("diff", diffs)


def run_case(seed: int, index: int, s: Sources) -> dict[str, Any]:
    rng = random.Random(f"{seed}:{index}")
    info: dict[str, Any] = {"seed": seed, "index": index}
    try:
        one_case(rng, s, info)
        info.setdefault("result", "held")
    except Finding as f:
        info["result"] = f.kind
        info["diffs"] = f.diffs
    except lc.LmcodecError as exc:
        info["result"] = "lc_error"
        info["error"] = f"{type(exc).__name__}: {str(exc)[:200]}"
    except Exception as exc:  # noqa: BLE001
        info["result"] = "escape"
        info["error"] = f"{type(exc).__name__}: {str(exc)[:200]}"
        info["tb"] = traceback.format_exc()[-1200:]
    return info


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=53)
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--out", default="/tmp/rt53")
    ap.add_argument("--replay", help="SEED:INDEX")
    ap.add_argument("--nulls", action="store_true", help="odd mutations also null or drop optional keys")
    args = ap.parse_args()
    MODE["nulls"] = args.nulls
    s = Sources()
    if args.replay:
        seed, index = map(int, args.replay.split(":"))
        print(json.dumps(run_case(seed, index, s), indent=1, ensure_ascii=False))
        return 0
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    counts: collections.Counter[str] = collections.Counter()
    tag = "-nulls" if args.nulls else ""
    with open(out / f"cases-{args.seed}{tag}-{args.start}.jsonl", "w") as fh:
        for i in range(args.start, args.start + args.cases):
            info = run_case(args.seed, i, s)
            counts[(info.get("route"), info["result"])] += 1  # type: ignore[index]
            if info["result"] != "held":
                fh.write(json.dumps(info, ensure_ascii=False) + "\n")
            else:
                fh.write(json.dumps({k: info.get(k) for k in ("seed", "index", "route", "src", "dst", "result")}) + "\n")
    for k, v in sorted(counts.items(), key=str):
        print(k, v)
    return 0


if __name__ == "__main__":
    sys.exit(main())
