"""examples/gateway.py step 1 as a differential: for every client body the gateway translates
(Chat and Anthropic clients: red team 26's SDK-captured tables, red team 28/29's hand-made tables),
the gateway then reads the body it built with lc.decode_request(backend, built.body, model=...).
A body translate_request built and decode_request refuses is a 400 to a client whose request the
backend would take."""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, "notes/redteam26")
sys.path.insert(0, "notes/redteam26/probes")
import lmcodec as lc  # noqa: E402
from _sdk import anthropic_body, chat_body  # noqa: E402


def table(path: str) -> dict:
    text = Path(path).read_text()
    head = text[: text.index("\nfor name, params in cases.items():")]
    scope: dict = {"__file__": str(Path(path).resolve())}
    exec(compile(head.replace("from _common import same_dialect, silent_losses, DIALECTS, lc", "import lmcodec as lc"), path, "exec"), scope)
    return scope["cases"]


def main() -> int:
    bad = 0
    runs = 0
    for src, path, sdk in (("anthropic", "notes/redteam26/probes/req_anth.py", anthropic_body),
                           ("openai_chat", "notes/redteam26/probes/req_chat.py", chat_body),
                           ("openai_chat", "notes/redteam26/probes/req_chat2.py", chat_body)):
        for name, params in table(path).items():
            try:
                body = json.dumps(sdk(**params)).encode()
            except Exception:  # noqa: BLE001
                continue
            model = json.loads(body).get("model")
            for dst in ("openai", "openai_chat", "anthropic", "gemini"):
                try:
                    built = lc.translate_request(src, dst, body)
                except lc.LmcodecError:
                    continue
                runs += 1
                try:
                    lc.decode_request(dst, built.body, model=model)
                except lc.LmcodecError as exc:
                    bad += 1
                    print(f"{src} {name} -> {dst}: built, then decode_request refuses: {exc}")
                except Exception as exc:  # noqa: BLE001
                    bad += 1
                    print(f"BARE {src} {name} -> {dst}: {type(exc).__name__}: {exc}")
    print(f"{runs} built bodies, {bad} refused when read back")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
