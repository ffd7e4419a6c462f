"""What is left of issue 15's 2x on a long conversation: the least Python walk, in instructions.

Red team 47 F05's conversation (``notes/redteam47/_cases.conversation``: a user text, an
assistant text + call, a one-text tool result, repeated: 999 messages) built three ways per
dialect, each in its own valgrind run (a run's heap state moves the encoder's buffer growth by a
few %), 10 builds after 10 warm-up builds (callgrind_support.between_markers), PYTHONHASHSEED=0:

- ``floor``: msgspec's encode of the body lmcodec builds, as plain objects (issue 15's floor);
- ``least``: the least walk that can write that body in Python: the conversation's shape known in
  advance (no role, type or state test, no fallback, no check of the calls' argument text), one
  ``_build_wire`` Struct per JSON object, the body's other keys as plain values; its body is
  checked equal to lmcodec's before it is counted;
- ``lmcodec``: ``lc.build_request(provider, request)``.

``least / floor`` is the bound of a walk in Python with one object per JSON object: at or past 2x,
the 2x target is out of reach of any arrangement of it. Run (about ten minutes on an idle host):

    python3 benchmarks/requests_least_walk_callgrind.py [PROVIDER ...]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from callgrind_support import between_markers, marked_dumps, total

HERE = Path(__file__).resolve().parent
PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "anthropic": "claude-sonnet-4-5",
    "gemini": "gemini-2.5-flash",
}
KEYS = {"openai": "input", "openai_chat": "messages", "anthropic": "messages", "gemini": "contents"}
CONTESTANTS = ("floor", "least", "lmcodec")
CALLS = 10


def _walks() -> dict[str, Callable[[Any], list[Any]]]:
    """Per dialect, the least walk of the conversation's messages (their shape known)."""
    import msgspec

    from lmcodec.providers import _build_wire as w

    encode = msgspec.json.Encoder().encode

    def chat(messages: Any) -> list[Any]:
        rows: list[Any] = []
        append = rows.append
        for m in messages:
            role, parts = m.role, m.parts
            if role == "user":
                append(w.ChatRow(role, parts[0].text))
            elif role == "assistant":
                call = parts[1]
                function = w.ChatFunction(call.name, encode(call.input).decode())
                append(w.ChatAssistant(parts[0].text, [w.ChatCall(call.id, "function", function)]))
            else:
                append(w.ChatToolRow(parts[0].id, parts[0].content[0].text))
        return rows

    def responses(messages: Any) -> list[Any]:
        items: list[Any] = []
        append = items.append
        for m in messages:
            role, parts = m.role, m.parts
            if role == "user":
                append(w.ResponsesItem(role, [w.ResponsesInputText(parts[0].text)]))
            elif role == "assistant":
                call = parts[1]
                append(w.ResponsesItem(role, [w.ResponsesOutputText(parts[0].text)]))
                append(w.ResponsesCall(call.id, call.name, encode(call.input).decode()))
            else:
                append(w.ResponsesCallOutput(parts[0].id, parts[0].content[0].text))
        return items

    def anthropic(messages: Any) -> list[Any]:
        out: list[Any] = []
        append = out.append
        for m in messages:
            role, parts = m.role, m.parts
            if role == "user":
                append(w.AnthropicMessage(role, parts))  # a TextPart is its own text block
            elif role == "assistant":
                call = parts[1]
                use = w.AnthropicToolUse(call.id, call.name, call.input)
                append(w.AnthropicMessage(role, [parts[0], use]))
            else:
                result = parts[0]
                append(w.AnthropicMessage("user", [w.AnthropicToolResult(result.id, result.content[0].text)]))
        return out

    def gemini(messages: Any) -> list[Any]:
        contents: list[Any] = []
        append = contents.append
        for m in messages:
            role, parts = m.role, m.parts
            if role == "user":
                append(w.GeminiContent(role, [w.GeminiText(parts[0].text)]))
            elif role == "assistant":
                call = parts[1]
                function = w.GeminiFunctionCall(w.GeminiCall(call.name, call.input, call.id))
                append(w.GeminiContent("model", [w.GeminiText(parts[0].text), function]))
            else:
                result = parts[0]
                answer = w.GeminiResult(result.content[0].text)
                response = w.GeminiResponse(result.name, answer, result.id)
                append(w.GeminiContent("user", [w.GeminiFunctionResponse(response)]))
        return contents

    return {"openai": responses, "openai_chat": chat, "anthropic": anthropic, "gemini": gemini}


def _stage(provider: str, who: str) -> Callable[[], object]:
    import msgspec

    import lmcodec as lc

    sys.path.insert(0, str(HERE.parent / "notes" / "redteam47"))
    import _cases

    request = lc.replace(_cases.conversation(1000), model=MODELS[provider])
    body = lc.build_request(provider, request).body
    plain = msgspec.json.decode(body)
    encode = msgspec.json.Encoder().encode
    if who == "floor":
        return lambda: encode(plain)
    if who == "lmcodec":
        return lambda: lc.build_request(provider, request)
    walk, key = _walks()[provider], KEYS[provider]
    messages = request.messages
    head = plain[key][: len(plain[key]) - len(walk(messages))]  # the system row, where the wire has one

    def least() -> bytes:
        payload = dict(plain)
        payload[key] = head + walk(messages)
        return encode(payload)

    if msgspec.json.decode(least()) != plain:
        raise AssertionError(f"{provider}: the least walk's body is not lmcodec's")
    return least


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        sys.path.insert(0, str(HERE))
        between_markers(_stage(argv[1], argv[2]), CALLS)
        return
    print("| provider | floor | least walk | lmcodec | least / floor | lmcodec / floor | lmcodec - least |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for provider in argv or PROVIDERS:
        counts = {}
        for who in CONTESTANTS:
            with marked_dumps(__file__, provider, who) as dump:
                counts[who] = total(dump(2)) / CALLS
        floor, least, built = (counts[who] for who in CONTESTANTS)
        print(
            f"| {provider} | {floor / 1e6:.2f}M | {least / 1e6:.2f}M | {built / 1e6:.2f}M "
            f"| {least / floor:.2f}x | {built / floor:.2f}x | {(built - least) / 1e6:.2f}M |",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
