"""Red team 33 probe: deep and wide values at every entry point (the stream straight paths of round
21 included), on the running Python. Prints one line a case: ok / lc <Error> / BARE <Error>, and
counts. A BARE outcome (an exception not an lc error) is what the project's rule refuses.

Run: PYTHONPATH=src <python> notes/redteam33/probes/deep_values.py"""
from __future__ import annotations

import json
import sys
from typing import Any

import lmcodec as lc


def arr(n: int) -> str:
    return "[" * n + "]" * n


def obj(n: int) -> str:
    return '{"a":' * n + "1" + "}" * n


DEEP = {"arr1000": arr(1000), "arr10000": arr(10000), "obj1000": obj(1000), "arr600": arr(600), "wide": "[" + ",".join(["[1]"] * 50000) + "]"}
REQ = lc.Request(model="m", messages=(lc.Message.user("hi"),))


def outcome(fn: Any) -> str:
    try:
        r = fn()
        if hasattr(r, "__iter__") and not isinstance(r, (bytes, str, dict, list, tuple)) and not hasattr(r, "body"):
            r = list(r)
        return "ok"
    except lc.LmcodecError as e:
        return f"lc {type(e).__name__}"
    except Exception as e:  # noqa: BLE001
        return f"BARE {type(e).__name__}: {str(e)[:80]}"


def sse(frames: list[str], crlf: bool = False) -> bytes:
    sep = "\r\n\r\n" if crlf else "\n\n"
    return "".join(f"data: {f}{sep}" for f in frames).encode()


CHAT_HEAD = '"id":"c","object":"chat.completion.chunk","created":1,"model":"g"'


