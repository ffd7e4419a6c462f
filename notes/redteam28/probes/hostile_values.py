"""Hostile values through the user entry points: deep nesting, a 5,000-digit integer, huge floats,
long escapes, a lone surrogate escape, NaN: every outcome an lc error or a value, never a bare
Python exception."""
from __future__ import annotations

import json
import sys
import time

import lmcodec as lc

BIG = "1" + "0" * 5000
HOSTILE = {
    "deep_list": "[" * 20000 + "]" * 20000,
    "deep_obj": '{"a":' * 20000 + "1" + "}" * 20000,
    "bigint": BIG,
    "bigfloat": "1e99999",
    "neg_bigint": "-" + BIG,
    "long_escapes": '"' + "\\u00e9" * 200000 + '"',
    "lone_surrogate": '"\\ud800"',
    "nan": "NaN",
}


def chat(v: str) -> bytes:
    return ('{"model":"m","messages":[{"role":"user","content":"hi"},{"role":"assistant","content":null,'
            '"tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]},'
            '{"role":"tool","tool_call_id":"c","content":"x"}],"tools":[{"type":"function","function":{"name":"f",'
            '"parameters":{"type":"object","properties":{},"default":%s}}}],"metadata":{"k":%s}}' % (v, v)).encode()


def responses(v: str) -> bytes:
    return ('{"model":"m","input":[{"role":"user","content":"hi"}],"tools":[{"type":"function","name":"f",'
            '"parameters":{"type":"object","properties":{},"default":%s},"strict":true}],"metadata":{"k":%s}}' % (v, v)).encode()


def anthropic(v: str) -> bytes:
    return ('{"model":"m","max_tokens":5,"messages":[{"role":"user","content":"hi"}],"tools":[{"name":"f",'
            '"input_schema":{"type":"object","properties":{},"default":%s}}],"metadata":{"user_id":%s}}' % (v, v)).encode()


def gemini(v: str) -> bytes:
    return ('{"contents":[{"role":"user","parts":[{"text":"hi"}]},{"role":"model","parts":[{"functionCall":{"name":"f","args":{"a":%s}}}]},'
            '{"role":"user","parts":[{"functionResponse":{"name":"f","response":{"r":%s}}}]}]}' % (v, v)).encode()


BUILDERS = {"openai_chat": chat, "openai": responses, "anthropic": anthropic, "gemini": gemini}


def run(label: str, fn) -> int:
    t = time.perf_counter()
    try:
        fn()
        kind = "ok"
    except lc.LmcodecError as exc:
        kind = f"lc:{type(exc).__name__}"
    except Exception as exc:  # noqa: BLE001
        print(f"ESCAPED {label}: {type(exc).__name__}: {str(exc)[:200]}")
        return 1
    dt = time.perf_counter() - t
    if dt > 2:
        print(f"SLOW {label}: {dt:.1f}s ({kind})")
        return 1
    return 0


def main() -> int:
    bad = 0
    for name, v in HOSTILE.items():
        for src, build in BUILDERS.items():
            data = build(v)
            bad += run(f"decode_request {src} {name}", lambda: lc.decode_request(src, data))
            for dst in BUILDERS:
                bad += run(f"translate_request {src}->{dst} {name}", lambda: lc.translate_request(src, dst, data, model="m"))
        msg = ('{"role":"user","parts":[{"type":"text","text":"x"}],"metadata":%s}' % v).encode()
        for lenient in (False, True):
            bad += run(f"lc.decode Message {name} lenient={lenient}", lambda: lc.decode(msg, lc.Message, lenient=lenient))
        import io, tempfile, os
        with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as f:
            f.write(msg + b"\n" + b'{"role":"user","parts":[{"type":"text","text":"ok"}]}\n')
        try:
            got: list = []
            bad += run(f"lc.jsonl.read {name}", lambda: got.extend(lc.jsonl.read(f.name, lc.Message, on_error="skip")))
            if not any(m.parts and getattr(m.parts[0], "text", None) == "ok" for m in got):
                print(f"LOST {name}: the good record after it was not read")
                bad += 1
        finally:
            os.unlink(f.name)
    print("escaped/slow:", bad)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
