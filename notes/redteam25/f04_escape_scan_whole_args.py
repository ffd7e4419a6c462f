"""F04: translating a tool call whose arguments hold one surrogate-pair escape walks every escape of
the arguments in Python (providers/_escapes._scan): 10-40x the floor for a call sent whole.

The writers refuse a lone-surrogate escape (``\\ud800``) in tool arguments; ``watch`` looks for a
``\\uD8..``-``\\uDF..`` escape with one regex search and, when it finds one, ``_scan`` iterates
every escape of the text (``\\n``, ``\\"``, ``\\u00e9`` ...) in a Python loop. An emoji written by
``json.dumps`` (lm15's spelling, ensure_ascii) is such a pair, ``\\ud83d\\ude80``: so one emoji in a
file-writing call's content (code with many newlines and quotes) costs one Python step per escape.
Chat backends that send a call's arguments in one delta (vLLM / SGLang tool parsers) and Gemini
(args whole, written by lm15's json.dumps) meet it at full size. The same call without the emoji
translates at ~1.5-3x the floor (README: translate 1.19-2.59x whole).

The scan slices the rest of the text at every escape (``rest = text[match.end():]``), so its time is
quadratic in the arguments' length: twice the text, four times the time.

Exits 1 while the emoji call costs more than 3x the same call without it (each to its floor), or
twice the arguments cost more than 3x the time.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import interleave, ms, ratio, sse, sse_floor

import lmcodec as lc

REQUEST = lc.Request("m", [lc.Message.user("write it")])
HEAD = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1, "model": "m"}


def chat(delta: dict[str, object], finish: str | None = None) -> bytes:
    return sse({**HEAD, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})


def stream(content: str) -> bytes:
    args = json.dumps({"path": "app.py", "content": content})  # json.dumps: ensure_ascii escapes
    call = {
        "index": 0,
        "id": "call_1",
        "type": "function",
        "function": {"name": "write_file", "arguments": args},
    }
    return (
        chat({"role": "assistant", "content": ""})
        + chat({"tool_calls": [call]})
        + chat({}, "tool_calls")
        + b"data: [DONE]\n\n"
    )


def translate(body: bytes, dst: str) -> list[bytes]:
    return list(lc.stream.translate("openai_chat", dst, [body], request=REQUEST))


if __name__ == "__main__":
    code = 'def greet(name):\n    print(f"hello, {name}")\n    return {"ok": True}\n\n' * 4000
    plain, emoji = stream(code), stream("# launch \U0001f680\n" + code)
    worst = 0.0
    for dst in ("anthropic", "openai_chat", "openai"):
        t = interleave(
            {
                "plain": lambda: translate(plain, dst),
                "emoji": lambda: translate(emoji, dst),
                "floor plain": lambda: sse_floor([plain]),
                "floor emoji": lambda: sse_floor([emoji]),
            },
            5,
        )
        r_plain, r_emoji = ratio(t, "plain", "floor plain"), ratio(t, "emoji", "floor emoji")
        worst = max(worst, r_emoji / r_plain)
        print(
            f"openai_chat -> {dst:11s} {len(emoji) / 1e3:.0f} KB call in one delta: without emoji "
            f"{ms(t, 'plain'):6.2f} ms = {r_plain:5.2f}x the floor, one emoji {ms(t, 'emoji'):6.2f} ms = "
            f"{r_emoji:5.2f}x the floor (should be near the first)"
        )
    times = []
    for n in (2000, 4000):
        body = stream("# launch \U0001f680\n" + code[: len(code) * n // 4000])
        t = interleave(
            {"emoji": lambda: translate(body, "openai_chat"), "floor": lambda: sse_floor([body])}, 3
        )
        times.append(ms(t, "emoji"))
        print(f"  {len(body) / 1e3:.0f} KB: {times[-1]:.1f} ms ({ratio(t, 'emoji', 'floor'):.1f}x the floor)")
    print(
        f"twice the arguments: x{times[1] / times[0]:.1f} the time (linear would be ~x2: the scan is quadratic)"
    )
    sys.exit(1 if worst > 3.0 or times[1] / times[0] > 3.0 else 0)
