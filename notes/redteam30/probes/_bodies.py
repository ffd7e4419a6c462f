"""Client bodies for the differentials: red team 26's SDK-captured tables (Chat, Anthropic,
Responses, Gemini, Responses items), captured through each SDK (httpx MockTransport)."""
from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "notes/redteam26"))
sys.path.insert(0, str(ROOT / "notes/redteam26/probes"))


def _table(path: Path) -> dict:
    text = path.read_text()
    head = text[: text.index("\nfor name, ")]
    scope: dict = {"__file__": str(path)}
    head = head.replace("from _common import same_dialect, silent_losses, DIALECTS, lc", "import lmcodec as lc")
    head = head.replace("from _common import same_dialect, silent_losses, translated, DIALECTS, lc, diff", "import lmcodec as lc")
    exec(compile(head, str(path), "exec"), scope)
    return scope["cases"]


@cache
def bodies() -> list[tuple[str, str, bytes]]:
    """(source dialect, case name, body bytes)."""
    from _sdk import anthropic_body, chat_body, gemini_body, responses_body  # noqa: PLC0415
    out: list[tuple[str, str, bytes]] = []
    p = ROOT / "notes/redteam26/probes"
    for src, name, sdk in (("anthropic", "req_anth.py", anthropic_body), ("openai_chat", "req_chat.py", chat_body),
                           ("openai_chat", "req_chat2.py", chat_body), ("openai", "req_resp.py", responses_body),
                           ("gemini", "req_gem.py", gemini_body), ("openai", "req_resp_items.py", None)):
        for case, params in _table(p / name).items():
            if params is None:
                continue
            try:
                body = params if sdk is None else sdk(**params)
            except Exception:  # noqa: BLE001
                continue
            out.append((src, f"{name}:{case}", json.dumps(body).encode()))
    return out


if __name__ == "__main__":
    from collections import Counter
    print(Counter(s for s, _, _ in bodies()))
