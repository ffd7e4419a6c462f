"""lc.stream.translate of every red-team-41 feature stream to every dialect (same dialect too),
and lc.stream.encode of its decoded events: the destination SDK reads the output; what it reads
is compared with the canonical Response of the source (text, thinking, calls, finish), and lc's
own reading of the output with the same Response."""
from __future__ import annotations

import json
import os
import sys
import traceback
import warnings
from collections import Counter

warnings.simplefilter("ignore")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from _cases import STREAMS  # noqa: E402
import lmcodec as lc  # noqa: E402
from tests.stream.write_support import REQUEST, sdk_chat, sdk_responses  # noqa: E402
from tests.providers.sdk_readers import sdk_anthropic, sdk_gemini  # noqa: E402

WIRES = ["openai", "openai_chat", "anthropic", "gemini"]


class ResponsesEnded(Exception):
    """The Responses stream ended as `response.failed` or with an `error` event: the client's error."""


def sdk_responses_any(body):
    """sdk_responses, but a stream ending `response.incomplete` is read from that final response
    (the openai SDK's accumulator hands it to `get_final_response()` as it does a completed one) and
    one ending `response.failed` / `error` is the client's error, as the other SDKs raise theirs."""
    from tests.stream.write_support import _client, ResponseStreamState, openai
    state = ResponseStreamState(input_tools=openai.omit, text_format=openai.omit)
    final = None
    with _client(body).responses.create(model="m-1", input="hi", stream=True) as stream:
        for event in stream:
            state.handle_event(event)
            if event.type in ("response.failed", "error"):
                raise ResponsesEnded(event.type)
            if event.type in ("response.completed", "response.incomplete"):
                final = event.response
    if final is None:
        raise ResponsesEnded("no end")
    texts, calls, thinking = [], [], []
    for item in final.output:
        if item.type == "message":
            texts.extend(getattr(c, "text", None) or getattr(c, "refusal", None) or "" for c in item.content)
        elif item.type == "function_call":
            calls.append((item.call_id, item.name, json.loads(item.arguments or "{}")))
        elif item.type == "reasoning":
            thinking.extend(x.text for x in item.summary)
    return {"text": "".join(texts), "tool_calls": calls, "thinking": "".join(thinking), "status": final.status}


READ = {"openai": sdk_responses_any, "openai_chat": sdk_chat, "anthropic": sdk_anthropic, "gemini": sdk_gemini}


def view(r):
    ps = r.message.parts
    return {
        "text": "".join(p.text for p in ps if isinstance(p, lc.TextPart)),
        "thinking": "".join(p.text for p in ps if isinstance(p, lc.ThinkingPart)),
        "calls": [(p.name, p.input) for p in ps if isinstance(p, lc.ToolCallPart)],
    }


def sdkview(w, body):
    g = READ[w](body)
    return {"text": g["text"], "thinking": g.get("thinking", ""), "calls": [(n, a) for _, n, a in g["tool_calls"]]}, g


def run(mode, src, name, body, dst):
    out = []
    try:
        events = list(lc.stream.decode(src, [body], request=REQUEST))
    except lc.LmcodecError:
        return ["src-decode-error"], None
    try:
        R = lc.assemble(events, request=REQUEST)
    except lc.LmcodecError as e:
        R = e
    try:
        if mode == "translate":
            wrote = b"".join(lc.stream.translate(src, dst, [body], request=REQUEST))
        else:
            wrote = b"".join(lc.stream.encode(dst, events, usage_from=src))
    except lc.LmcodecError as e:
        return [f"lc-error {type(e).__name__}: {str(e)[:150]}"] + (["(src assembled)"] if isinstance(R, lc.Response) else []), None
    except Exception as e:
        return [f"BARE {type(e).__name__}: {e}"], None
    try:
        sv, raw = sdkview(dst, wrote)
    except Exception as e:
        return [f"SDK-RAISED {type(e).__name__}: {str(e)[:200]}" + (" (src assembled)" if isinstance(R, lc.Response) else " (src did not assemble)")], wrote
    if isinstance(R, lc.Response):
        want = view(R)
        for k in want:
            if sv[k] != want[k]:
                out.append(f"sdk {k}: {sv[k]!r:.150} != {want[k]!r:.150}")
        try:
            back = lc.assemble(lc.stream.decode(dst, [wrote], request=REQUEST), request=REQUEST)
            bv = view(back)
            for k in want:
                if bv[k] != want[k]:
                    out.append(f"lc-back {k}: {bv[k]!r:.150} != {want[k]!r:.150}")
            if back.finish_reason != R.finish_reason:
                out.append(f"lc-back finish {back.finish_reason} != {R.finish_reason}")
            ub, ur = back.usage, R.usage
            if (ub.input_tokens, ub.output_tokens) != (ur.input_tokens, ur.output_tokens):
                out.append(f"lc-back usage {(ub.input_tokens, ub.output_tokens)} != {(ur.input_tokens, ur.output_tokens)}")
        except lc.LmcodecError as e:
            out.append(f"lc-back error {type(e).__name__}: {str(e)[:150]}")
        except Exception as e:
            out.append(f"lc-back BARE {type(e).__name__}: {e}")
    return out, wrote


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "translate"
    only = sys.argv[2:] 
    tally = Counter()
    for src, name, body in STREAMS:
        for dst in WIRES:
            if only and dst not in only:
                continue
            f, _ = run(mode, src, name, body, dst)
            key = "ok" if not f else ("lcerr" if f[0].startswith("lc-error") else "diff")
            tally[key] += 1
            if f:
                print(f"{src:11} -> {dst:11} {name}: " + " | ".join(f))
    print(mode, dict(tally))
