"""F01: a Responses client's logprobs request does not reach a Chat or Gemini backend when its `include` holds
another entry (`reasoning.encrypted_content`, which a stateless reasoning client sends with `store: false`) or
when it names no `top_logprobs`; the note says the destination "has no such field".

Exits 1 while the finding shows, 0 once every case reaches both backends as their logprobs request.
Run: PYTHONPATH=src python notes/redteam34/f01_responses_logprobs_lost.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _sdk  # noqa: E402

import lmcodec as lc  # noqa: E402

CASES = {
    "store=false + include [encrypted_content, logprobs] + top_logprobs 2": dict(
        store=False, include=["reasoning.encrypted_content", "message.output_text.logprobs"], top_logprobs=2),
    "include [logprobs] without top_logprobs": dict(include=["message.output_text.logprobs"]),
}


def asked(destination: str, body: dict) -> bool:
    if destination == "openai_chat":
        return body.get("logprobs") is True
    return body.get("generationConfig", {}).get("responseLogprobs") is True


def main() -> int:
    bad = 0
    for label, extra in CASES.items():
        body = _sdk.responses_body(model="gpt-5", input="hi", **extra)  # as the openai SDK sends it
        for destination in ("openai_chat", "gemini"):
            built = lc.translate_request("openai", destination, json.dumps(body))
            sent = json.loads(built.body)
            ok = asked(destination, sent)
            bad += not ok
            notes = [f"{a.field} {a.action}: {a.reason}" for a in built.adaptations if "logprobs" in json.dumps(a.asked) or a.field.endswith(("include", "top_logprobs"))]
            print(f"{'ok ' if ok else 'BAD'} {label} -> {destination}: sent "
                  f"{ {k: sent[k] for k in ('logprobs', 'top_logprobs') if k in sent} or sent.get('generationConfig')}; notes {notes}")
    # the oracle the other direction draws: Chat logprobs without top_logprobs -> Responses
    chat = _sdk.chat_body(model="gpt-4o", messages=[{"role": "user", "content": "hi"}], logprobs=True)
    sent = json.loads(lc.translate_request("openai_chat", "openai", json.dumps(chat)).body)
    print(f"(Chat logprobs: true -> Responses: include {sent.get('include')}, top_logprobs {sent.get('top_logprobs')})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
