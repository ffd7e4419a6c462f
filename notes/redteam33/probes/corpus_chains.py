"""Red team 33 probe: every SSE body of the lm15-contract corpus translated through a chain of three
dialects (src -> mid -> dst, every mid != src, every dst != mid), read by dst's client SDK
(tests/stream/test_parts_in_order.client_reading: anthropic MessageStream, openai Responses stream,
openai Chat ChatCompletionStreamState; google-genai for Gemini) and dst's protocol checker (Anthropic,
Responses), against lc.assemble of the source: the text, thinking and calls.

Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/probes/corpus_chains.py"""
from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))
import lmcodec as lc  # noqa: E402
from tests.stream.test_parts_in_order import PROTOCOL_BREAKS, client_reading, genai_reading  # noqa: E402

BODIES = ROOT.parent / "shared" / "corpus" / "lm15-contract" / "bodies"
D = ("openai", "openai_chat", "anthropic", "gemini")
REQ = lc.Request(model="m-1", messages=(lc.Message.user("hi"),))


def reference(provider: str, body: bytes) -> dict[str, Any] | None:
    try:
        r = lc.assemble(lc.stream.decode(provider, [body], request=REQ), request=REQ)
    except lc.LmcodecError:
        return None
    text = "".join(p.text for p in r.message.parts if type(p).__name__ in ("TextPart", "RefusalPart") and hasattr(p, "text"))
    thinking = "".join(p.text for p in r.message.parts if type(p).__name__ == "ThinkingPart")
    calls = [(p.name, p.input) for p in r.message.parts if type(p).__name__ == "ToolCallPart"]
    return {"text": text, "thinking": thinking, "tool_calls": calls}


def read(dst: str, out: bytes) -> dict[str, Any]:
    if dst == "gemini":
        events = [x.strip() for x in out.replace(b"\r\n", b"\n").split(b"\n\n") if x.strip().startswith(b"data: ")]
        return genai_reading(events)
    return client_reading(dst, out)


def main() -> int:
    bad: Counter[Any] = Counter()
    seen: dict[Any, str] = {}
    n = 0
    for path in sorted(BODIES.glob("*/*")):
        provider = path.parent.name.split(".")[0]
        body = path.read_bytes()
        if not body.startswith((b"event:", b"data:")):
            continue
        want = reference(provider, body)
        if want is None:
            continue
        for mid in D:
            if mid == provider:
                continue
            try:
                first = list(lc.stream.translate(provider, mid, [body], request=REQ))
            except lc.LmcodecError:
                continue  # (a refusal of the first hop: the part has no place in mid)
            except Exception as exc:  # noqa: BLE001
                bad[provider, mid, "first hop BARE"] += 1
                seen.setdefault((provider, mid, "first"), f"{path.parent.name}: {exc!r}"[:300])
                continue
            for dst in D:
                if dst == mid:
                    continue
                n += 1
                key = (provider, mid, dst)
                try:
                    out = b"".join(lc.stream.translate(mid, dst, first, request=REQ))
                except lc.LmcodecError:
                    continue
                except Exception as exc:  # noqa: BLE001
                    bad[key + ("BARE",)] += 1
                    seen.setdefault(key + ("BARE",), f"{path.parent.name}: {exc!r}"[:300])
                    continue
                try:
                    got = read(dst, out)
                except Exception as exc:  # noqa: BLE001
                    bad[key + ("sdk raised",)] += 1
                    seen.setdefault(key + ("sdk",), f"{path.parent.name}: {exc!r}"[:300])
                    continue
                breaks = PROTOCOL_BREAKS[dst](out) if dst in PROTOCOL_BREAKS else []
                if breaks:
                    bad[key + ("protocol",)] += 1
                    seen.setdefault(key + ("protocol",), f"{path.parent.name}: {breaks[:2]}")
                for field in ("text", "thinking", "tool_calls"):
                    g, w = got[field], want[field]
                    if field == "tool_calls":
                        g = [(a, json.loads(b) if isinstance(b, str) else b) for a, b in g]
                    if g != w:
                        bad[key + (field,)] += 1
                        seen.setdefault(key + (field,), f"{path.parent.name}: got {str(g)[:150]} want {str(w)[:150]}")
    print(f"{n} chains; wrong: {dict(bad)}")
    for k, v in list(seen.items())[:25]:
        print(k, v)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
