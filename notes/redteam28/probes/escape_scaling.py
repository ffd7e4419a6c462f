"""Time of translate_request as bodies grow in what holds_mark and the passes search: many non-ASCII
escapes (json.dumps' default spelling of accented text) with one printable ASCII escape, many
escaped keys, many tool loops apart (the Gemini turns pass), many images with detail original.
Ratio t(4n)/t(n) should stay near 4."""
from __future__ import annotations

import json
import sys
import time

import lmcodec as lc


def best(fn, reps: int = 3) -> float:
    out = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return min(out)


def accented(n: int) -> tuple[str, str, bytes]:
    text = "caf\u00e9 " * n
    body = {"model": "m", "messages": [{"role": "user", "content": text}, {"role": "assistant", "content": "A"}, {"role": "user", "content": "ok"}]}
    data = json.dumps(body).encode().replace(b'"A"', b'"\\u0041"')
    return "openai_chat", "anthropic", data


def escaped_keys(n: int) -> tuple[str, str, bytes]:
    props = ",".join('"\\u0070%d":{"type":"string"}' % i for i in range(n))
    data = ('{"model":"m","input":[{"role":"user","content":"hi"}],"tools":[{"type":"function","name":"f",'
            '"parameters":{"type":"object","properties":{%s}},"str\\u0069ct":false}]}' % props).encode()
    return "openai", "openai_chat", data


def loops_apart(n: int) -> tuple[str, str, bytes]:
    items = [{"role": "user", "content": "q"}]
    for k in range(n):
        items += [{"type": "function_call", "call_id": f"a{k}", "name": "f", "arguments": "{}"},
                  {"type": "function_call", "call_id": f"b{k}", "name": "f", "arguments": "{}"},
                  {"type": "function_call_output", "call_id": f"b{k}", "output": "x"},
                  {"role": "user", "content": "mid"},
                  {"type": "function_call_output", "call_id": f"a{k}", "output": "y"}]
    body = {"model": "m", "input": items, "tools": [{"type": "function", "name": "f", "parameters": {"type": "object", "properties": {}}}]}
    return "openai", "gemini", json.dumps(body).encode()


def originals(n: int) -> tuple[str, str, bytes]:
    content = [{"type": "input_image", "image_url": f"https://e.x/{k}.png", "detail": "original"} for k in range(n)]
    body = {"model": "m", "input": [{"role": "user", "content": content}]}
    return "openai", "openai_chat", json.dumps(body).encode()


def main() -> int:
    bad = 0
    for make, n in ((accented, 50_000), (escaped_keys, 5_000), (loops_apart, 1_000), (originals, 2_000)):
        times = []
        for k in (n, 2 * n, 4 * n):
            src, dst, data = make(k)
            floor = best(lambda: json.loads(data))
            t = best(lambda: lc.translate_request(src, dst, data))
            times.append(t)
            print(f"{make.__name__:14} n={k:7} {len(data) / 1e6:6.2f} MB  {t * 1e3:8.1f} ms  floor {floor * 1e3:6.1f} ms  {t / floor:5.1f}x")
        ratio = times[2] / times[0]
        print(f"  4n/n = {ratio:.1f}")
        if ratio > 8:
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
