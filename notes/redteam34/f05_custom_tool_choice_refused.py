"""F05: a Responses client that forces its own custom (grammar / free-form) tool, `tool_choice: {"type": "custom",
"name": ...}` (openai 3.63's `ToolChoiceCustomParam`), is refused in every pair, Responses -> Responses included, as
"a hosted tool reference key 'name'", although the same body without the choice goes to Responses as sent and
elsewhere with the tool dropped and named.

Exits 1 while Responses -> Responses refuses it, 0 once it goes back as sent.
Run: PYTHONPATH=src python notes/redteam34/f05_custom_tool_choice_refused.py
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import _sdk  # noqa: E402

import lmcodec as lc  # noqa: E402

TOOLS = [{"type": "custom", "name": "run_sql", "description": "one SQL statement",
          "format": {"type": "grammar", "syntax": "lark", "definition": "start: /SELECT .+/"}}]


def main() -> int:
    bare = _sdk.responses_body(model="gpt-5", input="count the users", tools=TOOLS)
    forced = _sdk.responses_body(model="gpt-5", input="count the users", tools=TOOLS,
                                 tool_choice={"type": "custom", "name": "run_sql"})
    same = None
    for label, body in (("without tool_choice", bare), ("tool_choice custom", forced)):
        for destination in ("openai", "openai_chat", "anthropic", "gemini"):
            try:
                built = lc.translate_request("openai", destination, json.dumps(body))
                sent = json.loads(built.body)
                outcome = f"sent tools {sent.get('tools')!s:.60} tool_choice {sent.get('tool_choice')}"
                if destination == "openai" and label == "tool_choice custom":
                    same = sent.get("tool_choice") == body["tool_choice"] and sent.get("tools") == TOOLS
            except lc.LmcodecError as e:
                outcome = f"refused: {e}"
                if destination == "openai" and label == "tool_choice custom":
                    same = False
            print(f"{label} -> {destination}: {outcome}")
    print("Responses -> Responses keeps the forced custom tool:", same)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
