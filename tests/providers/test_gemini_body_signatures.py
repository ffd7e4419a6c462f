"""encode_response("gemini")'s thoughtSignature placement (``_body_write._signatures``, red team 6
F08): a part without continuation state is passed by without building the run's lists. Checked
against the placement rule spelled out plainly, on seeded mixes of signed and unsigned parts, and
through the body read back."""

from __future__ import annotations

import json
import random
from typing import Any

import msgspec
import pytest

import lmcodec as lc
from lmcodec.providers.gemini import _body_write

from .provider_support import lm15_response, requests_for

_SIGNED = lc.ContinuationState(provider="gemini", kind="thought_signature", data={"value": "sig-a"})
_SIGNED_B = lc.ContinuationState(provider="gemini", kind="thought_signature", data={"value": "sig-b"})
_OTHER = lc.ContinuationState(provider="anthropic", kind="signature", data={"value": "not-gemini"})
_STATES: list[tuple[lc.ContinuationState, ...]] = [(), (), (), (_SIGNED,), (_SIGNED, _SIGNED_B), (_OTHER,)]


def _part(rng: random.Random, state: tuple[lc.ContinuationState, ...]) -> Any:
    kind = rng.choice(["text", "thinking", "call", "image", "refusal"])
    if kind == "text":
        return lc.TextPart(text="t", continuation=state)
    if kind == "thinking":
        return lc.ThinkingPart(text="th", continuation=state)
    if kind == "call":
        return lc.ToolCallPart(id="c", name="f", input={}, continuation=state)
    if kind == "image":
        return lc.ImagePart(media_type="image/png", data="iVBORw0KGgo=", continuation=state)
    return lc.RefusalPart(text="no", continuation=state)


def _placement(parts: tuple[Any, ...]) -> list[Any]:
    """The rule: in each run of consecutive parts sharing one continuation, the run's Gemini
    signatures go one each to the last of its text / thinking / call parts; one signature goes to
    every one of them."""
    out: list[Any] = [msgspec.UNSET] * len(parts)
    start = 0
    while start < len(parts):
        shared = parts[start].continuation
        end = start + 1
        while end < len(parts) and parts[end].continuation == shared:
            end += 1
        carriers = [
            k
            for k in range(start, end)
            if isinstance(parts[k], (lc.TextPart, lc.ThinkingPart, lc.ToolCallPart))
        ]
        values = [s.data["value"] for s in shared if s.provider == "gemini" and s.kind == "thought_signature"]
        if len(values) == 1:
            values = values * len(carriers)
        for k, value in zip(reversed(carriers), reversed(values), strict=False):
            out[k] = value
        start = end
    return out


@pytest.mark.parametrize("seed", range(40))
def test_signatures_follow_the_rule_on_mixed_parts(seed: int) -> None:
    rng = random.Random(seed)
    parts = []
    while len(parts) < 30:
        state = rng.choice(_STATES)
        parts += [_part(rng, state) for _ in range(rng.randint(1, 4))]
    assert _body_write._signatures(tuple(parts)) == _placement(tuple(parts))


def test_unsigned_parts_get_no_signature_and_read_back() -> None:
    parts = [lc.text(f"p{i}") for i in range(50)] + [lc.tool_call("c1", "f", {"a": 1})]
    usage = lc.Usage(input_tokens=1, output_tokens=1)
    response = lc.Response("r1", "gemini-2.5-flash", lc.Message.assistant(parts), "tool_call", usage)
    assert _body_write._signatures(response.message.parts) == [msgspec.UNSET] * 51
    body = lc.encode_response("gemini", response)
    assert b"thoughtSignature" not in body
    assert lc.decode_response("gemini", body).message.parts == response.message.parts


_SIG = "EjRzaWctYnl0ZXMSNHNpZy1ieXRlcw=="


def test_two_adjacent_parts_signed_alike_read_back_each_with_its_signature() -> None:
    """Red team 14 F06: a Gemini body whose thought and answer text each carry the same
    thoughtSignature was written back (under another model, so rebuilt) with the signature on the
    text only; lm15 and lmcodec read the thought back unsigned."""
    parts = [
        {"text": "plan", "thought": True, "thoughtSignature": _SIG},
        {"text": "Answer", "thoughtSignature": _SIG},
    ]
    body = {
        "candidates": [{"content": {"parts": parts, "role": "model"}, "finishReason": "STOP", "index": 0}],
        "modelVersion": "gemini-3-pro-preview",
        "responseId": "r1",
    }
    response = lc.decode_response("gemini", json.dumps(body).encode())
    assert [len(part.continuation) for part in response.message.parts] == [1, 1]
    written = lc.encode_response("gemini", lc.replace(response, model="my-alias"))
    assert json.loads(written)["candidates"][0]["content"]["parts"] == parts
    assert lc.decode_response("gemini", written).message == response.message
    req15, _ = requests_for("my-alias")
    lm15 = lm15_response("gemini", written, req15)
    assert [len(part.continuation) for part in lm15.message.parts] == [1, 1]
