"""F07 (LOW): ``translate_request("openai", "openai", body)`` (a Responses gateway in front of
OpenAI) of a client's input replaying two signed reasoning items, one with an ``id`` and one with
``encrypted_content`` only (``include: ["reasoning.encrypted_content"]`` with ``store: false``
replays those), each ``status: "completed"``: the id-less item comes back without its
``status`` (in either order, of the same or another encrypted_content). Alone, it keeps it. The
put-back (providers/_replayed_reasoning.py, rtleft26's) carries the client's keys for the item
with an id and not for the other. Also on 238314e. The API accepts either; a gateway that says it
forwards the client's items as they came changes one.

Should: each replayed reasoning item's keys as the client sent them (status included).
Exits 1 while a status the client sent is missing from the translated body, 0 once kept.
Run: /work/venv/bin/python notes/redteam52/f07_replayed_reasoning_status_dropped.py
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _h import lc  # noqa: E402,F401
import lmcodec.providers as lcp  # noqa: E402


def reasoning(**keys: object) -> dict:
    return {"type": "reasoning", "summary": [], "status": "completed", **keys}


SHAPES = {
    "id'd, then encrypted-only (another state)": [reasoning(id="rs_1", encrypted_content="E1"),
                                                   reasoning(encrypted_content="E2")],
    "id'd, then encrypted-only (same content)": [reasoning(id="rs_1", encrypted_content="E2"),
                                                  reasoning(encrypted_content="E2")],
    "encrypted-only, then id'd": [reasoning(encrypted_content="E2"), reasoning(id="rs_1", encrypted_content="E2")],
}


def main() -> int:
    bad = 0
    for name, items in SHAPES.items():
        body = {"model": "o4-mini", "input": [{"role": "user", "content": "hi"}, *items]}
        out = json.loads(lcp.translate_request("openai", "openai", json.dumps(body).encode()).body)
        got = [it.get("status") for it in out["input"] if it.get("type") == "reasoning"]
        bad += got != ["completed", "completed"]
        print(f"{name:45} statuses out: {got}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
