"""F02: between Chat and Responses, which both take `user` and `safety_identifier`, a body with both sends the
`user` value as the destination's `safety_identifier` and drops the client's own `safety_identifier`, noted as a
key the destination "has no such field" for.

Exits 1 while the finding shows, 0 once each identifier reaches the destination under its own key.
Run: PYTHONPATH=src python notes/redteam34/f02_end_user_ids_swapped.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _sdk  # noqa: E402

import lmcodec as lc  # noqa: E402


def main() -> int:
    bad = 0
    ids = {"user": "end-user-42", "safety_identifier": "hash-9f3a"}
    bodies = {
        "openai_chat": _sdk.chat_body(model="gpt-4o", messages=[{"role": "user", "content": "hi"}], **ids),
        "openai": _sdk.responses_body(model="gpt-5", input="hi", **ids),
    }
    for source, destination in (("openai_chat", "openai"), ("openai", "openai_chat")):
        built = lc.translate_request(source, destination, json.dumps(bodies[source]))
        sent = json.loads(built.body)
        got = {k: sent.get(k) for k in ids}
        ok = sent.get("safety_identifier") == ids["safety_identifier"]
        bad += not ok
        notes = [f"{a.field} {a.action}: {a.reason}" for a in built.adaptations if a.field.startswith("extensions.")]
        print(f"{'ok ' if ok else 'BAD'} {source} -> {destination}: client sent {ids}, backend got {got}; notes {notes}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
