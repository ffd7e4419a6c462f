"""The survey the Responses reader records (codexread16) against crossing.survey's walk of the
Request it gave: random Responses bodies (odd and repeated call ids, empty texts, reasoning,
custom calls, phases, web search tools), read by the gateway's typed path and its Codex path."""

from __future__ import annotations

import json
import random
import sys

from lmcodec.providers import crossing
from lmcodec.providers._gateway_read import TYPED_READERS, read_client_body

IDS = ["call_1", "call_1", "call.2", "call 3", "c" * 70, "call_é", "", "toolu_01", "fc-1"]
NAMES = ["f", "g", "f", "h.x"]


def item(rng: random.Random) -> dict:
    kind = rng.choice(["user", "assistant", "system", "developer", "fc", "fco", "rs", "custom", "custom_out", "phase"])
    text = rng.choice(["hi", "", " "])
    if kind == "user":
        content = rng.choice([text, [{"type": "input_text", "text": text}],
                              [{"type": "input_image", "image_url": "https://x/y.png", "detail": "auto"}],
                              [{"type": "input_file", "file_id": "file_1"}]])
        return {"role": "user", "content": content}
    if kind in ("system", "developer"):
        return {"role": kind, "content": text or "x"}
    if kind in ("assistant", "phase"):
        parts = [{"type": "output_text", "text": text, "annotations": []}]
        if rng.random() < 0.2:
            parts = [{"type": "refusal", "refusal": text}]
        out = {"type": "message", "role": "assistant", "content": parts, "status": "completed", "id": "msg_1"}
        if kind == "phase":
            out["phase"] = rng.choice(["commentary", "final_answer"])
        return out
    if kind == "fc":
        return {"type": "function_call", "call_id": rng.choice(IDS), "name": rng.choice(NAMES), "arguments": "{}"}
    if kind == "fco":
        out = rng.choice(["ok", "", [{"type": "input_text", "text": text}], [{"type": "input_image", "image_url": "https://x/y.png"}]])
        return {"type": "function_call_output", "call_id": rng.choice(IDS), "output": out}
    if kind == "rs":
        r = {"type": "reasoning", "id": "rs_1", "summary": rng.choice([[], [{"type": "summary_text", "text": text}]])}
        if rng.random() < 0.5:
            r["encrypted_content"] = "enc"
        return r
    if kind == "custom":
        return {"type": "custom_tool_call", "call_id": rng.choice(IDS), "name": "apply_patch", "input": "*** x"}
    return {"type": "custom_tool_call_output", "call_id": rng.choice(IDS), "output": "done"}


def body_of(rng: random.Random) -> bytes:
    tools = [{"type": "function", "name": n, "parameters": {"type": "object"}, "strict": False} for n in ("f", "g", "h.x")]
    if rng.random() < 0.4:
        tools.append({"type": "custom", "name": "apply_patch"})
    if rng.random() < 0.3:
        tools.append({"type": rng.choice(["web_search", "web_search_preview"])})
    body = {"model": "gpt-5", "input": [item(rng) for _ in range(rng.randint(1, 7))], "tools": tools}
    if rng.random() < 0.3:
        body["instructions"] = "be brief"
    return json.dumps(body).encode()


def main(n: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = typed = codex = 0
    for _ in range(n):
        raw = body_of(rng)
        for dst in ("openai_chat", "anthropic", "gemini"):
            got = []
            try:
                t = TYPED_READERS["openai"](raw, None)
            except Exception:  # noqa: BLE001
                t = None
            if t is not None:
                typed += 1
                got.append(("typed", t[0], t[1]))
            else:
                try:
                    reading = read_client_body("openai", dst, raw, None)
                except Exception:  # noqa: BLE001
                    continue
                if reading[-2] is not None:  # (the survey: the strict flags are last since strict17)
                    codex += 1
                    got.append(("codex", reading[1], reading[-2]))
            for name, request, found in got:
                if found is not None and found != crossing.survey(request):
                    bad += 1
                    if bad <= 5:
                        print(f"MISMATCH {name} -> {dst}: {raw.decode()[:600]}\n  recorded {found}\n  walked   {crossing.survey(request)}")
    print(f"{n} bodies, typed {typed}, codex {codex}, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000, int(sys.argv[2]) if len(sys.argv) > 2 else 0))
