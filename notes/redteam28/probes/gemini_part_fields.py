"""Gemini bodies with mediaResolution / willContinue / scheduling / displayName on random parts:
Gemini -> Gemini must give the body with each key where the client wrote it, when the body without
them goes through unchanged; other dialects must get the translation of the body without them."""

from __future__ import annotations

import copy
import json
import random
import sys

import lmcodec as lc

PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def part(rng: random.Random, role: str, calls: list[str]) -> tuple[dict, list[tuple[dict, str, object]]]:
    """A part and the (holder, key, value) spots where a field may go."""
    snake = rng.random() < 0.3
    if role == "user":
        kind = rng.choice(["text", "inline", "file", "fr"] if calls else ["text", "inline", "file"])
    else:
        kind = rng.choice(["text", "fc", "fc"])
    if kind == "text":
        p = {"text": rng.choice(["a", "b"])}
        return p, [(p, "mediaResolution", {"level": "MEDIA_RESOLUTION_LOW"})]
    if kind == "inline":
        inner = {"mimeType": "image/png", "data": PNG}
        key = "inline_data" if snake else "inlineData"
        p = {key: inner}
        return p, [(p, "media_resolution" if snake else "mediaResolution", {"level": "MEDIA_RESOLUTION_HIGH"}),
                   (inner, "display_name" if snake else "displayName", "pic.png")]
    if kind == "file":
        inner = {"mimeType": "application/pdf", "fileUri": "https://generativelanguage.googleapis.com/v1beta/files/abc"}
        p = {"fileData": inner}
        return p, [(p, "mediaResolution", {"level": "MEDIA_RESOLUTION_LOW"}), (inner, "displayName", "doc.pdf")]
    if kind == "fc":
        name = f"f{rng.randrange(3)}"
        calls.append(name)
        return {"functionCall": {"name": name, "args": {"a": 1}}}, []
    name = calls.pop(0)
    inner = {"name": name, "response": {"r": 1}}
    p = {"function_response" if snake else "functionResponse": inner}
    return p, [(inner, "will_continue" if snake else "willContinue", False), (inner, "scheduling", "WHEN_IDLE")]


def body_of(rng: random.Random) -> tuple[dict, list[tuple[dict, str, object]]]:
    contents = []
    spots: list = []
    calls: list[str] = []
    role = "user"
    for _ in range(rng.randint(1, 5)):
        parts = []
        for _ in range(rng.randint(1, 3)):
            p, s = part(rng, role, calls)
            parts.append(p)
            spots += s
        contents.append({"role": role, "parts": parts})
        role = "model" if role == "user" else "user"
        if role == "user" and calls:
            parts = []
            while calls:
                p, s = part(rng, "user", calls) if False else (None, None)
                name = calls.pop(0)
                inner = {"name": name, "response": {"r": 1}}
                parts.append({"functionResponse": inner})
                spots += [(inner, "willContinue", False), (inner, "scheduling", "WHEN_IDLE")]
            contents.append({"role": "user", "parts": parts})
            role = "model"
    if contents[-1]["role"] != "user":
        contents.append({"role": "user", "parts": [{"text": "go"}]})
    body = {"contents": contents, "tools": [{"functionDeclarations": [{"name": f"f{i}", "parametersJsonSchema": {"type": "object"}} for i in range(3)]}]}
    return body, spots


def main(n: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = 0
    tried = 0
    for _ in range(n):
        plain, spots = body_of(rng)
        if not spots:
            continue
        raw_plain = json.dumps(plain).encode()
        try:
            same = lc.translate_request("gemini", "gemini", raw_plain, model="gemini-2.5-flash")
        except lc.LmcodecError:
            continue
        if json.loads(same.body) != plain:
            continue  # the plain body does not round-trip: no oracle
        with_fields = copy.deepcopy(plain)
        _, sp2 = None, None
        # apply fields at random spots of the copy: redo by walking both in the same order
        chosen = set(rng.sample(range(len(spots)), rng.randint(1, len(spots))))
        for k, (holder, key, value) in enumerate(spots):
            if k in chosen:
                holder[key] = value
        fielded = json.loads(json.dumps(plain))
        for k, (holder, key, value) in enumerate(spots):
            holder.pop(key, None)
        raw_fielded = json.dumps(fielded).encode()
        tried += 1
        for dst in ("gemini", "openai", "anthropic", "openai_chat"):
            try:
                got = json.loads(lc.translate_request("gemini", dst, raw_fielded, model="gemini-2.5-flash").body)
            except lc.LmcodecError as exc:
                got = ("raised", str(exc)[:200])
            except Exception as exc:  # noqa: BLE001
                got = ("ESCAPED", type(exc).__name__, str(exc)[:200])
            if dst == "gemini":
                want = fielded
            else:
                try:
                    want = json.loads(lc.translate_request("gemini", dst, raw_plain, model="gemini-2.5-flash").body)
                except lc.LmcodecError as exc:
                    want = ("raised", str(exc)[:200])
            if got != want:
                bad += 1
                if bad <= 5:
                    print(f"MISMATCH -> {dst}\n  body: {json.dumps(fielded)[:900]}\n  got : {json.dumps(got)[:900]}\n  want: {json.dumps(want)[:900]}")
    print(f"{tried} bodies tried, {bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 400, int(sys.argv[2]) if len(sys.argv) > 2 else 0))