def cases(v: str) -> dict[str, Any]:
    vj = json.dumps(v)  # the deep value as a JSON string (arguments)
    c: dict[str, Any] = {}
    # Chat streams (the straight path: one-line events, finish chunk read untyped)
    chat_text = f'{{{CHAT_HEAD},"choices":[{{"index":0,"delta":{{"content":"hi"}},"finish_reason":null}}]}}'
    chat_fin_deep = f'{{{CHAT_HEAD},"x":{v},"choices":[{{"index":0,"delta":{{}},"finish_reason":"stop"}}]}}'
    chat_text_deep = f'{{{CHAT_HEAD},"x":{v},"choices":[{{"index":0,"delta":{{"content":"hi"}},"finish_reason":null}}]}}'
    chat_usage_deep = f'{{{CHAT_HEAD},"choices":[],"usage":{{"prompt_tokens":1,"completion_tokens":1,"x":{v}}}}}'
    chat_args_deep = f'{{{CHAT_HEAD},"choices":[{{"index":0,"delta":{{"tool_calls":[{{"index":0,"id":"c1","type":"function","function":{{"name":"f","arguments":{vj}}}}}]}},"finish_reason":null}}]}}'
    chat_fin = f'{{{CHAT_HEAD},"choices":[{{"index":0,"delta":{{}},"finish_reason":"stop"}}]}}'
    for name, frames in {
        "chat finish chunk deep field": [chat_text, chat_fin_deep, "[DONE]"],
        "chat text chunk deep field": [chat_text_deep, chat_fin, "[DONE]"],
        "chat usage deep field": [chat_text, chat_fin, chat_usage_deep, "[DONE]"],
        "chat call arguments deep": [chat_args_deep, chat_fin, "[DONE]"],
    }.items():
        body = sse(frames)
        c[f"assemble openai_chat {name}"] = lambda body=body: lc.assemble(lc.stream.decode("openai_chat", [body], request=REQ))
        c[f"decode openai_chat {name}"] = lambda body=body: lc.stream.decode("openai_chat", [body])
        c[f"translate openai_chat->anthropic {name}"] = lambda body=body: b"".join(lc.stream.translate("openai_chat", "anthropic", [body], request=REQ))
    # Gemini (the lone chunk path)
    g_end = '{"candidates":[{"content":{"parts":[{"text":"hi"}],"role":"model"},"finishReason":"STOP"}],"modelVersion":"g"%s}'
    g_call = '{"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","args":%s}}],"role":"model"},"finishReason":"STOP"}],"modelVersion":"g"}'
    for name, frames in {
        "gemini end deep field": [g_end % (',"x":' + v)],
        "gemini end deep usage field": [g_end % (',"usageMetadata":{"promptTokenCount":1,"x":' + v + "}")],
        "gemini call args deep": [g_call % ('{"a":' + v + "}")],
        "gemini text then end deep": ['{"candidates":[{"content":{"parts":[{"text":"a"}],"role":"model"}}]}', g_end % (',"x":' + v)],
    }.items():
        for crlf in (False, True):
            body = sse(frames, crlf)
            k = f"{name}{' crlf' if crlf else ''}"
            c[f"assemble gemini {k}"] = lambda body=body: lc.assemble(lc.stream.decode("gemini", [body]))
            c[f"translate gemini->openai {k}"] = lambda body=body: b"".join(lc.stream.translate("gemini", "openai", [body], request=REQ))
    # requests
    bodies = {
        "openai": '{"model":"m","input":[{"role":"user","content":"hi"}],"metadata":{"k":%s}}',
        "openai_chat": '{"model":"m","messages":[{"role":"user","content":"hi"}],"x":%s}',
        "anthropic": '{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}],"metadata":{"user_id":"u","x":%s}}',
        "gemini": '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"generationConfig":{"x":%s}}',
    }
    tools = {
        "openai": '{"model":"m","input":"hi","tools":[{"type":"function","name":"f","parameters":{"type":"object","properties":{"a":%s}}}]}',
        "openai_chat": '{"model":"m","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{"a":%s}}}}]}',
        "anthropic": '{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"f","input_schema":{"type":"object","properties":{"a":%s}}}]}',
        "gemini": '{"contents":[{"role":"user","parts":[{"text":"hi"}]}],"tools":[{"functionDeclarations":[{"name":"f","parameters":{"type":"object","properties":{"a":%s}}}]}]}',
    }
    for src in bodies:
        for kind, tmpl in (("field", bodies[src]), ("tool schema", tools[src])):
            raw = (tmpl % v).encode()
            c[f"decode_request {src} {kind}"] = lambda src=src, raw=raw: lc.decode_request(src, raw)
            for dst in ("openai", "openai_chat", "anthropic", "gemini"):
                c[f"translate_request {src}->{dst} {kind}"] = lambda src=src, dst=dst, raw=raw: lc.translate_request(src, dst, raw, model="m")
    # canonical records
    c["lc.decode Response provider_data"] = lambda: lc.decode(('{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"x"}]},"finish_reason":"stop","usage":{},"provider_data":%s}' % v).encode(), lc.Response)
    c["lc.decode Request tool input"] = lambda: lc.decode(('{"model":"m","messages":[{"role":"assistant","parts":[{"type":"tool_call","id":"1","name":"f","input":{"a":%s}}]}]}' % v).encode(), lc.Request)
    line = ('{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"x"}]},"finish_reason":"stop","usage":{},"provider_data":%s}' % v).encode()
    good = b'{"model":"m","message":{"role":"assistant","parts":[{"type":"text","text":"x"}]},"finish_reason":"stop","usage":{}}'
    c["lc.jsonl.read"] = lambda: list(lc.jsonl.read(line + b"\n" + good + b"\n", lc.Response, on_error="skip"))
    c["lc.decode_response openai_chat"] = lambda: lc.decode_response("openai_chat", ('{"id":"c","object":"chat.completion","created":1,"model":"g","choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}],"x":%s}' % v).encode())
    c["lc.decode_response gemini"] = lambda: lc.decode_response("gemini", ('{"candidates":[{"content":{"parts":[{"functionCall":{"name":"f","args":{"a":%s}}}],"role":"model"},"finishReason":"STOP"}],"modelVersion":"g"}' % v).encode())
    return c


def main() -> int:
    bare = total = 0
    for dname, v in DEEP.items():
        for name, fn in cases(v).items():
            out = outcome(fn)
            total += 1
            if out.startswith("BARE"):
                bare += 1
            print(f"{dname:9} {name:60} {out}")
    print(f"python {sys.version.split()[0]}: {total} cases, {bare} bare")
    return 1 if bare else 0


if __name__ == "__main__":
    sys.exit(main())
