"""Gemini's JSON-array framing (lmcodec's own; lm15 reads SSE only): odd arrays, each through decode
whole, and fed at random cuts and byte by byte: one reading, or an lc error, whatever the cuts."""
import sys, os, json; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import lc, lcs, REQUEST, cut_findings, sse, stream_findings
A = {"candidates": [{"content": {"parts": [{"text": "a \"]},{\" \\\\ ✓"}], "role": "model"}, "index": 0}], "modelVersion": "g"}
B = {"candidates": [{"content": {"parts": [{"text": "b"}], "role": "model"}, "finishReason": "STOP", "index": 0}], "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2}}
a, b = json.dumps(A).encode(), json.dumps(B).encode()
BODIES = {
 "trailing_comma": b"[" + a + b"," + b + b",]",
 "empty_array": b"[]",
 "empty_array_ws": b" [ \n ] ",
 "leading_comma": b"[," + a + b"," + b + b"]",
 "double_comma": b"[" + a + b",," + b + b"]",
 "missing_comma": b"[" + a + b + b"]",
 "number_element": b"[" + a + b",1," + b + b"]",
 "null_element": b"[" + a + b",null," + b + b"]",
 "string_element": b"[" + a + b",\"x\"," + b + b"]",
 "nested_array": b"[[" + a + b"," + b + b"]]",
 "junk_after": b"[" + a + b"," + b + b"]junk",
 "ws_after": b"[" + a + b"," + b + b"]\n\r\n \t",
 "two_arrays": b"[" + a + b"][" + b + b"]",
 "unclosed": b"[" + a + b"," + b,
 "unclosed_elem": b"[" + a + b"," + b[:-5],
 "bare_object": a + b + b"\n",
 "ndjson": a + b"\n" + b + b"\n",
 "error_element": b"[" + a + b",{\"error\":{\"code\":429,\"message\":\"quota\",\"status\":\"RESOURCE_EXHAUSTED\"}}]",
 "error_object_only": b"{\"error\":{\"code\":429,\"message\":\"quota\",\"status\":\"RESOURCE_EXHAUSTED\"}}",
 "error_array_only": b"[{\"error\":{\"code\":400,\"message\":\"bad\",\"status\":\"INVALID_ARGUMENT\"}}]",
 "unicode_ws": b"[" + a + b",\xc2\xa0" + b + b"]",
 "form_feed_ws": b"[\x0c" + a + b"," + b + b"]",
 "bom_crlf": b"\xef\xbb\xbf[\r\n" + a + b"\r\n,\r\n" + b + b"\r\n]",
 "nul_between": b"[" + a + b",\x00" + b + b"]",
 "deep_nesting_elem": b"[" + b"{\"x\":" * 2000 + b"1" + b"}" * 2000 + b"," + b + b"]",
 "very_deep_elem": b"[" + b"[" * 100000 + b"]" * 100000 + b"]",
}
bad = []
for name, body in BODIES.items():
    res = []
    try:
        whole = [lc.to_builtins(e) for e in lcs.decode("gemini", [body], request=REQUEST)]
        res.append(f"reads {len(whole)} events: {[e['type'] for e in whole]}")
    except lc.LmcodecError as e:
        res.append(f"lc {type(e).__name__}: {str(e)[:140]}")
    except Exception as e:
        res.append(f"BARE {type(e).__name__}: {str(e)[:140]}"); bad.append(name)
    try:
        lc.assemble(lcs.decode("gemini", [body], request=REQUEST), request=REQUEST); res.append("assembled")
    except lc.LmcodecError as e:
        res.append(f"assemble lc {type(e).__name__}")
    except Exception as e:
        res.append(f"assemble BARE {type(e).__name__}: {e}"); bad.append(name)
    f = cut_findings("gemini", body, seeds=10, bytewise=len(body) < 20000)
    if f: bad.append(name)
    print(("FAIL " if f or name in bad else "ok   ") + name, " | ".join(res))
    for x in f: print("    ", x[:300])
print(len(BODIES), "bodies,", len(set(bad)), "failing:", sorted(set(bad)))
