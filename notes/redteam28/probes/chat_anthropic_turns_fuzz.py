"""gemini_turns_fuzz's random Responses and Anthropic tool loops translated to Chat and to Anthropic
(the Chat loops are left out: a user row between tool rows is already invalid Chat): how many
break the destination API's rule (F01)."""
from __future__ import annotations

import json
import random
import sys

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))
import lmcodec as lc
from f01_chat_calls_split_from_results import anthropic_rule_broken, chat_rule_broken
from gemini_turns_fuzz import anthropic, chat, responses


def main(n: int) -> int:
    rng = random.Random(0)
    broken: dict[tuple[str, str], int] = {}
    tried: dict[tuple[str, str], int] = {}
    for k in range(n):
        src, make = [("openai", responses), ("anthropic", anthropic), ("openai_chat", chat)][k % 3]
        data, _ = make(rng)
        for dst, rule in (("openai_chat", chat_rule_broken), ("anthropic", anthropic_rule_broken)):
            if dst == src or src == "openai_chat":
                continue
            out = lc.translate_request(src, dst, data)
            tried[src, dst] = tried.get((src, dst), 0) + 1
            if rule(json.loads(out.body)["messages"]):
                broken[src, dst] = broken.get((src, dst), 0) + 1
    for key, count in tried.items():
        print(f"{key[0]:12} -> {key[1]:12} {broken.get(key, 0):4} of {count} loops break the API's rule")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 900))
