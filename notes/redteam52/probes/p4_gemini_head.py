"""perf26a: the Gemini one-chunk head from the mapper's value, against other chunkings and decode."""
import json, sys, re
from _h import lc, REQUEST, DIALECTS, chunkings
def chunk(head: str, text="hi", finish=True):
    body = '{"candidates":[{"content":{"role":"model","parts":[{"text":"%s"}]}%s,"index":0}]%s}' % (
        text, ',"finishReason":"STOP"' if finish else "", head)
    return body
HEADS = {
    "normal": ',"responseId":"R1","modelVersion":"gemini-x"',
    "absent": "",
    "null": ',"responseId":null,"modelVersion":null',
    "int": ',"responseId":5,"modelVersion":7',
    "list": ',"responseId":["a"],"modelVersion":{"a":1}',
    "dup": ',"responseId":"R1","responseId":"R2","modelVersion":"m1","modelVersion":"m2"',
    "dup_null": ',"responseId":"R1","responseId":null',
    "escaped": ',"responseId":"R\\u00e9\\"x","modelVersion":"g\\/m"',
    "empty": ',"responseId":"","modelVersion":""',
    "first": '',
    "usage": ',"usageMetadata":{"promptTokenCount":1,"candidatesTokenCount":2,"totalTokenCount":3},"responseId":"R1"',
    "surrogate": ',"responseId":"\\ud800","modelVersion":"m"',
    "deep": ',"responseId":' + "[" * 5000 + "]" * 5000,
}
def head_of(resp):
    return (resp.id, resp.model) if hasattr(resp, "id") else resp
def dec(dialect, chunks):
    try:
        r = lc.assemble(lc.stream.decode(dialect, chunks, request=REQUEST), request=REQUEST)
        rid = r.id if (r.id is None or not re.match(r'^(resp_|msg_)[0-9a-f]{20,}$', r.id)) else 'MADE'
        return (rid, r.model, [getattr(p, "text", None) for p in r.message.parts])
    except lc.LmcodecError as e:
        return type(e).__name__
    except Exception as e:
        return f"BARE {type(e).__name__} {e}"
bad = 0
for name, head in HEADS.items():
    for framing in ("sse", "sse2", "array"):
        if framing == "sse":
            body = ("data: " + chunk(head) + "\r\n\r\n").encode()
        elif framing == "sse2":
            body = ("data: " + chunk("", "a", False) + "\n\n" + "data: " + chunk(head, "b") + "\n\n").encode()
        else:
            body = ("[" + chunk(head) + "]").encode()
        want = dec("gemini", [body])
        rows = {}
        for dst in DIALECTS:
            for cut, ch in (("whole", [body]), ("1 byte", [body[i:i+1] for i in range(len(body))]),
                            ("halves", [body[: len(body)//2], body[len(body)//2:]])):
                try:
                    out = b"".join(lc.stream.translate("gemini", dst, ch, request=REQUEST))
                    rows[(dst, cut)] = dec(dst, [out])
                except lc.LmcodecError as e:
                    rows[(dst, cut)] = f"raised {type(e).__name__}"
                except Exception as e:
                    rows[(dst, cut)] = f"BARE {type(e).__name__} {e}"
        for dst in DIALECTS:
            vals = {repr(rows[(dst, c)]) for c in ("whole", "1 byte", "halves")}
            flag = len(vals) > 1 or any("BARE" in v for v in vals)
            if flag:
                bad += 1
                print(f"{name} {framing} -> {dst}: decode {want}")
                for c in ("whole", "1 byte", "halves"):
                    print("    ", c, rows[(dst, c)])
        print(name, framing, "decode", want, "gemini->gemini whole", rows[("gemini", "whole")], "->openai", rows[("openai", "whole")])
print("bad", bad)
