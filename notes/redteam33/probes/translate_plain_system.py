"""Red team 33 probe: system prompts that are not plain text (a Gemini systemInstruction with an
inlineData / fileData part or an empty text, a Responses instructions array, a Chat system row
with a non-text part, an Anthropic system block with citations), translate_request's short road
vs the long road (plain_crossing / plain_same_dialect patched to say no), every destination.
Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/probes/translate_plain_system.py"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lmcodec as lc  # noqa: E402
from translate_plain_raw import D, MODELS, outcome, tr  # noqa: E402

PNG = "iVBORw0KGgo="
BODIES = {
    ("gemini", "system inlineData"): {"systemInstruction": {"parts": [{"text": "be brief"}, {"inlineData": {"mimeType": "image/png", "data": PNG}}]}, "contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
    ("gemini", "system fileData"): {"systemInstruction": {"parts": [{"fileData": {"mimeType": "application/pdf", "fileUri": "gs://b/f.pdf"}}]}, "contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
    ("gemini", "system two texts"): {"systemInstruction": {"parts": [{"text": "a"}, {"text": "b"}]}, "contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
    ("gemini", "system empty text"): {"systemInstruction": {"parts": [{"text": ""}]}, "contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
    ("gemini", "system thought"): {"systemInstruction": {"parts": [{"text": "a", "thought": True}]}, "contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
    ("gemini", "system signature"): {"systemInstruction": {"parts": [{"text": "a", "thoughtSignature": "c2ln"}]}, "contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
    ("openai", "instructions array"): {"model": "gpt-4.1-mini", "instructions": [{"role": "developer", "content": "be brief"}], "input": "hi"},
    ("openai", "developer image"): {"model": "gpt-4.1-mini", "input": [{"role": "developer", "content": [{"type": "input_image", "image_url": "data:image/png;base64," + PNG}]}, {"role": "user", "content": "hi"}]},
    ("openai", "system empty text"): {"model": "gpt-4.1-mini", "input": [{"role": "system", "content": ""}, {"role": "user", "content": "hi"}]},
    ("openai_chat", "system image"): {"model": "gpt-4.1-mini", "messages": [{"role": "system", "content": [{"type": "image_url", "image_url": {"url": "data:image/png;base64," + PNG}}]}, {"role": "user", "content": "hi"}]},
    ("openai_chat", "system empty"): {"model": "gpt-4.1-mini", "messages": [{"role": "system", "content": ""}, {"role": "user", "content": "hi"}]},
    ("openai_chat", "system parts two"): {"model": "gpt-4.1-mini", "messages": [{"role": "system", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": ""}]}, {"role": "user", "content": "hi"}]},
    ("anthropic", "system citations"): {"model": "claude-sonnet-4-5", "max_tokens": 9, "system": [{"type": "text", "text": "a", "citations": [{"type": "char_location", "cited_text": "x", "document_index": 0, "start_char_index": 0, "end_char_index": 1}]}], "messages": [{"role": "user", "content": "hi"}]},
    ("anthropic", "system empty block"): {"model": "claude-sonnet-4-5", "max_tokens": 9, "system": [{"type": "text", "text": ""}], "messages": [{"role": "user", "content": "hi"}]},
    ("anthropic", "system ws"): {"model": "claude-sonnet-4-5", "max_tokens": 9, "system": " ", "messages": [{"role": "user", "content": "hi"}]},
}


def main() -> int:
    n = diffs = 0
    for (src, name), body in BODIES.items():
        raw = json.dumps(body).encode()
        for dst in D:
            kw = {"model": MODELS[dst]}
            s = outcome(lambda: lc.translate_request(src, dst, raw, **kw))
            with mock.patch.object(tr, "plain_crossing", lambda *a: False), mock.patch.object(tr, "plain_same_dialect", lambda *a: False):
                lg = outcome(lambda: lc.translate_request(src, dst, raw, **kw))
            n += 1
            flag = "same" if s == lg else "DIFF"
            diffs += s != lg
            print(f"{flag} {src}->{dst} [{name}] short={str(s)[:220]}" + ("" if s == lg else f"\n    long={str(lg)[:220]}"))
    print("translations", n, "differ", diffs)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
